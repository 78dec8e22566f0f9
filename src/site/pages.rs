//! Pages: each `content/<page>.md` is a Tera template over the computed
//! figure data, then Markdown, then placed in `templates/page.html`.
//!
//! The content syntax, all of it:
//! - `{{ figure(id="cert-1-3-4") }}` on a line of its own places a figure
//!   (its image, number, caption, search range, data link and command);
//! - `{{ ref(id="cert-1-3-4") }}` writes a link "Figure 1" to it;
//! - `$…$` and `$$…$$` are mathematics, rendered to MathML;
//! - "Theorem P", "Theorem C", "Theorem C⁺" and "Theorem M" in the prose link to their
//!   statements on the proofs page ([`super::theorems`]), whose headings
//!   name their ids: `## Theorem P: … { #theorem-p }` ([`headings`]);
//! - `{{ data["cert-1-3-4"].period }}` reads a number from a figure's data,
//!   and `| num` groups its thousands (`117,649`).
//!
//! Every figure of a page must be placed on it exactly once, and an id that
//! names no figure is an error located in the content file. Every link
//! between the site's files must reach its file and id ([`links`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use pulldown_cmark::{Options, Parser, html};
use serde::{Deserialize, Serialize};
use tera::{Context, Kwargs, State, Tera, Value};

use super::headings::{self, Slugger};
use super::placement::{self, Placements};
use super::references::{self, Citations};
use super::template_error::located;
use super::{
    Files, figure_block, json, links, math, navigation, provenance, reproduce, theorems, wording,
};
use super::{
    atlas, code_links, command_line, explore, notes, proof_folds, prose_tables, script, search,
    stylesheet,
};
use crate::figures::Computed;
use crate::manifest::{Manifest, Page, Part};
use crate::project::{Located, Project};
use crate::text::numbers::grouped;
use crate::text::shown;

/// The template files a site needs, all in `templates/`.
const TEMPLATES: [&str; 6] = [
    "base.html",
    "page.html",
    "index.html",
    "figure.html",
    "figure-alone.html",
    search::TEMPLATE,
];
/// The site's scripts, copied without their comments (`script`): the one
/// a page with a grid or strip loads, and the one it loads when a reader
/// reaches for a drawing, which names the drawing's cells; the search
/// page's; the one that marks, in a page's contents, the section read.
const SCRIPTS: [&str; 4] = ["cells.js", "cell-names.js", "search.js", "contents.js"];
/// The site's one stylesheet, `style.css`, is these rooms of
/// `templates/style/` joined in this order: the page first, print last (a
/// later rule wins a tie of specificity, and print overrides the screen).
const STYLE: [&str; 11] = [
    "style/page.css",
    "style/navigation.css",
    "style/search.css",
    "style/figures.css",
    "style/tables.css",
    "style/atlas.css",
    "style/math.css",
    "style/editorial.css",
    "style/notes.css",
    "style/alone.css",
    "style/print.css",
];

/// A page as the templates see it.
#[derive(Deserialize, Serialize)]
struct PageView<'a> {
    id: &'a str,
    /// In the manual rather than the essays.
    manual: bool,
    title: &'a str,
    /// The navigation's label: the manifest's `nav`, else the title.
    nav: &'a str,
    summary: &'a str,
    figures: usize,
}

/// Everything a site's pages are made from besides the figures: the
/// templates (parsed), each page's content (read, and parsed as a template
/// so its syntax is checked), the bibliography, the stylesheet and the
/// sources' revision. Read by [`Sources::read`] before any figure is
/// computed, so a bad input of any kind is refused at once, not after the
/// figures' minutes of work.
pub struct Sources {
    tera: Tera,
    contents: Vec<Content>,
    placements: Placements,
    citations: Citations,
    style: Vec<u8>,
    scripts: Vec<(PathBuf, Vec<u8>)>,
    /// The Explore page's script, worker and module.
    explore: explore::Files,
    /// The atlas's script, on a site with an atlas.
    atlas: Vec<(PathBuf, Vec<u8>)>,
    revision: String,
}

