//! Property tests of the readers issue 26 added or hardened: the
//! bibliography (`references.yaml`), a checkpoint's header, and an HTTP
//! request head as `ladder serve` meets it. No input panics or aborts, and
//! every refusal is located: `references.yaml:LINE:COLUMN`, `FILE:LINE` of
//! the header (what it found shown escaped), or the status that names the
//! limit a request went past, in a well-formed answer. Issue 31 added
//! the checkpoint's body (a crafted file is resumed only when every value
//! is the rule's), the key file, and the bounded read every input goes
//! through.

use std::io::Cursor;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use ladder::checkpoint::read_header;
use ladder::serve::http::answer_bytes;
use ladder::serve::reload::Live;
use ladder::site::references;
use proptest::prelude::*;

/// `n` cases, or `LADDER_PROPTEST_CASES` for a longer hunt by hand.
fn cases(n: u32) -> u32 {
    std::env::var("LADDER_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(n)
}

/// Pieces of a bibliography: good entries, repeated keys, links of every
/// scheme, deep or broken nesting, odd characters.
fn bibliography() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("a".to_string()),
        Just("b".to_string()),
        "[a-z0-9-]{1,8}",
        "[A-Za-z_ .:#]{0,6}",
    ];
    let url = prop_oneof![
        Just("https://example.org/x".to_string()),
        Just("javascript:alert(1)".to_string()),
        Just("data:text/html,x".to_string()),
        Just("doi:10.1000/x".to_string()),
        "[a-z]{0,8}:[ -~]{0,12}",
    ];
    let field = prop_oneof![
        "[ -~]{0,20}".prop_map(|t| format!("  title: {t}\n")),
        url.clone().prop_map(|u| format!("  url: \"{u}\"\n")),
        url.prop_map(|u| format!("  doi: {u}\n")),
        (0usize..60).prop_map(|n| format!("  authors: {}\n", "[".repeat(n))),
        Just("  year: 99999999999\n".to_string()),
        Just("  volume: 3\n".to_string()),
        "[ -~\t\r]{0,30}".prop_map(|t| format!("{t}\n")),
    ];
    let entry = (key, prop::collection::vec(field, 0..4))
        .prop_map(|(key, fields)| format!("{key}:\n{}", fields.concat()));
    prop::collection::vec(entry, 0..6).prop_map(|entries| entries.concat())
}

/// Where a message says it is: `FILE:LINE:COLUMN: `, both at least 1.
fn located(message: &str, file: &str) -> Option<(usize, usize)> {
    let rest = message.strip_prefix(file)?.strip_prefix(':')?;
    let mut parts = rest.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let column = parts.next()?.parse().ok()?;
    (line >= 1 && column >= 1 && parts.next()?.starts_with(' ')).then_some((line, column))
}

/// A checkpoint header, well formed or damaged line by line.
fn header() -> impl Strategy<Value = Vec<u8>> {
    let line = |good: &'static str| {
        prop_oneof![
            3 => Just(good.to_string()),
            1 => "[ -~]{0,24}",
            1 => Just(format!("{good}\r")),
            1 => "[\\x00-\\x1f\\x7f]{1,4}".prop_map(move |c| format!("{good}{c}")),
        ]
    };
    (
        prop_oneof![line("ladder checkpoint 2"), line("ladder checkpoint 1")],
        line("rule octal:·6"),
        prop_oneof![
            line("values 4"),
            Just("values 99999999999999999999999".to_string())
        ],
        line("hash 0123456789abcdef"),
        prop_oneof![
            line("tag none"),
            line("tag 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"),
            "x{1000,1100}".prop_map(|long| format!("tag {long}")),
        ],
        prop::collection::vec(any::<u8>(), 0..16),
        any::<bool>(),
    )
        .prop_map(|(a, b, c, d, e, tail, cut)| {
            let mut bytes = format!("{a}\n{b}\n{c}\n{d}\n{e}\n").into_bytes();
            if cut {
                bytes.truncate(bytes.len() / 2);
            }
            bytes.extend(tail);
            bytes
        })
}

