//! Telling open pages that the site changed: the shared build status, the
//! script that listens for it, and the server-sent events that carry it.
//!
//! The script is ladder's own (no third-party code, no request outside the
//! site) and is added to each HTML page as it is served, never written into
//! `output/`, so `output/` stays byte for byte what `ladder build` writes.
//! Each page carries the build it was served from; the event stream says
//! which build is current, so a page reloads only when it is out of date,
//! even if it connects after the build it missed.

use tokio::sync::watch;

/// Where the script and the event stream are served: a prefix no site file
/// can have (ids are lower-case letters, digits and hyphens).
pub const PREFIX: &str = "/__ladder/";
pub const SCRIPT_PATH: &str = "/__ladder/reload.js";
pub const EVENTS_PATH: &str = "/__ladder/events";

/// The script served at [`SCRIPT_PATH`].
pub const SCRIPT: &str = include_str!("reload.js");

/// What the open pages should show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// The build now served: a name unique to this server and build, so a
    /// page served by an earlier run of `ladder serve` also reloads.
    pub build: String,
    /// The last build's error, located (`figures.yaml:12:7: …`); the site
    /// served is still the last good one.
    pub error: Option<String>,
    /// The figures the build under way computes (none when it is done).
    pub computing: Vec<String>,
    /// Counts every change, so a waiting stream knows it has news.
    pub generation: u64,
    /// Set when the server stops: the streams end.
    pub stopping: bool,
}

/// The status, shared by the build loop (which changes it, from its own
/// thread) and every open event stream (which awaits a change on the
/// server's): a `tokio` watch channel, which either side may use.
#[derive(Debug)]
pub struct Live {
    status: watch::Sender<Status>,
    /// Names this run of the server in every build name.
    run: String,
}

impl Live {
    pub fn new(run: String) -> Live {
        let (status, _) = watch::channel(Status {
            build: format!("{run}-0"),
            error: None,
            computing: Vec::new(),
            generation: 0,
            stopping: false,
        });
        Live { status, run }
    }

    /// The status now.
    pub fn now(&self) -> Status {
        self.status.borrow().clone()
    }

    /// A receiver that sees every later change (an event stream's).
    pub fn subscribe(&self) -> watch::Receiver<Status> {
        self.status.subscribe()
    }

    /// A build succeeded: pages served before it reload.
    pub fn built(&self) {
        self.update(|s| {
            s.build = format!("{}-{}", self.run, s.generation + 1);
            s.error = None;
            s.computing.clear();
        });
    }

    /// A build failed: pages show `message` over the last good site.
    pub fn failed(&self, message: String) {
        self.update(|s| {
            s.error = Some(message);
            s.computing.clear();
        });
    }

    /// The build under way computes these figures: the pages say so
    /// (the site stays served meanwhile).
    pub fn computing(&self, ids: &[String]) {
        self.update(|s| s.computing = ids.to_vec());
    }

    /// The server stops: every stream ends.
    pub fn stop(&self) {
        self.update(|s| s.stopping = true);
    }

    fn update(&self, change: impl FnOnce(&mut Status)) {
        self.status.send_modify(|status| {
            change(status);
            status.generation += 1;
        });
    }
}

/// The server-sent event that tells a page the status: `computing` with
/// the figures the build under way computes, `built` with the current
/// build's name, or `failed` with the error and that name, as JSON (one
/// line: JSON escapes the message's line breaks).
pub fn event(status: &Status) -> String {
    if !status.computing.is_empty() {
        let data = serde_json::json!({ "build": status.build, "figures": status.computing });
        return format!("event: computing\ndata: {data}\n\n");
    }
    match &status.error {
        None => format!("event: built\ndata: {}\n\n", status.build),
        Some(message) => {
            let data = serde_json::json!({ "build": status.build, "message": message });
            format!("event: failed\ndata: {data}\n\n")
        }
    }
}

/// The tag that loads the script, naming the build the page was served from.
pub fn script_tag(build: &str) -> String {
    format!(
        "<script src=\"{SCRIPT_PATH}\" data-build=\"{}\"></script>",
        crate::text::html::escaped(build)
    )
}

