//! `ladder seq RULE`: one game's values, its period and preperiod as found
//! by search, and its certificate; `--checkpoint` keeps a long octal run in
//! a file that survives an interruption.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Result, anyhow};
use ladder::budget::check_seq_values;
use ladder::checkpoint;
use ladder::games::Rule;
use ladder::games::arithmetic::Arithmetic;
use ladder::games::octal_engine::narrow_values;
use ladder::games::octal_long_run::{certificate_record, fnv1a_64};
use ladder::sequence::{Analysis, DEFAULT_MIN_REPEATS, analyse_certified, find_arithmetic_period};
use ladder::text::numbers::{counted, grouped};

use super::print::{emit, long_run_bar, say};

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
    if let Some(path) = &args.checkpoint {
        let every = Duration::from_secs(args.checkpoint_every);
        return run_checkpointed(&args, path, every);
    }
    let (rule, values, min_repeats) = (&args.rule, args.values, args.min_repeats);
    check_seq_values(rule, values).map_err(|e| anyhow!(e))?;
    let bar = long_run_bar(values);
    // An octal code's values stay as the engines keep them, two
    // bytes each: a run of 10^8 holds no wider copy.
    let narrow = rule
        .octal_code()
        .and_then(|code| narrow_values(code, values, &|done| bar.set_position(done as u64)));
    if let Some(narrow) = narrow {
        bar.finish_and_clear();
        let analysis = analyse_certified(&narrow, min_repeats, rule.certificate_rule());
        print(rule, &narrow, &analysis, None, args.json, None)?;
        return Ok(ExitCode::SUCCESS);
    }
    let (computed, analysis) =
        rule.analyse_with_progress(values, min_repeats, &|done| bar.set_position(done as u64));
    bar.finish_and_clear();
    let ordinary = rule.ordinary_values(values);
    print(rule, &computed, &analysis, ordinary, args.json, None)?;
    Ok(ExitCode::SUCCESS)
}

/// `ladder seq … --checkpoint FILE`: an octal code's values kept as `u16`
/// (2 bytes each, so the run holds at most 4 bytes a value with the
/// certificate's copy), written to FILE as they grow and resumed from it.
fn run_checkpointed(args: &Args, path: &Path, every: Duration) -> Result<ExitCode> {
    let (rule, count) = (&args.rule, args.values);
    let Some(code) = rule.octal_code() else {
        return Err(anyhow!(
            "--checkpoint is for octal codes (octal:…), not {rule}"
        ));
    };
    check_seq_values(rule, count).map_err(|e| anyhow!(e))?;
    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupted);
    ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst))
        .map_err(|e| anyhow!("cannot catch Ctrl-C: {e}"))?;
    let bar = long_run_bar(count);
    let schedule = checkpoint::Schedule {
        every,
        stop: &|_| interrupted.load(Ordering::SeqCst),
        progress: &|done| bar.set_position(done as u64),
    };
    let outcome = checkpoint::run(code, &rule.to_string(), count, path, &schedule)?;
    bar.finish_and_clear();
    let values = match outcome {
        checkpoint::Outcome::Done(values) => values,
        checkpoint::Outcome::Stopped(done) => {
            eprintln!(
                "interrupted: {} of {} values written to {}; run the same command to go on",
                grouped(done as u64),
                grouped(count as u64),
                path.display()
            );
            return Ok(ExitCode::from(130));
        }
    };
    let analysis = analyse_certified(&values, args.min_repeats, rule.certificate_rule());
    let hash = fnv1a_64(&values);
    print(rule, &values, &analysis, None, args.json, Some(hash))?;
    Ok(ExitCode::SUCCESS)
}

/// Prints a computed sequence: its head, period, certificate, and (for a
/// checkpointed run) the hash of every value.
fn print<T: Copy + Into<u32> + Into<i64> + serde::Serialize>(
    rule: &Rule,
    values: &[T],
    analysis: &Analysis,
    ordinary: Option<Vec<u32>>,
    json: bool,
    values_hash: Option<u64>,
) -> Result<()> {
    let text = if json {
        json_object(rule, values, analysis, ordinary.as_deref(), values_hash).to_string() + "\n"
    } else {
        text(rule, values, analysis, ordinary.as_deref(), values_hash)?
    };
    emit(&text)
}

/// The arithmetic search reads the values at their stored width; only a
/// found saltus (which needs its certificate) widens them.
fn arithmetic<T: Copy + Into<u32> + Into<i64>>(
    rule: &Rule,
    values: &[T],
    min_repeats: usize,
) -> Option<Arithmetic> {
    find_arithmetic_period(values, min_repeats)?;
    let wide: Vec<u32> = values.iter().map(|&v| Into::<u32>::into(v)).collect();
    rule.arithmetic(&wide, min_repeats)
}

