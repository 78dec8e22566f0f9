//! The `ladder` command: parses the command line, runs one command (each in
//! its own file under `cli/`), and prints the error once, on one exit path.

mod cli;

use std::process::ExitCode;

use anyhow::Result;
use clap::Parser as _;

use cli::print::ClosedPipe;
use cli::{Cli, Command};

fn main() -> ExitCode {
    // The manual's reference page is this command line's help, made here.
    ladder::site::command_line::provide(cli::reference::markdown);
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return refused(&error),
    };
    match run(cli) {
        Ok(code) => code,
        Err(error) if error.is::<ClosedPipe>() => ExitCode::SUCCESS,
        Err(error) => {
            // What a message repeats of its input is escaped and cut.
            eprintln!(
                "error: {}",
                ladder::text::shown::message(&format!("{error:#}"))
            );
            ExitCode::from(2)
        }
    }
}

/// The command line's own refusal (or its help and version, on standard
/// output), with the value it quotes escaped and cut.
fn refused(error: &clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue};
    if !error.use_stderr() {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    let mut text = error.render().to_string();
    if let Some(ContextValue::String(value)) = error.get(ContextKind::InvalidValue) {
        text = text.replace(value.as_str(), &ladder::text::shown::found(value));
    }
    eprint!("{}", ladder::text::shown::message(&text));
    ExitCode::from(2)
}

fn run(cli: Cli) -> Result<ExitCode> {
    let root = cli.root.as_path();
    match cli.command {
        Command::Build(args) => cli::build::run(args, root),
        Command::Serve(args) => cli::serve::run(args, root),
        Command::Check(args) => cli::check::run(args, root),
        Command::Diff(args) => cli::diff::run(args, root),
        Command::Seq(args) => cli::seq::run(args),
        Command::Value(args) => cli::value::run(args, root),
        Command::Solve(args) => cli::solve::run(args),
        Command::Sweep(args) => cli::sweep::run(args),
        Command::Misere(args) => cli::misere::run(args),
        Command::Atlas(args) => cli::atlas::run(args, root),
        Command::Completions(args) => cli::completions::run(args),
        Command::Man(args) => cli::completions::man(args),
        Command::Coalition(args) => cli::coalition::run(args),
    }
}
