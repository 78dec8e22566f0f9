//! A figure as the site shows it: its block on its page
//! (`templates/figure.html`: the drawing for the column and for a phone in
//! one `<picture>`, its tables and notes, the caption with the range note
//! and the data links) and its page of its own (`figure-alone.html`), which
//! a tap on the drawing opens: the drawing at its own size in a page a phone
//! can zoom, with the caption and the way back.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow};
use tera::{Context, Tera};

use super::template_error::located;
use super::{Files, figure_image, inline, table};
use crate::figures::{Computed, FigureSpec};
use crate::manifest::Manifest;
use crate::text::plain::to_plain;
use crate::text::wording::typographic;
use ladder_draw::html::note;

/// Each figure's `<figure>` block, by id. On a site with the Explore page
/// (`explore`), a figure whose subject is one rule carries that rule, so
/// the reader can change it in place (`templates/explore/answer.js`).
pub fn render(
    tera: &Tera,
    figures: &[Computed],
    numbers: &BTreeMap<String, usize>,
    explore: bool,
) -> Result<BTreeMap<String, String>> {
    let mut blocks = BTreeMap::new();
    for f in figures {
        let mut context = context(f, numbers[&f.figure.id.0], "")?;
        if explore && let Some(answers) = answers(f) {
            context.insert("answers", &answers);
        }
        context.insert("tables", &tables(f, "")?);
        context.insert("notes", &notes(f, "")?);
        let html = tera
            .render("figure.html", &context)
            .map_err(|e| located(&Path::new("templates").join("figure.html"), &e))?;
        // Markdown ends an HTML block at a blank line: keep the block whole.
        let html: Vec<&str> = html.lines().filter(|l| !l.trim().is_empty()).collect();
        blocks.insert(f.figure.id.0.clone(), html.join("\n"));
    }
    Ok(blocks)
}

/// `figures/<id>.html` for every figure: the drawing at the screen's width
/// (a phone scrolls it, and can zoom), or the tables, with the caption, the
/// data links and the site's navigation, titled by the caption's first
/// sentence.
pub fn alone_pages(
    tera: &Tera,
    figures: &[Computed],
    numbers: &BTreeMap<String, usize>,
    manifest: &Manifest,
    site: &serde_json::Value,
    pages: &serde_json::Value,
    manual: &serde_json::Value,
) -> Result<Files> {
    let mut files = Files::new();
    for f in figures {
        let mut context = context(f, numbers[&f.figure.id.0], "../")?;
        let page = manifest.pages.iter().find(|p| p.id == f.figure.page);
        let title = page.map_or("", |p| p.title.as_str());
        context.insert(
            "page",
            &serde_json::json!({ "id": f.figure.page.0, "title": title }),
        );
        context.insert(
            "title",
            &first_sentence(&to_plain(&typographic(&f.figure.caption))),
        );
        context.insert("tables", &tables(f, "../")?);
        context.insert("notes", &notes(f, "../")?);
        context.insert("site", site);
        context.insert("pages", pages);
        context.insert("manual", manual);
        context.insert("current", &f.figure.page.0);
        context.insert("root", "../");
        let html = tera
            .render("figure-alone.html", &context)
            .map_err(|e| located(&Path::new("templates").join("figure-alone.html"), &e))?;
        let path = PathBuf::from(format!("figures/{}.html", f.figure.id));
        files.insert(path, html.into_bytes());
    }
    Ok(files)
}

/// A caption's first sentence, without its full stop: a figure page's
/// title. A stop inside a number or an abbreviation ("e.g.") ends nothing:
/// a sentence ends at a stop followed by a space and a capital.
fn first_sentence(caption: &str) -> String {
    let chars: Vec<(usize, char)> = caption.char_indices().collect();
    for (i, &(at, c)) in chars.iter().enumerate() {
        let next = chars.get(i + 1).map(|&(_, c)| c);
        let after = chars.get(i + 2).map(|&(_, c)| c);
        if c == '.' && next == Some(' ') && after.is_some_and(|c| c.is_uppercase()) {
            return caption[..at].trim().to_string();
        }
    }
    caption.trim().trim_end_matches('.').to_string()
}

