//! Pages: each `content/<page>.md` is a Tera template over the computed
//! figure data, then Markdown, then placed in `templates/page.html`.
//!
//! The content syntax, all of it:
//! - `{{ figure(id="cert-1-3-4") }}` on a line of its own places a figure
//!   (its image, number, caption, search range, data link and command);
//! - `{{ ref(id="cert-1-3-4") }}` writes a link "Figure 1" to it;
//! - `$…$` and `$$…$$` are mathematics, rendered to MathML;
//! - `{{ data["cert-1-3-4"].period }}` reads a number from a figure's data,
//!   and `| num` groups its thousands (`117,649`).
//!
//! Every figure of a page must be placed on it exactly once, and an id that
//! names no figure is an error located in the content file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Result, anyhow, bail};
use pulldown_cmark::{Options, Parser, html};
use serde::Serialize;
use tera::{Context, Kwargs, State, Tera, Value};

use super::{Files, json, math};
use crate::figures::Computed;
use crate::manifest::{Located, Manifest, Page};
use crate::numbers::grouped;

/// The template files a site needs, all in `templates/`.
const TEMPLATES: [&str; 4] = ["base.html", "page.html", "index.html", "figure.html"];
/// Static files copied as they are from `templates/`.
const STATIC: [&str; 1] = ["style.css"];

/// A page as the templates see it.
#[derive(Serialize)]
struct PageView<'a> {
    id: &'a str,
    title: &'a str,
    summary: &'a str,
    figures: usize,
}

/// Renders the whole site in memory.
pub fn render(root: &Path, manifest: &Manifest, figures: &[Computed]) -> Result<Files> {
    let templates = root.join("templates");
    let mut tera = load_templates(&templates)?;
    let contents = read_contents(root, manifest, figures)?;
    let numbers = number_figures(&contents);
    let snippets = figure_snippets(&tera, figures, &numbers)?;
    register_content_functions(&mut tera, figures, &numbers, snippets);

    let views: Vec<PageView> = manifest
        .pages
        .iter()
        .map(|p| PageView {
            id: &p.id.0,
            title: &p.title,
            summary: &p.summary,
            figures: figures.iter().filter(|f| f.figure.page == p.id).count(),
        })
        .collect();
    let data: BTreeMap<&str, &serde_json::Value> = figures
        .iter()
        .map(|f| (f.figure.id.0.as_str(), &f.json))
        .collect();

    let mut files = Files::new();
    for (page, content) in manifest.pages.iter().zip(&contents) {
        let body = render_content(&tera, content, &data)?;
        let mut context = Context::new();
        context.insert("site", &site_view(manifest));
        context.insert("pages", &views);
        context.insert("page", &views.iter().find(|v| v.id == page.id.0));
        context.insert_value("body", Value::safe_string(&body));
        let html = tera
            .render("page.html", &context)
            .map_err(|e| anyhow!("templates/page.html: {e}"))?;
        files.insert(
            PathBuf::from(format!("{}.html", page.id)),
            html.into_bytes(),
        );
    }
    let mut context = Context::new();
    context.insert("site", &site_view(manifest));
    context.insert("pages", &views);
    let index = tera
        .render("index.html", &context)
        .map_err(|e| anyhow!("templates/index.html: {e}"))?;
    files.insert(PathBuf::from("index.html"), index.into_bytes());

    files.extend(figure_files(figures));
    for name in STATIC {
        let bytes = super::sources::read(root, &templates.join(name))?;
        files.insert(PathBuf::from(name), bytes);
    }
    Ok(files)
}

/// A page's content file, read and checked.
struct Content {
    file: PathBuf,
    text: String,
    /// The ids it places, in order.
    placed: Vec<String>,
}

fn read_contents(root: &Path, manifest: &Manifest, figures: &[Computed]) -> Result<Vec<Content>> {
    let mut contents = Vec::new();
    for page in &manifest.pages {
        let file = Path::new("content").join(&page.content);
        let text = super::sources::read_text(root, &root.join(&file))?;
        let found = mentions(&text);
        check_mentions(&file, &found, page, figures)?;
        let placed = found
            .into_iter()
            .filter(|m| m.placed)
            .map(|m| m.id)
            .collect();
        contents.push(Content { file, text, placed });
    }
    Ok(contents)
}

/// Figures are numbered per page in the order the prose places them.
fn number_figures(contents: &[Content]) -> BTreeMap<String, usize> {
    contents
        .iter()
        .flat_map(|c| {
            c.placed
                .iter()
                .enumerate()
                .map(|(i, id)| (id.clone(), i + 1))
        })
        .collect()
}

/// Each figure's SVG and data file.
pub fn figure_files(figures: &[Computed]) -> Files {
    let mut files = Files::new();
    for f in figures {
        let id = &f.figure.id;
        files.insert(
            PathBuf::from(format!("figures/{id}.svg")),
            f.svg.clone().into_bytes(),
        );
        files.insert(
            PathBuf::from(format!("data/{id}.json")),
            json::to_string(&f.json).into_bytes(),
        );
    }
    files
}

fn site_view(manifest: &Manifest) -> BTreeMap<&str, &str> {
    [
        ("title", manifest.site.title.as_str()),
        ("summary", manifest.site.summary.as_str()),
    ]
    .into()
}

fn load_templates(dir: &Path) -> Result<Tera> {
    let mut tera = Tera::default();
    for name in TEMPLATES {
        let path = dir.join(name);
        let text = super::sources::read_text(&super::sources::project_of(dir), &path)?;
        tera.add_raw_template(name, &text)
            .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    }
    tera.register_filter("num", |n: i64, _: Kwargs, _: &State| {
        let sign = if n < 0 { "-" } else { "" };
        format!("{sign}{}", grouped(n.unsigned_abs()))
    });
    Ok(tera)
}

