//! The review page of `ladder diff --html DIR`: every changed figure, the
//! old drawing beside the new, the data differences under them.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::{FigureChange, Review};
use crate::plot::escape;
use crate::site::Files;
use crate::text::shown;

/// The file every review page leaves in its folder, so a later review may
/// write there again.
pub const MARKER: &str = ".ladder-review";

const MARKER_TEXT: &str = "This folder is written by `ladder diff --html`.\n";

/// A review is written only where it overwrites nothing it did not write:
/// a new or empty folder, or one an earlier review wrote (it holds
/// [`MARKER`]).
fn vet(dir: &Path) -> Result<()> {
    let mut entries = match fs::read_dir(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        other => other.with_context(|| format!("cannot read {}", shown::file(dir)))?,
    };
    let marked = fs::symlink_metadata(dir.join(MARKER)).is_ok_and(|m| m.is_file());
    if entries.next().is_some() && !marked {
        bail!(
            "{} holds files a review did not write, and --html would overwrite them: give it a \
             new or empty folder (one an earlier review wrote holds {MARKER})",
            shown::file(dir)
        );
    }
    Ok(())
}

/// Writes `index.html` and the two sides' SVGs into `dir`.
///
/// Everything on the page comes from the two sites, which may come from
/// someone else's pull request: ids (file names), data and paths are all
/// escaped, and the drawings are saved under numbers the page chooses,
/// never under a name found in the sites.
pub fn write(review: &Review, dir: &Path) -> Result<()> {
    vet(dir)?;
    for side in ["old", "new"] {
        clear_drawings(&dir.join(side))
            .with_context(|| format!("cannot create {}", shown::file(dir)))?;
    }
    fs::write(dir.join(MARKER), MARKER_TEXT)
        .with_context(|| format!("cannot write {}", shown::file(dir)))?;
    let mut body = String::new();
    for (number, (id, change)) in review.figures.iter().enumerate() {
        body.push_str(&figure_section(review, dir, number, id, change)?);
    }
    if !review.pages.is_empty() {
        let items: String = review
            .pages
            .iter()
            .map(|p| format!("<li><code>{}</code></li>", escape(&p.to_string())))
            .collect();
        body.push_str(&format!(
            "<section><h2>Pages and other files</h2><ul>{items}</ul></section>\n"
        ));
    }
    if !review.stamp_only.is_empty() {
        body.push_str(&format!(
            "<p>{}</p>\n",
            escape(&super::stamp::note(review.stamp_only.len()))
        ));
    }
    if review.is_empty() {
        body.push_str("<p>Nothing changed.</p>\n");
    }
    let page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>ladder review</title>\n<style>body{{font:15px/1.5 system-ui,sans-serif;margin:1rem auto;max-width:90rem;padding:0 1rem}}table{{width:100%;table-layout:fixed}}td{{vertical-align:top}}img{{max-width:100%;height:auto;background:#fff}}.none{{color:#888}}table.data{{width:auto;border-collapse:collapse}}table.data td{{border-bottom:1px solid #ddd;padding:.1rem .5rem}}table.data .changed{{background:#fde8c8;font-weight:bold}}</style>\n</head><body><h1>ladder review</h1>\n{body}</body></html>\n"
    );
    fs::write(dir.join("index.html"), page)
        .with_context(|| format!("cannot write {}", shown::file(dir)))?;
    Ok(())
}

/// Creates `side` (a side's folder of drawings) or removes the drawings an
/// earlier review saved there: numbered names only, ours; anything else
/// stays.
fn clear_drawings(side: &Path) -> io::Result<()> {
    fs::create_dir_all(side)?;
    for entry in fs::read_dir(side)?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = name
            .strip_suffix(".svg")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if ours && entry.file_type().is_ok_and(|t| t.is_file()) {
            fs::remove_file(entry.path())?;
        }
    }
    Ok(())
}

