//! `ladder seq RULE`: one game's values, its period and preperiod as found
//! by search, and its certificate; `--checkpoint` keeps a long octal run in
//! a file that survives an interruption.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use ladder::budget::{
    MAX_SEQ_VALUES, check_seq_values, check_values, check_wide_values, computed_limit,
};
use ladder::games::octal_long_run::{certificate_record, fnv1a_64};
use ladder::games::octal_solve::{Check, Finish, Solver, fill_from_period};
use ladder::games::{OctalCode, Rule, report};
use ladder::sequence::{Analysis, DEFAULT_MIN_REPEATS, analyse_certified};
use ladder::text::numbers::grouped;

use super::drive::{Driven, Keep, TooWide, drive, keep_final};
use super::print::{ClosedPipe, emit, long_run_bar, say};

#[derive(clap::Args)]
pub struct Args {
    /// The game.
    rule: Rule,
    /// How many values to compute and search.
    #[arg(long, default_value_t = 2000)]
    values: usize,
    /// How many full periods the repetition must cover (at least 1).
    #[arg(long, default_value_t = DEFAULT_MIN_REPEATS, value_parser = parse_min_repeats)]
    min_repeats: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Keep the values in FILE as the run goes (written atomically), and
    /// go on from the values it holds: an octal code's long run survives
    /// an interruption (Ctrl-C writes it too). Prints the values' hash.
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
}

/// `--min-repeats`: a period must repeat at least once to be a period.
fn parse_min_repeats(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("a period must cover at least 1 full repeat, not 0".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    let (rule, values, min_repeats) = (&args.rule, args.values, args.min_repeats);
    check_seq_values(rule, values).map_err(|e| anyhow!(e))?;
    if let Some(code) = rule.octal_code() {
        return run_octal(&args, code);
    }
    if args.checkpoint.is_some() {
        return Err(anyhow!(
            "--checkpoint is for octal codes (octal:…), not {rule}"
        ));
    }
    let bar = long_run_bar(values);
    let (computed, analysis) =
        rule.analyse_with_progress(values, min_repeats, &|done| bar.set_position(done as u64));
    bar.finish_and_clear();
    let ordinary = rule.ordinary_values(values);
    let shown = Shown {
        ordinary: ordinary.as_deref(),
        values_hash: None,
        read_off: None,
    };
    print(rule, &computed, &analysis, &shown, args.json)?;
    Ok(ExitCode::SUCCESS)
}

/// An octal code: its values kept as the engines keep them, `u16` (a run
/// of 10^8 holds no wider copy), grown by the solver, so that once a period
/// is proved the remaining values are read off it instead of computed; with
/// `--checkpoint`, written to FILE as they grow and resumed from it.
fn run_octal(args: &Args, code: &OctalCode) -> Result<ExitCode> {
    let (rule, count) = (&args.rule, args.values);
    let spelt = rule.to_string();
    let keep = args
        .checkpoint
        .as_deref()
        .map(|path| Keep::new(path, args.checkpoint_every))
        .transpose()?;
    let limit = computed_limit(rule, count);
    let bar = long_run_bar(count);
    let progress = |solver: &Solver| bar.set_position(solver.values().len() as u64);
    let driven = drive(code, &spelt, limit, keep.as_ref(), &progress);
    bar.finish_and_clear();
    let (solver, saved) = match driven {
        Ok(Driven::Finished { solver, saved }) => (solver, saved),
        Ok(Driven::Interrupted(done)) => {
            eprintln!(
                "interrupted: {} of {} values written to {}; run the same command to go on",
                grouped(done as u64),
                grouped(count as u64),
                ladder::text::shown::file(keep.map_or(Path::new(""), |k| k.path))
            );
            return Ok(ExitCode::from(130));
        }
        // Past u16 only the plain loop goes on, and only without a checkpoint.
        Err(error) if error.is::<TooWide>() && keep.is_none() && count <= MAX_SEQ_VALUES => {
            return run_wide(args);
        }
        Err(error) => return Err(error),
    };
    let finish = solver.finish();
    let mut values = solver.into_values();
    let read_off = match finish {
        Some(Finish::Proved(Check {
            candidate: Some(c), ..
        })) => {
            fill_from_period(&mut values, c.preperiod, c.period, count).map_err(|e| anyhow!(e))?
        }
        _ if values.len() < count => {
            // Not proved in the probe: the budget's refusal, with its reason.
            let refusal = check_values(rule, count).err().unwrap_or_default();
            return Err(anyhow!(
                "{refusal} (no period is proved in its first {} values, from which the rest \
                 could be read)",
                grouped(values.len() as u64)
            ));
        }
        _ => None,
    };
    if let Some(keep) = &keep {
        keep_final(keep, &spelt, &values, saved)?;
    }
    let analysis = analyse_certified(&values, args.min_repeats, rule.certificate_rule());
    let shown = Shown {
        ordinary: None,
        values_hash: keep.map(|_| fnv1a_64(&values)),
        read_off,
    };
    print(rule, &values, &analysis, &shown, args.json)?;
    Ok(ExitCode::SUCCESS)
}

/// An octal code whose values pass 65,535: the plain loop, values as `u32`
/// (their memory asked for first, fallibly).
fn run_wide(args: &Args) -> Result<ExitCode> {
    let (rule, values) = (&args.rule, args.values);
    check_wide_values(values).map_err(|e| anyhow!("{rule}: a value passes 65,535, so {e}"))?;
    let (computed, analysis) = rule.analyse(values, args.min_repeats);
    let shown = Shown {
        ordinary: None,
        values_hash: None,
        read_off: None,
    };
    print(rule, &computed, &analysis, &shown, args.json)?;
    Ok(ExitCode::SUCCESS)
}

/// What is printed beside the values and their analysis.
pub(super) struct Shown<'a> {
    /// A pass game's `g`, the pass spent.
    pub ordinary: Option<&'a [u32]>,
    /// The hash of every value (a checkpointed run).
    pub values_hash: Option<u64>,
    /// The first heap read off a proved period instead of computed.
    pub read_off: Option<usize>,
}

