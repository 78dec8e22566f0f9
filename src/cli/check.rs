//! `ladder check`: build in memory (from the figure cache, or computing
//! every figure with `--force`) and compare with `output/`, byte for byte.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;

use ladder::text::numbers::counted;

use super::print::{emit, say};
use ladder::text::shown;

#[derive(clap::Args)]
pub struct Args {
    /// The folder to compare with (default: output/ in the site's folder).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Compute every figure again instead of reading the cache (which is
    /// refreshed); without it, figures whose code and parameters are
    /// unchanged come from the cache and are drawn again.
    #[arg(long)]
    force: bool,
    /// Also compute again what figures read from committed records (·1777's
    /// solve, minutes of work): every number must be equal.
    #[arg(long)]
    deep: bool,
}

/// Lists each differing file on standard output; exit 1 if there is any.
pub fn run(args: Args, root: &Path) -> Result<ExitCode> {
    let out = args.out.unwrap_or_else(|| root.join("output"));
    let differences = ladder::check(&super::build::options(root, Vec::new(), args.force), &out)?;
    if differences.is_empty() {
        let how = if args.force {
            "every figure computed afresh"
        } else {
            "unchanged figures from the cache; --force computes them all"
        };
        eprintln!("{} is what a build produces ({how})", shown::file(&out));
        return if args.deep {
            deep(root)
        } else {
            Ok(ExitCode::SUCCESS)
        };
    }
    let mut listing = String::new();
    for d in &differences {
        say!(listing, "{d}");
    }
    emit(&listing)?;
    let shown = shown::file(&out);
    let differ = counted(
        differences.len() as u64,
        &format!("file in {shown} differs"),
        &format!("files in {shown} differ"),
    );
    eprintln!("{differ} from a fresh build: run `ladder build` and commit output/");
    Ok(ExitCode::from(1))
}

/// `--deep`: the records solved again; each differing number listed, exit 1.
fn deep(root: &Path) -> Result<ExitCode> {
    for record in ladder::records(root)? {
        eprintln!("solving again, from its record: {record}");
    }
    let differences = ladder::check_deep(root)?;
    if differences.is_empty() {
        eprintln!("every record is what a fresh solve finds");
        return Ok(ExitCode::SUCCESS);
    }
    let mut listing = String::new();
    for d in &differences {
        say!(listing, "{d}");
    }
    emit(&listing)?;
    eprintln!(
        "{} recorded numbers differ from a fresh solve: solve the game again and commit its record",
        differences.len()
    );
    Ok(ExitCode::from(1))
}
