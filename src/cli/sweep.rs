//! `ladder sweep`: many octal codes, each run as `ladder solve` runs it, to
//! a depth and a time limit per code, one shard of a job array a process;
//! `ladder sweep merge DIR` joins the shards ([`ladder::sweep`]).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use ladder::games::Rule;
use ladder::sweep::file::{self, Kind, Owner};
use ladder::sweep::misere::{self, Misere};
use ladder::sweep::plan;
use ladder::sweep::record::{self, Normal, Record, Status};
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
        /// The folders the shards wrote to: each a whole sweep, joined in
        /// the order given.
        #[arg(required = true, value_name = "DIR")]
        dirs: Vec<PathBuf>,
        /// A file of records (a merge's) to lay these over: its records in
        /// its order, each code this sweep ran replaced by this sweep's
        /// record (a deeper sweep of some codes over a wider one).
        #[arg(long, value_name = "FILE")]
        over: Option<PathBuf>,
        /// Write the joined records here (atomically) rather than to
        /// standard output; never inside DIR.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// The shards are a misère sweep's.
        #[arg(long)]
        misere: bool,
    },
}

#[derive(clap::Args)]
struct Run {
    /// Octal codes (·137, 0.137, octal:4.07), each run once in its
    /// standard form.
    codes: Vec<String>,
    /// A family, `?` for each free digit: 0.???, 4.???, 0.???? (again for
    /// more: `--family 0.???? --family 4.????` is the atlas).
    #[arg(long, value_name = "PATTERN")]
    family: Vec<String>,
    /// The depth: values computed at most per code (normal play).
    #[arg(long, value_name = "N", default_value_t = 1 << 20, value_parser = clap::value_parser!(u64).range(1..))]
    max_values: u64,
    /// The time limit per code, in seconds (normal play).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    max_seconds: u64,
    /// Each code's misère quotient instead, grown until Theorem M proves
    /// Φ's period, --max-heaps, or the work or memory budget.
    #[arg(long, conflicts_with_all = ["max_values", "max_seconds"])]
    misere: bool,
    /// The most heaps a misère quotient is grown to.
    #[arg(long, value_name = "N", default_value_t = 200, requires = "misere", value_parser = clap::value_parser!(u64).range(1..=2000))]
    max_heaps: u64,
    /// Each code's misère work budget, in products of two elements, the
    /// same on every machine (10^8 took 0.4 to 28 s a code in the atlas).
    #[arg(long, value_name = "PRODUCTS", default_value_t = 100_000_000, requires = "misere", value_parser = clap::value_parser!(u64).range(1..))]
    max_work: u64,
    /// Each code's misère memory budget, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 512, requires = "misere", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    max_megabytes: u64,
    /// This process's shard, from 0 (else SLURM_ARRAY_TASK_ID less
    /// SLURM_ARRAY_TASK_MIN, or JOB_COMPLETION_INDEX; else the whole sweep).
    #[arg(long, value_name = "I", requires = "of")]
    shard: Option<usize>,
    /// The number of shards (else SLURM_ARRAY_TASK_COUNT).
    #[arg(long, value_name = "N")]
    of: Option<usize>,
    /// Keep each code's values in DIR while it runs (a checkpoint every
    /// --checkpoint-every seconds and on Ctrl-C), so a stopped sweep goes on inside the code it
    /// was running, its time limit counting every run's time; a code's
    /// files are removed once its record is written (normal play).
    #[arg(long, value_name = "DIR", conflicts_with = "misere")]
    checkpoints: Option<PathBuf>,
    /// Write each checkpoint at least this often, in seconds (a deep run's
    /// file is gigabytes).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, requires = "checkpoints",
          value_parser = clap::value_parser!(u64).range(1..))]
    checkpoint_every: u64,
    /// The folder for the shards' files (made if missing).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.merge {
        Some(Merge::Merge {
            dirs,
            over,
            out,
            misere,
        }) => {
            let joined = Joined {
                dirs: &dirs,
                over: over.as_deref(),
                out: out.as_deref(),
            };
            if misere {
                merge::<Misere>(&joined, misere_tally)
            } else {
                merge::<Normal>(&joined, tally)
            }
        }
        None => sweep(args.run),
    }
}