/// Prints a computed sequence: its head, period, certificate, and (for a
/// checkpointed run) the hash of every value; `--json` streams one object.
fn print<T: Copy + Into<u32> + Into<i64> + PartialEq>(
    rule: &Rule,
    values: &[T],
    analysis: &Analysis,
    shown: &Shown,
    json: bool,
) -> Result<()> {
    if json {
        let object = json_object(rule, values, analysis, shown);
        stream_json(&object, values, shown.ordinary)
    } else {
        emit(&text(rule, values, analysis, shown)?)
    }
}

/// Writes `object` with its `values` (and `ordinary`) arrays streamed in,
/// keys in the order `serde_json` sorts them: the values are never held as
/// JSON text or as a second copy (2 bytes a value stay 2 bytes a value).
fn stream_json<T: Copy + Into<u32>>(
    object: &serde_json::Map<String, serde_json::Value>,
    values: &[T],
    ordinary: Option<&[u32]>,
) -> Result<()> {
    let stdout = std::io::stdout().lock();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout);
    let written = (|| -> std::io::Result<()> {
        out.write_all(b"{")?;
        for (place, (key, value)) in object.iter().enumerate() {
            if place > 0 {
                out.write_all(b",")?;
            }
            serde_json::to_writer(&mut out, key)?;
            out.write_all(b":")?;
            match (key.as_str(), ordinary) {
                ("values", _) => write_array(&mut out, values)?,
                ("ordinary", Some(ordinary)) => write_array(&mut out, ordinary)?,
                _ => serde_json::to_writer(&mut out, value)?,
            }
        }
        out.write_all(b"}\n")?;
        out.flush()
    })();
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(ClosedPipe.into()),
        other => Ok(other?),
    }
}

/// `[0,1,0,…]`, a value at a time.
fn write_array<T: Copy + Into<u32>>(out: &mut impl Write, values: &[T]) -> std::io::Result<()> {
    out.write_all(b"[")?;
    let mut number = itoa_buffer();
    for (place, &value) in values.iter().enumerate() {
        if place > 0 {
            out.write_all(b",")?;
        }
        out.write_all(number.format(value.into()))?;
    }
    out.write_all(b"]")
}

/// Digits of a `u32` without an allocation.
fn itoa_buffer() -> Digits {
    Digits([0; 10])
}

struct Digits([u8; 10]);

