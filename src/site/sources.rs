//! The files a build reads from the project to publish them: each page's
//! content and the templates (the static files included).
//!
//! Whatever a build reads may end up on the public site, so a manifest or
//! a link must not be able to point it at `/etc/passwd` or
//! `/proc/self/environ`. A page's `content:` is a plain file name in
//! `content/`, and every file read is canonicalised and must lie inside
//! the project (the folder holding `figures.yaml`): a link is followed only
//! when it stays there.

use std::fs;
use std::path::{Component, Path, PathBuf};

use anyhow::{Result, anyhow};

/// Checks a page's `content:` and finds its file in `content_dir`: a plain
/// file name, naming a file that (through any links) stays in the project,
/// the folder above `content_dir`. The error is a sentence about page `page`.
pub fn content_file(content_dir: &Path, page: &str, name: &str) -> Result<PathBuf, String> {
    let mut parts = Path::new(name).components();
    let plain = matches!(
        (parts.next(), parts.next()),
        (Some(Component::Normal(_)), None)
    ) && !name.contains(['/', '\\', '\0']);
    if !plain {
        return Err(format!(
            "page `{page}`: content `{name}` must be a file name in content/ \
             (no folder, no `/`, `\\` or `..`)"
        ));
    }
    let path = content_dir.join(name);
    if !path.is_file() {
        return Err(format!(
            "page `{page}` names content `{name}`, which does not exist in {}",
            content_dir.display()
        ));
    }
    inside(&project_of(content_dir), &path, &format!("content/{name}"))
        .map_err(|e| format!("page `{page}`: {e}"))
}

/// Reads `path` as text, after checking that it lies inside `project`.
pub fn read_text(project: &Path, path: &Path) -> Result<String> {
    let bytes = read(project, path)?;
    String::from_utf8(bytes).map_err(|_| anyhow!("{} is not UTF-8 text", path.display()))
}

/// Reads `path`, after checking that it lies inside `project`.
pub fn read(project: &Path, path: &Path) -> Result<Vec<u8>> {
    let shown = path.display().to_string();
    let real = inside(project, path, &shown).map_err(|e| anyhow!(e))?;
    fs::read(&real).map_err(|e| anyhow!("cannot read {shown}: {e}"))
}

/// The real path of `path`, after checking that it lies inside `project`
/// (for a file read by a reader of its own, such as `references.yaml`).
pub fn resolve(project: &Path, path: &Path) -> Result<PathBuf> {
    inside(project, path, &path.display().to_string()).map_err(|e| anyhow!(e))
}

/// The folder holding `dir` (`content/` or `templates/`): the project.
pub fn project_of(dir: &Path) -> PathBuf {
    match dir.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The canonical path of `path` if it lies in `project`; `shown` names it in errors.
fn inside(project: &Path, path: &Path, shown: &str) -> Result<PathBuf, String> {
    let root = fs::canonicalize(project)
        .map_err(|e| format!("cannot read the project folder {}: {e}", project.display()))?;
    let real = fs::canonicalize(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    if !real.starts_with(&root) {
        return Err(format!(
            "{shown} is a link to a file outside the project ({}): a build publishes only \
             files of the project",
            real.display()
        ));
    }
    Ok(real)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_plain_name_is_a_content_file() {
        let project = tempfile::tempdir().unwrap();
        let content = project.path().join("content");
        fs::create_dir(&content).unwrap();
        fs::write(content.join("page.md"), "text").unwrap();
        assert!(content_file(&content, "p", "page.md").is_ok());
        for bad in [
            "/etc/passwd",
            "../figures.yaml",
            "a/page.md",
            "..",
            ".",
            "",
            "a\\b",
        ] {
            let error = content_file(&content, "p", bad).unwrap_err();
            assert!(
                error.contains("must be a file name in content/"),
                "{bad}: {error}"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_only_inside_the_project() {
        let project = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("secret"), "SECRET").unwrap();
        fs::write(project.path().join("notes.md"), "notes").unwrap();
        let content = project.path().join("content");
        fs::create_dir(&content).unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret"), content.join("a.md")).unwrap();
        std::os::unix::fs::symlink("../notes.md", content.join("b.md")).unwrap();
        let error = content_file(&content, "p", "a.md").unwrap_err();
        assert!(error.contains("content/a.md is a link to a file outside the project"));
        assert!(read(project.path(), &content.join("a.md")).is_err());
        assert_eq!(
            read(project.path(), &content.join("b.md")).unwrap(),
            b"notes"
        );
    }
}
