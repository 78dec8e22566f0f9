//! The revision a site was built from, for its footer.
//!
//! Not the git commit: `output/` is committed, so a commit hash would change
//! with every commit of the output and `ladder check` could never agree. The
//! revision is instead a hash of the bytes the pages are rendered from
//! (`figures.yaml`, each page's content file, the templates, the records
//! figures read), in sorted path
//! order: the same sources give the same footer on every machine.

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::figures::cache::fnv1a;
use crate::manifest::Manifest;
use crate::project::Project;

/// The source files of a site, relative to the project: the manifest, each
/// page's content, the `templates` files and the committed records figures
/// read (`records/`), sorted.
pub fn source_files(manifest: &Manifest, templates: &[&str]) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::iter::once(PathBuf::from("figures.yaml"))
        .chain(
            manifest
                .pages
                .iter()
                .map(|p| Path::new("content").join(&p.content)),
        )
        .chain(templates.iter().map(|t| Path::new("templates").join(t)))
        .chain(manifest.figures.iter().filter_map(|f| match &f.spec {
            crate::figures::FigureSpec::UnsolvedOctal(params) => {
                Some(Path::new("records").join(&params.sweep))
            }
            _ => None,
        }))
        .collect();
    files.sort();
    files.dedup();
    files
}

/// FNV-1a (64 bits) over each file's path, its length and its bytes, in the
/// order given, as 16 hexadecimal digits. The length keeps two files'
/// bytes from running into each other.
pub fn hash(files: &[(PathBuf, Vec<u8>)]) -> String {
    let mut h = 0;
    for (path, bytes) in files {
        h = fnv1a(path.to_string_lossy().as_bytes(), h);
        h = fnv1a(&(bytes.len() as u64).to_le_bytes(), h);
        h = fnv1a(bytes, h);
    }
    format!("{h:016x}")
}

/// The revision of the project's sources.
pub fn revision(project: &Project, manifest: &Manifest, templates: &[&str]) -> Result<String> {
    let mut read = Vec::new();
    for file in source_files(manifest, templates) {
        let bytes = project.read(&file)?;
        read.push((file, bytes));
    }
    Ok(hash(&read))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Vec<(PathBuf, Vec<u8>)> {
        list.iter()
            .map(|(p, b)| (PathBuf::from(p), b.as_bytes().to_vec()))
            .collect()
    }

    #[test]
    fn the_hash_is_stable() {
        let a = files(&[("content/a.md", "one"), ("figures.yaml", "site:")]);
        assert_eq!(hash(&a), hash(&a.clone()));
        // Pinned: a change here changes every footer.
        assert_eq!(hash(&a).len(), 16);
        assert_eq!(hash(&[]), "0000000000000000");
    }

    #[test]
    fn any_byte_or_name_changes_it() {
        let a = hash(&files(&[("a", "xy"), ("b", "z")]));
        assert_ne!(a, hash(&files(&[("a", "x"), ("b", "yz")])));
        assert_ne!(a, hash(&files(&[("a", "xy"), ("c", "z")])));
        assert_ne!(a, hash(&files(&[("a", "xy"), ("b", "Z")])));
    }
}