/// Each figure's `<figure>` block, from `templates/figure.html`.
fn figure_snippets(
    tera: &Tera,
    figures: &[Computed],
    numbers: &BTreeMap<String, usize>,
) -> Result<BTreeMap<String, String>> {
    let mut snippets = BTreeMap::new();
    for f in figures {
        let mut context = Context::new();
        context.insert("id", &f.figure.id.0);
        context.insert("number", &numbers[&f.figure.id.0]);
        context.insert("caption", &f.figure.caption);
        context.insert("note", &f.note);
        let html = tera
            .render("figure.html", &context)
            .map_err(|e| anyhow!("templates/figure.html: {e}"))?;
        // Markdown ends an HTML block at a blank line: keep the block whole.
        let html: Vec<&str> = html.lines().filter(|l| !l.trim().is_empty()).collect();
        snippets.insert(f.figure.id.0.clone(), html.join("\n"));
    }
    Ok(snippets)
}

fn register_content_functions(
    tera: &mut Tera,
    figures: &[Computed],
    numbers: &BTreeMap<String, usize>,
    snippets: BTreeMap<String, String>,
) {
    let snippets = Arc::new(snippets);
    tera.register_function(
        "figure",
        move |kwargs: Kwargs, _: &State| -> tera::TeraResult<Value> {
            let id: String = kwargs.must_get("id")?;
            let html = snippets
                .get(&id)
                .ok_or_else(|| tera::Error::message(format!("no figure `{id}`")))?;
            Ok(Value::safe_string(html))
        },
    );
    let refs: Arc<BTreeMap<String, String>> = Arc::new(
        figures
            .iter()
            .map(|f| {
                let number = numbers[&f.figure.id.0];
                let link = format!(
                    "<a href=\"{}.html#fig-{}\">Figure {number}</a>",
                    f.figure.page, f.figure.id
                );
                (f.figure.id.0.clone(), link)
            })
            .collect(),
    );
    tera.register_function(
        "ref",
        move |kwargs: Kwargs, _: &State| -> tera::TeraResult<Value> {
            let id: String = kwargs.must_get("id")?;
            let html = refs
                .get(&id)
                .ok_or_else(|| tera::Error::message(format!("no figure `{id}`")))?;
            Ok(Value::safe_string(html))
        },
    );
}

/// A figure id named in content: `figure(id="…")` or `ref(id="…")`.
struct Mention {
    placed: bool,
    id: String,
    line: usize,
    column: usize,
}

fn mentions(text: &str) -> Vec<Mention> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        for (call, placed) in [("figure(id=\"", true), ("ref(id=\"", false)] {
            let mut from = 0;
            while let Some(at) = line[from..].find(call) {
                let start = from + at + call.len();
                let id: String = line[start..].chars().take_while(|&c| c != '"').collect();
                found.push(Mention {
                    placed,
                    id,
                    line: index + 1,
                    column: start + 1,
                });
                from = start;
            }
        }
    }
    found
}

fn render_content(
    tera: &Tera,
    content: &Content,
    data: &BTreeMap<&str, &serde_json::Value>,
) -> Result<String> {
    let mut context = Context::new();
    context.insert("data", data);
    let markdown = tera
        .render_str(&content.text, &context, false)
        .map_err(|e| anyhow!("{}: {e}", content.file.display()))?;
    let mut body = String::new();
    let options = Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES | Options::ENABLE_MATH;
    let events = math::render_events(Parser::new_ext(&markdown, options))
        .map_err(|e| anyhow!("{}: {e}", content.file.display()))?;
    html::push_html(&mut body, events.into_iter());
    Ok(body)
}

/// Every mentioned id exists; every figure of the page is placed once.
fn check_mentions(file: &Path, found: &[Mention], page: &Page, figures: &[Computed]) -> Result<()> {
    let mut errors = Vec::new();
    let at = |line, column, message| Located {
        file: file.to_path_buf(),
        line,
        column,
        message,
    };
    let mut placed: BTreeMap<&str, usize> = BTreeMap::new();
    for m in found {
        match figures.iter().find(|f| f.figure.id.0 == m.id) {
            None => errors.push(at(
                m.line,
                m.column,
                format!("no figure `{}` in figures.yaml", m.id),
            )),
            Some(f) if m.placed && f.figure.page != page.id => errors.push(at(
                m.line,
                m.column,
                format!(
                    "figure `{}` belongs to page `{}`, not `{}`",
                    m.id, f.figure.page, page.id
                ),
            )),
            Some(_) if m.placed => *placed.entry(&m.id).or_insert(0) += 1,
            Some(_) => {}
        }
    }
    for f in figures.iter().filter(|f| f.figure.page == page.id) {
        match placed.get(f.figure.id.0.as_str()).copied().unwrap_or(0) {
            1 => {}
            0 => errors.push(at(
                1,
                1,
                format!(
                    "figure `{}` is never placed: add {{{{ figure(id=\"{}\") }}}}",
                    f.figure.id, f.figure.id
                ),
            )),
            n => errors.push(at(
                1,
                1,
                format!(
                    "figure `{}` is placed {n} times; place it once",
                    f.figure.id
                ),
            )),
        }
    }
    if errors.is_empty() {
        return Ok(());
    }
    let lines: Vec<String> = errors.iter().map(Located::to_string).collect();
    bail!("{}", lines.join("\n"))
}