impl Sources {
    /// Reads and checks every source of `manifest`'s pages.
    pub fn read(project: &Project, manifest: &Manifest) -> Result<Sources> {
        let mut tera = load_templates(project)?;
        let contents = read_contents(project, manifest)?;
        let pages = manifest
            .figures
            .iter()
            .map(|f| (f.id.0.clone(), f.page.0.clone()))
            .collect();
        let placements = Placements::register(&mut tera, pages);
        let citations = Citations::register(&mut tera, references::load(project)?);
        for content in &contents {
            let name = content.file.to_string_lossy();
            tera.add_raw_template(&name, &content.text)
                .map_err(|e| located(&content.file, &e))?;
        }
        let rooms = STYLE
            .iter()
            .map(|name| project.template(name))
            .collect::<Result<Vec<_>>>()?;
        let style = stylesheet::join(rooms.iter().map(Vec::as_slice));
        let scripts = SCRIPTS
            .iter()
            .map(|&name| Ok((PathBuf::from(name), script::read(project, name)?)))
            .collect::<Result<Vec<_>>>()?;
        let explore = if manifest.site.explore {
            explore::load(project, &mut tera)?
        } else {
            explore::Files::default()
        };
        let explore_sources = explore::sources(manifest.site.explore);
        let has_atlas = atlas::wanted(manifest);
        let atlas = if has_atlas {
            atlas::load(project, &mut tera)?
        } else {
            Vec::new()
        };
        let sources: Vec<&str> = TEMPLATES
            .iter()
            .chain(&STYLE)
            .chain(&SCRIPTS)
            .chain(explore_sources)
            .chain(atlas::sources(has_atlas))
            .copied()
            .collect();
        let revision = provenance::revision(project, manifest, &sources)?;
        Ok(Sources {
            tera,
            contents,
            placements,
            citations,
            style,
            scripts,
            explore,
            atlas,
            revision,
        })
    }
}

/// Renders the whole site in memory from its `sources` and computed
/// `figures`.
///
/// The content is rendered twice: first to count each page's placements
/// (which numbers the figures, so a `ref` may come before its figure), then
/// for the page, with the figures' blocks put in place.
pub fn render(
    project: &Project,
    sources: Sources,
    manifest: &Manifest,
    figures: &[Computed],
) -> Result<Files> {
    let templates = project.path("templates");
    let Sources {
        tera,
        contents,
        placements,
        citations,
        style,
        scripts,
        explore,
        atlas: atlas_files,
        revision,
    } = sources;

    let (manual, essays): (Vec<PageView>, Vec<PageView>) = page_views(manifest, figures)
        .into_iter()
        .partition(|v| v.manual);
    // Made a template value once: its maps and lists are shared, so each
    // page's context takes it for the price of a pointer (the figures' data
    // are megabytes, and converting them for every page was most of a build).
    let data = Value::from_serializable(
        &figures
            .iter()
            .map(|f| (f.figure.id.0.as_str(), &f.json))
            .collect::<BTreeMap<&str, &serde_json::Value>>(),
    );
    // What the content may read of the site: its title, its revision and
    // the revision's date (the colophon prints them).
    let site = site_view(manifest, revision);
    let frame = Frame {
        site: &site,
        essays: &essays,
        manual: &manual,
        // The templates link the primer's words only on a site that has one.
        has_primer: essays.iter().any(|v| v.id == "primer"),
    };

    let mut placed = Vec::new();
    for (page, content) in manifest.pages.iter().zip(&contents) {
        placements.begin(&page.id.0, None);
        render_template(&tera, content, &data, &site)?;
        placed.push(placements.placed());
    }
    check_placed(manifest, figures, &placed)?;
    let numbers = number_figures(&placed);
    let blocks = figure_block::render(&tera, figures, &numbers, manifest.site.explore)?;
    placements.set_links(links(figures, &numbers));

    let renderer = Renderer {
        tera: &tera,
        placements: &placements,
        citations: &citations,
        frame: &frame,
        data: &data,
        template: templates.join("page.html"),
    };
    let mut files = Files::new();
    for ((page, content), placed) in manifest.pages.iter().zip(&contents).zip(&placed) {
        let blocks: Vec<String> = placed.iter().map(|id| blocks[id].clone()).collect();
        let html = renderer.page(page, content, &blocks)?;
        files.insert(
            PathBuf::from(format!("{}.html", page.id)),
            html.into_bytes(),
        );
    }
    let index = render_index(&tera, &frame, manifest, &data, figures)
        .map_err(|e| located(&templates.join("index.html"), &e))?;
    files.insert(PathBuf::from("index.html"), index.into_bytes());
    if manifest.site.explore {
        let page = explore::render(&tera, frame.context(), &explore.engine)
            .map_err(|e| located(&templates.join(explore::TEMPLATE), &e))?;
        files.insert(PathBuf::from(explore::PAGE), page);
        files.extend(explore.files);
    }
    if let Some((data, page)) = atlas::data(figures)? {
        files.extend(atlas::pages(&tera, &data, &page, frame.context())?);
        files.extend(atlas_files);
    }

    files.extend(figure_files(figures));
    let pages = serde_json::to_value(frame.essays)?;
    let manual = serde_json::to_value(frame.manual)?;
    files.extend(figure_block::alone_pages(
        &tera, figures, &numbers, manifest, &site, &pages, &manual,
    )?);
    let searched = search_files(&tera, &frame, &files, &templates)?;
    files.extend(searched);
    files.insert(PathBuf::from("style.css"), style);
    files.extend(scripts);
    links::check(&files)?;
    Ok(files)
}

