//! What `ladder serve` answers for a path: files of the site folder only,
//! the reload script, and a 404 page that reloads itself.
//!
//! A request names a file by its URL path, so the path is checked before
//! the file system sees it: each segment is percent-decoded on its own and
//! refused if it is `.`, `..`, empty, or holds `/`, `\\` or NUL (so `%2e%2e`
//! and `%2f` are no way out), and the file found must still lie inside the
//! site folder once every link is followed. Anything else is a 404.

use std::fs;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use super::reload::{self, Live};

/// An answer: what [`super::http`] sends, with the headers every answer
/// carries (`no-store`, `nosniff`, `Connection: close`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub content_type: &'static str,
    /// Where a 301 points; left out if it is not printable ASCII.
    pub location: Option<String>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn new(status: u16, content_type: &'static str, body: Vec<u8>) -> Answer {
        Answer {
            status,
            content_type,
            location: None,
            body,
        }
    }

    /// A plain-text answer.
    pub fn text(status: u16, body: &str) -> Answer {
        Answer::new(
            status,
            "text/plain; charset=utf-8",
            body.as_bytes().to_vec(),
        )
    }
}

/// The answer for the URL path `path` (no query): the reload script, a
/// file of `site`, a redirect from a folder to its `/`, or a 404.
pub fn answer(path: &str, site: &Path, live: &Live) -> Answer {
    if path == reload::SCRIPT_PATH {
        return Answer::new(
            200,
            "text/javascript; charset=utf-8",
            reload::SCRIPT.as_bytes().to_vec(),
        );
    }
    if path.starts_with(reload::PREFIX) {
        return not_found(live);
    }
    match url_path(path).map(|r| locate(site, &r)) {
        Some(Found::File(file)) => file_answer(&file, live),
        Some(Found::Folder) if !path.ends_with('/') => {
            let mut moved = Answer::text(301, "");
            moved.location = Some(format!("{path}/"));
            moved
        }
        _ => not_found(live),
    }
}

/// A URL path (no query) as a path relative to the site folder, or `None`
/// when it is not one: not starting with `/`, a segment that is empty,
/// `.` or `..`, or that decodes to hold `/`, `\` or NUL, or to bytes that
/// are not UTF-8. A path ending in `/` names that folder's `index.html`.
pub fn url_path(path: &str) -> Option<PathBuf> {
    let rest = path.strip_prefix('/')?;
    let mut relative = PathBuf::new();
    if rest.is_empty() {
        return Some(PathBuf::from("index.html"));
    }
    let (rest, folder) = match rest.strip_suffix('/') {
        Some(rest) => (rest, true),
        None => (rest, false),
    };
    for segment in rest.split('/') {
        let name = String::from_utf8(percent_decode(segment)?).ok()?;
        if name.is_empty() || name == "." || name == ".." || name.contains(['/', '\\', '\0']) {
            return None;
        }
        relative.push(name);
    }
    if folder {
        relative.push("index.html");
    }
    Some(relative)
}

/// `%XX` escapes decoded; `None` for a `%` not followed by two hex digits.
fn percent_decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

/// What a relative path names in the site folder.
#[derive(Debug, PartialEq, Eq)]
pub enum Found {
    /// A file inside the site (its real path, every link followed).
    File(PathBuf),
    /// A folder inside the site, asked for without its trailing `/`.
    Folder,
    /// Nothing, or something outside the site.
    Nothing,
}

/// Finds `relative` in `site`, following links only while they stay in it.
pub fn locate(site: &Path, relative: &Path) -> Found {
    let (Ok(root), Ok(real)) = (
        fs::canonicalize(site),
        fs::canonicalize(site.join(relative)),
    ) else {
        return Found::Nothing;
    };
    if !real.starts_with(&root) {
        return Found::Nothing;
    }
    if real.is_file() {
        Found::File(real)
    } else if real.is_dir() {
        Found::Folder
    } else {
        Found::Nothing
    }
}

/// A file of the site; an HTML page gets the reload script.
fn file_answer(file: &Path, live: &Live) -> Answer {
    // The build's name is read before the file: a build that lands between
    // the two makes the page reload once more, never miss the new build.
    let build = live.now().build;
    // A regular file only: a FIFO swapped in after `locate` would block.
    let mut bytes = Vec::new();
    let read = crate::input::open(file).and_then(|mut f| f.read_to_end(&mut bytes));
    if read.is_err() {
        return not_found(live);
    }
    let kind = content_type(file);
    let bytes = if kind.starts_with("text/html") {
        reload::inject(&bytes, &reload::script_tag(&build))
    } else {
        bytes
    };
    Answer::new(200, kind, bytes)
}