/// The codes to run, in their standard forms, and this process's shard.
fn planned(args: &Run) -> Result<(Vec<Rule>, plan::Shard)> {
    let mut codes = args.codes.clone();
    for pattern in &args.family {
        codes.extend(plan::family(pattern).map_err(|e| anyhow!(e))?);
    }
    if codes.is_empty() {
        return Err(anyhow!(
            "give codes to sweep, or --family (0.???, 4.???, 0.????)"
        ));
    }
    let rules = plan::standard(&codes).map_err(|e| anyhow!(e))?;
    let env = |name: &str| std::env::var(name).ok();
    let shard = plan::Shard::from(args.shard, args.of, &env).map_err(|e| anyhow!(e))?;
    Ok((rules, shard))
}

fn sweep(args: Run) -> Result<ExitCode> {
    let out = args
        .out
        .as_deref()
        .ok_or_else(|| anyhow!("give --out DIR, the folder the shard's records go to"))?;
    let (rules, shard) = planned(&args)?;
    let codes = rules.iter().map(ToString::to_string).collect();
    if args.misere {
        let plan = misere::Plan {
            codes,
            shard: shard.index,
            of: shard.count,
            max_heaps: args.max_heaps as usize,
            max_work: args.max_work,
            max_megabytes: args.max_megabytes,
        };
        return run_shard::<Misere>(
            out,
            &rules,
            shard,
            &plan,
            &|rule, code| misere::run(rule, code, &plan).map(Some),
            misere_tally,
        );
    }
    // Every code runs to the depth asked: the time limit bounds the work of
    // a code whose values are not sparse, as the memory bounds the rest.
    let max_values = usize::try_from(args.max_values)
        .ok()
        .filter(|&n| n <= ladder::budget::MAX_OCTAL_VALUES)
        .ok_or_else(|| {
            anyhow!(
                "a sweep computes at most {} values a code, not {}",
                grouped(ladder::budget::MAX_OCTAL_VALUES as u64),
                grouped(args.max_values)
            )
        })?;
    let plan = record::Plan {
        codes,
        shard: shard.index,
        of: shard.count,
        max_values,
        max_seconds: args.max_seconds,
    };
    let kept = match &args.checkpoints {
        Some(dir) => Some(Kept::new(dir, args.checkpoint_every)?),
        None => None,
    };
    run_shard::<Normal>(
        out,
        &rules,
        shard,
        &plan,
        &|rule, code| match &kept {
            None => Ok(Some(record::run(rule, code, max_values, args.max_seconds))),
            Some(kept) => kept.run(rule, code, max_values, args.max_seconds),
        },
        tally,
    )
}

/// A sweep's checkpoints: each code's values in `DIR/0.1234.ckpt` and the
/// seconds they took in `DIR/0.1234.seconds`, written every minute and on
/// Ctrl-C, read back when the sweep comes to the code again.
struct Kept {
    dir: PathBuf,
    key: Option<ladder::checkpoint::Key>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    every: std::time::Duration,
}

