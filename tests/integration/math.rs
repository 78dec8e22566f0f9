//! One way to write mathematics (issue 13): every formula is MathML, in the
//! prose and in the captions, and none is imitated with Unicode subscripts
//! or Markdown italics; a caption's formula is MathML in the page and plain,
//! escaped text in the SVG.

use crate::common;

use std::fs;

use common::{ladder, repo, site, stderr};

/// The page with every `<math>…</math>` element taken out.
fn outside_math(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find("<math") {
        out.push_str(&rest[..start]);
        let end = rest[start..]
            .find("</math>")
            .expect("every <math> is closed");
        rest = &rest[start + end + "</math>".len()..];
    }
    out.push_str(rest);
    out
}

/// The page with every `alt="…"` attribute's value taken out.
fn without_alt(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find(" alt=\"") {
        out.push_str(&rest[..start]);
        let value = &rest[start + 6..];
        rest = &value[value.find('"').map_or(value.len(), |end| end + 1)..];
    }
    out.push_str(rest);
    out
}

#[test]
fn no_page_imitates_mathematics() {
    let mut found = Vec::new();
    for entry in fs::read_dir(repo().join("output")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let html = fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // The manual quotes commands, their output and code, which are
        // plain text by nature (`s ≤ k`, `N₁` as a program prints them);
        // its mathematics is the essays' and the proofs' pages.
        if name == "manual.html" || name.starts_with("manual-") {
            continue;
        }
        if let Some(c) = html.chars().find(|c| ('\u{2080}'..='\u{2089}').contains(c)) {
            found.push(format!("{name}: subscript digit {c}"));
        }
        // An image's alternative is plain text by design (≤ is right there).
        let text = without_alt(&outside_math(&html));
        // `*n*` in the content becomes `<em>n</em>`: a one-letter italic.
        for (at, _) in text.match_indices("<em>") {
            let inner = &text[at + 4..];
            let inner = &inner[..inner.find("</em>").unwrap_or(inner.len())];
            if inner.chars().count() == 1 {
                found.push(format!("{name}: italic letter <em>{inner}</em>"));
            }
        }
        if text.contains("<sup>") || text.contains("<sub>") {
            found.push(format!("{name}: <sup> or <sub> outside MathML"));
        }
        for sign in ['≤', '≥', '⌊', '⌋', '≡', '≠', '⊕', '∑', 'Σ'] {
            if text.contains(sign) {
                found.push(format!("{name}: {sign} outside MathML"));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn no_line_begins_with_the_punctuation_after_a_formula() {
    // A browser may break after a `<math>` box; punctuation after a formula
    // therefore shares a no-wrap span with it (`draw/src/html/math.rs`).
    let closing = ['.', ',', ';', ':', '!', '?', ')', ']', '’', '”', '…'];
    let mut found = Vec::new();
    let mut glued = 0;
    for entry in fs::read_dir(repo().join("output")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let html = fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        for (at, _) in html.match_indices("</math>") {
            let next = &html[at + "</math>".len()..];
            let run = next.len() - next.trim_start_matches(closing).len();
            if run == 0 {
                continue;
            }
            if next[run..].starts_with("</span>") {
                glued += 1;
            } else {
                found.push(format!("{name}: …{}", &next[..next.len().min(40)]));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
    assert!(
        glued > 0,
        "no formula is followed by punctuation: the test sees nothing"
    );
}

#[test]
fn a_caption_with_math_is_mathml_in_the_page_and_text_in_the_svg() {
    let dir = site("base");
    let manifest = dir.path().join("figures.yaml");
    let yaml = fs::read_to_string(&manifest).unwrap().replace(
        "caption: The values of {1,3,4}.",
        r#"caption: 'The values of $\{1,3,4\}$ for $n \le 200$, $\operatorname{<b>x</b>}$.'"#,
    );
    fs::write(&manifest, yaml).unwrap();
    let out = ladder(dir.path(), &["build"]);
    assert!(out.status.success(), "{}", stderr(&out));

    let page = fs::read_to_string(dir.path().join("output/page.html")).unwrap();
    let caption = &page[page.find("<figcaption").unwrap()..page.find("</figcaption>").unwrap()];
    assert!(caption.contains("The values of <math"), "{caption}");
    assert!(caption.contains("200</mn></math>,</span>"), "{caption}");
    assert!(caption.contains("<mo>≤</mo>"), "{caption}");
    assert!(!caption.contains("<b>"), "{caption}");
    assert!(caption.contains("&lt;b&gt;x&lt;/b&gt;"), "{caption}");
    // The image's alternative is plain, escaped text: no formula, no markup.
    let alt = &page[page.find(" alt=\"").unwrap() + 6..];
    let alt = &alt[..alt.find('"').unwrap()];
    assert!(!alt.contains('$') && !alt.contains('<'), "{alt}");

    let svg = fs::read_to_string(dir.path().join("output/figures/strip-1-3-4.svg")).unwrap();
    assert!(
        svg.contains("<title>The values of {1,3,4} for n ≤ 200, &lt;b&gt;x&lt;/b&gt;.</title>"),
        "{svg}"
    );
    assert!(!svg.contains("<math") && !svg.contains('$'), "{svg}");
}

#[test]
fn a_caption_with_a_broken_formula_fails_the_build() {
    let dir = site("base");
    let manifest = dir.path().join("figures.yaml");
    let yaml = fs::read_to_string(&manifest).unwrap().replace(
        "caption: The values of {1,3,4}.",
        r"caption: The values of $\frac{1}$.",
    );
    fs::write(&manifest, yaml).unwrap();
    let out = ladder(dir.path(), &["build"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("figures.yaml:"), "{}", stderr(&out));
}