/// The search page and its index, read from the pages as rendered: the
/// essays, then the manual.
fn search_files(
    tera: &Tera,
    frame: &Frame,
    files: &Files,
    templates: &Path,
) -> Result<Vec<(PathBuf, Vec<u8>)>> {
    let listed: Vec<(String, &str)> = frame
        .essays
        .iter()
        .chain(frame.manual)
        .map(|v| (format!("{}.html", v.id), v.title))
        .collect();
    let template = templates.join(search::TEMPLATE);
    let revision = frame.site["revision"].as_str().unwrap_or_default();
    search::files(tera, frame.context(), files, &listed, revision, &template)
}

/// Each page as the navigation and the index list it.
fn page_views<'a>(manifest: &'a Manifest, figures: &[Computed]) -> Vec<PageView<'a>> {
    manifest
        .pages
        .iter()
        .map(|p| PageView {
            id: &p.id.0,
            manual: p.part == Part::Manual,
            title: &p.title,
            nav: p.nav.as_deref().unwrap_or(&p.title),
            summary: &p.summary,
            figures: figures.iter().filter(|f| f.figure.page == p.id).count(),
        })
        .collect()
}

/// What every page's template reads besides its own: the site, the essays
/// in order for the navigation, the manual's pages for its contents, and
/// whether there is a primer to link.
struct Frame<'a> {
    site: &'a serde_json::Value,
    essays: &'a [PageView<'a>],
    manual: &'a [PageView<'a>],
    has_primer: bool,
}

impl Frame<'_> {
    /// A template context holding the frame.
    fn context(&self) -> Context {
        let mut context = Context::new();
        context.insert("site", self.site);
        context.insert("pages", self.essays);
        context.insert("manual", self.manual);
        context.insert("primer", &self.has_primer);
        context
    }
}

/// What the essays' pages are rendered with, once the figures are placed
/// and numbered.
struct Renderer<'a> {
    tera: &'a Tera,
    placements: &'a Placements,
    citations: &'a Citations,
    frame: &'a Frame<'a>,
    data: &'a Value,
    /// `templates/page.html`, named in its errors.
    template: PathBuf,
}

impl Renderer<'_> {
    /// A page, placed in its part's order: its content with `blocks` in
    /// place, its references, its headings anchored and its contents, in
    /// `page.html`.
    fn page(&self, page: &Page, content: &Content, blocks: &[String]) -> Result<String> {
        let views = match page.part {
            Part::Essays => self.frame.essays,
            Part::Manual => self.frame.manual,
        };
        let index = views
            .iter()
            .position(|v| v.id == page.id.0)
            .ok_or_else(|| anyhow!("page `{}` is in no part of the site", page.id))?;
        self.citations.begin();
        let body = render_content(
            self.tera,
            self.placements,
            page,
            content,
            self.data,
            self.frame.site,
            blocks,
        )?;
        // Previews first: they number the citations the references link
        // back to.
        let mut body = self.citations.previews(&body);
        body.push_str(&self.citations.section());
        let mut slugger = Slugger::for_page(&body);
        let title_id = slugger.id(&page.title);
        let (body, sections) = headings::anchor(&body, &mut slugger)
            .map_err(|e| anyhow!("{}: {e}", shown::file(&content.file)))?;
        let (previous, next) = navigation::neighbours(index, views.len());
        let mut context = self.frame.context();
        context.insert("current", &page.id.0);
        context.insert("page", &views[index]);
        context.insert("title_id", &title_id);
        context.insert("contents", navigation::contents(&sections));
        context.insert("previous", &previous.map(|i| &views[i]));
        context.insert("next", &next.map(|i| &views[i]));
        context.insert_value("body", Value::safe_string(&body));
        self.tera
            .render("page.html", &context)
            .map_err(|e| located(&self.template, &e))
    }
}

/// The landing page: it shows a figure and asks the question it answers,
/// so it reads the figures' data and their drawings' sizes.
fn render_index(
    tera: &Tera,
    frame: &Frame,
    manifest: &Manifest,
    data: &Value,
    figures: &[Computed],
) -> Result<String, tera::Error> {
    let mut context = frame.context();
    context.insert("current", "index");
    context.insert("title_id", &headings::slug(&manifest.site.title));
    context.insert_value("data", data.clone());
    context.insert("drawings", &drawings(figures));
    tera.render("index.html", &context)
}

