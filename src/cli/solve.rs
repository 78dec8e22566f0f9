//! `ladder solve RULE`: an octal code's values grown until its period is
//! proved (searched and certified at every doubling, its quarters, and the
//! window of the period found), or `--max-values` is reached; with progress
//! on a terminal and a checkpoint that Ctrl-C writes. The run itself is
//! [`ladder::games::octal_solve`]; [`super::drive`] is shared with `ladder seq`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use ladder::budget::{
    MAX_DENSE_OCTAL_VALUES, MAX_OCTAL_VALUES, available_memory, check_seq_values, check_values,
    most_that_fit,
};
use ladder::games::octal_engine::{EngineKind, is_sparse};
use ladder::games::octal_solve::{Finish, Solver, Summary, summarise};
use ladder::games::{OctalCode, Rule};
use ladder::text::numbers::{counted, grouped};

use super::drive::{Driven, Keep, drive, keep_final};
use super::print::{emit, quiet, say};

#[derive(clap::Args)]
pub struct Args {
    /// The game: an octal code.
    rule: Rule,
    /// Stop here if no period is proved by then (default: as many as the
    /// memory holds at 2.5 bytes a value, the machine's or what a limit such
    /// as ulimit -v or a cgroup leaves, at most 4,294,967,295; 10,000,000
    /// for a code with no sparse space).
    #[arg(long, value_name = "N")]
    max_values: Option<usize>,
    /// Keep the values in FILE as the run goes (written atomically), and go
    /// on from the values it holds; Ctrl-C writes it too.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Write the checkpoint at least this often, in seconds.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60,
        requires = "checkpoint"
    )]
    checkpoint_every: u64,
    /// Print one JSON object (the result and the run's statistics, no values).
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let rule = &args.rule;
    let Some(code) = rule.octal_code() else {
        return Err(anyhow!(
            "`ladder solve` grows an octal code's run (octal:…), not {rule}: a subtraction \
             or pass game's period comes within a few thousand values (`ladder seq {rule}`)"
        ));
    };
    let limit = match args.max_values {
        Some(count) => {
            check_seq_values(rule, count)
                .and_then(|()| check_values(rule, count))
                .map_err(|e| anyhow!(e.replace("--values", "--max-values")))?;
            count
        }
        None => default_limit(code),
    };
    let keep = args
        .checkpoint
        .as_deref()
        .map(|path| Keep::new(path, args.checkpoint_every))
        .transpose()?;
    let status = Status::new(rule);
    let clock = Instant::now();
    let driven = drive(code, &rule.to_string(), limit, keep.as_ref(), &|s| {
        status.show(s)
    })?;
    status.bar.finish_and_clear();
    let (solver, saved) = match driven {
        Driven::Finished { solver, saved } => (solver, saved),
        Driven::Interrupted(done) => return interrupted(done, limit, &args),
    };
    if let Some(keep) = &keep {
        keep_final(keep, &rule.to_string(), solver.values(), saved)?;
    }
    let seconds = clock.elapsed().as_secs_f64();
    let computed_here = solver.values().len().saturating_sub(saved);
    let summary = summarise(code, &solver);
    let run = Run {
        solver: &solver,
        summary: &summary,
        seconds,
        computed_here,
    };
    if args.json {
        emit(&(json_object(rule, &run).to_string() + "\n"))?;
    } else {
        emit(&text(rule, &run)?)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The default `--max-values`: what the memory holds (the machine's, or
/// what its limits leave the process), within the budget.
fn default_limit(code: &OctalCode) -> usize {
    let budget = if is_sparse(code) {
        MAX_OCTAL_VALUES
    } else {
        MAX_DENSE_OCTAL_VALUES
    };
    budget.min(most_that_fit(available_memory().0)).max(1)
}

/// Ctrl-C: the values are in the checkpoint; the same command goes on.
fn interrupted(done: usize, limit: usize, args: &Args) -> Result<ExitCode> {
    let path = args.checkpoint.as_deref().unwrap_or(Path::new(""));
    eprintln!(
        "interrupted: {} values (of at most {}) written to {}; run the same command to go on",
        grouped(done as u64),
        grouped(limit as u64),
        ladder::text::shown::file(path)
    );
    Ok(ExitCode::from(130))
}

/// The line a terminal shows while a solve runs (nothing in CI or a pipe).
pub(super) struct Status {
    pub bar: ProgressBar,
    rule: String,
    clock: Instant,
    first: std::cell::Cell<Option<usize>>,
}

impl Status {
    pub fn new(rule: &Rule) -> Status {
        let bar = if quiet() {
            ProgressBar::hidden()
        } else {
            let bar = ProgressBar::new_spinner();
            if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}") {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        };
        Status {
            bar,
            rule: rule.to_string(),
            clock: Instant::now(),
            first: std::cell::Cell::new(None),
        }
    }

    /// Values done, values per second, the candidate, the next check and
    /// how long until it.
    pub fn show(&self, solver: &Solver) {
        if self.bar.is_hidden() {
            return;
        }
        let done = solver.values().len();
        let first = *self.first.get().get_or_insert(done);
        self.first.set(Some(first));
        let rate = (done - first) as f64 / self.clock.elapsed().as_secs_f64().max(1e-3);
        let next = solver.next_check();
        let eta = if rate > 0.0 {
            format!(" in ~{}", duration((next - done) as f64 / rate))
        } else {
            String::new()
        };
        let candidate = match (solver.finish(), solver.candidate()) {
            (Some(_), _) => {
                self.bar.set_message(format!(
                    "{}: {} values, done",
                    self.rule,
                    grouped(done as u64)
                ));
                return;
            }
            (None, Some(c)) => format!(
                "period {} from {}, window {}",
                grouped(c.period as u64),
                grouped(c.preperiod as u64),
                grouped(c.values_needed as u64)
            ),
            (None, None) => "no period yet".to_string(),
        };
        self.bar.set_message(format!(
            "{}: {} values, {}/s; {candidate}; next check {}{eta}",
            self.rule,
            grouped(done as u64),
            grouped(rate as u64),
            grouped(next as u64)
        ));
    }
}

/// Seconds as a person reads them: `40 s`, `3 min`, `2.5 h`.
fn duration(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else if seconds < 5400.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

/// A finished solve, with what the command measured of it.
struct Run<'a> {
    solver: &'a Solver,
    summary: &'a Summary,
    seconds: f64,
    /// Values computed in this process (not read from the checkpoint).
    computed_here: usize,
}

impl Run<'_> {
    fn values_per_second(&self) -> f64 {
        self.computed_here as f64 / self.seconds.max(1e-6)
    }
}

/// What `seq` prints for the same values, then how the solve ended and
/// the run's shape.
fn text(rule: &Rule, run: &Run) -> Result<String> {
    let summary = run.summary;
    let values = run.solver.values();
    let hash = u64::from_str_radix(&summary.values_hash, 16).ok();
    let shown = super::seq::Shown {
        ordinary: None,
        values_hash: hash,
        read_off: None,
    };
    let mut out = super::seq::text(rule, values, &summary.analysis, &shown)?;
    let computed = grouped(summary.computed as u64);
    match run.solver.finish() {
        Some(Finish::Proved(check)) => say!(
            out,
            "solved: proved at {computed} values{}, after {}, in {:.1} s ({} values/s)",
            match check.candidate {
                Some(c) if c.values_needed < check.at => format!(
                    " (the window needs {}; the period was first seen here)",
                    grouped(c.values_needed as u64)
                ),
                _ => String::new(),
            },
            counted(summary.checks as u64, "check", "checks"),
            run.seconds,
            grouped(run.values_per_second() as u64)
        ),
        _ => not_proved_line(&mut out, run),
    }
    shape_lines(&mut out, summary);
    Ok(out)
}

/// "not proved in N values", with the period last found if any.
fn not_proved_line(out: &mut String, run: &Run) {
    let computed = grouped(run.summary.computed as u64);
    let found = match run.solver.candidate() {
        Some(c) => format!(
            "; period {} from heap {} was found, and its window needs {} values",
            grouped(c.period as u64),
            grouped(c.preperiod as u64),
            grouped(c.values_needed as u64)
        ),
        None => String::new(),
    };
    say!(
        out,
        "not proved in {computed} values (--max-values {computed}){found}; {} in {:.1} s",
        counted(run.summary.checks as u64, "check", "checks"),
        run.seconds
    );
}

/// The largest value, and the sparse structure of a code that splits.
fn shape_lines(out: &mut String, summary: &Summary) {
    let shape = &summary.shape;
    say!(
        out,
        "largest value: {}, first at heap {}",
        shape.largest_value,
        grouped(shape.largest_value_heap as u64)
    );
    match &shape.sparse {
        Some(sparse) => say!(
            out,
            "{}: rare mask {}, {} of {} heaps rare (heap 0 counted){}",
            if sparse.is_sparse(shape.heaps) {
                "sparse"
            } else {
                "no sparse space (more than a quarter rare)"
            },
            sparse.rare_mask,
            grouped(sparse.rare_heaps as u64),
            grouped(shape.heaps as u64),
            match sparse.last_rare_heap {
                Some(heap) => format!(", the last at heap {}", grouped(heap as u64)),
                None => String::new(),
            }
        ),
        None => say!(out, "no move splits a heap: no rare values to count"),
    }
}

/// `--json`: the result and the run's statistics, no values (the manual, content/manual-research.md).
fn json_object(rule: &Rule, run: &Run) -> serde_json::Value {
    let summary = run.summary;
    let found = summary.analysis.period.found();
    let engines: Vec<serde_json::Value> = run
        .solver
        .switches()
        .iter()
        .map(|&(heap, engine)| {
            let name = match engine {
                EngineKind::Sparse => "sparse",
                EngineKind::Dense => "dense",
            };
            serde_json::json!({ "from": heap, "engine": name })
        })
        .collect();
    serde_json::json!({
        "rule": rule.to_string(),
        "status": if summary.proved { "proved" } else { "not-proved" },
        "computed": summary.computed,
        "max_values": run.solver.limit(),
        "period": found.map(|(_, p)| p),
        "preperiod": found.map(|(s, _)| s),
        "certificate": summary.analysis.certificate,
        "certificate_record": summary.record,
        "corroborated": summary.analysis.corroborated,
        "values_hash": summary.values_hash,
        "largest_value": summary.shape.largest_value,
        "largest_value_heap": summary.shape.largest_value_heap,
        "sparse": summary.shape.sparse,
        "candidate": run.solver.candidate(),
        "checks": run.solver.checks(),
        "engine_switches": engines,
        "seconds": (run.seconds * 1000.0).round() / 1000.0,
        "values_per_second": run.values_per_second().round(),
    })
}