/// `--json`: one object, its fields documented in the README.
fn json_object<T: Copy + Into<u32> + Into<i64> + serde::Serialize>(
    rule: &Rule,
    values: &[T],
    analysis: &Analysis,
    ordinary: Option<&[u32]>,
    values_hash: Option<u64>,
) -> serde_json::Value {
    let found = analysis.period.found();
    let mut object = serde_json::json!({
        "rule": rule.to_string(),
        "computed": analysis.computed,
        "min_repeats": analysis.min_repeats,
        "values": values,
        "period": found.map(|(_, p)| p),
        "preperiod": found.map(|(s, _)| s),
        "certificate": analysis.certificate,
        "corroborated": analysis.corroborated,
        "no_move": rule.has_no_move(),
    });
    if let Some(ordinary) = ordinary {
        object["ordinary"] = serde_json::json!(ordinary);
    }
    if found.is_none() {
        object["arithmetic"] = serde_json::json!(arithmetic(rule, values, analysis.min_repeats));
    }
    if let Some(hash) = values_hash {
        object["values_hash"] = serde_json::json!(format!("{hash:016x}"));
    }
    if let (Some(code), Some((preperiod, period))) = (rule.octal_code(), found) {
        let compact: Vec<u16> = values
            .iter()
            .map(|&v| Into::<u32>::into(v).min(u16::MAX.into()) as u16)
            .collect();
        let record = certificate_record(code, &compact, preperiod, period);
        object["certificate_record"] = serde_json::json!(record);
    }
    object
}

/// The text for a person: the first values, the period (or the saltus),
/// the certificate, the hash.
fn text<T: Copy + Into<u32> + Into<i64>>(
    rule: &Rule,
    values: &[T],
    analysis: &Analysis,
    ordinary: Option<&[u32]>,
    values_hash: Option<u64>,
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
    let state = match ordinary {
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
    if let Some(hash) = values_hash {
        say!(
            out,
            "values hash: {hash:016x} (FNV-1a 64 over heaps 0..{count}, each value a little-endian u32)"
        );
    }
    Ok(out)
}

/// The period found (or a saltus when there is none) and the certificate's verdict.
fn period_lines<T: Copy + Into<u32> + Into<i64>>(
    out: &mut String,
    rule: &Rule,
    values: &[T],
    analysis: &Analysis,
    state: &str,
) -> Result<()> {
    let (count, min_repeats) = (values.len(), analysis.min_repeats);
    let found = analysis.period.found();
    match found {
        Some((s, p)) => say!(
            out,
            "period {} from heap {} of {state} (earliest start, then smallest period, at least {}), \
             searched in {}",
            grouped(p as u64),
            grouped(s as u64),
            counted(min_repeats as u64, "repeat", "repeats"),
            counted(count as u64, "value", "values")
        ),
        None => {
            say!(
                out,
                "no period found in the {} searched",
                counted(count as u64, "value", "values")
            );
            if let Some(a) = arithmetic(rule, values, min_repeats) {
                say!(
                    out,
                    "arithmetic period: g(n + {}) = g(n) + {} from heap {}, {}",
                    a.found.period,
                    a.found.saltus,
                    grouped(a.found.preperiod as u64),
                    saltus_verdict(&a)?
                );
            }
        }
    }
    match &analysis.certificate {
        Some(c) if c.holds => say!(
            out,
            "certificate: {} {state}(k) = {state}(k + {}) for k = {}..{} {}; the period is proven{}",
            counted(c.length as u64, "pair", "pairs"),
            grouped(c.period as u64),
            grouped(c.start as u64),
            grouped(c.start.saturating_add(c.length).saturating_sub(1) as u64),
            if c.length == 1 { "holds" } else { "hold" },
            if analysis.corroborated {
                ", and checked at every value computed"
            } else {
                ""
            }
        ),
        Some(c) => say!(
            out,
            "certificate: not proven ({})",
            serde_json::to_string(&c.status)?
        ),
        None if found.is_some() => say!(out, "certificate: this rule has no finite window"),
        None => {}
    }
    Ok(())
}

/// What the saltus theorems say of a found saltus.
fn saltus_verdict(a: &Arithmetic) -> Result<String> {
    Ok(match &a.certificate {
        Some(c) if c.holds => format!(
            "certified by {}{} from heap {}, reading the first {} values",
            saltus_theorem(c.theorem),
            match c.period / a.found.period {
                1 => String::new(),
                times => format!(
                    " read over {times} periods (g(n + {}) = g(n) + {})",
                    c.period, c.saltus
                ),
            },
            c.from,
            grouped(c.values_needed as u64)
        ),
        Some(c) => {
            let tried: Vec<String> = c
                .attempts
                .iter()
                .map(|t| {
                    let theorem = saltus_theorem(t.theorem);
                    format!("{theorem} over {}: `{}`", t.period, t.condition)
                })
                .collect();
            format!(
                "observed, not certified ({}; {})",
                tried.join(", "),
                serde_json::to_string(&c.verdict)?
            )
        }
        None => "observed, not certified: this rule has no saltus theorem".to_string(),
    })
}

/// A saltus theorem's name for a person.
fn saltus_theorem(id: &str) -> &'static str {
    if id == ladder::games::saltus_certificate::THEOREM_C_PLUS {
        "Theorem C⁺"
    } else {
        "Theorem C"
    }
}
