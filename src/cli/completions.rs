//! `ladder completions SHELL` and `ladder man [--markdown]`: generated from the command
//! line's own definition, so they never fall behind it.

use std::process::ExitCode;

use anyhow::Result;
use clap::CommandFactory;

use super::Cli;
use super::print::emit;

#[derive(clap::Args)]
pub struct Args {
    /// The shell.
    shell: clap_complete::Shell,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "ladder", &mut script);
    emit(&String::from_utf8_lossy(&script))?;
    Ok(ExitCode::SUCCESS)
}

#[derive(clap::Args)]
pub struct ManArgs {
    /// Print the site manual's command-line reference (Markdown, every
    /// command's help) instead of the roff page.
    #[arg(long)]
    markdown: bool,
}

/// The manual page, in roff, or the manual's reference in Markdown.
pub fn man(args: ManArgs) -> Result<ExitCode> {
    if args.markdown {
        emit(&super::reference::markdown())?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut page)?;
    emit(&String::from_utf8_lossy(&page))?;
    Ok(ExitCode::SUCCESS)
}
