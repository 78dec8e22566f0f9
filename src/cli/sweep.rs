//! `ladder sweep`: many octal codes, each run as `ladder solve` runs it, to
//! a depth and a time limit per code, one shard of a job array a process;
//! `ladder sweep merge DIR` joins the shards ([`ladder::sweep`]).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use ladder::games::Rule;
use ladder::sweep::record::{self, Record, Status};
use ladder::sweep::{file, plan};
use ladder::text::numbers::{counted, grouped};

use super::print::{emit, quiet};

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    merge: Option<Merge>,
    #[command(flatten)]
    run: Run,
}

#[derive(clap::Subcommand)]
enum Merge {
    /// Join a sweep's shards (the shard-I-of-N.jsonl files of DIR) into
    /// one record a code, in the sweep's order, as JSON lines; refuses a
    /// sweep with a shard or a code missing, or a code twice.
    Merge {
        /// The folder the shards wrote to.
        dir: PathBuf,
        /// Write the joined records here (atomically) rather than to
        /// standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
}

#[derive(clap::Args)]
struct Run {
    /// Octal codes (·137, 0.137, octal:4.07), each run once in its
    /// standard form.
    codes: Vec<String>,
    /// A family, `?` for each free digit: 0.???, 4.???, 0.????.
    #[arg(long, value_name = "PATTERN")]
    family: Option<String>,
    /// The depth: values computed at most per code.
    #[arg(long, value_name = "N", default_value_t = 1 << 20)]
    max_values: usize,
    /// The time limit per code, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    max_seconds: u64,
    /// This process's shard, from 0 (else SLURM_ARRAY_TASK_ID less
    /// SLURM_ARRAY_TASK_MIN, or JOB_COMPLETION_INDEX; else the whole sweep).
    #[arg(long, value_name = "I", requires = "of")]
    shard: Option<usize>,
    /// The number of shards (else SLURM_ARRAY_TASK_COUNT).
    #[arg(long, value_name = "N")]
    of: Option<usize>,
    /// The folder for the shards' files (made if missing).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.merge {
        Some(Merge::Merge { dir, out }) => merge(&dir, out.as_deref()),
        None => sweep(args.run),
    }
}

fn sweep(args: Run) -> Result<ExitCode> {
    let out = args
        .out
        .as_deref()
        .ok_or_else(|| anyhow!("give --out DIR, the folder the shard's records go to"))?;
    let mut codes = args.codes.clone();
    if let Some(pattern) = &args.family {
        codes.extend(plan::family(pattern).map_err(|e| anyhow!(e))?);
    }
    if codes.is_empty() {
        return Err(anyhow!(
            "give codes to sweep, or --family (0.???, 4.???, 0.????)"
        ));
    }
    let rules = plan::standard(&codes).map_err(|e| anyhow!(e))?;
    // Every code runs to the depth asked: the time limit bounds the work of
    // a code whose values are not sparse, as the memory bounds the rest.
    if args.max_values > ladder::budget::MAX_OCTAL_VALUES {
        return Err(anyhow!(
            "a sweep computes at most {} values a code, not {}",
            grouped(ladder::budget::MAX_OCTAL_VALUES as u64),
            grouped(args.max_values as u64)
        ));
    }
    let env = |name: &str| std::env::var(name).ok();
    let shard = plan::Shard::from(args.shard, args.of, &env).map_err(|e| anyhow!(e))?;
    let plan = file::Plan {
        codes: rules.iter().map(ToString::to_string).collect(),
        shard: shard.index,
        of: shard.count,
        max_values: args.max_values,
        max_seconds: args.max_seconds,
    };
    std::fs::create_dir_all(out)
        .map_err(|e| anyhow!("cannot make {}: {e}", ladder::text::shown::file(out)))?;
    let path = file::path(out, shard.index, shard.count);
    let mut records = if path.exists() {
        let (found, records) = file::read(&path).map_err(|e| anyhow!(e))?;
        if found != plan {
            return Err(anyhow!(
                "{} is a shard of another sweep (its codes, shards or limits differ): give \
                 another --out, or the same codes and limits",
                ladder::text::shown::file(&path)
            ));
        }
        records
    } else {
        Vec::new()
    };
    let mine = shard.take(&rules);
    let todo: Vec<&Rule> = mine
        .iter()
        .filter(|r| !records.iter().any(|done| done.rule == r.to_string()))
        .collect();
    let bar = bar(mine.len(), mine.len() - todo.len());
    for rule in todo {
        bar.set_message(rule.to_string());
        let Some(code) = rule.octal_code() else {
            continue;
        };
        records.push(record::run(rule, code, args.max_values, args.max_seconds));
        file::write(&path, &plan, &records).map_err(|e| anyhow!(e))?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    if !path.exists() {
        file::write(&path, &plan, &records).map_err(|e| anyhow!(e))?;
    }
    eprintln!(
        "shard {} of {}: {} ({}), in {}",
        shard.index,
        shard.count,
        counted(records.len() as u64, "code", "codes"),
        tally(&records),
        ladder::text::shown::file(&path)
    );
    Ok(ExitCode::SUCCESS)
}

fn merge(dir: &Path, out: Option<&Path>) -> Result<ExitCode> {
    let (plan, records) = file::merge(dir).map_err(|e| anyhow!(e))?;
    let mut text = String::new();
    for record in &records {
        text.push_str(&serde_json::to_string(record)?);
        text.push('\n');
    }
    match out {
        Some(path) => file::replace(path, &text).map_err(|e| anyhow!(e))?,
        None => emit(&text)?,
    }
    eprintln!(
        "{} joined: {} ({})",
        counted(plan.of as u64, "shard", "shards"),
        counted(records.len() as u64, "code", "codes"),
        tally(&records)
    );
    Ok(ExitCode::SUCCESS)
}

/// How the codes ended, counted: `40 proved, 2 at the depth`.
fn tally(records: &[Record]) -> String {
    let count = |status| records.iter().filter(|r| r.status == status).count();
    let parts = [
        (Status::Proved, "proved"),
        (Status::Depth, "at the depth"),
        (Status::Time, "at the time limit"),
        (Status::Stopped, "stopped by the engine"),
    ];
    let said: Vec<String> = parts
        .iter()
        .map(|&(status, words)| (count(status), words))
        .filter(|&(n, _)| n > 0)
        .map(|(n, words)| format!("{} {words}", grouped(n as u64)))
        .collect();
    if said.is_empty() {
        "none run".into()
    } else {
        said.join(", ")
    }
}

/// A bar over the shard's codes, on a terminal only (quiet in CI and in a
/// batch job, whose standard error is a file).
fn bar(total: usize, done: usize) -> ProgressBar {
    if quiet() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{wide_bar} {pos}/{len} codes, {msg}, ~{eta} left")
    {
        bar.set_style(style);
    }
    bar.set_position(done as u64);
    bar
}
