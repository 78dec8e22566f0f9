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

use super::template_error::located;
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

/// The page's files as the site holds them, and the engine's module's name
/// there (the page preloads it).
#[derive(Debug, Default)]
pub struct Files {
    pub files: Vec<(PathBuf, Vec<u8>)>,
    pub engine: String,
}

/// The modules, each written under a name with a hash of its bytes in it
/// (`explore/engine.1a2b3c4d5e6f.wasm`), and the scripts that fetch one
/// by name: a browser or a cache in between that keeps a module keeps it
/// under a name no other bytes will have, so a page never pairs new
/// scripts with an old module (the figures' module imports the page's
/// clock: an old one would not load with the new worker, nor the reverse),
/// and a module that did not change keeps its name from one build to the
/// next.
const MODULES: [&str; 2] = ["engine.wasm", "ladder.wasm"];
const NAMING: [&str; 2] = ["explore/explore.js", "explore/worker.js"];

/// `name` (`engine.wasm`) with the first 12 hexadecimal digits of the
/// SHA-256 of `bytes` before its extension.
fn revisioned(name: &str, bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(bytes);
    let hex: String = digest[..6].iter().map(|b| format!("{b:02x}")).collect();
    match name.rsplit_once('.') {
        Some((stem, extension)) => format!("{stem}.{hex}.{extension}"),
        None => format!("{name}.{hex}"),
    }
}

/// The files with the modules renamed and the scripts naming them
/// rewritten; an error if a script that must name a module names none (its
/// template was changed and the renaming would miss it).
fn rename_modules(files: Vec<(PathBuf, Vec<u8>)>) -> Result<Files> {
    let mut renames = Vec::new();
    let mut renamed = Vec::with_capacity(files.len());
    for (path, bytes) in files {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if MODULES.contains(&name) {
            let new = revisioned(name, &bytes);
            renamed.push((path.with_file_name(&new), bytes));
            renames.push((name.to_string(), new));
        } else {
            renamed.push((path, bytes));
        }
    }
    for (path, bytes) in &mut renamed {
        let Some(script) = NAMING.iter().find(|n| path == Path::new(n)) else {
            continue;
        };
        let mut text = String::from_utf8_lossy(bytes).into_owned();
        let mut named = false;
        // A name in quotes (`"engine.wasm"`) or at the end of a path
        // (`"explore/engine.wasm"`).
        for (old, new) in &renames {
            for before in ["\"", "/"] {
                let (from, to) = (format!("{before}{old}\""), format!("{before}{new}\""));
                named |= text.contains(&from);
                text = text.replace(&from, &to);
            }
        }
        if !named {
            anyhow::bail!(
                "templates/{script} names no module (\"engine.wasm\" or \"ladder.wasm\" in quotes): the site could not give it the modules' revisioned names"
            );
        }
        *bytes = text.into_bytes();
    }
    let engine = renames
        .iter()
        .find(|(old, _)| old == MODULES[0])
        .map(|(_, new)| format!("explore/{new}"))
        .unwrap_or_default();
    Ok(Files {
        files: renamed,
        engine,
    })
}

/// Adds the page's template to `tera` and reads its files from
/// `templates/`, the modules renamed by their bytes.
pub fn load(project: &Project, tera: &mut Tera) -> Result<Files> {
    let relative = Path::new("templates").join(TEMPLATE);
    let text = project.read_text(&relative)?;
    tera.add_raw_template(TEMPLATE, &text)
        .map_err(|e| located(&project.path(&relative), &e))?;
    let files = FILES
        .iter()
        .map(|name| Ok((PathBuf::from(name), super::script::read(project, name)?)))
        .collect::<Result<Vec<_>>>()?;
    rename_modules(files)
}

/// Renders `explore.html` in the site's frame (`base.html`); `context` is
/// what every page's template sees (the site, the pages); `engine` the
/// engine's module, which the page preloads.
pub fn render(tera: &Tera, mut context: Context, engine: &str) -> Result<Vec<u8>, tera::Error> {
    context.insert("current", "explore");
    context.insert("engine_module", engine);
    context.insert("title_id", "explore");
    Ok(tera.render(TEMPLATE, &context)?.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(worker: &str) -> Vec<(PathBuf, Vec<u8>)> {
        [
            ("explore/explore.js", "fetch(\"explore/engine.wasm\")\n"),
            ("explore/worker.js", worker),
            ("explore/engine.wasm", "engine bytes"),
            ("explore/ladder.wasm", "ladder bytes"),
        ]
        .iter()
        .map(|(name, text)| (PathBuf::from(name), text.as_bytes().to_vec()))
        .collect()
    }

    #[test]
    fn each_module_is_named_by_its_bytes_and_the_scripts_by_that_name() {
        let site = rename_modules(files("x ? \"ladder.wasm\" : \"engine.wasm\"\n")).unwrap();
        let engine = revisioned("engine.wasm", b"engine bytes");
        let ladder = revisioned("ladder.wasm", b"ladder bytes");
        assert!(engine.starts_with("engine.") && engine.ends_with(".wasm") && engine.len() == 24);
        assert_ne!(engine, revisioned("engine.wasm", b"engine bytes!"));
        assert_eq!(site.engine, format!("explore/{engine}"));
        let text = |name: &str| {
            let (_, bytes) = site
                .files
                .iter()
                .find(|(p, _)| p == Path::new(name))
                .unwrap();
            String::from_utf8(bytes.clone()).unwrap()
        };
        assert_eq!(
            text("explore/explore.js"),
            format!("fetch(\"explore/{engine}\")\n")
        );
        assert_eq!(
            text("explore/worker.js"),
            format!("x ? \"{ladder}\" : \"{engine}\"\n")
        );
        assert_eq!(text(&format!("explore/{ladder}")), "ladder bytes");
        assert!(!site.files.iter().any(|(p, _)| p.ends_with("engine.wasm")));
    }

    #[test]
    fn a_script_that_names_no_module_is_an_error() {
        let error = rename_modules(files("fetch(module)\n")).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("templates/explore/worker.js names no module"),
            "{error}"
        );
    }
}
