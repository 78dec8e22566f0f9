//! `ladder serve`: build, serve the site on 127.0.0.1, and on every edit of
//! the sources rebuild and reload the open pages.
//!
//! Each rebuild is an ordinary [`crate::build`] into the output folder: the
//! same checks of where it may write, the same lock (so a `ladder build`
//! run meanwhile takes turns with it), the same swap (so the server never
//! sees half a site, and a failed build leaves the last good one in place),
//! and the same figure cache (so a prose edit computes nothing and takes a
//! fraction of a second). What makes the pages live is added only as they
//! are served ([`reload`]), so the output folder stays byte for byte what
//! `ladder build` writes. [`watch`] turns file events into rebuilds,
//! [`http`] answers the browser with what [`files`] finds.

pub mod events;
pub mod files;
pub mod http;
pub mod limits;
pub mod reload;
pub mod watch;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result};

use crate::BuildOptions;
use crate::text::shown;
use reload::Live;
use watch::{Burst, Message, Plan, Sources};

/// The port `ladder serve` uses unless told otherwise: a fixed one, so a
/// bookmarked page finds the server again after a restart.
pub const DEFAULT_PORT: u16 = 4000;

/// What `ladder serve` was asked.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The folder holding figures.yaml, content/ and templates/.
    pub root: PathBuf,
    /// Where each build writes, and what is served.
    pub out: PathBuf,
    /// 0 for any free port.
    pub port: u16,
    /// Open the site in the default browser once it is built.
    pub open: bool,
}

/// Builds, serves and rebuilds until Ctrl-C (or SIGTERM), which ends it
/// after the build under way, if any, so no build is cut off mid-write.
/// Errors only when it cannot start: an output folder a build may not
/// replace, a taken port, sources that cannot be watched. A failed build is
/// no error here: it is shown on the pages, and the next edit tries again.
pub fn serve(options: &ServeOptions) -> Result<()> {
    crate::site::destination::vet(&options.out, &options.root)?;
    let root = std::fs::canonicalize(&options.root).with_context(|| {
        format!(
            "cannot read the project folder {}",
            shown::file(&options.root)
        )
    })?;
    // The port first: a taken one is said at once, not after a build.
    let (listener, port) = http::bind(options.port)?;
    let url = format!("http://127.0.0.1:{port}/");

    let (to_loop, messages) = mpsc::channel();
    catch_stop(to_loop.clone())?;
    // Watching starts before the first build, so an edit made during it is seen.
    let mut watching = watch::start(&root, to_loop)?;

    let live = Arc::new(Live::new(run_name()));
    let build = announced_builds(&options.root, live.clone());
    let mut kept = crate::Kept::default();
    // An earlier build's site is served at once, while the first build
    // runs (minutes on a cold cache); it then takes its place.
    let earlier = crate::site::destination::vet_earlier(&options.out, &options.root).is_ok()
        && options.out.join("index.html").is_file();
    if !earlier {
        eprintln!("building {}", shown::file(&options.out));
        rebuild(&build, &options.out, &live, &mut kept, "first build");
    }
    let server = http::Server::start(listener, options.out.clone(), port, live.clone())?;
    println!("serving {url} (Ctrl-C to stop)");
    if earlier {
        eprintln!(
            "serving the site already in {} while it is built again",
            shown::file(&options.out)
        );
        rebuild(&build, &options.out, &live, &mut kept, "first build");
    }
    eprintln!(
        "watching figures.yaml, content/ and templates/ in {}",
        shown::file(&options.root)
    );
    if options.open
        && let Err(e) = opener::open(&url)
    {
        eprintln!("warning: cannot open a browser ({e}); open {url} yourself");
    }

    let sources = Sources {
        root,
        out: std::fs::canonicalize(&options.out)
            .or_else(|_| std::path::absolute(&options.out))
            .unwrap_or_else(|_| options.out.clone()),
    };
    let mut rebuild_as_told =
        |changed: &[String]| rebuild(&build, &options.out, &live, &mut kept, &changed.join(", "));
    follow_edits(&messages, &mut watching, &sources, &mut rebuild_as_told);

    live.stop();
    server.stop();
    eprintln!("stopped");
    Ok(())
}

/// Sends the build loop [`Message::Stop`] on Ctrl-C or SIGTERM; a second
/// one ends the process at once.
fn catch_stop(stop: mpsc::Sender<Message>) -> Result<()> {
    let stopping = AtomicBool::new(false);
    ctrlc::set_handler(move || {
        if stopping.swap(true, Ordering::SeqCst) {
            eprintln!("stopped at once");
            std::process::exit(130);
        }
        let _ = stop.send(Message::Stop);
    })
    .context("cannot catch Ctrl-C")
}

/// The builds `serve` runs: cached, quiet, and telling the open pages (by
/// `live`) what is being computed meanwhile.
fn announced_builds(root: &Path, live: Arc<Live>) -> BuildOptions {
    BuildOptions {
        root: root.to_path_buf(),
        only: Vec::new(),
        progress: false,
        cache: true,
        force: false,
        announce: Some(crate::Announce(Arc::new(move |ids: &[String]| {
            eprintln!("computing {}", ids.join(", "));
            live.computing(ids);
        }))),
    }
}

/// The build loop: gathers the watcher's messages into bursts and calls
/// `rebuild` with the sources changed once a burst has settled, until told
/// to stop (or the watcher is gone).
fn follow_edits(
    messages: &mpsc::Receiver<Message>,
    watching: &mut watch::Watch,
    sources: &Sources,
    rebuild: &mut impl FnMut(&[String]),
) {
    let mut burst = Burst::default();
    loop {
        let received = match burst.due() {
            None => messages.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(due) => messages.recv_timeout(due.saturating_duration_since(Instant::now())),
        };
        match received {
            Ok(Message::Trouble(trouble)) => eprintln!("warning: watching the sources: {trouble}"),
            Ok(message) => {
                if let Message::Changed(paths) = &message {
                    watching.follow(paths);
                }
                burst.add(message, Instant::now(), sources);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
        match burst.take(Instant::now()) {
            Plan::Stop => return,
            Plan::Idle => {}
            Plan::Rebuild(changed) => rebuild(&changed),
        }
    }
}

/// Builds the site into `out` (only the files that changed, when it holds
/// an earlier build; `kept` the figures of the last good build), and tells
/// the pages: reload, or show the error over the last good site. A panic
/// in a figure (a bug) is caught and shown the same way, so the server
/// outlives it.
fn rebuild(options: &BuildOptions, out: &Path, live: &Live, kept: &mut crate::Kept, why: &str) {
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| crate::rebuild(options, out, kept)));
    let seconds = start.elapsed().as_secs_f64();
    let message = match result {
        Ok(Ok(report)) => {
            let computed = report.timings.iter().filter(|t| !t.2).count();
            eprintln!(
                "built ({why}) in {:.0} ms: {} of {} figures computed, {} files written, {} removed",
                seconds * 1e3,
                computed,
                report.figures,
                report.written.len(),
                report.removed.len()
            );
            for warning in &report.warnings {
                eprintln!("warning: {warning}");
            }
            live.built();
            return;
        }
        Ok(Err(error)) => format!("{error:#}"),
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("no message");
            format!("the build stopped on an internal error (a bug in ladder): {what}")
        }
    };
    eprintln!("build failed ({why}); the last good site, if any, stays served:\n  {message}");
    live.failed(message);
}

/// A name for this run of the server, so that a page served by an earlier
/// run reloads when it reconnects to this one.
fn run_name() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{:x}", nanos ^ u128::from(std::process::id()))
}
