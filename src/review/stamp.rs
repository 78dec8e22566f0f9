//! The sources stamp: every page names the revision of the project's
//! sources (a hash of `figures.yaml`, the pages' content and the templates,
//! `src/site/provenance.rs`), so any change of a source changes every page.
//! A review compares two pages with that stamp set aside, so a page that
//! differs only there is not a changed page.
//!
//! The templates print the revision in these places, and only those are
//! set aside, each recognised whole (its text before, 16 lowercase
//! hexadecimal digits, its text after):
//! - the footer (`base.html`) and the citation line of an essay
//!   (`page.html`) or a figure's own page (`figure-alone.html`):
//!   `sources <code>REVISION</code>`;
//! - the printed page's running head: `content: "sources REVISION"`;
//! - the same pages' BibTeX: `{Sources revision REVISION}`.
//!
//! What the site writes is unchanged; the review only reads it this way.

use std::borrow::Cow;

/// The stamp's surroundings, as the templates print them.
const STAMPS: [(&[u8], &[u8]); 3] = [
    (b"sources <code>", b"</code>"),
    (b"content: \"sources ", b"\""),
    (b"{Sources revision ", b"}"),
];

/// Digits of a revision: `provenance::hash` prints 64 bits as `{:016x}`.
const DIGITS: usize = 16;

/// True when `a` and `b` are the same page once their stamps are set aside.
pub fn same_but_stamp(a: &[u8], b: &[u8]) -> bool {
    without_stamp(a) == without_stamp(b)
}

/// `page` with each stamp's revision replaced by `REVISION`.
pub fn without_stamp(page: &[u8]) -> Cow<'_, [u8]> {
    let mut out: Option<Vec<u8>> = None;
    let mut copied = 0;
    let mut at = 0;
    while at < page.len() {
        let found = STAMPS.iter().find_map(|(before, after)| {
            let digits = at + before.len();
            let end = digits + DIGITS;
            let stamp = page[at..].starts_with(before)
                && page
                    .get(digits..end)
                    .is_some_and(|d| d.iter().all(is_digit))
                && page[end..].starts_with(after);
            stamp.then_some((digits, end))
        });
        match found {
            Some((digits, end)) => {
                let out = out.get_or_insert_with(|| Vec::with_capacity(page.len()));
                out.extend_from_slice(&page[copied..digits]);
                out.extend_from_slice(b"REVISION");
                copied = end;
                at = end;
            }
            None => at += 1,
        }
    }
    match out {
        Some(mut out) => {
            out.extend_from_slice(&page[copied..]);
            Cow::Owned(out)
        }
        None => Cow::Borrowed(page),
    }
}

fn is_digit(byte: &u8) -> bool {
    matches!(byte, b'0'..=b'9' | b'a'..=b'f')
}

/// "8 pages differ only in the sources stamp."
pub fn note(pages: usize) -> String {
    let count = crate::text::numbers::grouped(pages as u64);
    if pages == 1 {
        format!("{count} page differs only in the sources stamp.")
    } else {
        format!("{count} pages differ only in the sources stamp.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The places the templates print the revision, as a built essay has
    /// them.
    fn page(revision: &str, text: &str) -> Vec<u8> {
        format!(
            "<style media=\"print\">@page {{ @top-right {{ content: \"sources {revision}\"; }} }}</style>\
             <p>{text}</p><p class=\"cite-line\">the page, sources <code>{revision}</code>.</p>\
             <pre><code>  note = {{Sources revision {revision}}},</code></pre>\
             <p class=\"provenance\">sources <code>{revision}</code></p>"
        )
        .into_bytes()
    }

    #[test]
    fn every_stamp_is_set_aside() {
        let a = page("03dc45be996fa912", "x");
        assert!(same_but_stamp(&a, &page("9abc45be996fa000", "x")));
        let normal = String::from_utf8(without_stamp(&a).into_owned()).unwrap();
        assert_eq!(normal.matches("REVISION").count(), 4, "{normal}");
        assert!(!normal.contains("03dc"), "{normal}");
    }

    #[test]
    fn anything_else_is_a_change() {
        let a = page("03dc45be996fa912", "x");
        // The text beside it, and a stamp that is not one (too short, upper
        // case, another word around it).
        assert!(!same_but_stamp(&a, &page("9abc45be996fa000", "y")));
        assert!(!same_but_stamp(&a, &page("9abc45be996fa00", "x")));
        assert!(!same_but_stamp(&a, &page("9ABC45BE996FA000", "x")));
        assert!(!same_but_stamp(
            b"sources <b>03dc45be996fa912</b>",
            b"sources <b>9abc45be996fa000</b>"
        ));
        assert!(matches!(without_stamp(b"no stamp"), Cow::Borrowed(_)));
    }

    #[test]
    fn the_note_counts() {
        assert_eq!(note(1), "1 page differs only in the sources stamp.");
        assert_eq!(note(8), "8 pages differ only in the sources stamp.");
    }
}
