//! `ladder serve`: build, serve on 127.0.0.1, rebuild and reload on every edit.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;

#[derive(clap::Args)]
pub struct Args {
    /// The port (0: any free port; the URL is printed).
    #[arg(long, default_value_t = ladder::serve::DEFAULT_PORT)]
    port: u16,
    /// Open the site in the default browser.
    #[arg(long)]
    open: bool,
    /// Where each build writes, and what is served (default: output/ in the site's folder).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(args: Args, root: &Path) -> Result<ExitCode> {
    ladder::serve::serve(&ladder::serve::ServeOptions {
        root: root.to_path_buf(),
        out: args.out.unwrap_or_else(|| root.join("output")),
        port: args.port,
        open: args.open,
    })?;
    Ok(ExitCode::SUCCESS)
}
