//! Issue 12's rules for the figures as built (`output/figures/*.svg`, kept
//! fresh by `ladder check`): each fits the page's column, so it is shown at
//! its own size; no text is drawn below 12 px; every colour is one of the
//! palette's, so the dark scheme swaps it; and the range note is in the
//! description, not drawn a second time.

use std::fs;
use std::path::Path;

use ladder::plot::{COLUMN, SMALL, themed_colours};

fn svgs() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("output/figures");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("output/figures exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "svg"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&p).expect("utf-8"))
        })
        .collect();
    files.sort();
    files
}

/// Every value of `name="…"` in the text.
fn attributes<'a>(svg: &'a str, name: &str) -> Vec<&'a str> {
    let key = format!(" {name}=\"");
    svg.match_indices(&key)
        .filter_map(|(at, _)| {
            let rest = &svg[at + key.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
        .collect()
}

/// What is wrong with one SVG, by the rules above.
fn faults(svg: &str) -> Vec<String> {
    let mut faults = Vec::new();
    let head = &svg[..svg.find('>').unwrap_or(0)];
    let width: u32 = attributes(head, "width")
        .first()
        .and_then(|w| w.parse().ok())
        .unwrap_or(u32::MAX);
    if width > COLUMN {
        faults.push(format!(
            "{width} px wide, wider than the {COLUMN} px column"
        ));
    }
    for size in attributes(svg, "font-size") {
        let px: f64 = size.parse().unwrap_or(0.0);
        if px < f64::from(SMALL) {
            faults.push(format!("text at {size} px"));
        }
    }
    let palette: Vec<String> = themed_colours()
        .iter()
        .map(|(c, _)| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2))
        .collect();
    for property in ["fill", "stroke"] {
        for colour in attributes(svg, property) {
            if colour != "none" && !palette.iter().any(|p| p == colour) {
                faults.push(format!("{property} {colour} is not in the palette"));
            }
        }
    }
    if !svg.contains("@media (prefers-color-scheme: dark)") {
        faults.push("no dark scheme".into());
    }
    faults.sort();
    faults.dedup();
    faults
}

#[test]
fn every_figure_fits_the_column_with_legible_themed_text() {
    let svgs = svgs();
    assert!(svgs.len() >= 20, "only {} figures found", svgs.len());
    let report: Vec<String> = svgs
        .iter()
        .filter_map(|(name, svg)| {
            let f = faults(svg);
            (!f.is_empty()).then(|| format!("{name}: {}", f.join("; ")))
        })
        .collect();
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn the_range_note_is_described_not_drawn() {
    for (name, svg) in svgs() {
        let desc = svg
            .split("<desc>")
            .nth(1)
            .and_then(|d| d.split("</desc>").next())
            .unwrap_or("");
        assert!(!desc.is_empty(), "{name} has no description");
        // The note's last sentence, drawn as text, would start a line with it.
        let sentence = desc.rsplit(". ").next().unwrap_or(desc).trim();
        let start: String = sentence.chars().take(30).collect();
        let drawn = svg.split("<text").skip(1).any(|t| {
            t.split('>')
                .nth(1)
                .is_some_and(|body| body.trim().starts_with(&start))
        });
        assert!(!drawn, "{name} draws its range note: {start}…");
    }
}

#[test]
fn a_planted_fault_is_found() {
    let bad =
        "<svg width=\"900\" height=\"10\"><text font-size=\"8\" fill=\"#C0392B\">x</text></svg>";
    let f = faults(bad);
    assert_eq!(f.len(), 4, "{f:?}");
    let good = ladder::plot::svg(100, 20, "t", "d", |_| {});
    assert!(faults(&good).is_empty(), "{:?}", faults(&good));
}
