//! The command line: its definition (clap derive) and one file per command,
//! each holding its arguments and a `run` that calls the library and prints.
//! The model is cargo's `src/bin/cargo/commands/`; `main.rs` only parses,
//! dispatches and prints the error once.

pub mod atlas;
pub mod build;
pub mod check;
pub mod coalition;
pub mod completions;
pub mod diff;
mod drive;
pub mod misere;
pub mod print;
pub mod reference;
pub mod seq;
pub mod serve;
pub mod solve;
pub mod sweep;
pub mod value;

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// Regenerates the ladder essay site, and explores one game from the command line.
#[derive(Parser)]
#[command(name = "ladder", version)]
pub struct Cli {
    /// The site's folder (holding figures.yaml, content/, templates/).
    #[arg(long, global = true, default_value = ".")]
    pub root: PathBuf,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Compute every figure and write the whole site to output/.
    Build(build::Args),
    /// Build, serve the site on 127.0.0.1, and rebuild and reload the open
    /// pages on every edit of figures.yaml, content/ or templates/.
    Serve(serve::Args),
    /// Build in memory and compare with the committed output/; exit 1 on any difference.
    Check(check::Args),
    /// What changed since BASE (a folder holding an older output/, or a git
    /// revision such as origin/main), figure by figure; exit 1 if anything did.
    Diff(diff::Args),
    /// One game's Grundy sequence, its period and its certificate.
    #[command(after_help = rules_help(&[
        "ladder seq sub:1,3,4 --values 2000 --json",
        "ladder seq octal:.137",
        "ladder seq hex:.8 --values 1000     # a certified saltus",
    ]))]
    Seq(seq::Args),
    /// The value of one heap, however large: the value alone on standard
    /// output, how it was found on standard error.
    #[command(after_help = rules_help(&[
        "ladder value sub:1,3,4 1000000000000000000        # 1",
        "ladder value hex:.8 1000000000000000000 --json    # by a certified saltus",
    ]))]
    Value(value::Args),
    /// An octal code's values grown until its period is proved (searched
    /// and certified at each doubling and at the window), or --max-values.
    #[command(after_help = SOLVE_HELP)]
    Solve(solve::Args),
    /// Many octal codes, each run as `solve` runs it, to a depth and a time
    /// limit per code, one shard of a job array a process (Slurm's
    /// SLURM_ARRAY_TASK_ID or a Kubernetes Indexed Job's index); `sweep
    /// merge DIR` joins the shards.
    #[command(after_help = SWEEP_HELP)]
    Sweep(sweep::Args),
    /// An octal code's misère quotient on the heaps up to --heaps: the monoid,
    /// its P-portion, the pretending function, tame or wild, periodic or not.
    #[command(after_help = misere::HELP)]
    Misere(misere::Args),
    /// One octal code of up to four digits (or a family of them) from the
    /// atlas's records, at once: both plays, its equivalent, and the
    /// commands that compute it again.
    #[command(after_help = atlas::help())]
    Atlas(atlas::Args),
    /// Shell completions for bash, zsh or fish, written to standard output.
    #[command(after_help = "Example: ladder completions bash > /etc/bash_completion.d/ladder")]
    Completions(completions::Args),
    /// The manual page (roff), or with --markdown the manual's command-line
    /// reference, generated from this command line's definition.
    #[command(
        after_help = "Examples:\n  ladder man > ladder.1 && man ./ladder.1\n  ladder man --markdown > content/manual-reference.md"
    )]
    Man(completions::ManArgs),
    /// The three-player game under the fixed alliance: heap kinds, census,
    /// classes, key table, and whether Nim's shape holds.
    #[command(after_help = coalition::HELP)]
    Coalition(coalition::Args),
}

/// The rules `solve` takes, and examples.
const SOLVE_HELP: &str = "Rules:\n  octal:.137   an octal code (also ·137, 0.137; 4.07 splits a heap without taking)\n\n\
     Examples:\n  ladder solve octal:.137\n  \
     ladder solve octal:.1777 --checkpoint 1777.ckpt    # Ctrl-C, then the same command goes on\n  \
     ladder solve octal:.007 --max-values 1000000 --json\n";

/// Examples of `sweep`.
const SWEEP_HELP: &str = "Examples:\n  ladder sweep .45 .137 .56 --out sweep/\n  \
     ladder sweep --family 0.??? --max-values 100000 --shard 0 --of 4 --out sweep/\n  \
     ladder sweep merge sweep/ --out sweep.jsonl\n";

/// The rule kinds with an example each, and some example commands: the
/// help of every subcommand that takes a rule.
fn rules_help(examples: &[&str]) -> String {
    let mut help = String::from(
        "Rules:\n  sub:1,3,4    a subtraction set: take 1, 3 or 4 counters\n  \
         pass:1,3,4   the same takes, and one pass for the whole game\n  \
         octal:.137   an octal code (also ·137, 0.137; 4.07 splits a heap without taking)\n  \
         hex:.8       a hexadecimal code (bit 8 leaves three heaps; also ·8, 0.8, 4.8)\n\nExamples:\n",
    );
    for example in examples {
        let _ = writeln!(help, "  {example}");
    }
    help
}