/// Each figure's drawings as a template places them: sizes, description
/// and page.
fn drawings(figures: &[Computed]) -> serde_json::Value {
    let drawings = figures.iter().filter_map(|f| {
        let image = super::figure_image::read(f.drawing.svg.as_deref()?);
        let phone = f
            .drawing
            .phone_svg
            .as_deref()
            .map(super::figure_image::read);
        let view = serde_json::json!({
            "width": image.width,
            "height": image.height,
            "description": image.description,
            "phone": phone.map(|p| serde_json::json!({ "width": p.width, "height": p.height })),
            "page": f.figure.page.0,
        });
        Some((f.figure.id.0.clone(), view))
    });
    serde_json::Value::Object(drawings.collect())
}

/// A page's content file, read.
struct Content {
    file: PathBuf,
    text: String,
}

fn read_contents(project: &Project, manifest: &Manifest) -> Result<Vec<Content>> {
    let mut contents = Vec::new();
    for page in &manifest.pages {
        let file = Path::new("content").join(&page.content);
        let text = project.read_text(&file)?;
        if let Some((index, line)) = text
            .lines()
            .enumerate()
            .find(|(_, line)| line.contains(placement::MARK))
        {
            let column = line[..line.find(placement::MARK).unwrap_or(0)]
                .chars()
                .count()
                + 1;
            let error = Located {
                file: file.clone(),
                line: index + 1,
                column,
                message: format!(
                    "U+{:04X} is a private-use character ladder reserves",
                    u32::from(placement::MARK)
                ),
            };
            bail!("{error}");
        }
        contents.push(Content { file, text });
    }
    Ok(contents)
}

/// Figures are numbered per page in the order the prose places them.
fn number_figures(placed: &[Vec<String>]) -> BTreeMap<String, usize> {
    placed
        .iter()
        .flat_map(|ids| ids.iter().enumerate().map(|(i, id)| (id.clone(), i + 1)))
        .collect()
}

/// Each figure's `ref` link: "Figure 3", to its page and anchor.
fn links(figures: &[Computed], numbers: &BTreeMap<String, usize>) -> BTreeMap<String, String> {
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
        .collect()
}

/// Each figure's SVG and data file.
pub fn figure_files(figures: &[Computed]) -> Files {
    let mut files = Files::new();
    for f in figures {
        let id = &f.figure.id;
        let drawings = [
            (&f.drawing.svg, &f.drawing.cells, ""),
            (&f.drawing.phone_svg, &f.drawing.phone_cells, ".phone"),
        ];
        for (svg, cells, variant) in drawings {
            let Some(svg) = svg else { continue };
            let name = format!("figures/{id}{variant}");
            if !cells.is_empty() {
                let json = cells.to_json().into_bytes();
                files.insert(PathBuf::from(format!("{name}.cells.json")), json);
            }
            files.insert(
                PathBuf::from(format!("{name}.svg")),
                svg.clone().into_bytes(),
            );
        }
        if let Some(csv) = f.drawing.csv() {
            files.insert(PathBuf::from(format!("data/{id}.csv")), csv.into_bytes());
        }
        files.insert(
            PathBuf::from(format!("data/{id}.json")),
            json::to_string(&f.json).into_bytes(),
        );
    }
    files
}

/// The `site` the templates see: the manifest's `site:` block and the
/// sources' revision (for the footer).
fn site_view(manifest: &Manifest, revision: String) -> serde_json::Value {
    serde_json::json!({
        "title": manifest.site.title,
        "summary": manifest.site.summary,
        "repository": manifest.site.repository,
        "author": manifest.site.author,
        "revision": revision,
        "updated": manifest.site.updated.map(|d| d.written()),
        // The year a citation gives (BibTeX's `year`).
        "year": manifest.site.updated.map(|d| d.year),
        "explore": manifest.site.explore,
    })
}

fn load_templates(project: &Project) -> Result<Tera> {
    let mut tera = Tera::default();
    // Filters first: a template is checked for unknown filters as it is added.
    tera.register_filter("num", |n: i64, _: Kwargs, _: &State| {
        let sign = if n < 0 { "-" } else { "" };
        format!("{sign}{}", grouped(n.unsigned_abs()))
    });
    tera.register_filter("css_string", |text: &str, _: Kwargs, _: &State| {
        css_string(text)
    });
    wording::register(&mut tera);
    command_line::register(&mut tera);
    for name in TEMPLATES {
        let relative = Path::new("templates").join(name);
        let path = project.path(&relative);
        let text = project.read_text(&relative)?;
        tera.add_raw_template(name, &text)
            .map_err(|e| located(&path, &e))?;
    }
    Ok(tera)
}