impl Kept {
    fn new(dir: &Path, every: u64) -> Result<Kept> {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow!("cannot make {}: {e}", ladder::text::shown::file(dir)))?;
        Ok(Kept {
            dir: dir.to_path_buf(),
            key: ladder::checkpoint::user_key()?,
            stop: super::drive::catch_ctrl_c()?,
            every: std::time::Duration::from_secs(every),
        })
    }

    fn paths(&self, rule: &Rule) -> (PathBuf, PathBuf) {
        let name = rule
            .octal_code()
            .map(|c| format!("{}.{}", c.digit(0), c.digits_after_point()))
            .unwrap_or_else(|| "code".into());
        (
            self.dir.join(format!("{name}.ckpt")),
            self.dir.join(format!("{name}.seconds")),
        )
    }

    /// One code's run from its checkpoint; `None` when Ctrl-C stopped it
    /// (its values and time are written).
    fn run(
        &self,
        rule: &Rule,
        code: &ladder::games::OctalCode,
        max_values: usize,
        max_seconds: u64,
    ) -> Result<Option<Record>, String> {
        use std::sync::atomic::Ordering;
        let (values_path, seconds_path) = self.paths(rule);
        let name = rule.to_string();
        let values = ladder::checkpoint::saved_values(code, &values_path, &name, self.key.as_ref())
            .map_err(|e| format!("{e:#}"))?;
        let seconds = match std::fs::read_to_string(&seconds_path) {
            Ok(text) => text
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| {
                    format!(
                        "{}: not a number of seconds",
                        ladder::text::shown::file(&seconds_path)
                    )
                })?,
            Err(_) => 0.0,
        };
        let failed = std::cell::RefCell::new(None);
        let mut last = std::time::Instant::now();
        let write = |values: &[u16], seconds: f64| -> Result<(), String> {
            ladder::checkpoint::write(&values_path, &name, values, self.key.as_ref())
                .map_err(|e| format!("{e:#}"))?;
            file::replace(&seconds_path, &format!("{seconds:.3}\n"))
        };
        let start = record::Start { values, seconds };
        let (record, stopped) = record::run_from(
            rule,
            code,
            max_values,
            max_seconds,
            start,
            &mut |solver, seconds| {
                let asked = self.stop.load(Ordering::SeqCst);
                if asked || last.elapsed() >= self.every {
                    if let Err(e) = write(solver.values(), seconds) {
                        *failed.borrow_mut() = Some(e);
                        return record::Step::Stop;
                    }
                    last = std::time::Instant::now();
                }
                if asked {
                    record::Step::Stop
                } else {
                    record::Step::Go
                }
            },
        );
        if let Some(e) = failed.into_inner() {
            return Err(e);
        }
        if stopped {
            return Ok(None);
        }
        for path in [&values_path, &seconds_path] {
            if path.exists() {
                std::fs::remove_file(path).map_err(|e| {
                    format!("cannot remove {}: {e}", ladder::text::shown::file(path))
                })?;
            }
        }
        Ok(Some(record))
    }
}

/// One code's run, as a sweep of kind `K` makes it; `None` when Ctrl-C
/// stopped it.
type RunOne<'a, K> =
    dyn Fn(&Rule, &ladder::games::OctalCode) -> Result<Option<<K as Kind>::Record>, String> + 'a;

