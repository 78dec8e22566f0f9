//! ladder: an essay site about impartial games, every figure and number
//! computed from a manifest.
//!
//! The pipeline is [`manifest`] (figures.yaml → typed entries) → [`figures`]
//! (compute each figure's data in parallel, check its claims, draw it with
//! [`plot`] and [`table`]) → [`site`] (Markdown and templates → files, written
//! in one swap). Every import points down this map, one line a module (a
//! module uses only those below it):
//!
//! - [`serve`], [`review`]: `ladder serve` (rebuilds on edits) and `ladder diff`
//! - [`site`]: pages, references, provenance, theorem links, the link check;
//!   where a build may write, the swap
//! - [`manifest`]: `figures.yaml`, read through the figure kinds' parameters
//! - [`figures`]: one file per kind; its entry, ranges, run and cache
//! - [`plot`], [`table`]: drawing in parts, and tables with their CSV
//! - [`atlas`]: every octal code of up to four digits, both plays, read
//!   from its committed records
//! - [`budget`]: the work a figure or command may ask for
//! - [`census`], [`coalition`], [`checkpoint`]: families of games, the
//!   three-player game, long runs kept in a file
//! - [`games`]: the rules, pure (with the octal solver and a run's shape)
//! - [`sequence`]: the machinery that knows no game, pure
//! - [`project`], [`text`]: what a build may read; numbers and wording
//! - [`scratch`], [`pause`]: temporary files marked so the next run removes
//!   what a killed one left; the named stops the kill tests use
//!
//! The three-player game under a fixed alliance is a world of its own,
//! sharing nothing with the Grundy machinery.

pub mod atlas;
pub mod budget;
pub mod checkpoint;
pub mod figures;
pub mod input;
pub mod manifest;
pub mod pause;
pub mod project;
pub mod review;
pub mod scratch;
pub mod serve;
pub mod site;
pub mod sweep;
pub mod text;

// The engine's modules under the names the site and the command line have
// always used (`crate::games`, `ladder::sequence`).
pub use ladder_draw::{plot, table};
pub use ladder_engine::{boards, census, coalition, games, interned, misere, sequence};

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressStyle};

use crate::manifest::Manifest;
use crate::project::Project;
use crate::site::{Difference, Files};

/// Where a site's sources are, and what to build.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// The folder holding figures.yaml, content/ and templates/.
    pub root: PathBuf,
    /// Compute only these figures (their SVG and data); pages are untouched.
    pub only: Vec<String>,
    /// Show a progress bar (on a terminal).
    pub progress: bool,
    /// Reuse figures from the cache (`.cache/ladder/`) when their
    /// parameters and the code their computation reads are unchanged.
    pub cache: bool,
    /// Recompute every figure (and refresh the cache).
    pub force: bool,
    /// Told which figures are about to be computed (`ladder serve` shows them).
    pub announce: Option<Announce>,
}

/// What a build calls with the ids of the figures it is about to compute
/// (neither kept from an earlier build nor in the cache), before it does.
#[derive(Clone)]
pub struct Announce(pub std::sync::Arc<AnnounceFn>);

/// The function an [`Announce`] holds.
pub type AnnounceFn = dyn Fn(&[String]) + Send + Sync;

impl std::fmt::Debug for Announce {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Announce")
    }
}

