//! The Explore page: a form, and the engine's WebAssembly module that
//! answers it in the reader's browser (built from `web/` by `web/build`,
//! committed as `templates/explore/engine.wasm`, 140 KB gzipped; the
//! essays' figure kinds and tables are in a second module, `ladder.wasm`,
//! fetched only when a reader redraws one). The page and its files are the
//! only things of the site that run code; an essay with a figure of a rule
//! loads `answer.js` (1 KB: the button), and `change.js` and a module only
//! when the reader asks for another rule.

use std::path::{Path, PathBuf};

use anyhow::Result;
use tera::{Context, Tera};

use super::pages::located;
use crate::project::Project;

/// The page's template, in `templates/`, and the page it renders.
pub const TEMPLATE: &str = "explore.html";
pub const PAGE: &str = "explore.html";

/// The page's files, copied from `templates/` to the same place in the
/// site: the script an essay's rule figure loads to answer back (the only
/// file an essay loads before a reader asks: its button), the script that
/// button loads, the page's stylesheet (apart from `style.css`, which every
/// essay loads), its script, the worker that runs the modules, the
/// modules (the engine's, and the figures').
pub const FILES: [&str; 7] = [
    "explore/answer.js",
    "explore/change.js",
    "explore/explore.css",
    "explore/explore.js",
    "explore/worker.js",
    "explore/engine.wasm",
    "explore/ladder.wasm",
];

/// The page's sources, which the sources' revision covers: none on a site
/// without the page.
pub fn sources(wanted: bool) -> &'static [&'static str] {
    const ALL: [&str; 6] = [TEMPLATE, FILES[0], FILES[1], FILES[2], FILES[3], FILES[4]];
    if wanted { &ALL } else { &[] }
}

/// Adds the page's template to `tera` and reads its files from
/// `templates/`.
pub fn load(project: &Project, tera: &mut Tera) -> Result<Vec<(PathBuf, Vec<u8>)>> {
    let relative = Path::new("templates").join(TEMPLATE);
    let text = project.read_text(&relative)?;
    tera.add_raw_template(TEMPLATE, &text)
        .map_err(|e| located(&project.path(&relative), &e))?;
    FILES
        .iter()
        .map(|name| Ok((PathBuf::from(name), super::script::read(project, name)?)))
        .collect()
}

/// Renders `explore.html` in the site's frame (`base.html`); `context` is
/// what every page's template sees (the site, the pages).
pub fn render(tera: &Tera, mut context: Context) -> Result<Vec<u8>, tera::Error> {
    context.insert("current", "explore");
    context.insert("title_id", "explore");
    Ok(tera.render(TEMPLATE, &context)?.into_bytes())
}
