//! `ladder build`: compute every figure and write the site, then report
//! how long each stage and each figure took.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use ladder::{BuildOptions, BuildReport};

use super::print::quiet;
use ladder::text::shown;

#[derive(clap::Args)]
pub struct Args {
    /// Where to write the site (default: output/ in the site's folder).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Recompute only these figures' SVG and data; pages are not rewritten.
    #[arg(long, num_args = 1..)]
    only: Vec<String>,
    /// Recompute every figure instead of reusing cached ones (the cache is refreshed).
    #[arg(long)]
    force: bool,
}

/// What `build` and `check` ask of the library: the cache on, a bar on a terminal.
pub fn options(root: &Path, only: Vec<String>, force: bool) -> BuildOptions {
    BuildOptions {
        root: root.to_path_buf(),
        only,
        progress: !quiet(),
        cache: true,
        force,
        announce: None,
    }
}

pub fn run(args: Args, root: &Path) -> Result<ExitCode> {
    let out = args.out.unwrap_or_else(|| root.join("output"));
    let report = ladder::build(&options(root, args.only, args.force), &out)?;
    print_report(&report, &out);
    Ok(ExitCode::SUCCESS)
}

/// The stages' times on one line, then each figure's, then any warning.
fn print_report(report: &BuildReport, out: &Path) {
    let stages: Vec<String> = report
        .stages
        .iter()
        .map(|(name, time)| format!("{name} {:.0} ms", time.as_secs_f64() * 1e3))
        .collect();
    eprintln!(
        "built {} figures and {} pages ({} files) into {}: {}",
        report.figures,
        report.pages,
        report.files,
        shown::file(out),
        stages.join(", ")
    );
    for (id, time, cached) in &report.timings {
        let how = if *cached {
            "cached".to_string()
        } else {
            format!("{:.0} ms", time.as_secs_f64() * 1e3)
        };
        eprintln!("  {id:<28} {how}");
    }
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
}
