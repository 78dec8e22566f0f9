//! The manual's command-line reference, made from the command line's own
//! definition, each command's help exactly as `ladder COMMAND --help`
//! prints it: the build puts it in the manual's page
//! (`{{ command_line_reference() }}` in `content/manual-reference.md`,
//! handed down by `main`), and `ladder man --markdown` prints it.

use std::fmt::Write as _;

use clap::CommandFactory;

use super::Cli;

/// The reference's Markdown: the commands in the order `ladder --help`
/// lists them, each with its subcommands, under a heading of its own.
pub fn markdown() -> String {
    let mut top = Cli::command();
    top.build();
    let mut out = String::new();
    section(&mut out, &mut top, "ladder", 2);
    out
}

/// One command's heading, its help as `--help` prints it, then its
/// subcommands a level down (`help` left out: it is clap's own).
fn section(out: &mut String, command: &mut clap::Command, path: &str, level: usize) {
    let _ = write!(out, "{} `{path}`\n\n", "#".repeat(level));
    let help = printed_help(path);
    let lines: Vec<&str> = help.trim_end().lines().map(str::trim_end).collect();
    let _ = write!(out, "```text\n{}\n```\n\n", lines.join("\n"));
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|name| name != "help")
        .collect();
    for name in names {
        if let Some(sub) = command.find_subcommand_mut(&name) {
            section(out, sub, &format!("{path} {name}"), (level + 1).min(4));
        }
    }
}

/// What `PATH --help` prints (`ladder sweep merge --help`): clap's own
/// answer to those words, so the page cannot differ from the terminal.
fn printed_help(path: &str) -> String {
    let words = path.split(' ').chain(["--help"]);
    match Cli::command().try_get_matches_from(words) {
        Err(answer) => answer.render().to_string(),
        Ok(_) => String::new(),
    }
}