impl Digits {
    fn format(&mut self, mut value: u32) -> &[u8] {
        let mut place = self.0.len();
        loop {
            place -= 1;
            self.0[place] = b'0' + (value % 10) as u8;
            value /= 10;
            if value == 0 {
                return &self.0[place..];
            }
        }
    }
}

/// `--json`: one object, its fields documented in the manual (content/manual-research.md); `values`
/// and `ordinary` stand as placeholders that [`stream_json`] fills.
fn json_object<T: Copy + Into<u32> + Into<i64> + PartialEq>(
    rule: &Rule,
    values: &[T],
    analysis: &Analysis,
    shown: &Shown,
) -> serde_json::Map<String, serde_json::Value> {
    let found = analysis.period.found();
    let mut object = serde_json::Map::new();
    let mut put = |key: &str, value: serde_json::Value| {
        object.insert(key.to_string(), value);
    };
    put("rule", rule.to_string().into());
    put("computed", analysis.computed.into());
    put("min_repeats", analysis.min_repeats.into());
    put("values", serde_json::Value::Null);
    put("period", serde_json::json!(found.map(|(_, p)| p)));
    put("preperiod", serde_json::json!(found.map(|(s, _)| s)));
    put("certificate", serde_json::json!(analysis.certificate));
    put("corroborated", analysis.corroborated.into());
    put("no_move", rule.has_no_move().into());
    if shown.ordinary.is_some() {
        put("ordinary", serde_json::Value::Null);
    }
    if found.is_none() {
        put(
            "arithmetic",
            serde_json::json!(report::arithmetic(rule, values, analysis.min_repeats)),
        );
    }
    if let Some(hash) = shown.values_hash {
        put("values_hash", format!("{hash:016x}").into());
    }
    if let (Some(code), Some((preperiod, period))) = (rule.octal_code(), found) {
        let record = certificate_record(code, values, preperiod, period);
        put("certificate_record", serde_json::json!(record));
        put("values_read_off_from", serde_json::json!(shown.read_off));
    }
    object
}

/// The text for a person: the first values, the period (or the saltus),
/// the certificate, the hash (`ladder solve` prints it too).
pub(super) fn text<T: Copy + Into<u32> + Into<i64>>(
    rule: &Rule,
    values: &[T],
    analysis: &Analysis,
    shown: &Shown,
) -> Result<String> {
    let mut out = String::new();
    let count = values.len();
    let head = |values: &[u32]| -> String {
        let shown: Vec<String> = values.iter().take(60).map(|v| v.to_string()).collect();
        shown.join(" ")
    };
    let first: Vec<u32> = values.iter().take(60).map(|&v| v.into()).collect();
    if rule.has_no_move() {
        say!(out, "{rule} allows no move: every heap is worth 0");
    }
    say!(
        out,
        "{rule}: first {} of {} values",
        count.min(60),
        grouped(count as u64)
    );
    // A pass game's state is the pair (g, h): its values are h, and g is printed beside them.
    let state = match shown.ordinary {
        Some(ordinary) => {
            say!(out, "  h  {}   (the pass still available)", head(&first));
            say!(
                out,
                "  g  {}   (the pass spent: the ordinary game)",
                head(ordinary)
            );
            "(g, h)"
        }
        None => {
            say!(out, "  {}", head(&first));
            "g"
        }
    };
    period_lines(&mut out, rule, values, analysis, state)?;
    if let Some(from) = shown.read_off {
        say!(
            out,
            "heaps {}..{} read off the proved period, not computed",
            grouped(from as u64),
            grouped(count.saturating_sub(1) as u64)
        );
    }
    if let Some(hash) = shown.values_hash {
        say!(
            out,
            "values hash: {hash:016x} (FNV-1a 64 over heaps 0..{count}, each value a little-endian u32)"
        );
    }
    Ok(out)
}

/// The period found (or a saltus when there is none) and the certificate's
/// verdict: the engine's words ([`report::period_lines`]), which the
/// browser's Explore page prints too.
fn period_lines<T: Copy + Into<u32> + Into<i64>>(
    out: &mut String,
    rule: &Rule,
    values: &[T],
    analysis: &Analysis,
    state: &str,
) -> Result<()> {
    for line in report::period_lines(rule, values, analysis, state) {
        say!(out, "{line}");
    }
    Ok(())
}