/// Request heads: good ones, each limit passed, and noise.
fn request() -> impl Strategy<Value = Vec<u8>> {
    let method = prop_oneof![
        Just("GET"),
        Just("HEAD"),
        Just("POST"),
        Just("PRI"),
        Just("G\0T"),
    ];
    let target = prop_oneof![
        Just("/".to_string()),
        Just("/index.html".to_string()),
        Just("/../secret".to_string()),
        Just("/%2e%2e/x".to_string()),
        Just("/__ladder/reload.js".to_string()),
        Just("http://evil.example/".to_string()),
        (1usize..80).prop_map(|k| format!("/{}", "a".repeat(k * 1024))),
        "[ -~]{0,30}",
    ];
    let header = prop_oneof![
        Just("Host: 127.0.0.1:4000".to_string()),
        Just("Host: evil.example".to_string()),
        Just("Content-Length: 1000000000000".to_string()),
        Just("Content-Length: -1".to_string()),
        Just("Transfer-Encoding: chunked".to_string()),
        Just("Expect: 100-continue".to_string()),
        (1usize..40).prop_map(|k| format!("Cookie: {}", "c".repeat(k * 1024))),
        "[ -~]{0,30}",
        "[\\x00-\\xff]{0,10}",
    ];
    (
        method,
        target,
        prop_oneof![Just("HTTP/1.1"), Just("HTTP/1.0"), Just("HTTP/9"), Just("")],
        prop::collection::vec(header, 0..5),
        prop::collection::vec(any::<u8>(), 0..64),
        any::<bool>(),
    )
        .prop_map(|(method, target, version, headers, tail, end)| {
            let mut text = format!("{method} {target} {version}\r\n");
            for line in headers {
                text.push_str(&line);
                text.push_str("\r\n");
            }
            let mut bytes = text.into_bytes();
            if end {
                bytes.extend_from_slice(b"\r\n");
            }
            bytes.extend(tail);
            bytes
        })
}

/// The status of a well-formed answer, if any came: a status line, headers
/// ended by an empty line, and the body its `Content-Length` says.
fn status(answer: &[u8]) -> Option<u16> {
    if answer.is_empty() {
        return None;
    }
    let end = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head that ends");
    let head = std::str::from_utf8(&answer[..end]).expect("an ASCII head");
    let mut lines = head.split("\r\n");
    let first = lines.next().unwrap();
    let mut parts = first.splitn(3, ' ');
    // hyper answers in the request's version: 1.0 to a 1.0 client.
    assert!(
        matches!(parts.next(), Some("HTTP/1.1" | "HTTP/1.0")),
        "{head}"
    );
    let status = parts.next().and_then(|s| s.parse().ok()).expect("a status");
    let length: Option<usize> = lines
        .filter_map(|l| l.split_once(": "))
        .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok());
    if let Some(length) = length {
        assert!(answer.len() - end - 4 <= length, "{head}");
    }
    Some(status)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(256), ..ProptestConfig::default() })]

    #[test]
    fn no_bibliography_panics_and_every_error_is_located(text in bibliography()) {
        if let Err(error) = references::parse(&text, Path::new("references.yaml")) {
            let message = format!("{error:#}");
            let (line, _) = located(&message, "references.yaml")
                .unwrap_or_else(|| panic!("not located: {message}\n{text}"));
            // YAML ends a line at \n, \r\n or a lone \r.
            prop_assert!(line <= text.split(['\n', '\r']).count() + 1, "{message}\n{text}");
        }
    }

    #[test]
    fn no_checkpoint_header_panics_and_every_error_is_located(bytes in header()) {
        if let Err(error) = read_header(&mut Cursor::new(&bytes), "c", "octal:·6") {
            let message = format!("{error:#}");
            let line: usize = message
                .strip_prefix("c:")
                .and_then(|rest| rest.split(':').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("not located: {message:?}"));
            prop_assert!((1..=5).contains(&line), "{message}");
            prop_assert!(!message.chars().any(char::is_control), "{message:?}");
            prop_assert!(message.len() < 400, "{} bytes", message.len());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    #[test]
    fn every_request_head_gets_a_well_formed_answer_or_none(bytes in request()) {
        let site = tempfile::tempdir().unwrap();
        std::fs::write(site.path().join("index.html"), "<p>home</p>").unwrap();
        let live = Arc::new(Live::new("r".into()));
        let patience = Duration::from_millis(100);
        let answer = answer_bytes(&bytes, site.path(), 4000, live, patience).expect("an answer in time");
        if let Some(status) = status(&answer) {
            prop_assert!(
                [200, 301, 400, 404, 405, 413, 414, 421, 431, 505].contains(&status),
                "{status} for {:?}", String::from_utf8_lossy(&bytes)
            );
        }
    }
}

#[test]
fn a_plain_request_is_answered_in_memory_as_on_a_socket() {
    let site = tempfile::tempdir().unwrap();
    std::fs::write(site.path().join("index.html"), "<p>home</p>").unwrap();
    let answer = |request: &str| {
        let live = Arc::new(Live::new("r".into()));
        let patience = Duration::from_secs(10);
        let bytes = answer_bytes(request.as_bytes(), site.path(), 4000, live, patience).unwrap();
        (status(&bytes), String::from_utf8_lossy(&bytes).into_owned())
    };
    let (code, text) = answer("GET / HTTP/1.1\r\nHost: 127.0.0.1:4000\r\n\r\n");
    assert_eq!(code, Some(200), "{text}");
    assert!(text.contains("<p>home</p>") && text.contains("data-build=\"r-0\""));
    let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(70 * 1024));
    assert_eq!(answer(&long).0, Some(431));
    let huge = "GET / HTTP/1.1\r\nHost: 127.0.0.1:4000\r\nContent-Length: 1000000000000\r\n\r\n";
    assert_eq!(answer(huge).0, Some(413));
}

