//! `ladder man --markdown`: the manual's command-line reference
//! (`content/manual-reference.md`), made from the command line's own
//! definition, each command's help exactly as `ladder COMMAND --help`
//! prints it. A test compares the committed page with this, so the
//! reference can be regenerated but never edited by hand or left behind.

use std::fmt::Write as _;

use clap::CommandFactory;

use super::Cli;

/// The reference page's Markdown: the commands in the order `ladder --help`
/// lists them, each with its subcommands, under a heading of its own. It
/// is wrapped in a raw block since the site reads content as a template
/// and help text may hold braces.
pub fn markdown() -> String {
    let mut top = Cli::command();
    top.build();
    let mut out = String::from("{% raw %}\n");
    out.push_str(
        "Every command and option as `ladder COMMAND --help` prints it: this page is made by \
         `ladder man --markdown` from the command line's definition (a test fails when the two \
         differ), as the man page (`ladder man`) and the shell completions (`ladder completions`) \
         are.\n\n",
    );
    section(&mut out, &mut top, "ladder", 2);
    out.push_str("{% endraw %}\n");
    out
}

/// One command's heading, its help as printed, then its subcommands a level
/// down (`help` left out: it is clap's own).
fn section(out: &mut String, command: &mut clap::Command, path: &str, level: usize) {
    let _ = write!(out, "{} `{path}`\n\n", "#".repeat(level));
    let help = command.render_long_help().to_string();
    let lines: Vec<&str> = help.trim_end().lines().map(str::trim_end).collect();
    let _ = write!(out, "```text\n{}\n```\n\n", lines.join("\n"));
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|name| name != "help")
        .collect();
    for name in names {
        if let Some(sub) = command.find_subcommand_mut(&name) {
            let mut sub = sub.clone().bin_name(format!("{path} {name}"));
            section(out, &mut sub, &format!("{path} {name}"), (level + 1).min(4));
        }
    }
}
