//! The project: the folder holding `figures.yaml`, `content/` and
//! `templates/`, and the one place that decides what a build may read.
//!
//! Whatever a build reads may end up on the public site, so a manifest or
//! a link must not be able to point it at `/etc/passwd` or
//! `/proc/self/environ`. The root is canonicalised once, when the build
//! opens the project; a page's `content:` is a plain file name in
//! `content/`, and every file read is canonicalised and must lie inside the
//! root: a link is followed only when it stays there.

use std::fmt;
use std::fs;
use std::path::{Component, Path, PathBuf};

use anyhow::{Result, anyhow};

use crate::text::shown;

/// The most bytes of a content file, a template or a static file read: a
/// thousand times the largest now.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// The project folder, as given (for messages and for writing beside it)
/// and canonical (for deciding what lies inside it).
#[derive(Debug, Clone)]
pub struct Project {
    root: PathBuf,
    real: PathBuf,
}

impl Project {
    /// Opens the folder `root`; an error if it cannot be resolved.
    pub fn open(root: &Path) -> Result<Project> {
        let real = fs::canonicalize(root)
            .map_err(|e| anyhow!("cannot read the project folder {}: {e}", shown::file(root)))?;
        Ok(Project {
            root: root.to_path_buf(),
            real,
        })
    }

    /// The folder as given.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A file of the project by its path from the root, as messages show it.
    pub fn path(&self, relative: impl AsRef<Path>) -> PathBuf {
        self.root.join(relative)
    }

    /// Checks a page's `content:` and finds its file in `content/`: a plain
    /// file name, naming a file that (through any links) stays in the
    /// project. The error is a sentence about page `page`.
    pub fn content(&self, page: &str, name: &str) -> Result<PathBuf, String> {
        if !is_plain_name(name) {
            return Err(format!(
                "page `{page}`: content `{name}` must be a file name in content/ \
                 (no folder, no `/`, `\\` or `..`)"
            ));
        }
        let content_dir = self.path("content");
        let path = content_dir.join(name);
        if let Ok(meta) = fs::metadata(&path)
            && !meta.is_file()
        {
            return Err(format!(
                "page `{page}`: content `{name}` is {}, not a regular file",
                crate::input::what(&meta.file_type())
            ));
        }
        if !path.is_file() {
            return Err(format!(
                "page `{page}` names content `{name}`, which does not exist in {}",
                shown::file(&content_dir)
            ));
        }
        self.inside(&path, &format!("content/{name}"))
            .map_err(|e| format!("page `{page}`: {e}"))
    }

    /// Reads the committed record `name` of `records/` (a figure's `sweep:`):
    /// a plain file name, inside the project, as UTF-8 text; with its path
    /// as messages show it. The error is a sentence.
    pub fn record(&self, name: &str) -> Result<(PathBuf, String), String> {
        if !is_plain_name(name) {
            return Err(format!(
                "record `{name}` must be a file name in records/ (no folder, no `/`, `\\` or `..`)"
            ));
        }
        let relative = Path::new("records").join(name);
        let text = self.read_text(&relative).map_err(|e| e.to_string())?;
        Ok((self.path(relative), text))
    }

    /// Reads the file at `relative` from the root, after checking that it
    /// lies inside the project: a regular file of at most [`MAX_FILE_BYTES`]
    /// ([`crate::input`]), so a FIFO or a device in its place is refused at
    /// once instead of blocking or filling memory.
    pub fn read(&self, relative: impl AsRef<Path>) -> Result<Vec<u8>> {
        let path = self.path(relative);
        let shown = shown::file(&path);
        let real = self.inside(&path, &shown).map_err(|e| anyhow!(e))?;
        crate::input::read(&real, MAX_FILE_BYTES).map_err(|e| anyhow!("cannot read {shown}: {e}"))
    }

    /// Reads the file at `relative` as UTF-8 text, as [`Project::read`] does.
    pub fn read_text(&self, relative: impl AsRef<Path>) -> Result<String> {
        let relative = relative.as_ref();
        let bytes = self.read(relative)?;
        String::from_utf8(bytes)
            .map_err(|_| anyhow!("{} is not UTF-8 text", shown::file(&self.path(relative))))
    }

    /// Reads the file `name` of `templates/` (a template or a static file).
    pub fn template(&self, name: &str) -> Result<Vec<u8>> {
        self.read(Path::new("templates").join(name))
    }

    /// The canonical path of `path` if it lies in the project; `shown`
    /// names it in errors.
    pub fn inside(&self, path: &Path, shown: &str) -> Result<PathBuf, String> {
        let real = fs::canonicalize(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        if !real.starts_with(&self.real) {
            return Err(format!(
                "{shown} is a link to a file outside the project ({}): a build publishes only \
                 files of the project",
                shown::file(&real)
            ));
        }
        Ok(real)
    }
}

/// Whether `name` is one plain file name: no folder, no `/`, `\\`, `..`
/// or NUL.
fn is_plain_name(name: &str) -> bool {
    let mut parts = Path::new(name).components();
    matches!(
        (parts.next(), parts.next()),
        (Some(Component::Normal(_)), None)
    ) && !name.contains(['/', '\\', '\0'])
}

/// An error located in a file of the project: `figures.yaml`, a page's
/// content, a template, `references.yaml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl Located {
    /// The top of an unnamed file, until the real place is known.
    pub fn top() -> Located {
        Located {
            file: PathBuf::new(),
            line: 1,
            column: 1,
            message: String::new(),
        }
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = shown::file(&self.file);
        let message = shown::message(&self.message);
        write!(f, "{file}:{}:{}: {message}", self.line, self.column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_plain_name_is_a_content_file() {
        let root = tempfile::tempdir().unwrap();
        let content = root.path().join("content");
        fs::create_dir(&content).unwrap();
        fs::write(content.join("page.md"), "text").unwrap();
        let project = Project::open(root.path()).unwrap();
        assert!(project.content("p", "page.md").is_ok());
        for bad in [
            "/etc/passwd",
            "../figures.yaml",
            "a/page.md",
            "..",
            ".",
            "",
            "a\\b",
        ] {
            let error = project.content("p", bad).unwrap_err();
            assert!(
                error.contains("must be a file name in content/"),
                "{bad}: {error}"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_only_inside_the_project() {
        let root = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("secret"), "SECRET").unwrap();
        fs::write(root.path().join("notes.md"), "notes").unwrap();
        let content = root.path().join("content");
        fs::create_dir(&content).unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret"), content.join("a.md")).unwrap();
        std::os::unix::fs::symlink("../notes.md", content.join("b.md")).unwrap();
        let project = Project::open(root.path()).unwrap();
        let error = project.content("p", "a.md").unwrap_err();
        assert!(error.contains("content/a.md is a link to a file outside the project"));
        assert!(project.read("content/a.md").is_err());
        assert_eq!(project.read("content/b.md").unwrap(), b"notes");
    }

    #[test]
    fn a_missing_project_folder_is_an_error_that_names_it() {
        let root = tempfile::tempdir().unwrap();
        let missing = root.path().join("nowhere");
        let error = Project::open(&missing).unwrap_err().to_string();
        assert!(error.contains("cannot read the project folder"), "{error}");
        assert!(error.contains("nowhere"), "{error}");
    }
}
