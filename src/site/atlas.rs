//! The atlas's own pages: one a part (`atlas/0.1.html`, the codes `0·1???`),
//! each a table of every code with both plays, its equivalent and a link
//! to Explore; each row its permalink (`atlas/0.1.html#0.1234`). Beside each
//! page its rows as JSON (`atlas/0.1.json`), which the atlas page's filter
//! and Explore fetch. Written from the `atlas` figure's data; the pages read
//! without JavaScript, and none is more than a few tens of kilobytes
//! gzipped.

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow};
use serde::Serialize;
use tera::{Context, Tera};

use super::Files;
use super::template_error::located;
use crate::figures::atlas::{Data, Part, Row};
use crate::figures::{Computed, FigureSpec};
use crate::manifest::Manifest;
use crate::project::Project;
use crate::text::numbers::grouped;

/// The parts' template, in `templates/`.
pub const TEMPLATE: &str = "atlas-part.html";
/// The folder of the parts' pages in the site.
pub const FOLDER: &str = "atlas";

/// A row as the page shows it: every cell already in words.
#[derive(Debug, Serialize)]
struct RowView {
    anchor: String,
    code: String,
    normal: String,
    normal_proved: bool,
    largest: String,
    misere: String,
    misere_proved: bool,
    equivalent: String,
    equivalent_href: Option<String>,
    explore: String,
}

/// The link to a code's row: its part's page and its anchor.
pub fn permalink(anchor: &str) -> String {
    let prefix: String = anchor.chars().take(3).collect();
    format!("{FOLDER}/{prefix}.html#{anchor}")
}

fn normal_words(row: &Row) -> String {
    match (row.period, row.preperiod) {
        (Some(period), Some(from)) => format!(
            "period {} from heap {}{}",
            grouped(period as u64),
            grouped(from as u64),
            row.through.as_ref().map_or(String::new(), |code| format!(
                ", through {code} (its own run: no proof in {} values)",
                grouped(row.computed as u64)
            ))
        ),
        _ => format!(
            "not proved in {} values ({})",
            grouped(row.computed as u64),
            match row.normal.as_str() {
                "time" => "time",
                "depth" => "depth",
                _ => "engine",
            }
        ),
    }
}

fn misere_words(row: &Row) -> String {
    let kind = if row.tame { "tame" } else { "wild" };
    let quotient = format!(
        "|Q| = {}, |P| = {}, {kind}",
        grouped(row.order as u64),
        grouped(row.p_size as u64)
    );
    match (row.misere_period, row.misere_preperiod) {
        (Some(period), Some(from)) => format!("{quotient}; Φ period {period} from heap {from}"),
        _ => format!(
            "unsettled after heap {} ({}); to there {quotient}",
            row.heaps,
            row.unsettled
                .as_deref()
                .map_or("heap bound", |why| if why.contains("memory") {
                    "memory"
                } else if why.contains("work") {
                    "work"
                } else {
                    "engine"
                })
        ),
    }
}

fn view(row: &Row) -> RowView {
    let (equivalent, equivalent_href) = match &row.equivalent {
        None => ("—".to_string(), None),
        Some(e) => {
            let offset = match e.offset {
                0 => String::new(),
                k if k > 0 => format!(", heap n as n + {k}"),
                k => format!(", heap n as n − {}", -k),
            };
            let proof = match e.proof {
                crate::atlas::classes::Proof::Structural => "proved by the rules",
                crate::atlas::classes::Proof::Periodic => "proved by both periods",
                crate::atlas::classes::Proof::Observed => "observed",
            };
            let anchor = e.code.replacen('·', ".", 1);
            let anchor = if anchor.starts_with('.') {
                format!("0{anchor}")
            } else {
                anchor
            };
            (
                format!("{}{offset} ({proof})", e.code),
                Some(format!("../{}", permalink(&anchor))),
            )
        }
    };
    RowView {
        anchor: row.anchor.clone(),
        code: row.code.clone(),
        normal: normal_words(row),
        normal_proved: row.period.is_some(),
        largest: grouped(u64::from(row.largest_value)),
        misere: misere_words(row),
        misere_proved: row.misere_period.is_some(),
        equivalent,
        equivalent_href,
        explore: format!("../explore.html?rule=octal:{}", row.code),
    }
}