/// `html` with `tag` inserted before its last `</body>` (any case), else
/// before its last `</html>`, else at the end: whatever the page, the
/// script runs and the page is otherwise unchanged.
pub fn inject(html: &[u8], tag: &str) -> Vec<u8> {
    let at = last_tag(html, b"</body").or_else(|| last_tag(html, b"</html"));
    let at = at.unwrap_or(html.len());
    let mut out = Vec::with_capacity(html.len() + tag.len());
    out.extend_from_slice(&html[..at]);
    out.extend_from_slice(tag.as_bytes());
    out.extend_from_slice(&html[at..]);
    out
}

/// Where the last occurrence of `needle` (ASCII, any case) starts.
fn last_tag(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.len() > haystack.len() {
        return None;
    }
    (0..=haystack.len() - needle.len())
        .rev()
        .find(|&i| haystack[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_goes_before_the_last_closing_body() {
        let tag = script_tag("r-1");
        let html = b"<html><body><p>x</p><pre></body></pre></BODY></html>";
        let out = String::from_utf8(inject(html, &tag)).unwrap();
        assert_eq!(
            out,
            format!("<html><body><p>x</p><pre></body></pre>{tag}</BODY></html>")
        );
    }

    #[test]
    fn a_page_without_body_or_html_still_gets_the_script() {
        let tag = script_tag("r-1");
        let out = inject(b"<p>x</p></html>", &tag);
        assert_eq!(out, format!("<p>x</p>{tag}</html>").into_bytes());
        assert_eq!(inject(b"<p>x", &tag), format!("<p>x{tag}").into_bytes());
        assert_eq!(inject(b"", &tag), tag.clone().into_bytes());
        // Bytes that are not UTF-8 are kept as they are.
        assert_eq!(inject(b"\xff</body>", "T"), b"\xffT</body>".to_vec());
    }

    #[test]
    fn the_tag_escapes_the_build_name() {
        assert_eq!(
            script_tag("a\"<&"),
            "<script src=\"/__ladder/reload.js\" data-build=\"a&quot;&lt;&amp;\"></script>"
        );
    }

    #[test]
    fn an_error_travels_as_one_line_of_json() {
        let live = Live::new("r".into());
        live.built();
        assert_eq!(event(&live.now()), "event: built\ndata: r-1\n\n");
        live.failed("figures.yaml:12:7: unknown field `bogus`\nsecond line".into());
        let text = event(&live.now());
        let data = text
            .strip_prefix("event: failed\ndata: ")
            .and_then(|t| t.strip_suffix("\n\n"))
            .unwrap();
        assert!(!data.contains('\n'), "{data}");
        let value: serde_json::Value = serde_json::from_str(data).unwrap();
        assert_eq!(value["build"], "r-1");
        assert_eq!(
            value["message"],
            "figures.yaml:12:7: unknown field `bogus`\nsecond line"
        );
        live.built();
        let status = live.now();
        assert_eq!((status.build.as_str(), status.error), ("r-3", None));
    }

    #[test]
    fn a_stream_sees_every_change() {
        let live = Live::new("r".into());
        let mut seen = live.subscribe();
        assert!(!seen.has_changed().unwrap());
        live.built();
        assert!(seen.has_changed().unwrap());
        assert_eq!(seen.borrow_and_update().build, "r-1");
        live.stop();
        assert!(seen.has_changed().unwrap() && seen.borrow().stopping);
    }

    #[test]
    fn the_pages_hear_what_is_computed_then_that_it_is_built() {
        let live = Live::new("r".into());
        live.computing(&["strip-1-3-4".into(), "a\"b".into()]);
        assert_eq!(
            event(&live.now()),
            "event: computing\ndata: {\"build\":\"r-0\",\"figures\":[\"strip-1-3-4\",\"a\\\"b\"]}\n\n"
        );
        live.built();
        let built = live.now();
        assert!(built.computing.is_empty());
        assert_eq!(
            event(&built),
            format!("event: built\ndata: {}\n\n", built.build)
        );
        live.computing(&["x".into()]);
        live.failed("figures.yaml:1:1: no".into());
        assert!(event(&live.now()).starts_with("event: failed\n"));
    }
}
