//! Watching the site's sources, and turning a burst of file events into
//! one rebuild.
//!
//! `notify` reports every write, rename and temporary file an editor makes
//! (one save can be five events, `git checkout` hundreds). [`Burst`] gathers
//! them until the sources have been quiet for [`QUIET`] (or for at most
//! [`LONGEST`], so a file written without pause still gets built), and
//! what arrives during a build is one more build, not one per event. Only
//! changes count: a build opens and reads every source, and those events
//! would start the next build, for ever; so would the build's own writes
//! (`output/`, its staging folders and lock beside it, `.cache/`), which
//! is why only `figures.yaml`, `references.yaml`, `content/` and `templates/`
//! are sources.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use crate::text::shown;
use anyhow::{Context, Result};
use notify::event::{AccessKind, AccessMode, MetadataKind, ModifyKind};
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher};

/// How long the sources must be quiet before a rebuild starts.
pub const QUIET: Duration = Duration::from_millis(25);

/// The longest a change waits for the sources to be quiet.
pub const LONGEST: Duration = Duration::from_secs(2);

/// What the build loop is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// These paths changed (absolute, as the watcher saw them).
    Changed(Vec<PathBuf>),
    /// The watcher failed; worth a line on the terminal, not an end.
    Trouble(String),
    /// Ctrl-C (or SIGTERM): stop after the build under way, if any.
    Stop,
}

/// What the build loop does next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    Stop,
    /// Rebuild: these sources changed (relative names, sorted, each once).
    Rebuild(Vec<String>),
    /// Nothing to do yet.
    Idle,
}

/// The folders and file a build reads, and where it writes.
#[derive(Debug, Clone)]
pub struct Sources {
    /// The project folder, as the watcher reports it (canonical).
    pub root: PathBuf,
    /// The output folder (canonical where it exists): never a source.
    pub out: PathBuf,
}

impl Sources {
    /// The name of `path` relative to the project if a build reads it:
    /// `figures.yaml`, `references.yaml`, or a file under `content/`, `templates/` or
    /// `records/` (a sweep's committed record) that is
    /// not an editor's backup, swap or lock file.
    pub fn relevant(&self, path: &Path) -> Option<String> {
        if path.starts_with(&self.out) {
            return None;
        }
        let relative = path.strip_prefix(&self.root).ok()?;
        let mut parts = relative.components();
        let first = parts.next()?.as_os_str().to_str()?;
        let top = match first {
            "figures.yaml" | "references.yaml" => parts.next().is_none(),
            "content" | "templates" | "records" => true,
            _ => false,
        };
        let name = relative.file_name()?.to_str().unwrap_or("");
        let scratch = name.ends_with('~')
            || name.starts_with(".#")
            || name == "4913"
            || [".swp", ".swx", ".swpx", ".tmp"]
                .iter()
                .any(|s| name.ends_with(s));
        (top && !scratch).then(|| relative.to_string_lossy().replace('\\', "/"))
    }
}

/// The changes gathered since the last build.
#[derive(Debug, Default)]
pub struct Burst {
    changed: BTreeSet<String>,
    first: Option<Instant>,
    last: Option<Instant>,
    stop: bool,
}

impl Burst {
    /// Takes in a message received at `now`; changes to anything but the
    /// sources are dropped.
    pub fn add(&mut self, message: Message, now: Instant, sources: &Sources) {
        match message {
            Message::Stop => self.stop = true,
            Message::Trouble(_) => {}
            Message::Changed(paths) => {
                let mut relevant = paths.iter().filter_map(|p| sources.relevant(p)).peekable();
                if relevant.peek().is_some() {
                    self.changed.extend(relevant);
                    self.first.get_or_insert(now);
                    self.last = Some(now);
                }
            }
        }
    }

    /// When the gathered changes are due to be built, if there are any.
    pub fn due(&self) -> Option<Instant> {
        match (self.first, self.last) {
            (Some(first), Some(last)) => Some((last + QUIET).min(first + LONGEST)),
            _ => None,
        }
    }

