//! Figure placements, counted while the content is rendered.
//!
//! `{{ figure(id="…") }}` and `{{ ref(id="…") }}` are Tera functions, so
//! what counts is what Tera evaluates: a placement inside `{# … #}` is not
//! one, `figure(id='x')` is, and a placement in a loop counts each time.
//! The functions keep their tally here, per page, and refuse a figure placed
//! twice, one of another page, and an unknown id, each error located by Tera
//! at the call.
//!
//! A placement returns a stand-in (a private-use character, its number on
//! the page, the character again) that the page replaces by the figure's
//! block only when the stand-in is a line of its own: the block is HTML, and
//! inside a sentence it would nest a `<figure>` in a `<p>`.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use tera::{Kwargs, State, Tera, Value};

/// Marks a placement's stand-in in the rendered Markdown.
pub const MARK: char = '\u{F8FA}';

/// The tally of one rendering pass, shared with the Tera functions.
#[derive(Debug, Default)]
pub struct Tally {
    /// Each figure's page.
    pages: BTreeMap<String, String>,
    /// The page being rendered.
    page: String,
    /// The figures placed on it so far, in order.
    placed: Vec<String>,
    /// Each figure's link text for `ref`, once figures are numbered.
    links: BTreeMap<String, String>,
    /// A placement to refuse as inside a sentence (its index on the page),
    /// to have Tera locate it.
    refuse: Option<usize>,
}

/// The tally behind the `figure` and `ref` functions of one Tera instance.
#[derive(Debug, Clone)]
pub struct Placements(Arc<Mutex<Tally>>);

impl Placements {
    /// Registers `figure` and `ref` on `tera`; `pages` maps each figure to its page.
    pub fn register(tera: &mut Tera, pages: BTreeMap<String, String>) -> Placements {
        let placements = Placements(Arc::new(Mutex::new(Tally {
            pages,
            ..Tally::default()
        })));
        let tally = placements.clone();
        tera.register_function(
            "figure",
            move |kwargs: Kwargs, _: &State| -> tera::TeraResult<Value> {
                let id: String = kwargs.must_get("id")?;
                tally.place(&id).map_err(tera::Error::message)
            },
        );
        let tally = placements.clone();
        tera.register_function(
            "ref",
            move |kwargs: Kwargs, _: &State| -> tera::TeraResult<Value> {
                let id: String = kwargs.must_get("id")?;
                tally.link(&id).map_err(tera::Error::message)
            },
        );
        placements
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Tally> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts a page: nothing placed yet; `refuse` as in [`Tally`].
    pub fn begin(&self, page: &str, refuse: Option<usize>) {
        let mut tally = self.lock();
        tally.page = page.to_string();
        tally.placed.clear();
        tally.refuse = refuse;
    }

    /// The figures the page placed, in order.
    pub fn placed(&self) -> Vec<String> {
        self.lock().placed.clone()
    }

    /// Sets the link each `ref` writes.
    pub fn set_links(&self, links: BTreeMap<String, String>) {
        self.lock().links = links;
    }

    fn place(&self, id: &str) -> Result<Value, String> {
        let mut tally = self.lock();
        let page = match tally.pages.get(id) {
            None => return Err(format!("no figure `{id}` in figures.yaml")),
            Some(page) => page.clone(),
        };
        if page != tally.page {
            return Err(format!(
                "figure `{id}` belongs to page `{page}`, not `{}`",
                tally.page
            ));
        }
        if tally.placed.iter().any(|p| p == id) {
            return Err(format!("figure `{id}` is placed twice; place it once"));
        }
        let index = tally.placed.len();
        tally.placed.push(id.to_string());
        if tally.refuse == Some(index) {
            return Err(format!(
                "figure `{id}` is placed inside a sentence: put {{{{ figure(id=\"{id}\") }}}} \
                 on a line of its own"
            ));
        }
        Ok(Value::safe_string(&stand_in(index)))
    }

    fn link(&self, id: &str) -> Result<Value, String> {
        let tally = self.lock();
        if !tally.pages.contains_key(id) {
            return Err(format!("no figure `{id}` in figures.yaml"));
        }
        let link = tally.links.get(id).map_or("", String::as_str);
        Ok(Value::safe_string(link))
    }
}

/// The stand-in for the page's placement number `index`.
pub fn stand_in(index: usize) -> String {
    format!("{MARK}{index}{MARK}")
}

/// Replaces each stand-in that is a line of its own by `blocks[index]`;
/// the first one inside other text is returned as `Err(index)`.
pub fn put_in_place(markdown: &str, blocks: &[String]) -> Result<String, usize> {
    let mut out = String::with_capacity(markdown.len());
    for line in markdown.split_inclusive('\n') {
        if !line.contains(MARK) {
            out.push_str(line);
            continue;
        }
        let text = line.trim();
        let index =
            |s: &str| -> Option<usize> { s.strip_prefix(MARK)?.strip_suffix(MARK)?.parse().ok() };
        match index(text).and_then(|i| blocks.get(i).map(|b| (i, b))) {
            Some((_, block)) if line.len() - line.trim_start().len() < 4 => {
                out.push_str(block);
                out.push('\n');
            }
            _ => {
                let first = line.split(MARK).nth(1).and_then(|n| n.parse().ok());
                return Err(first.unwrap_or(0));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stand_in_on_its_own_line_becomes_the_block() {
        let blocks = vec![
            "<figure>a</figure>".to_string(),
            "<figure>b</figure>".to_string(),
        ];
        let text = format!("Some prose.\n\n{}\n\n  {}\nMore.", stand_in(0), stand_in(1));
        assert_eq!(
            put_in_place(&text, &blocks).unwrap(),
            "Some prose.\n\n<figure>a</figure>\n\n<figure>b</figure>\nMore."
        );
        let inside = format!("A sentence {} with a figure.\n", stand_in(1));
        assert_eq!(put_in_place(&inside, &blocks), Err(1));
        let indented = format!("    {}\n", stand_in(0));
        assert_eq!(put_in_place(&indented, &blocks), Err(0));
    }
}