/// Runs this shard's codes not yet done, each record written as it comes,
/// holding the shard file's lock from before its plan is read.
fn run_shard<K: Kind>(
    out: &Path,
    rules: &[Rule],
    shard: plan::Shard,
    plan: &K::Plan,
    one: &RunOne<'_, K>,
    tally: fn(&[K::Record]) -> String,
) -> Result<ExitCode> {
    std::fs::create_dir_all(out)
        .map_err(|e| anyhow!("cannot make {}: {e}", ladder::text::shown::file(out)))?;
    let path = file::path(out, shard.index, shard.count);
    let _owner = Owner::take(&path).map_err(|e| anyhow!(e))?;
    let mut records = if path.exists() {
        let (found, records) = file::read::<K>(&path).map_err(|e| anyhow!(e))?;
        if &found != plan {
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
    let mine = shard.take(rules);
    let done: std::collections::HashSet<String> =
        records.iter().map(|r| K::rule(r).to_string()).collect();
    let todo: Vec<&Rule> = mine
        .iter()
        .filter(|r| !done.contains(&r.to_string()))
        .collect();
    let bar = bar(mine.len(), mine.len() - todo.len());
    for rule in todo {
        bar.set_message(rule.to_string());
        let Some(code) = rule.octal_code() else {
            continue;
        };
        match one(rule, code).map_err(|e| anyhow!(e))? {
            Some(record) => records.push(record),
            None => {
                bar.finish_and_clear();
                eprintln!(
                    "interrupted in {rule}: its values are kept, and {} records are in {}; run \
                     the same command to go on",
                    records.len(),
                    ladder::text::shown::file(&path)
                );
                return Ok(ExitCode::from(130));
            }
        }
        file::write::<K>(&path, plan, &records).map_err(|e| anyhow!(e))?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    if !path.exists() {
        file::write::<K>(&path, plan, &records).map_err(|e| anyhow!(e))?;
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

/// What `merge` joins and where it writes.
struct Joined<'a> {
    dirs: &'a [PathBuf],
    over: Option<&'a Path>,
    out: Option<&'a Path>,
}

fn merge<K: Kind>(joined: &Joined, tally: fn(&[K::Record]) -> String) -> Result<ExitCode> {
    use ladder::sweep::file::Planned as _;
    if let Some(out) = joined.out
        && let Some(dir) = joined.dirs.iter().find(|dir| file::inside(out, dir))
    {
        return Err(anyhow!(
            "--out {} is inside {}, a folder merge reads: write the joined records elsewhere",
            ladder::text::shown::file(out),
            ladder::text::shown::file(dir)
        ));
    }
    let mut records: Vec<K::Record> = Vec::new();
    let mut shards = 0;
    for dir in joined.dirs {
        let (plan, more) = file::merge::<K>(dir).map_err(|e| anyhow!(e))?;
        shards += plan.of();
        records.extend(more);
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(twice) = records
        .iter()
        .find(|r| !seen.insert(K::rule(r).to_string()))
    {
        return Err(anyhow!(
            "{} is in two of the sweeps joined: join sweeps of different codes",
            K::rule(twice)
        ));
    }
    if let Some(base) = joined.over {
        records = laid_over::<K>(base, records)?;
    }
    let mut text = String::new();
    for record in &records {
        text.push_str(&serde_json::to_string(record)?);
        text.push('\n');
    }
    match joined.out {
        Some(path) => file::replace(path, &text).map_err(|e| anyhow!(e))?,
        None => emit(&text)?,
    }
    eprintln!(
        "{} joined: {} ({})",
        counted(shards as u64, "shard", "shards"),
        counted(records.len() as u64, "code", "codes"),
        tally(&records)
    );
    Ok(ExitCode::SUCCESS)
}

/// `base`'s records in its order, each replaced by the record of the same
/// code in `newer`; every code of `newer` must be in `base`.
fn laid_over<K: Kind>(base: &Path, newer: Vec<K::Record>) -> Result<Vec<K::Record>> {
    let text = file::read_regular(base).map_err(|e| anyhow!(e))?;
    let old: Vec<K::Record> = file::parse_lines(&text).map_err(|(line, column, message)| {
        anyhow!(
            "{}:{line}:{column}: {message}",
            ladder::text::shown::file(base)
        )
    })?;
    let mut newer: std::collections::HashMap<String, K::Record> = newer
        .into_iter()
        .map(|r| (K::rule(&r).to_string(), r))
        .collect();
    let laid: Vec<K::Record> = old
        .into_iter()
        .map(|r| newer.remove(K::rule(&r)).unwrap_or(r))
        .collect();
    if let Some(stray) = newer.keys().min() {
        return Err(anyhow!(
            "{stray} is not in {}: --over lays a sweep over records of the same codes",
            ladder::text::shown::file(base)
        ));
    }
    Ok(laid)
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

/// How a misère sweep's codes ended, counted: `300 proved (120 tame), 12 unsettled`.
fn misere_tally(records: &[misere::Record]) -> String {
    let proved = records
        .iter()
        .filter(|r| r.status == misere::Status::Proved)
        .count();
    let tame = records
        .iter()
        .filter(|r| r.status == misere::Status::Proved && r.tame)
        .count();
    format!(
        "{} proved ({} tame, {} wild), {} unsettled",
        grouped(proved as u64),
        grouped(tame as u64),
        grouped((proved - tame) as u64),
        grouped((records.len() - proved) as u64)
    )
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