/// The page's script, copied from `templates/` to the site's top: the
/// atlas page's filter.
pub const SCRIPT: &str = "atlas.js";

/// Whether the site has an atlas: a figure of kind `atlas`.
pub fn wanted(manifest: &Manifest) -> bool {
    manifest
        .figures
        .iter()
        .any(|f| matches!(f.spec, FigureSpec::Atlas(_)))
}

/// The atlas's sources, which the sources' revision covers: none on a site
/// without it.
pub fn sources(wanted: bool) -> &'static [&'static str] {
    const ALL: [&str; 2] = [TEMPLATE, SCRIPT];
    if wanted { &ALL } else { &[] }
}

/// Adds the parts' template to `tera` and reads the script.
pub fn load(project: &Project, tera: &mut Tera) -> Result<Vec<(PathBuf, Vec<u8>)>> {
    let relative = Path::new("templates").join(TEMPLATE);
    let text = project.read_text(&relative)?;
    tera.add_raw_template(TEMPLATE, &text)
        .map_err(|e| located(&project.path(&relative), &e))?;
    Ok(vec![(
        PathBuf::from(SCRIPT),
        super::script::read(project, SCRIPT)?,
    )])
}

/// The `atlas` figure's data and the page it is on, if the site has one.
pub fn data(figures: &[Computed]) -> Result<Option<(Data, String)>> {
    let Some(figure) = figures
        .iter()
        .find(|f| matches!(f.figure.spec, FigureSpec::Atlas(_)))
    else {
        return Ok(None);
    };
    let data = serde_json::from_value::<Data>(figure.json.clone())
        .map_err(|e| anyhow!("the atlas's data: {e}"))?;
    Ok(Some((data, figure.figure.page.0.clone())))
}

/// Every part's page and JSON, rendered with `context` (the site, the
/// pages) in the site's frame; each links back to `page`, the one the
/// atlas figure is on.
pub fn pages(tera: &Tera, data: &Data, page: &str, mut context: Context) -> Result<Files> {
    let mut files = Files::new();
    let parts: Vec<(&str, &str)> = data
        .parts
        .iter()
        .map(|p| (p.prefix.as_str(), p.name.as_str()))
        .collect();
    context.insert("current", "atlas");
    context.insert("root", "../");
    context.insert("parts", &parts);
    context.insert("atlas_page", page);
    for (at, part) in data.parts.iter().enumerate() {
        let rows: Vec<RowView> = part.rows.iter().map(view).collect();
        context.insert("part", &part_view(part));
        context.insert("rows", &rows);
        context.insert(
            "title_id",
            &format!("part-{}", part.prefix.replace('.', "-")),
        );
        context.insert("previous", &at.checked_sub(1).map(|i| parts[i]));
        context.insert("next", &parts.get(at + 1));
        let html = tera
            .render(TEMPLATE, &context)
            .map_err(|e| anyhow!("templates/{TEMPLATE}: {e}"))?;
        files.insert(
            PathBuf::from(format!("{FOLDER}/{}.html", part.prefix)),
            html.into_bytes(),
        );
        let mut json = serde_json::to_vec(&part.rows)?;
        json.push(b'\n');
        files.insert(
            PathBuf::from(format!("{FOLDER}/{}.json", part.prefix)),
            json,
        );
    }
    Ok(files)
}

#[derive(Debug, Serialize)]
struct PartView<'a> {
    prefix: &'a str,
    name: &'a str,
    codes: String,
    normal_proved: String,
    misere_proved: String,
}

fn part_view(part: &Part) -> PartView<'_> {
    PartView {
        prefix: &part.prefix,
        name: &part.name,
        codes: grouped(part.codes as u64),
        normal_proved: grouped(part.normal_proved as u64),
        misere_proved: grouped(part.misere_proved as u64),
    }
}
