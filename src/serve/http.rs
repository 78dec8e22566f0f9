//! The HTTP side of `ladder serve`: files of the site folder only, the
//! reload script, and the event stream, on 127.0.0.1. `tiny_http` (small
//! and synchronous: a few threads are plenty for one author) accepts and
//! parses the requests; the answers are written here ([`Answer`]).
//!
//! A request names a file by its URL path, so the path is checked before
//! the file system sees it: each segment is percent-decoded on its own and
//! refused if it is `.`, `..`, empty, or holds `/`, `\` or NUL (so `%2e%2e`
//! and `%2f` are no way out), and the file found must still lie inside the
//! site folder once every link is followed. Anything else is a 404.

use std::fs;
use std::io::{self, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use tiny_http::{Method, Request, Server};

use super::reload::{self, Live};

/// Open event streams at most: each holds a thread; a browser keeps one per
/// open page, and more than this is no author at work.
const MAX_STREAMS: usize = 64;

/// How often an idle event stream sends a comment, so a closed page is
/// noticed (the write fails) and its thread ends.
const KEEPALIVE: Duration = Duration::from_secs(15);

/// Binds 127.0.0.1:`port` (0: any free port). A taken port is an error that
/// says what to do.
pub fn bind(port: u16) -> Result<(Server, u16)> {
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(|e| {
        if e.kind() == io::ErrorKind::AddrInUse {
            anyhow!(
                "port {port} on 127.0.0.1 is taken (another `ladder serve`?): choose another \
                 with --port N, or --port 0 for any free port"
            )
        } else {
            anyhow!("cannot listen on 127.0.0.1:{port}: {e}")
        }
    })?;
    let port = listener
        .local_addr()
        .context("cannot read the port")?
        .port();
    let server = Server::from_listener(listener, None)
        .map_err(|e| anyhow!("cannot serve on 127.0.0.1:{port}: {e}"))?;
    Ok((server, port))
}

/// Answers requests on `threads` threads until the server is unblocked.
pub fn spawn(
    server: Arc<Server>,
    site: PathBuf,
    port: u16,
    live: Arc<Live>,
    threads: usize,
) -> Vec<std::thread::JoinHandle<()>> {
    let streams = Arc::new(AtomicUsize::new(0));
    (0..threads)
        .map(|_| {
            let (server, site, live, streams) =
                (server.clone(), site.clone(), live.clone(), streams.clone());
            std::thread::spawn(move || {
                // `recv` fails only when the server is unblocked: the end.
                while let Ok(request) = server.recv() {
                    answer(request, &site, port, &live, &streams);
                }
            })
        })
        .collect()
}

fn answer(request: Request, site: &Path, port: u16, live: &Arc<Live>, streams: &Arc<AtomicUsize>) {
    let host = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .map(|h| h.value.as_str().to_string());
    if !host.as_deref().is_some_and(|h| host_allowed(h, port)) {
        let refused = Answer::text(
            421,
            "ladder serve answers only to 127.0.0.1 and localhost\n",
        );
        return send(request, &refused);
    }
    if !matches!(request.method(), Method::Get | Method::Head) {
        return send(
            request,
            &Answer::text(405, "ladder serve only reads: GET or HEAD\n"),
        );
    }
    let path = request
        .url()
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .to_string();
    if path == reload::EVENTS_PATH {
        if streams.fetch_add(1, Ordering::SeqCst) >= MAX_STREAMS {
            streams.fetch_sub(1, Ordering::SeqCst);
            return send(request, &Answer::text(503, "too many open pages\n"));
        }
        let (live, streams) = (live.clone(), streams.clone());
        // A stream lasts as long as its page: a thread of its own.
        std::thread::spawn(move || {
            let _ = stream(request.into_writer(), &live);
            streams.fetch_sub(1, Ordering::SeqCst);
        });
        return;
    }
    let answer = if path == reload::SCRIPT_PATH {
        Answer::new(
            200,
            "text/javascript; charset=utf-8",
            reload::SCRIPT.as_bytes().to_vec(),
        )
    } else if path.starts_with(reload::PREFIX) {
        not_found(live)
    } else {
        match url_path(&path).map(|r| locate(site, &r)) {
            Some(Found::File(file)) => file_answer(&file, live),
            Some(Found::Folder) if !path.ends_with('/') => {
                let mut moved = Answer::text(301, "");
                moved.location = Some(format!("{path}/"));
                moved
            }
            _ => not_found(live),
        }
    };
    send(request, &answer);
}

/// An answer, written by [`Answer::write`] rather than by tiny_http, so that
/// it can say `Connection: close`: the browser then closes the connection
/// after it, which ends the tiny_http thread reading that connection.
/// tiny_http reads each connection on a thread of a small pool, which a
/// browser's kept-alive connections can all hold (an image of the page then
/// waits for ever: seen in the browser test), and it refuses to send
/// `Connection: close` itself. A client that ignores the header keeps its
/// connection, and a thread, until it closes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub content_type: &'static str,
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

    fn text(status: u16, body: &str) -> Answer {
        Answer::new(
            status,
            "text/plain; charset=utf-8",
            body.as_bytes().to_vec(),
        )
    }

    /// Writes the answer as HTTP/1.1, without the body for a HEAD request.
    /// Every answer is fresh (`no-store`): a reload must show the new
    /// figure, not a cached one. A `Location` that would break the head
    /// (a line break, a byte that is not printable ASCII) is left out.
    pub fn write(&self, out: &mut dyn Write, head_only: bool) -> io::Result<()> {
        let reason = match self.status {
            200 => "OK",
            301 => "Moved Permanently",
            404 => "Not Found",
            405 => "Method Not Allowed",
            421 => "Misdirected Request",
            503 => "Service Unavailable",
            _ => "",
        };
        let mut head = format!(
            "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n",
            self.status,
            self.content_type,
            self.body.len()
        );
        if let Some(location) = &self.location
            && location.bytes().all(|b| b.is_ascii_graphic())
        {
            head.push_str(&format!("Location: {location}\r\n"));
        }
        head.push_str("\r\n");
        out.write_all(head.as_bytes())?;
        if !head_only {
            out.write_all(&self.body)?;
        }
        out.flush()
    }
}