/// Figure `number`'s section: its id, the old side beside the new (its
/// table of data where it has one, else its drawings, the column's and the
/// phone's, saved in `dir` as `2n + 1` and `2n + 2`), and what changed.
fn figure_section(
    review: &Review,
    dir: &Path,
    number: usize,
    raw_id: &str,
    change: &FigureChange,
) -> Result<String> {
    let drawings = [
        (format!("figures/{raw_id}.svg"), drawing_file(number, false)),
        (
            format!("figures/{raw_id}.phone.svg"),
            drawing_file(number, true),
        ),
    ];
    let id = escape(raw_id);
    let mut cells = String::new();
    let tables = [&review.old, &review.new].map(|files| {
        files
            .get(&csv_path(raw_id))
            .map(|bytes| csv_rows(&String::from_utf8_lossy(bytes)))
    });
    for (index, (side, files)) in [("old", &review.old), ("new", &review.new)]
        .into_iter()
        .enumerate()
    {
        if let Some(rows) = &tables[index] {
            let other = tables[1 - index].as_deref().unwrap_or(&[]);
            cells.push_str(&format!("<td>{}</td>", table_html(rows, other)));
            continue;
        }
        let mut images = String::new();
        for ((svg, file), width) in drawings.iter().zip(["", " (phone)"]) {
            if let Some(bytes) = files.get(Path::new(svg)) {
                let path = dir.join(side).join(file);
                fs::write(&path, bytes)
                    .with_context(|| format!("cannot write {}", shown::file(&path)))?;
                images.push_str(&format!(
                    "<img src=\"{side}/{file}\" alt=\"{side} {id}{width}\">"
                ));
            }
        }
        if images.is_empty() {
            cells.push_str(&format!("<td class=\"none\">no {side} figure</td>"));
        } else {
            cells.push_str(&format!("<td>{images}</td>"));
        }
    }
    let items: String = change_notes(change)
        .iter()
        .map(|n| format!("<li>{}</li>", escape(n)))
        .collect();
    Ok(format!(
        "<section><h2><code>{id}</code></h2>\n<table><tr><th>before</th><th>after</th></tr><tr>{cells}</tr></table>\n<ul>{items}</ul></section>\n"
    ))
}

/// The name under which the review page saves drawing `number` of a side
/// (in `old/` or `new/`): figure `n` (counted from 0 in id order, as
/// [`Review::figures`] holds them) has `2n + 1` for the column's drawing and
/// `2n + 2` for the phone's. Digits only: no name from the sites.
pub fn drawing_file(number: usize, phone: bool) -> String {
    format!("{}.svg", 2 * number + if phone { 2 } else { 1 })
}

/// True when the review page saves figure `id`'s column drawing for the
/// side whose files are `files`: it has one, and no table (a CSV) that the
/// page shows instead.
pub fn saves_drawing(files: &Files, id: &str) -> bool {
    !files.contains_key(&csv_path(id))
        && files.contains_key(Path::new(&format!("figures/{id}.svg")))
}

fn csv_path(id: &str) -> PathBuf {
    PathBuf::from(format!("data/{id}.csv"))
}

/// What changed in a figure, a line each.
fn change_notes(change: &FigureChange) -> Vec<String> {
    match change {
        FigureChange::Added => vec!["added".into()],
        FigureChange::Removed => vec!["removed".into()],
        FigureChange::Changed { data, .. } if data.is_empty() => {
            vec!["drawing changed; data the same".into()]
        }
        FigureChange::Changed { data, .. } => data.iter().map(|d| d.to_string()).collect(),
    }
}

/// A figure's CSV as rows of fields (RFC 4180: quoted fields may hold
/// commas, doubled quotes and line breaks).
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            ('"', true) => quoted = false,
            ('"', false) if field.is_empty() => quoted = true,
            (',', false) => row.push(std::mem::take(&mut field)),
            ('\r', false) => {}
            ('\n', false) => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (other, _) => field.push(other),
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows
}

/// One side's table, escaped, each field that differs from the other
/// side's at the same place marked (in bold as well as by colour).
fn table_html(rows: &[Vec<String>], other: &[Vec<String>]) -> String {
    let mut html = String::from("<table class=\"data\">");
    for (r, row) in rows.iter().enumerate() {
        html.push_str("<tr>");
        for (c, field) in row.iter().enumerate() {
            let same = other.get(r).and_then(|o| o.get(c)) == Some(field);
            let class = if same { "" } else { " class=\"changed\"" };
            html.push_str(&format!("<td{class}>{}</td>", escape(field)));
        }
        html.push_str("</tr>");
    }
    html.push_str("</table>");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_quotes_and_changes() {
        let rows = csv_rows("a,\"b, \"\"c\"\"\"\r\n1,2\r\n");
        assert_eq!(rows, [vec!["a", "b, \"c\""], vec!["1", "2"]]);
        let other = csv_rows("a,x\r\n1,2\r\n");
        let html = table_html(&rows, &other);
        assert!(
            html.contains("<td class=\"changed\">b, &quot;c&quot;</td>"),
            "{html}"
        );
        assert!(html.contains("<td>1</td>"));
        let planted = table_html(&rows, &rows);
        assert!(!planted.contains("changed"), "identical sides mark nothing");
    }
}
