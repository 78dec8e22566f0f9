//! `ladder serve` end to end, over raw TCP: browsers and curl tidy `..` out of
//! a URL before sending it, so only a raw request shows that the server
//! itself refuses a way out of the site. Also: the reload script is in what
//! is served and not in what is written, and a rebuild follows an edit; and
//! (issue 26) no client can make the server hold what it likes: each attack
//! is sent over raw TCP, bounded in count and time, and the server then
//! still serves a page and a reload.

use crate::common;

use std::fs;
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use common::{ladder, site};

/// A running `ladder serve --port 0`, stopped (SIGKILL) when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(root: &Path) -> Server {
    serve_with(root, Stdio::null())
}

/// `ladder serve --port 0` on `root`, its standard error to `stderr`, once
/// it has printed its URL.
fn serve_with(root: &Path, stderr: impl Into<Stdio>) -> Server {
    let mut child = crate::common::command()
        .arg("--root")
        .arg(root)
        .args(["serve", "--port", "0"])
        .env("CI", "true")
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|port| port.parse().ok())
        .unwrap_or_else(|| panic!("no URL in {line:?}"));
    Server { child, port }
}

/// Sends `request` as written and returns the status code and the whole
/// answer, read to the end: each request says `Connection: close`, so the
/// connection ends with the answer.
fn raw(port: u16, request: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8_lossy(&answer).to_string();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, answer)
}

fn get(port: u16, path: &str) -> (u16, String) {
    raw(
        port,
        &format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"),
    )
}

#[test]
fn serve_answers_only_with_files_of_the_site() {
    let dir = site("base");
    fs::write(dir.path().join("secret.txt"), "SECRET").unwrap();
    let server = serve(dir.path());
    let port = server.port;

    let (status, page) = get(port, "/");
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("Content-Type: text/html; charset=utf-8\r\n"));
    assert!(page.contains("Connection: close\r\n") && page.contains("no-store"));
    assert!(page.contains("<script src=\"/__ladder/reload.js\" data-build=\""));
    let (status, css) = get(port, "/style.css");
    assert_eq!(status, 200);
    assert!(css.contains("Content-Type: text/css; charset=utf-8\r\n"));
    let (status, script) = get(port, "/__ladder/reload.js");
    assert!(status == 200 && script.contains("new EventSource(\"/__ladder/events\")"));

    for way_out in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E%2fsecret.txt",
        "/..%2fsecret.txt",
        "/figures/../../secret.txt",
        "//secret.txt",
        "/missing.html",
        "/__ladder/nothing",
    ] {
        let (status, answer) = get(port, way_out);
        assert_eq!(status, 404, "{way_out}: {answer}");
        assert!(!answer.contains("SECRET"), "{way_out}: {answer}");
    }
    let (status, _) = raw(
        port,
        "GET /../secret.txt HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status, 421);
    let (status, _) = raw(
        port,
        &format!(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        ),
    );
    assert_eq!(status, 405);
    let (status, head) = raw(
        port,
        &format!("HEAD / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"),
    );
    assert!(status == 200 && head.ends_with("\r\n\r\n"), "{head}");

    // What is written is what `ladder build` writes: no script in it.
    let written = fs::read_to_string(dir.path().join("output/index.html")).unwrap();
    assert!(!written.contains("__ladder"));
    let check = ladder(dir.path(), &["check"]);
    assert!(check.status.success(), "{check:?}");
}

#[test]
fn an_edit_is_rebuilt_and_a_broken_manifest_keeps_the_last_good_site() {
    let dir = site("base");
    let server = serve(dir.path());
    let port = server.port;
    let page = fs::read_dir(dir.path().join("content"))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "md"))
        .unwrap();
    let html = format!("/{}.html", page.file_stem().unwrap().to_string_lossy());
    let until = |what: &str, test: &dyn Fn() -> bool| {
        let start = Instant::now();
        while !test() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited 20 s for {what}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    let text = fs::read_to_string(&page).unwrap();
    fs::write(&page, format!("{text}\nA sentence added while serving.\n")).unwrap();
    until("the edit to be served", &|| {
        get(port, &html)
            .1
            .contains("A sentence added while serving.")
    });

    let manifest = dir.path().join("figures.yaml");
    let good = fs::read_to_string(&manifest).unwrap();
    fs::write(&manifest, format!("{good}\nbogus: 1\n")).unwrap();
    let events = || {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let request = format!("GET /__ladder/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
        stream.write_all(request.as_bytes()).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(500)))
            .unwrap();
        let mut seen = vec![0; 4096];
        let n = stream.read(&mut seen).unwrap_or(0);
        String::from_utf8_lossy(&seen[..n]).to_string()
    };
    until("the failed build's event", &|| {
        let seen = events();
        seen.contains("event: failed") && seen.contains("figures.yaml:") && seen.contains("bogus")
    });
    let (status, last_good) = get(port, &html);
    assert!(status == 200 && last_good.contains("A sentence added while serving."));
    fs::write(&manifest, good).unwrap();
    until("the fixed build's event", &|| {
        events().contains("event: built")
    });
}

