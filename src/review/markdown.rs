//! `ladder diff --format markdown`: the review as one pull-request comment
//! (the manual: "Reviewing a pull request", content/manual-reviewing.md). A summary line, a table per changed figure, long
//! lists folded into `<details>`, and a note when nothing changed.
//!
//! Every name and value shown comes from the two sites, and the new one is
//! the pull request's: ids are file names, data are whatever its JSON holds.
//! So each is written as a code span, inside which nothing is markup, a link
//! or a mention; its backticks are outrun by the fence, a pipe is escaped
//! (GitHub splits a table row at `|` before it reads code spans), and line
//! breaks and invisible characters are written out (`\n`, `\u{202e}`), so no
//! name or value can end a table, open HTML, or hide text from the reviewer.

use super::data::{Difference, Part};
use super::{FigureChange, Review, html, records, stamp};
use crate::text::numbers::grouped;

/// Lists and tables longer than this fold into `<details>`.
pub const FOLD: usize = 10;

/// GitHub refuses a comment over 65,536 characters. Blocks that would pass
/// this are counted, not shown, leaving room for the closing tags, the note
/// and the lines the workflow adds.
pub const LIMIT: usize = 60_000;

/// Where the files of `ladder diff --html DIR` are served (`--images URL`):
/// the comment shows each changed figure's drawings from there and links
/// the review page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Images {
    /// The URL given, without a trailing `/`.
    base: String,
    /// Where the review page is read, when not `base/index.html`.
    page: Option<String>,
}

impl Images {
    /// Drawings served from `url` (`--images`); the review page at
    /// `url/index.html`, or at `page` (`--page`) where the host does not
    /// show HTML as a page. Each is a plain URL ([`plain_url`]).
    pub fn new(url: &str, page: Option<&str>) -> Result<Images, String> {
        Ok(Images {
            base: plain_url("--images", url, "a base URL", "")?,
            page: page
                .map(|page| plain_url("--page", page, "a URL", "#"))
                .transpose()?,
        })
    }

    /// Drawing `number`'s column drawing on one side (`old` or `new`), as
    /// the review page saves it ([`html::drawing_file`]).
    fn drawing(&self, side: &str, number: usize) -> String {
        format!("{}/{side}/{}", self.base, html::drawing_file(number, false))
    }

    /// The review page.
    fn page(&self) -> String {
        self.page
            .clone()
            .unwrap_or_else(|| format!("{}/index.html", self.base))
    }
}

/// `url` without its trailing `/`s, if it is a plain URL: `https://` or
/// `http://`, a host, and only characters that can neither end a Markdown
/// link nor a table cell, nor start markup: letters, digits,
/// `-._~:/%+@=,` and `also` (`#` for a page; not for a base, which paths
/// follow). The error names the option, the URL and what is wrong.
fn plain_url(option: &str, url: &str, noun: &str, also: &str) -> Result<String, String> {
    let shown = url.escape_debug();
    let Some(rest) = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
    else {
        return Err(format!(
            "{option} `{shown}`: {noun} starts with https:// or http://"
        ));
    };
    if let Some(c) = url
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || "-._~:/%+@=,".contains(*c) || also.contains(*c)))
    {
        return Err(format!(
            "{option} `{shown}`: {noun} holds only letters, digits and -._~:/%+@=,{also} \
             (found `{}`)",
            c.escape_debug()
        ));
    }
    if rest.split(['/', '#']).next().unwrap_or("").is_empty() {
        return Err(format!("{option} `{shown}`: {noun} names a host"));
    }
    Ok(url.trim_end_matches('/').to_string())
}