/// A 404 that is a page with the reload script: it shows a build error,
/// and turns into the page once a build writes it.
pub fn not_found(live: &Live) -> Answer {
    let page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title>\
         </head><body><p>No such file in the site (ladder serve).</p>{}</body></html>\n",
        reload::script_tag(&live.now().build)
    );
    Answer::new(404, "text/html; charset=utf-8", page.into_bytes())
}

/// The content type for a file, by its extension.
pub fn content_type(file: &Path) -> &'static str {
    let extension = file
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("html" | "htm") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("webp") => "image/webp",
        Some("ico") => "image/x-icon",
        Some("woff2") => "font/woff2",
        Some("woff") => "font/woff",
        Some("txt" | "md") => "text/plain; charset=utf-8",
        Some("xml") => "application/xml",
        Some("pdf") => "application/pdf",
        Some("wasm") => "application/wasm",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_path_becomes_a_relative_path() {
        let cases = [
            ("/", "index.html"),
            ("/octal.html", "octal.html"),
            ("/figures/cert-1-3-4.svg", "figures/cert-1-3-4.svg"),
            ("/data/", "data/index.html"),
            ("/a%20b.html", "a b.html"),
            ("/%C3%A9.html", "é.html"),
            ("/.ladder-output", ".ladder-output"),
        ];
        for (url, relative) in cases {
            assert_eq!(url_path(url), Some(PathBuf::from(relative)), "{url}");
        }
    }

    #[test]
    fn a_way_out_of_the_site_is_refused() {
        for url in [
            "/..",
            "/../figures.yaml",
            "/../../etc/passwd",
            "/figures/../../x",
            "/%2e%2e/figures.yaml",
            "/%2E%2E/%2e%2e/etc/passwd",
            "/.%2e/x",
            "/figures/%2e%2e%2f%2e%2e%2fx",
            "/..%2fx",
            "/..%5cx",
            "/a%00.html",
            "//etc/passwd",
            "/figures//x.svg",
            "/./index.html",
            "/%",
            "/%zz",
            "/%ff.html",
            "etc/passwd",
            "",
            "http://example.org/index.html",
        ] {
            assert_eq!(url_path(url), None, "{url}");
        }
    }

    #[test]
    fn a_file_is_found_only_inside_the_site() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("output");
        fs::create_dir_all(site.join("figures")).unwrap();
        fs::write(site.join("index.html"), "<p>home</p>").unwrap();
        fs::write(dir.path().join("figures.yaml"), "secret").unwrap();
        let real_site = fs::canonicalize(&site).unwrap();
        assert_eq!(
            locate(&site, Path::new("index.html")),
            Found::File(real_site.join("index.html"))
        );
        assert_eq!(locate(&site, Path::new("figures")), Found::Folder);
        assert_eq!(locate(&site, Path::new("missing.html")), Found::Nothing);
        // Even a path that slipped through is caught by the real path's check.
        assert_eq!(locate(&site, Path::new("../figures.yaml")), Found::Nothing);
        assert_eq!(locate(&site, Path::new("/etc/passwd")), Found::Nothing);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_out_of_the_site_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("output");
        fs::create_dir(&site).unwrap();
        fs::write(dir.path().join("secret"), "secret").unwrap();
        fs::write(site.join("page.html"), "page").unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret"), site.join("out.html")).unwrap();
        std::os::unix::fs::symlink("/etc", site.join("etc")).unwrap();
        std::os::unix::fs::symlink("page.html", site.join("in.html")).unwrap();
        assert_eq!(locate(&site, Path::new("out.html")), Found::Nothing);
        assert_eq!(locate(&site, Path::new("etc/passwd")), Found::Nothing);
        let page = fs::canonicalize(site.join("page.html")).unwrap();
        assert_eq!(locate(&site, Path::new("in.html")), Found::File(page));
    }

    #[test]
    fn content_types_follow_the_extension() {
        assert_eq!(
            content_type(Path::new("a.html")),
            "text/html; charset=utf-8"
        );
        assert_eq!(content_type(Path::new("f/x.SVG")), "image/svg+xml");
        assert_eq!(content_type(Path::new("d/x.json")), "application/json");
        assert_eq!(
            content_type(Path::new("explore/ladder.wasm")),
            "application/wasm"
        );
        assert_eq!(
            content_type(Path::new("style.css")),
            "text/css; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new(".ladder-output")),
            "application/octet-stream"
        );
    }
}
