//! The site's scripts as a reader's browser loads them: without their
//! whole-line comments and their indentation. The comments say why the
//! code is as it is, for the author; a page that is only read would
//! download them (a third of `cells.js`). Only what cannot change the
//! program goes: a line whose first characters are `//`, and the spaces
//! that begin a line (JavaScript ends no statement on indentation, and
//! the scripts' template literals hold CSS and HTML, where it is not read
//! either). A comment after code, and every line break, stay.

/// A file of `templates/` as the site serves it: a script compacted, any
/// other file (the browser's module) as it is.
pub fn read(project: &crate::project::Project, name: &str) -> anyhow::Result<Vec<u8>> {
    let bytes = project.template(name)?;
    Ok(if name.ends_with(".js") {
        compact(&bytes)
    } else {
        bytes
    })
}

/// `script` with its whole-line comments and indentation left out.
pub fn compact(script: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(script);
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let line = line.trim_start();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::compact;

    #[test]
    fn whole_line_comments_and_indentation_go_and_the_code_stays() {
        let script = b"// why\nconst a = 1; // kept\n\n  if (a) {\n    f(\"//x\");\n  }\n";
        assert_eq!(
            String::from_utf8(compact(script)).unwrap(),
            "const a = 1; // kept\nif (a) {\nf(\"//x\");\n}\n"
        );
    }

    #[test]
    fn the_sites_scripts_lose_weight_and_keep_every_statement() {
        for name in [
            "templates/cells.js",
            "templates/cell-names.js",
            "templates/explore/answer.js",
            "templates/explore/change.js",
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
            let script = std::fs::read(path).unwrap();
            let small = compact(&script);
            assert!(
                small.len() * 10 < script.len() * 9,
                "{name}: {}",
                small.len()
            );
            // A tenth lighter at least (change.js, 7,443 -> 6,180), and every
            // line of code is there, in order, but for its indentation.
            let code = |text: &[u8]| -> Vec<String> {
                String::from_utf8_lossy(text)
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with("//"))
                    .map(String::from)
                    .collect()
            };
            assert_eq!(code(&small), code(&script), "{name}");
        }
    }
}