/// The review as a pull-request comment; with `images`, each changed
/// figure's old and new drawings and a link to the review page.
pub fn format(review: &Review, images: Option<&Images>) -> String {
    let mut out = String::from("### ladder diff\n\n");
    if review.is_empty() {
        out.push_str(
            "Nothing changed: every figure, data file and page is the base's, byte for byte.\n",
        );
        return out;
    }
    out.push_str(&records_changed(review));
    out.push_str(&summary(review));
    if let Some(images) = images {
        out.push_str(&format!(
            "[The review page]({}) shows every figure old beside new, with its phone drawing or \
             its table.\n\n",
            images.page()
        ));
    }
    let mut omitted = 0;
    let changed: Vec<String> = review
        .figures
        .iter()
        .enumerate()
        .filter_map(|(number, (id, change))| match change {
            FigureChange::Changed { data, drawing } => {
                let shown = images
                    .filter(|_| *drawing)
                    .and_then(|images| before_after(review, images, number, id));
                Some(changed_figure(id, data, *drawing, shown))
            }
            _ => None,
        })
        .collect();
    let listed = |which: &FigureChange| -> Vec<String> {
        let ids = review.figures.iter().filter(|(_, c)| *c == which);
        ids.map(|(id, _)| format!("- {}\n", code(id, false)))
            .collect()
    };
    let pages: Vec<String> = review
        .pages
        .iter()
        .map(|p| {
            let link = if p.link {
                " (a link, not followed)"
            } else {
                ""
            };
            format!("- {}{link}\n", code(&p.path, false))
        })
        .collect();
    let sections = [
        ("Changed figures", "changed figures", changed),
        (
            "Added figures",
            "added figures",
            listed(&FigureChange::Added),
        ),
        (
            "Removed figures",
            "removed figures",
            listed(&FigureChange::Removed),
        ),
        ("Pages and other files", "pages and other files", pages),
    ];
    for (heading, noun, blocks) in sections {
        section(&mut out, &mut omitted, heading, noun, &blocks);
    }
    if omitted > 0 {
        out.push_str(&format!(
            "*… and {} more figures or files, not shown: a comment holds at most 65,536 characters. Run `ladder diff` \
             locally, or open the review page.*\n",
            grouped(omitted as u64)
        ));
    }
    out
}

/// At most this many records files are named in the comment.
const RECORDS_FILES_SHOWN: usize = 10;

/// The first lines of a comment on a change to `records/`: each file, and
/// its rows that changed with what in them. Empty when none changed.
fn records_changed(review: &Review) -> String {
    if review.records.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "> [!IMPORTANT]\n> **This pull request changes `records/`**: results the build reads and \
         checks but does not compute again (the weekly deep check does). Read each row below \
         as you would a change of code.\n>\n",
    );
    let shown = &review.records[..review.records.len().min(RECORDS_FILES_SHOWN)];
    for line in records::lines(shown) {
        let (indent, text) = match line.strip_prefix("    ") {
            Some(row) => ("  ", row),
            None => ("", line.as_str()),
        };
        out.push_str(&format!("> {indent}- {}\n", code(text, false)));
    }
    if review.records.len() > RECORDS_FILES_SHOWN {
        out.push_str(&format!(
            "> - … and {} more records files\n",
            grouped((review.records.len() - RECORDS_FILES_SHOWN) as u64)
        ));
    }
    out.push('\n');
    out
}

/// `**Figures:** 1 changed, 0 added, 0 removed. **Pages:** 1 changed.`
fn summary(review: &Review) -> String {
    let count = |which: fn(&FigureChange) -> bool| {
        grouped(review.figures.values().filter(|c| which(c)).count() as u64)
    };
    let pages = review.pages.iter().filter(|p| p.is_page()).count();
    let others = review.pages.len() - pages;
    let stamped = match review.stamp_only.len() {
        0 => String::new(),
        n => {
            let note = stamp::note(n);
            let note = note.trim_end_matches('.');
            match (pages, n) {
                (0, _) => format!(" ({note})"),
                (_, 1) => " (1 more differs only in the sources stamp)".to_string(),
                _ => format!(
                    " ({} more differ only in the sources stamp)",
                    grouped(n as u64)
                ),
            }
        }
    };
    let mut line = format!(
        "**Figures:** {} changed, {} added, {} removed. **Pages:** {} changed{stamped}.",
        count(|c| matches!(c, FigureChange::Changed { .. })),
        count(|c| *c == FigureChange::Added),
        count(|c| *c == FigureChange::Removed),
        grouped(pages as u64),
    );
    if others > 0 {
        line.push_str(&format!(
            " **Other files:** {} changed.",
            grouped(others as u64)
        ));
    }
    line.push_str("\n\n");
    line
}

