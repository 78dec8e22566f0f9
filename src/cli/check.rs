//! `ladder check`: build in memory and compare with `output/`, byte for byte.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;

use ladder::text::numbers::counted;

use super::print::{emit, say};

#[derive(clap::Args)]
pub struct Args {
    /// The folder to compare with (default: output/ in the site's folder).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Lists each differing file on standard output; exit 1 if there is any.
pub fn run(args: Args, root: &Path) -> Result<ExitCode> {
    let out = args.out.unwrap_or_else(|| root.join("output"));
    let differences = ladder::check(&super::build::options(root, Vec::new(), true), &out)?;
    if differences.is_empty() {
        eprintln!("{} is what a fresh build produces", out.display());
        return Ok(ExitCode::SUCCESS);
    }
    let mut listing = String::new();
    for d in &differences {
        say!(listing, "{d}");
    }
    emit(&listing)?;
    let shown = out.display();
    let differ = counted(
        differences.len() as u64,
        &format!("file in {shown} differs"),
        &format!("files in {shown} differ"),
    );
    eprintln!("{differ} from a fresh build: run `ladder build` and commit output/");
    Ok(ExitCode::from(1))
}