/// An answer as read from the socket, checked to be well formed: a status
/// line, headers, an empty line, and as many body bytes as it says.
fn well_formed(answer: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(answer).to_string();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no end of head in {text:?}"));
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap();
    let mut parts = status_line.splitn(3, ' ');
    assert_eq!(parts.next(), Some("HTTP/1.1"), "{text:?}");
    let status: u16 = parts.next().and_then(|s| s.parse().ok()).expect("a status");
    assert!(parts.next().is_some_and(|r| !r.is_empty()), "{text:?}");
    let length = lines
        .filter_map(|l| l.split_once(": "))
        .find(|(name, _)| name.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse::<usize>().ok());
    assert_eq!(length, Some(body.len()), "{text:?}");
    (status, text)
}

/// Sends `bytes` (as far as the server reads them) and returns what comes
/// back before the server closes, within 20 s.
fn attack(port: u16, bytes: &[u8]) -> Vec<u8> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream
        .set_write_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    // The server may stop reading (and answer) before all is sent.
    for chunk in bytes.chunks(64 * 1024) {
        if stream.write_all(chunk).is_err() {
            break;
        }
    }
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    answer
}

/// The server still serves a page and a reload stream.
fn still_serves(port: u16) {
    let (status, page) = get(port, "/");
    assert_eq!(status, 200, "{page}");
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let request = format!("GET /__ladder/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut seen = Vec::new();
    let mut buffer = [0; 4096];
    while !String::from_utf8_lossy(&seen).contains("event: built") {
        let n = stream.read(&mut buffer).expect("the reload stream answers");
        assert!(
            n > 0,
            "the reload stream closed: {:?}",
            String::from_utf8_lossy(&seen)
        );
        seen.extend_from_slice(&buffer[..n]);
    }
}

#[test]
fn a_request_body_is_refused_before_it_is_read() {
    let dir = site("base");
    let server = serve(dir.path());
    let port = server.port;
    let host = format!("Host: 127.0.0.1:{port}\r\n");
    // The request that aborted the server: a huge length and no body.
    let huge = format!("GET / HTTP/1.1\r\n{host}Content-Length: 1000000000000\r\n\r\n");
    let chunked =
        format!("POST / HTTP/1.1\r\n{host}Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n");
    let expect =
        format!("PUT /x HTTP/1.1\r\n{host}Content-Length: 10\r\nExpect: 100-continue\r\n\r\n");
    for request in [huge, chunked, expect] {
        let answer = attack(port, request.as_bytes());
        let (status, text) = well_formed(&answer);
        assert_eq!(status, 413, "{request}: {text}");
        assert!(!text.contains("100 Continue"), "{text}");
    }
    still_serves(port);
}

#[test]
fn an_endless_head_is_cut_off_with_431_or_414() {
    let dir = site("base");
    let server = serve(dir.path());
    let port = server.port;
    let host = format!("Host: 127.0.0.1:{port}\r\n");
    let cases = [
        // A request line of 16 KiB, past a line's 8 KiB: 414.
        (
            format!("GET /{} HTTP/1.1\r\n{host}\r\n", "a".repeat(16 * 1024)),
            414,
        ),
        // A header line of 16 KiB: 431.
        (
            format!(
                "GET / HTTP/1.1\r\n{host}Cookie: {}\r\n\r\n",
                "c".repeat(16 * 1024)
            ),
            431,
        ),
        // A request line that never ends (4 MiB sent at most): 431 at 64 KiB.
        (format!("GET /{}", "a".repeat(4 << 20)), 431),
        // A header block that never ends: 431 at 64 KiB.
        (
            format!(
                "GET / HTTP/1.1\r\n{host}{}",
                "X-Filler: 0123456789\r\n".repeat(200_000)
            ),
            431,
        ),
    ];
    for (request, expected) in cases {
        let answer = attack(port, request.as_bytes());
        let (status, text) = well_formed(&answer);
        assert_eq!(status, expected, "{}: {text}", &request[..40]);
    }
    still_serves(port);
}

#[test]
fn idle_and_slow_clients_are_closed_and_connections_are_capped() {
    let dir = site("base");
    let server = serve(dir.path());
    let port = server.port;
    // A slow client, one byte of its head every 300 ms, and 200 idle ones:
    // past the cap of 128 connections, a 503 at once.
    let mut slow = TcpStream::connect(("127.0.0.1", port)).unwrap();
    slow.set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    let idle: Vec<TcpStream> = (0..200)
        .map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap())
        .collect();
    let mut one = [0u8; 1];
    let cut_off = (0..60).any(|_| {
        slow.write_all(b"G").is_err()
            || match slow.read(&mut one) {
                Err(e) => !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
                Ok(_) => true,
            }
    });
    assert!(
        cut_off,
        "a client sending a byte every 300 ms was not closed in 18 s"
    );
    let (mut refused, mut closed) = (0, 0);
    for mut stream in idle {
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        if answer.is_empty() {
            closed += 1;
        } else {
            let (status, text) = well_formed(&answer);
            assert!(
                status == 503 && text.contains("too many connections"),
                "{text}"
            );
            refused += 1;
        }
    }
    // 127 places beside the slow client's; past them a 503 (a few more may
    // find a place freed by a timeout if the machine is slow to connect them).
    assert_eq!(refused + closed, 200);
    assert!(
        refused >= 50 && closed >= 127,
        "{refused} refused, {closed} closed"
    );
    still_serves(port);
}