/// Figure `number`'s old and new drawings as images, in a table "before |
/// after", where the review page saves them; none if neither side has a
/// drawing it saves (a table, say).
fn before_after(review: &Review, images: &Images, number: usize, id: &str) -> Option<String> {
    let [old, new] = [("old", &review.old), ("new", &review.new)].map(|(side, files)| {
        html::saves_drawing(files, id)
            .then(|| format!("![{side} {}]({})", alt(id), images.drawing(side, number)))
    });
    if old.is_none() && new.is_none() {
        return None;
    }
    let cell = |image: Option<String>| image.unwrap_or_else(|| "no drawing".to_string());
    Some(format!(
        "| before | after |\n| --- | --- |\n| {} | {} |\n\n",
        cell(old),
        cell(new)
    ))
}

/// One changed figure: its id, its drawings before and after (`shown`),
/// then a table of its data differences.
fn changed_figure(id: &str, data: &[Difference], drawing: bool, shown: Option<String>) -> String {
    let mut block = format!("**{}**", code(id, false));
    let shown = shown.unwrap_or_default();
    if data.is_empty() {
        block.push_str(": the drawing changed, the data are the same.\n\n");
        block.push_str(&shown);
        return block;
    }
    block.push_str(if drawing {
        "\n\n"
    } else {
        ": the data changed, the drawing is the same.\n\n"
    });
    block.push_str(&shown);
    let mut table = String::from("| what | old → new |\n| --- | --- |\n");
    for d in data {
        let at = if d.at.is_empty() {
            "(the file)".to_string()
        } else {
            code(&d.at, true)
        };
        let change: String = d
            .change
            .iter()
            .map(|part| match part {
                Part::Words(words) => words.clone(),
                Part::Datum(value) => code(value, true),
            })
            .collect();
        table.push_str(&format!("| {at} | {change} |\n"));
    }
    block.push_str(&fold(data.len(), "differences", &table));
    block.push('\n');
    block
}

/// Writes a section of blocks, folded if long, each block whole or not at
/// all: once one would pass [`LIMIT`], it and every later one are counted
/// in `omitted`.
fn section(out: &mut String, omitted: &mut usize, heading: &str, noun: &str, blocks: &[String]) {
    if blocks.is_empty() {
        return;
    }
    /// Room kept for the closing tags and the note after the last block.
    const RESERVE: usize = 1_000;
    out.push_str(&format!("#### {heading}\n\n"));
    let long = blocks.len() > FOLD;
    if long {
        out.push_str(&open(blocks.len(), noun));
    }
    for block in blocks {
        if *omitted == 0 && out.len() + block.len() + RESERVE <= LIMIT {
            out.push_str(block);
        } else {
            *omitted += 1;
        }
    }
    if !out.ends_with("\n\n") {
        out.push('\n');
    }
    if long {
        out.push_str("</details>\n\n");
    }
}

/// `text` folded under "N noun" when it holds more than [`FOLD`] rows.
fn fold(rows: usize, noun: &str, text: &str) -> String {
    if rows > FOLD {
        format!("{}{text}\n</details>\n", open(rows, noun))
    } else {
        text.to_string()
    }
}

fn open(rows: usize, noun: &str) -> String {
    format!(
        "<details><summary>{} {noun}</summary>\n\n",
        grouped(rows as u64)
    )
}

/// `text` as a code span that shows it literally whatever it holds. In a
/// table (`in_table`) a pipe is escaped as `\|`, which GitHub reads before
/// the code span; elsewhere that backslash would show, so it is not added.
pub fn code(text: &str, in_table: bool) -> String {
    let mut inner = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        match c {
            '|' if in_table => inner.push_str("\\|"),
            c if c.is_control() || invisible(c) => inner.extend(c.escape_default()),
            c => inner.push(c),
        }
    }
    if inner.is_empty() {
        return "` `".to_string();
    }
    let longest = inner.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    // One space each side is stripped from a code span that starts and ends
    // with one, and is needed beside a backtick: pad in both cases.
    let pad = inner.starts_with('`')
        || inner.ends_with('`')
        || (inner.starts_with(' ') && inner.ends_with(' '));
    let pad = if pad { " " } else { "" };
    format!("{fence}{pad}{inner}{pad}{fence}")
}