    /// What to do at `now`: stop, rebuild the gathered changes (and start
    /// gathering anew), or wait.
    pub fn take(&mut self, now: Instant) -> Plan {
        if self.stop {
            return Plan::Stop;
        }
        match self.due() {
            Some(due) if now >= due => {
                let changed = std::mem::take(&mut self.changed).into_iter().collect();
                (self.first, self.last) = (None, None);
                Plan::Rebuild(changed)
            }
            _ => Plan::Idle,
        }
    }
}

/// Whether a watcher's event may mean a changed source: opening or
/// reading a file (which every build does) is no change, and neither is its
/// access time; closing a file written to is.
pub fn is_change(kind: &EventKind) -> bool {
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        EventKind::Modify(ModifyKind::Metadata(MetadataKind::AccessTime)) => false,
        _ => true,
    }
}

/// The folders watched with everything in them.
const FOLDERS: [&str; 3] = ["content", "templates", "records"];

/// The watching of the sources; dropping it stops the watching.
pub struct Watch {
    watcher: RecommendedWatcher,
    root: PathBuf,
}

impl Watch {
    /// Follows a source folder that changed as a whole: moved away and back,
    /// deleted and made again, replaced by a link. A watch holds a folder
    /// (an inode), not its name, so the folder now under the name is watched
    /// afresh whenever an event names the folder itself (the project folder's
    /// own watch reports its entries coming and going). Called with every
    /// change the build loop receives; a folder that cannot be watched is
    /// said on the terminal, and tried again at its next change.
    pub fn follow(&mut self, changed: &[PathBuf]) {
        for folder in FOLDERS {
            let path = self.root.join(folder);
            if !changed.contains(&path) {
                continue;
            }
            let _ = self.watcher.unwatch(&path);
            if path.is_dir()
                && let Err(e) = self.watcher.watch(&path, RecursiveMode::Recursive)
            {
                eprintln!("warning: cannot watch {}: {e}", shown::file(&path));
            }
        }
    }
}

