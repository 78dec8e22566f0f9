//! `ladder serve` end to end, over raw TCP: browsers and curl tidy `..` out of
//! a URL before sending it, so only a raw request shows that the server
//! itself refuses a way out of the site. Also: the reload script is in what
//! is served and not in what is written, and a rebuild follows an edit.

mod common;

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
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
    let mut child = Command::new(env!("CARGO_BIN_EXE_ladder"))
        .arg("--root")
        .arg(root)
        .args(["serve", "--port", "0"])
        .env("CI", "true")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
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