/// `text` as an image's alt text that shows it literally: invisible and
/// control characters written out as in [`code`], then every ASCII
/// punctuation mark but `-` and `.` escaped with a backslash (CommonMark
/// lets any be), so nothing in it is markup, ends the alt text or splits a
/// table row.
pub fn alt(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || invisible(c) {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    let mut out = String::with_capacity(shown.len() + 8);
    for c in shown.chars() {
        if c.is_ascii_punctuation() && c != '-' && c != '.' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Characters that draw nothing or reorder what follows: written out so a
/// name cannot hide or disguise text.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::PageChange;
    use crate::review::data::differences;
    use serde_json::json;

    fn one_figure(old: serde_json::Value, new: serde_json::Value) -> Review {
        let mut review = Review::default();
        review.figures.insert(
            "strip-1-3-4".into(),
            FigureChange::Changed {
                data: differences(&old, &new),
                drawing: true,
            },
        );
        review.pages.push(PageChange {
            path: "page.html".into(),
            link: false,
        });
        review
    }

    #[test]
    fn a_one_figure_change_is_a_summary_and_a_table() {
        let review = one_figure(
            json!({"period": 7, "values": [0, 1, 0]}),
            json!({"period": 8, "values": [0, 1, 2]}),
        );
        assert_eq!(
            format(&review, None),
            "### ladder diff\n\n\
             **Figures:** 1 changed, 0 added, 0 removed. **Pages:** 1 changed.\n\n\
             #### Changed figures\n\n\
             **`strip-1-3-4`**\n\n\
             | what | old → new |\n| --- | --- |\n\
             | `period` | `7` → `8` |\n\
             | `values` | 1 of 3 entries differ, at 2 (`0` → `2`) |\n\n\
             #### Pages and other files\n\n\
             - `page.html`\n\n"
        );
    }

    #[test]
    fn images_beside_the_table_with_alt_text_that_is_not_markup() {
        let evil = "a]b(c)|*d*\n@e";
        let mut review = one_figure(json!({"n": 1}), json!({"n": 2}));
        review.figures.insert(evil.into(), FigureChange::Added);
        review.figures.insert(
            "t".into(),
            FigureChange::Changed {
                data: Vec::new(),
                drawing: true,
            },
        );
        for (id, sides) in [("strip-1-3-4", 2), (evil, 1), ("t", 1)] {
            for files in [&mut review.old, &mut review.new].into_iter().take(sides) {
                files.insert(format!("figures/{id}.svg").into(), b"<svg/>".to_vec());
            }
        }
        let images = Images::new("https://h.example/p/", None).unwrap();
        let text = format(&review, Some(&images));
        assert!(
            text.contains("[The review page](https://h.example/p/index.html) shows"),
            "{text}"
        );
        // Figures in id order: the evil one is 0, strip-1-3-4 is 1, t is 2.
        assert!(
            text.contains(
                "| ![old strip-1-3-4](https://h.example/p/old/3.svg) \
                 | ![new strip-1-3-4](https://h.example/p/new/3.svg) |\n"
            ),
            "{text}"
        );
        // A drawing on one side only: the other says so.
        assert!(
            text.contains("| ![old t](https://h.example/p/old/5.svg) | no drawing |\n"),
            "{text}"
        );
        assert_eq!(alt(evil), "a\\]b\\(c\\)\\|\\*d\\*\\\\n\\@e");
        let page = Images::new(
            "https://h.example/p",
            Some("https://g.example/run#artifacts"),
        );
        assert_eq!(page.unwrap().page(), "https://g.example/run#artifacts");
        assert!(Images::new("https://h.example/p#x", None).is_err());
        assert!(Images::new("https://h.example/p", Some("https://g.example/a b")).is_err());
    }

    #[test]
    fn a_change_to_records_comes_first_with_its_rows() {
        let mut review = one_figure(json!({"period": 7}), json!({"period": 8}));
        let files = |depth: u32| -> crate::site::Files {
            let row = format!("{{\"rule\":\"octal:·6\",\"depth\":{depth}}}\n");
            [("czajka-unsolved.jsonl".into(), row.into_bytes())].into()
        };
        review.records = records::changes(&files(4096), &files(8192));
        let text = format(&review, None);
        let lines: Vec<&str> = text.lines().take(6).collect();
        assert_eq!(lines[2], "> [!IMPORTANT]");
        assert!(lines[3].contains("changes `records/`"), "{text}");
        assert_eq!(
            lines[5],
            "> - `records/czajka-unsolved.jsonl: 0 added, 0 removed, 1 changed`"
        );
        assert!(
            text.contains("\n>   - `octal:·6: depth: 4096 → 8192`\n"),
            "{text}"
        );
        // Without it, the comment is as before.
        review.records.clear();
        assert!(!format(&review, None).contains("records/"));
    }

    #[test]
    fn nothing_changed_says_so() {
        let text = format(&Review::default(), None);
        assert!(text.ends_with(
            "Nothing changed: every figure, data file and page is the base's, byte for byte.\n"
        ));
    }

    #[test]
    fn names_and_values_cannot_break_the_table_or_open_html() {
        let evil = "a|b`c\n<img src=x onerror=alert(1)>\u{202e}@someone";
        let review = one_figure(json!({ evil: "x" }), json!({ evil: evil }));
        let text = format(&review, None);
        let row = text.lines().find(|l| l.starts_with("| `")).unwrap();
        // One row, three cell borders: the pipes inside are escaped.
        assert_eq!(
            row.matches('|').count() - row.matches("\\|").count(),
            3,
            "{row}"
        );
        assert!(row.contains("``a\\|b`c\\n<img"), "{row}");
        assert!(row.contains("\\u{202e}@someone"), "{row}");
        assert!(!text.contains('\u{202e}') && !text.contains("\n<img"));
    }

    #[test]
    fn code_spans_outrun_backticks_and_keep_spaces() {
        assert_eq!(code("plain", false), "`plain`");
        assert_eq!(code("a``b", false), "```a``b```");
        assert_eq!(code("`x", false), "`` `x ``");
        assert_eq!(code(" x ", false), "`  x  `");
        assert_eq!(code("a|b", false), "`a|b`");
        assert_eq!(code("a|b", true), "`a\\|b`");
        assert_eq!(code("", true), "` `");
        assert_eq!(code("tab\there\r\n", true), "`tab\\there\\r\\n`");
    }

    #[test]
    fn long_tables_and_lists_fold() {
        let old = json!(
            (0..12)
                .map(|i| (format!("k{i:02}"), json!(i)))
                .collect::<serde_json::Map<_, _>>()
        );
        let new = json!(
            (0..12)
                .map(|i| (format!("k{i:02}"), json!(i + 1)))
                .collect::<serde_json::Map<_, _>>()
        );
        let mut review = one_figure(old, new);
        for i in 0..11 {
            review
                .figures
                .insert(format!("new-{i:02}"), FigureChange::Added);
        }
        let text = format(&review, None);
        assert!(
            text.contains("<details><summary>12 differences</summary>\n\n| what |"),
            "{text}"
        );
        assert!(
            text.contains("<details><summary>11 added figures</summary>\n\n- `new-00`"),
            "{text}"
        );
        assert_eq!(
            text.matches("<details>").count(),
            text.matches("</details>").count()
        );
        assert!(
            text.starts_with("### ladder diff\n\n**Figures:** 1 changed, 11 added, 0 removed.")
        );
    }

    #[test]
    fn a_huge_review_stays_under_the_comment_limit() {
        let mut review = Review::default();
        for i in 0..5_000 {
            let old = json!({"name": "x".repeat(40), "n": 1});
            let new = json!({"name": "y".repeat(40), "n": 2});
            review.figures.insert(
                format!("figure-{i:05}"),
                FigureChange::Changed {
                    data: differences(&old, &new),
                    drawing: true,
                },
            );
        }
        let text = format(&review, None);
        assert!(text.len() < LIMIT + 500, "{}", text.len());
        assert!(text.contains("more figures or files, not shown"), "{text}");
        assert_eq!(
            text.matches("<details>").count(),
            text.matches("</details>").count()
        );
    }
}