/// Starts watching the project's sources, sending what changes to `to`.
/// The project folder itself is watched alone (for `figures.yaml`, which
/// editors often replace by a rename, and for the source folders' names),
/// `content/`, `templates/` and `records/` with everything in them.
pub fn start(root: &Path, to: Sender<Message>) -> Result<Watch> {
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<Event>| {
        let message = match event {
            Ok(event) if is_change(&event.kind) => Message::Changed(event.paths),
            Ok(_) => return,
            Err(e) => Message::Trouble(e.to_string()),
        };
        // The loop has ended: nobody is listening, and nothing is lost.
        let _ = to.send(message);
    })
    .context("cannot watch the sources for changes")?;
    watcher
        .watch(root, RecursiveMode::NonRecursive)
        .with_context(|| format!("cannot watch {}", shown::file(root)))?;
    for folder in FOLDERS {
        let path = root.join(folder);
        if path.is_dir() {
            watcher
                .watch(&path, RecursiveMode::Recursive)
                .with_context(|| format!("cannot watch {}", shown::file(&path)))?;
        }
    }
    Ok(Watch {
        watcher,
        root: root.to_path_buf(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources() -> Sources {
        Sources {
            root: PathBuf::from("/p"),
            out: PathBuf::from("/p/output"),
        }
    }

    fn changed(paths: &[&str]) -> Message {
        Message::Changed(paths.iter().map(PathBuf::from).collect())
    }

    #[test]
    fn only_what_a_build_reads_is_a_source() {
        let s = sources();
        for (path, name) in [
            ("/p/figures.yaml", "figures.yaml"),
            ("/p/references.yaml", "references.yaml"),
            ("/p/content/octal.md", "content/octal.md"),
            ("/p/templates/base.html", "templates/base.html"),
            ("/p/templates/style/page.css", "templates/style/page.css"),
            ("/p/content", "content"),
            (
                "/p/records/czajka-unsolved.jsonl",
                "records/czajka-unsolved.jsonl",
            ),
        ] {
            assert_eq!(s.relevant(Path::new(path)).as_deref(), Some(name), "{path}");
        }
        for path in [
            "/p/output/index.html",
            "/p/.output.ladder-abc123/index.html",
            "/p/.output.ladder-lock",
            "/p/.cache/ladder/x.json",
            "/p/README.md",
            "/p/figures.yaml~",
            "/p/content/.octal.md.swp",
            "/p/content/octal.md~",
            "/p/content/.#octal.md",
            "/p/content/4913",
            "/elsewhere/figures.yaml",
            "/p",
        ] {
            assert_eq!(s.relevant(Path::new(path)), None, "{path}");
        }
    }

    #[test]
    fn an_output_folder_inside_the_sources_is_still_not_one() {
        let s = Sources {
            root: PathBuf::from("/p"),
            out: PathBuf::from("/p/content/site"),
        };
        assert_eq!(s.relevant(Path::new("/p/content/site/index.html")), None);
        assert!(s.relevant(Path::new("/p/content/a.md")).is_some());
    }

    #[test]
    fn a_burst_of_events_is_one_rebuild_once_quiet() {
        let (s, t0) = (sources(), Instant::now());
        let mut burst = Burst::default();
        assert_eq!((burst.due(), burst.take(t0)), (None, Plan::Idle));
        let ms = |n| t0 + Duration::from_millis(n);
        burst.add(
            changed(&["/p/content/octal.md", "/p/content/.octal.md.swp"]),
            ms(0),
            &s,
        );
        burst.add(changed(&["/p/content/octal.md"]), ms(10), &s);
        burst.add(Message::Trouble("queue overflow".into()), ms(15), &s);
        burst.add(
            changed(&["/p/figures.yaml", "/p/content/octal.md"]),
            ms(20),
            &s,
        );
        assert_eq!(burst.due(), Some(ms(20) + QUIET));
        assert_eq!(
            burst.take(ms(20) + QUIET / 2),
            Plan::Idle,
            "not quiet long enough"
        );
        assert_eq!(
            burst.take(ms(20) + QUIET),
            Plan::Rebuild(vec!["content/octal.md".into(), "figures.yaml".into()])
        );
        assert_eq!((burst.due(), burst.take(ms(400))), (None, Plan::Idle));
    }

    #[test]
    fn a_file_written_without_pause_is_built_within_the_longest_wait() {
        let (s, t0) = (sources(), Instant::now());
        let mut burst = Burst::default();
        let mut built = Vec::new();
        for n in 0..100 {
            let now = t0 + Duration::from_millis(50 * n);
            burst.add(changed(&["/p/content/log.md"]), now, &s);
            if let Plan::Rebuild(_) = burst.take(now) {
                built.push(n);
            }
        }
        assert_eq!(built, vec![40, 81], "every 2 s, not never");
    }

    #[test]
    fn the_build_s_own_writes_start_no_build() {
        let (s, t0) = (sources(), Instant::now());
        let mut burst = Burst::default();
        let writes = changed(&[
            "/p/output",
            "/p/output/index.html",
            "/p/.output.ladder-x1y2z3",
            "/p/.output.ladder-lock",
            "/p/.cache/ladder/cert-1-3-4-0123.json",
        ]);
        burst.add(writes, t0, &s);
        assert_eq!(burst.due(), None);
        assert_eq!(burst.take(t0 + Duration::from_secs(5)), Plan::Idle);
    }

    #[test]
    fn reading_a_source_is_no_change() {
        use notify::event::{CreateKind, DataChange, RenameMode};
        assert!(!is_change(&EventKind::Access(AccessKind::Open(
            AccessMode::Any
        ))));
        assert!(!is_change(&EventKind::Access(AccessKind::Close(
            AccessMode::Read
        ))));
        assert!(!is_change(&EventKind::Modify(ModifyKind::Metadata(
            MetadataKind::AccessTime
        ))));
        assert!(is_change(&EventKind::Access(AccessKind::Close(
            AccessMode::Write
        ))));
        assert!(is_change(&EventKind::Modify(ModifyKind::Data(
            DataChange::Any
        ))));
        assert!(is_change(&EventKind::Modify(ModifyKind::Name(
            RenameMode::To
        ))));
        assert!(is_change(&EventKind::Create(CreateKind::File)));
    }

    #[test]
    fn stop_wins_over_any_change() {
        let (s, t0) = (sources(), Instant::now());
        let mut burst = Burst::default();
        burst.add(changed(&["/p/figures.yaml"]), t0, &s);
        burst.add(Message::Stop, t0, &s);
        assert_eq!(burst.take(t0), Plan::Stop);
    }
}