/// The rule a figure draws and the rest of its parameters, as the Explore
/// page's module takes them (`web/src`): the kinds whose subject is a rule
/// (or rules, or heaps of a sum) and whose drawing or table the module
/// shares (`ladder_draw`). A figure of a family does not answer.
fn answers(f: &Computed) -> Option<serde_json::Value> {
    use serde_json::json;
    let (rule, params) = match &f.figure.spec {
        FigureSpec::Strip(p) => (
            p.game.to_string(),
            json!({ "values": p.values.0, "shown": p.shown }),
        ),
        FigureSpec::OptionReach(p) => (
            p.game.to_string(),
            json!({ "heap": p.heap, "shown": p.shown }),
        ),
        FigureSpec::TwoTakesStrip(p) => (
            format!("sub:{},{}", p.takes[0], p.takes[1]),
            json!({ "shown": p.shown }),
        ),
        FigureSpec::PeriodWindow(p) => (
            p.game.to_string(),
            json!({ "values": p.values.0, "rows": p.rows }),
        ),
        FigureSpec::ValueSpread(p) => (p.game.to_string(), json!({ "values": p.values.0 })),
        FigureSpec::SameSequence(p) => (
            format!("{} {}", p.game, p.other),
            json!({ "values": p.values.0, "shown": p.shown }),
        ),
        FigureSpec::ShiftedPair(p) => (
            format!("{} {}", p.game, p.shifted),
            json!({ "values": p.values.0, "largest_shift": p.largest_shift, "shown": p.shown }),
        ),
        FigureSpec::PassCases(p) => {
            let pairs: Vec<String> = p
                .pairs
                .iter()
                .map(|[x, y]| format!("pass:{x},{y}"))
                .collect();
            (pairs.join(" "), json!({ "tail": p.tail }))
        }
        FigureSpec::ValueGrowth(p) => {
            let games: Vec<String> = p.games.iter().map(ToString::to_string).collect();
            (games.join(" "), json!({ "checkpoints": p.checkpoints }))
        }
        FigureSpec::Saltus(p) => {
            let naive = json!({
                "game": p.naive.game.to_string(),
                "from": p.naive.from,
                "period": p.naive.period,
                "saltus": p.naive.saltus,
            });
            let params = json!({ "values": p.values.0, "shown": p.shown, "naive": naive });
            (spelt(&p.games), params)
        }
        FigureSpec::CertificateLengths(p) => {
            let games: Vec<String> = p
                .games
                .iter()
                .map(|g| format!("{} {}", g.game, g.values.0))
                .collect();
            (games.join(" "), json!({}))
        }
        // The tables: the rulesets (or heaps) change, the measurement stays.
        FigureSpec::CoalitionTable(p) => (p.game.to_string(), json!({ "search": p.search })),
        FigureSpec::MisereQuotient(p) => (p.code.to_string(), json!({ "heaps": p.heaps })),
        FigureSpec::BoardHeaps(p) => (
            p.code.to_string(),
            json!({ "game": p.game, "positions": p.positions }),
        ),
        FigureSpec::CoalitionLengths(p) => (spelt(&p.games), json!({ "search": p.search })),
        FigureSpec::CoalitionSummary(p) => (spelt(&p.games), json!({ "search": p.search })),
        FigureSpec::MillionHeap(p) => {
            let heaps: Vec<String> = p
                .components
                .iter()
                .map(|c| format!("sub:{},{} {}", c.takes[0], c.takes[1], c.heap))
                .collect();
            (heaps.join(" "), json!({}))
        }
        _ => return None,
    };
    Some(json!({
        "kind": f.figure.spec.kind(),
        "rule": rule,
        "params": params.to_string(),
    }))
}

/// Rules apart by spaces, as a figure of several takes them.
fn spelt<T: ToString>(games: &[T]) -> String {
    let words: Vec<String> = games.iter().map(ToString::to_string).collect();
    words.join(" ")
}

/// What both templates read: the id and number, the caption and note as
/// HTML with MathML (see `inline`; links from a page `root` below the
/// site's top), and each drawing's size with the image's description (its
/// alternative) from the SVG itself.
fn context(f: &Computed, number: usize, root: &str) -> Result<Context> {
    let mut context = Context::new();
    context.insert("id", &f.figure.id.0);
    context.insert("number", &number);
    let html =
        |text: &str| inline::to_html(text, root).map_err(|e| anyhow!("{}", f.figure.error(e)));
    // Typographic quotes first: they are prose, never inside a formula.
    context.insert("caption", &html(&typographic(&f.figure.caption))?);
    let image = f.drawing.svg.as_deref().map(figure_image::read);
    context.insert("svg", &image.is_some());
    // A grid's or strip's cells name themselves (`templates/cells.js`).
    context.insert("cells", &!f.drawing.cells.is_empty());
    if let Some(image) = &image {
        context.insert("width", &image.width);
        context.insert("height", &image.height);
        context.insert("description", &image.description);
    }
    if let Some(phone) = f.drawing.phone_svg.as_deref().map(figure_image::read) {
        let size = serde_json::json!({ "width": phone.width, "height": phone.height });
        context.insert("phone", &size);
    }
    // The range note is read once: from the image's description when it
    // holds it, else from the caption.
    let note_text = to_plain(&f.note);
    let described = image
        .as_ref()
        .is_some_and(|i| i.description.contains(note_text.trim()));
    context.insert("note_described", &described);
    let mut note = html(&typographic(&f.note))?;
    if described {
        // The note is then hidden from assistive technology, so its links
        // (a theorem's name) leave the tab order too: no focus lands on
        // something a screen reader cannot see.
        note = note.replace("<a href=", "<a tabindex=\"-1\" href=");
    }
    context.insert("note", &note);
    Ok(context)
}

/// The figure's tables as HTML, linking from a page `root` below the top.
fn tables(f: &Computed, root: &str) -> Result<Vec<String>> {
    f.drawing
        .tables
        .iter()
        .enumerate()
        .map(|(i, t)| {
            table::to_html(t, &f.figure.id.0, i, root).map_err(|e| anyhow!("{}", f.figure.error(e)))
        })
        .collect()
}

/// The figure's notes as paragraphs ([`ladder_draw::html::note`]).
fn notes(f: &Computed, root: &str) -> Result<Vec<String>> {
    f.drawing
        .notes
        .iter()
        .map(|n| note::to_html(n, root).map_err(|e| anyhow!("{}", f.figure.error(e))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::first_sentence;

    #[test]
    fn a_figure_page_is_titled_by_its_captions_first_sentence() {
        assert_eq!(
            first_sentence("Subtraction {1, 3, 4}, with pairs. The window is 4."),
            "Subtraction {1, 3, 4}, with pairs"
        );
        assert_eq!(
            first_sentence("Values of ·137 to heap 1,000.5 and on. more"),
            "Values of ·137 to heap 1,000.5 and on. more"
        );
        assert_eq!(first_sentence("One sentence."), "One sentence");
    }
}