/// Sends `answer` to `request`; a page that went away meanwhile is no error.
fn send(request: Request, answer: &Answer) {
    let head_only = matches!(request.method(), Method::Head);
    let _ = answer.write(&mut request.into_writer(), head_only);
}

/// Whether a `Host` header names this server: a page of another site
/// reaching 127.0.0.1 through its own name (DNS rebinding) is refused.
pub fn host_allowed(host: &str, port: u16) -> bool {
    let host = host.trim();
    [format!("127.0.0.1:{port}"), format!("localhost:{port}")]
        .iter()
        .any(|allowed| host.eq_ignore_ascii_case(allowed))
}

/// The event stream: the status now, then every change, until the page
/// closes (a write fails) or the server stops. Written straight to the
/// connection and flushed per event (tiny_http's own chunked bodies
/// buffer 8 KiB); the body ends when the connection closes.
fn stream(mut out: Box<dyn Write + Send>, live: &Live) -> io::Result<()> {
    out.write_all(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
          Connection: close\r\n\r\nretry: 1000\n\n",
    )?;
    let mut status = live.now();
    loop {
        if status.stopping {
            return Ok(());
        }
        out.write_all(reload::event(&status).as_bytes())?;
        out.flush()?;
        let generation = status.generation;
        loop {
            status = live.wait(generation, KEEPALIVE);
            if status.generation != generation {
                break;
            }
            out.write_all(b": still here\n\n")?;
            out.flush()?;
        }
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
    let Ok(bytes) = fs::read(file) else {
        return not_found(live);
    };
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
fn not_found(live: &Live) -> Answer {
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
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_answer_closes_its_connection_and_is_never_cached() {
        let mut out = Vec::new();
        Answer::new(200, "image/svg+xml", b"<svg/>".to_vec())
            .write(&mut out, false)
            .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "HTTP/1.1 200 OK\r\nContent-Type: image/svg+xml\r\nContent-Length: 6\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\
             \r\n<svg/>"
        );
        let mut out = Vec::new();
        Answer::text(404, "gone").write(&mut out, true).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("HTTP/1.1 404 Not Found\r\n"), "{text}");
        assert!(text.contains("Content-Length: 4\r\n") && text.ends_with("\r\n\r\n"));
        assert!(!text.contains("gone"), "HEAD has no body: {text}");
    }

    #[test]
    fn a_location_cannot_break_the_head() {
        let mut moved = Answer::text(301, "");
        moved.location = Some("/figures/\r\nSet-Cookie: x=1/".into());
        let mut out = Vec::new();
        moved.write(&mut out, false).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            !text.contains("Set-Cookie") && !text.contains("Location"),
            "{text}"
        );
        moved.location = Some("/figures/".into());
        let mut out = Vec::new();
        moved.write(&mut out, false).unwrap();
        assert!(
            String::from_utf8(out)
                .unwrap()
                .contains("\r\nLocation: /figures/\r\n")
        );
    }

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
            content_type(Path::new("style.css")),
            "text/css; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new(".ladder-output")),
            "application/octet-stream"
        );
    }

    #[test]
    fn only_this_server_s_names_are_answered() {
        assert!(host_allowed("127.0.0.1:4000", 4000));
        assert!(host_allowed("LOCALHOST:4000", 4000));
        assert!(!host_allowed("127.0.0.1:4001", 4000));
        assert!(!host_allowed("evil.example:4000", 4000));
        assert!(!host_allowed("127.0.0.1", 4000));
    }
}