#[test]
fn a_burst_of_reload_streams_is_answered_200_or_503() {
    let dir = site("base");
    let server = serve(dir.path());
    let port = server.port;
    let request = format!("GET /__ladder/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
    let mut streams = Vec::new();
    for _ in 0..90 {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        streams.push(stream);
    }
    let (mut open, mut busy) = (0, 0);
    for stream in &mut streams {
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut seen = Vec::new();
        let mut buffer = [0; 4096];
        loop {
            let n = stream
                .read(&mut buffer)
                .expect("every stream request is answered");
            seen.extend_from_slice(&buffer[..n]);
            let text = String::from_utf8_lossy(&seen);
            if text.starts_with("HTTP/1.1 200") && text.contains("event: built") {
                open += 1;
                break;
            }
            if n == 0 {
                let (status, text) = well_formed(&seen);
                assert!(
                    status == 503 && text.contains("too many open pages"),
                    "{text}"
                );
                busy += 1;
                break;
            }
        }
    }
    assert_eq!((open, busy), (64, 26));
    // A stream closed frees its place.
    streams.truncate(10);
    std::thread::sleep(Duration::from_millis(200));
    drop(streams);
    still_serves(port);
}

/// Waits (20 s at most) until `path` is served holding `text`.
fn served_with(port: u16, path: &str, text: &str) {
    let start = Instant::now();
    while !get(port, path).1.contains(text) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "waited 20 s for {path} to hold {text:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Edits a file of each source folder and waits for the pages to show it.
fn edits_are_rebuilt(root: &Path, port: u16, mark: &str) {
    let base = root.join("templates/base.html");
    let html = fs::read_to_string(&base).unwrap();
    let note = format!("<p>{mark} in the template</p></body>");
    fs::write(&base, html.replacen("</body>", &note, 1)).unwrap();
    served_with(port, "/page.html", &format!("{mark} in the template"));
    let page = root.join("content/page.md");
    let text = fs::read_to_string(&page).unwrap();
    fs::write(&page, format!("{text}\n{mark} in the prose.\n")).unwrap();
    served_with(port, "/page.html", &format!("{mark} in the prose."));
}

/// Waits for the rebuild that follows a folder's change to be served, so
/// the edit after it is seen by the watch on the folder now there.
fn settle(port: u16, root: &Path, mark: &str) {
    let page = root.join("content/page.md");
    let text = fs::read_to_string(&page).unwrap();
    fs::write(&page, format!("{text}\n{mark}\n")).unwrap();
    served_with(port, "/page.html", mark);
}

#[test]
fn the_watcher_follows_a_folder_moved_away_and_back() {
    let dir = site("base");
    let server = serve(dir.path());
    for (n, folder) in ["templates", "content"].into_iter().enumerate() {
        let (here, away) = (
            dir.path().join(folder),
            dir.path().join(format!("{folder}-away")),
        );
        fs::rename(&here, &away).unwrap();
        std::thread::sleep(Duration::from_millis(300));
        fs::rename(&away, &here).unwrap();
        settle(server.port, dir.path(), &format!("Back {n}."));
        edits_are_rebuilt(dir.path(), server.port, &format!("Moved {folder}"));
    }
}

#[test]
fn the_watcher_follows_a_folder_deleted_and_made_again() {
    let dir = site("base");
    let server = serve(dir.path());
    let keep = tempfile::tempdir().unwrap();
    for (n, folder) in ["templates", "content"].into_iter().enumerate() {
        let here = dir.path().join(folder);
        let copy = keep.path().join(folder);
        fs::create_dir(&copy).unwrap();
        common::copy_tree(&here, &copy);
        fs::remove_dir_all(&here).unwrap();
        std::thread::sleep(Duration::from_millis(300));
        fs::create_dir(&here).unwrap();
        common::copy_tree(&copy, &here);
        settle(server.port, dir.path(), &format!("Again {n}."));
        edits_are_rebuilt(dir.path(), server.port, &format!("Remade {folder}"));
    }
}

#[test]
fn the_watcher_follows_a_folder_replaced_by_a_link() {
    let dir = site("base");
    let server = serve(dir.path());
    for (n, folder) in ["templates", "content"].into_iter().enumerate() {
        let here = dir.path().join(folder);
        let real = format!("{folder}-real");
        fs::rename(&here, dir.path().join(&real)).unwrap();
        std::os::unix::fs::symlink(&real, &here).unwrap();
        settle(server.port, dir.path(), &format!("Linked {n}."));
        edits_are_rebuilt(dir.path(), server.port, &format!("Linked {folder}"));
    }
}

/// `ladder serve` on a site with an earlier build, its standard error in a
/// file: the server, and a way to wait for a line of that file.
fn serve_logged(root: &Path, log: &Path) -> (Server, impl Fn(&str) -> String) {
    let server = serve_with(root, fs::File::create(log).unwrap());
    let log = log.to_path_buf();
    let wait = move |what: &str| {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let text = fs::read_to_string(&log).unwrap_or_default();
            if text.contains(what) {
                return text;
            }
            assert!(Instant::now() < deadline, "no {what:?} in\n{text}");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    (server, wait)
}

#[test]
fn an_earlier_site_is_served_at_once_and_a_prose_edit_writes_only_what_changed() {
    let dir = site("base");
    assert!(ladder(dir.path(), &["build"]).status.success());
    let log = dir.path().join("serve.log");
    let (server, wait) = serve_logged(dir.path(), &log);
    // The URL came before the first build: the earlier site is served.
    let text = wait("built (first build)");
    let serving = text.find("serving the site already in").unwrap();
    assert!(
        serving < text.find("built (first build)").unwrap(),
        "{text}"
    );
    let (status, _) = get(server.port, "/page.html");
    assert_eq!(status, 200);

    let inode = |name: &str| {
        std::os::unix::fs::MetadataExt::ino(
            &fs::metadata(dir.path().join("output").join(name)).unwrap(),
        )
    };
    let (svg, data, page) = (
        inode("figures/strip-1-3-4.svg"),
        inode("data/strip-1-3-4.json"),
        inode("page.html"),
    );
    let file = dir.path().join("content/page.md");
    let prose = fs::read_to_string(&file).unwrap();
    fs::write(&file, format!("{prose}\nA sentence added while serving.\n")).unwrap();
    let text = wait("built (content/page.md)");
    let line = text
        .lines()
        .find(|l| l.starts_with("built (content/page.md)"))
        .unwrap();
    assert!(line.contains("0 of 1 figures computed"), "{line}");
    // The page, the search's index (the page's words changed), and the
    // index, the search page and the figure's own page, whose footers name
    // the sources' revision; not the drawing or the data.
    assert!(line.contains(" 5 files written, 0 removed"), "{line}");
    assert_eq!(inode("figures/strip-1-3-4.svg"), svg);
    assert_eq!(inode("data/strip-1-3-4.json"), data);
    assert_ne!(
        inode("page.html"),
        page,
        "written through a file of its own"
    );
    let (_, answer) = get(server.port, "/page.html");
    assert!(answer.contains("A sentence added while serving."));
    // What serve wrote is what a build writes.
    let check = ladder(dir.path(), &["check", "--force"]);
    assert!(check.status.success(), "{}", common::stderr(&check));
}