/// What a build did, and how long each stage took.
#[derive(Debug, Clone)]
pub struct BuildReport {
    pub figures: usize,
    pub pages: usize,
    pub files: usize,
    pub stages: Vec<(&'static str, Duration)>,
    /// Each figure's id, compute-and-draw time, and whether it was cached.
    pub timings: Vec<(String, Duration, bool)>,
    /// What went wrong without failing the build (a clean-up left for the next one).
    pub warnings: Vec<String>,
    /// The files a [`rebuild`] wrote, and those it removed.
    pub written: Vec<PathBuf>,
    pub removed: Vec<PathBuf>,
}

/// Builds the site into `out`: manifest → compute → render → site.
///
/// `out` is checked before anything is computed (and again when written):
/// a build replaces it whole, so it must be new, empty, or an earlier
/// build's output, and never the project or a folder above it.
pub fn build(options: &BuildOptions, out: &Path) -> Result<BuildReport> {
    if options.only.is_empty() {
        site::destination::vet(out, &options.root)?;
    } else {
        site::destination::vet_earlier(out, &options.root)?;
    }
    let (files, mut report, _) = render(options, &[])?;
    let start = Instant::now();
    if options.only.is_empty() {
        report.warnings = site::write_atomically(out, &files, &options.root)?;
    } else {
        site::write_some(out, &files, &options.root)?;
    }
    report.files = files.len();
    report.stages.push(("write", start.elapsed()));
    Ok(report)
}

/// Builds the site in memory and compares it with `out`, byte for byte:
/// from the cache, unless `options.force` asks for every figure computed
/// (which refreshes the cache).
pub fn check(options: &BuildOptions, out: &Path) -> Result<Vec<Difference>> {
    let (files, _, _) = render(options, &[])?;
    site::compare(out, &files)
}

/// A site kept in memory between builds by `ladder serve`: its figures as
/// computed and drawn, so the next build computes and draws only the
/// figures an edit changed.
#[derive(Debug, Default)]
pub struct Kept {
    computed: Vec<figures::Computed>,
}

/// [`build`] for `ladder serve`: the whole site, reusing `kept`'s figures
/// (and keeping this build's for the next). Into an earlier build's output
/// folder it writes only the files whose bytes changed and removes those
/// the site no longer has (listed in the report's `written` and
/// `removed`); anywhere else it writes the site in one swap.
pub fn rebuild(options: &BuildOptions, out: &Path, kept: &mut Kept) -> Result<BuildReport> {
    let earlier = site::destination::vet_earlier(out, &options.root).is_ok();
    if !earlier {
        site::destination::vet(out, &options.root)?;
    }
    let (files, mut report, computed) = render(options, &kept.computed)?;
    let start = Instant::now();
    if earlier {
        let changed = site::write_changed(out, &files, &options.root)?;
        report.written = changed.written;
        report.removed = changed.removed;
    } else {
        report.warnings = site::write_atomically(out, &files, &options.root)?;
        report.written = files.keys().cloned().collect();
    }
    kept.computed = computed;
    report.stages.push(("write", start.elapsed()));
    Ok(report)
}

/// The records figures read instead of computing (`ladder check --deep`):
/// each figure's id and its records, `figure: octal:·1777, … values`.
pub fn records(root: &Path) -> Result<Vec<String>> {
    let manifest = manifest::load(&Project::open(root)?)?;
    Ok(manifest
        .figures
        .iter()
        .flat_map(|f| {
            f.spec
                .records()
                .into_iter()
                .map(|r| format!("{}: {r}", f.id.0))
        })
        .collect())
}

/// A period proved by a solve whose record the manifest at `root` commits
/// (`solved-octal`'s `record:`, which `ladder check --deep` solves again):
/// the figure's id and the record, for `ladder value`. `None` when `root`
/// holds no manifest or no record of `rule`.
pub fn recorded_period(
    root: &Path,
    rule: &games::Rule,
) -> Result<Option<(String, figures::solved_octal::Record)>> {
    if !root.join("figures.yaml").is_file() {
        return Ok(None);
    }
    let manifest = manifest::load(&Project::open(root)?)?;
    Ok(manifest.figures.iter().find_map(|f| match &f.spec {
        figures::FigureSpec::SolvedOctal(params) => params
            .games
            .iter()
            .find(|g| &g.game == rule)
            .and_then(|g| g.record.clone())
            .map(|record| (f.id.0.clone(), record)),
        _ => None,
    }))
}

/// `ladder check --deep`: every record a figure reads, computed again; a
/// line for each number that differs (`figure: octal:·1777: the record
/// says …`), none when all are borne out.
pub fn check_deep(root: &Path) -> Result<Vec<String>> {
    let manifest = manifest::load(&Project::open(root)?)?;
    Ok(manifest
        .figures
        .iter()
        .flat_map(|f| {
            f.spec
                .deep_check()
                .into_iter()
                .map(|line| format!("{}: {line}", f.id.0))
        })
        .collect())
}

/// Every stage but the write: the site's files in memory, and the figures
/// (taken from `kept` where they are unchanged).
fn render(
    options: &BuildOptions,
    kept: &[figures::Computed],
) -> Result<(Files, BuildReport, Vec<figures::Computed>)> {
    let mut stages = Vec::new();
    let mut lap = Instant::now();
    let mut stage = |name| {
        stages.push((name, lap.elapsed()));
        lap = Instant::now();
    };

    let root = &options.root;
    let project = Project::open(root)?;
    let manifest = manifest::load(&project)?;
    stage("manifest");

    // Every other input is read and checked before any figure is computed.
    let sources = if options.only.is_empty() {
        Some(site::pages::Sources::read(&project, &manifest)?)
    } else {
        None
    };
    stage("sources");

    let selected = select(&manifest, &options.only)?;
    let progress = progress_bar(selected.len(), options.progress);
    let cache = options
        .cache
        .then(|| figures::cache::Cache::open(root, options.force));
    let announce = |ids: &[String]| {
        if let Some(Announce(announce)) = &options.announce {
            announce(ids);
        }
    };
    let computed = figures::compute_all(&selected, cache.as_ref(), kept, &announce, &progress)
        .map_err(|e| anyhow!(e))?;
    progress.finish_and_clear();
    if let (Some(cache), true) = (&cache, options.only.is_empty() && kept.is_empty()) {
        // Every figure was asked for, and read from the cache or computed:
        // what none used is stale.
        cache.prune();
    }
    stage("compute and draw");

    let files = if let Some(sources) = sources {
        let mut files = site::pages::render(&project, sources, &manifest, &computed)?;
        files.insert(site::MARKER.into(), site::MARKER_TEXT.into());
        files
    } else {
        site::pages::figure_files(&computed)
    };
    stage("pages");

    let report = BuildReport {
        figures: computed.len(),
        pages: if options.only.is_empty() {
            manifest.pages.len()
        } else {
            0
        },
        files: files.len(),
        stages,
        timings: computed
            .iter()
            .map(|c| (c.figure.id.0.clone(), c.time, c.cached))
            .collect(),
        warnings: Vec::new(),
        written: Vec::new(),
        removed: Vec::new(),
    };
    Ok((files, report, computed))
}

/// The figures named by `--only`, or all of them.
fn select(manifest: &Manifest, only: &[String]) -> Result<Vec<figures::Figure>> {
    if only.is_empty() {
        return Ok(manifest.figures.clone());
    }
    let unknown: Vec<&str> = only
        .iter()
        .filter(|id| !manifest.figures.iter().any(|f| &f.id.0 == *id))
        .map(String::as_str)
        .collect();
    if !unknown.is_empty() {
        bail!("no figure named {} in figures.yaml", unknown.join(", "));
    }
    Ok(manifest
        .figures
        .iter()
        .filter(|f| only.contains(&f.id.0))
        .cloned()
        .collect())
}

fn progress_bar(len: usize, visible: bool) -> ProgressBar {
    if !visible {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} computing figures {bar:30} {pos}/{len}")
    {
        bar.set_style(style);
    }
    bar
}