/// A checkpoint body built the way issue 31's crafted file was: a true
/// prefix, a planted region, then the rule's own continuation of that
/// prefix (or the true values with the region written over them).
fn crafted_body() -> impl Strategy<Value = (&'static str, Vec<u16>, Vec<u16>)> {
    (
        prop::sample::select(vec!["·6", "·16", "·007", "4·07", "·77", "·137", "·4"]),
        0usize..400,
        prop::collection::vec(0u16..10, 0..48),
        any::<bool>(),
        400usize..3000,
    )
        .prop_map(|(text, from, planted, continued, count)| {
            use ladder::games::octal::{OctalCode, values};
            use ladder::games::octal_engine::OctalRun;
            use ladder::games::octal_moves::MoveTable;
            let code = OctalCode::parse(text).unwrap();
            let truth: Vec<u16> = values(&code, count + 500)
                .into_iter()
                .map(|v| v as u16)
                .collect();
            let body = if continued {
                let mut prefix = truth[..from].to_vec();
                prefix.extend_from_slice(&planted);
                let mut run = OctalRun::resume(MoveTable::of(&code), prefix, false);
                run.extend_to(count).unwrap();
                run.into_values()
            } else {
                let mut body = truth[..count].to_vec();
                for (slot, &value) in body.iter_mut().skip(from).zip(&planted) {
                    *slot = value;
                }
                body
            };
            (text, truth, body)
        })
}

/// The tests' own key, made once in a folder of their own.
fn test_key() -> &'static ladder::checkpoint::Key {
    static KEY: std::sync::OnceLock<(tempfile::TempDir, ladder::checkpoint::Key)> =
        std::sync::OnceLock::new();
    let (_, key) = KEY.get_or_init(|| {
        let folder = tempfile::tempdir().unwrap();
        let key = ladder::checkpoint::key::load_or_make(&folder.path().join("key")).unwrap();
        (folder, key)
    });
    key
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(48), ..ProptestConfig::default() })]

    /// A foreign checkpoint (untagged, or tagged under another key) is
    /// resumed exactly when every value is the rule's; otherwise it is
    /// refused at the first heap that differs, however the rest was built.
    #[test]
    fn a_crafted_checkpoint_is_resumed_only_when_every_value_is_true(
        (text, truth, body) in crafted_body(),
        tagged in any::<bool>(),
    ) {
        use ladder::checkpoint;
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("c");
        let rule = format!("octal:{text}");
        let elsewhere = checkpoint::key::load_or_make(&folder.path().join("key")).unwrap();
        checkpoint::write(&path, &rule, &body, tagged.then_some(&elsewhere)).unwrap();
        let code = ladder::games::octal::OctalCode::parse(text).unwrap();
        let resumed = checkpoint::saved_values(&code, &path, &rule, Some(test_key()));
        match (0..body.len()).find(|&h| body[h] != truth[h]) {
            None => prop_assert_eq!(resumed.unwrap(), body),
            Some(first) => {
                let message = format!("{:#}", resumed.unwrap_err());
                prop_assert!(
                    message.contains(&format!("heap {} holds the value {},", first, body[first])),
                    "{}", message
                );
            }
        }
    }

    /// Any bytes in the key's place: a key, or a refusal naming the file on
    /// one line; never a panic.
    #[test]
    fn no_key_file_panics_and_every_refusal_names_it(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("checkpoint.key");
        std::fs::write(&path, &bytes).unwrap();
        match ladder::checkpoint::key::load(&path) {
            Ok(key) => prop_assert!(key.is_some() && bytes.len() == 65),
            Err(error) => {
                let message = format!("{error:#}");
                prop_assert!(message.starts_with(&path.display().to_string()), "{}", message);
                prop_assert!(!message.contains('\n'), "{:?}", message);
            }
        }
    }

    /// Any file against any limit: its bytes when it fits, else a refusal
    /// by size, never more than the limit and one byte read.
    #[test]
    fn a_bounded_read_gives_the_file_or_refuses_it_by_size(size in 0usize..5000, limit in 0u64..5000) {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("f");
        let bytes: Vec<u8> = (0..size).map(|i| i as u8).collect();
        std::fs::write(&path, &bytes).unwrap();
        match ladder::input::read(&path, limit) {
            Ok(read) => prop_assert!(read == bytes && size as u64 <= limit),
            Err(error) => {
                prop_assert!(size as u64 > limit);
                prop_assert_eq!(error.kind(), std::io::ErrorKind::FileTooLarge);
            }
        }
    }
}