/// Text for the inside of a quoted CSS string in a `<style>`: a quote or a
/// backslash escaped, and `<` (which could close the element), line breaks
/// and other control characters written as code points.
fn css_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '<' | '>' | '&' => out.push_str(&format!("\\{:x} ", u32::from(c))),
            c if c.is_control() => out.push_str(&format!("\\{:x} ", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

/// Renders a page's content as a template: Markdown with the placements'
/// stand-ins.
fn render_template(
    tera: &Tera,
    content: &Content,
    data: &Value,
    site: &serde_json::Value,
) -> Result<String> {
    let mut context = Context::new();
    context.insert_value("data", data.clone());
    context.insert("site", site);
    tera.render_str(&content.text, &context, false)
        .map_err(|e| located(&content.file, &e))
}

/// A page's body: its content rendered, each figure's block put in place,
/// then Markdown (and mathematics) to HTML.
fn render_content(
    tera: &Tera,
    placements: &Placements,
    page: &Page,
    content: &Content,
    data: &Value,
    site: &serde_json::Value,
    blocks: &[String],
) -> Result<String> {
    placements.begin(&page.id.0, None);
    let markdown = render_template(tera, content, data, site)?;
    let markdown = references::group_adjacent(&markdown);
    let markdown = match placement::put_in_place(&markdown, blocks) {
        Ok(markdown) => markdown,
        Err(index) => {
            // Render again, refusing that placement, for Tera to locate it.
            placements.begin(&page.id.0, Some(index));
            render_template(tera, content, data, site)?;
            bail!(
                "{}: a figure is placed inside other text: put it on a line of its own",
                shown::file(&content.file)
            );
        }
    };
    let mut body = String::new();
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_MATH
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_HEADING_ATTRIBUTES;
    let events = theorems::link_events(Parser::new_ext(&markdown, options));
    let events = if page.link_codes {
        code_links::link_events(events.into_iter())
    } else {
        events
    };
    let events = reproduce::boxes(events);
    let events = notes::beside(events).map_err(|message| {
        // At the note's label, where it is written or referred to.
        let label = message.split("[^").nth(1).and_then(|l| l.split(']').next());
        let needle = label.map(|label| format!("[^{label}]")).unwrap_or_default();
        located_at(content, &needle, message)
    })?;
    let events = proof_folds::folded(events);
    let events = prose_tables::framed(events);
    // At the formula's first appearance in the source.
    let events = math::render_events(events.into_iter())
        .map_err(|e| located_at(content, &e.latex, e.message))?;
    html::push_html(&mut body, events.into_iter());
    Ok(body)
}

/// An error in `content` located at the first line holding `needle` (the
/// file's start when none does or `needle` is empty).
fn located_at(content: &Content, needle: &str, message: String) -> anyhow::Error {
    let (line, column) = content
        .text
        .lines()
        .enumerate()
        .find_map(|(i, line)| {
            let at = line.find(needle).filter(|_| !needle.is_empty())?;
            Some((i + 1, line[..at].chars().count() + 1))
        })
        .unwrap_or((1, 1));
    let error = Located {
        file: content.file.clone(),
        line,
        column,
        message,
    };
    anyhow!("{error}")
}

/// Every figure is placed on its page: one never placed is an error at its
/// entry in the manifest (placed twice, on another page or unknown are
/// refused by the `figure` function itself, where Tera locates them).
fn check_placed(manifest: &Manifest, figures: &[Computed], placed: &[Vec<String>]) -> Result<()> {
    let errors: Vec<String> = figures
        .iter()
        .filter(|f| !placed.iter().flatten().any(|id| *id == f.figure.id.0))
        .map(|f| {
            let content = manifest
                .pages
                .iter()
                .find(|p| p.id == f.figure.page)
                .map_or(String::new(), |p| p.content.clone());
            f.figure
                .error(format!(
                    "is never placed: add {{{{ figure(id=\"{}\") }}}} on a line of its own in content/{content}",
                    f.figure.id
                ))
                .to_string()
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        bail!("{}", errors.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::css_string;

    #[test]
    fn a_css_string_cannot_end_its_quotes_or_its_style() {
        assert_eq!(css_string("ladder"), "ladder");
        assert_eq!(css_string(r#"a "b" \ c"#), r#"a \"b\" \\ c"#);
        assert_eq!(css_string("</style>\n"), "\\3c /style\\3e \\a ");
    }
}
