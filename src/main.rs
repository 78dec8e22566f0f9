//! The `ladder` command: parses the command line, calls the library, prints
//! the error once.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Result, anyhow};
use clap::{CommandFactory, Parser, Subcommand};

use indicatif::{ProgressBar, ProgressStyle};
use ladder::budget::check_seq_values;
use ladder::checkpoint;
use ladder::coalition::{CoalitionParams, HeapKind, Ruleset, analyze};
use ladder::games::Rule;
use ladder::games::octal_engine::narrow_values;
use ladder::games::octal_long_run::{certificate_record, fnv1a_64};
use ladder::numbers::{counted, grouped};
use ladder::review;
use ladder::sequence::DEFAULT_MIN_REPEATS;
use ladder::sequence::{Analysis, find_arithmetic_period};
use ladder::{BuildOptions, build, check};

/// Regenerates the ladder essay site, and explores one game from the command line.
#[derive(Parser)]
#[command(name = "ladder", version)]
struct Cli {
    /// The site's folder (holding figures.yaml, content/, templates/).
    #[arg(long, global = true, default_value = ".")]
    root: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compute every figure and write the whole site to output/.
    Build {
        /// Where to write the site (default: output/ in the site's folder).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Recompute only these figures' SVG and data; pages are not rewritten.
        #[arg(long, num_args = 1..)]
        only: Vec<String>,
        /// Recompute every figure instead of reusing cached ones (the cache is refreshed).
        #[arg(long)]
        force: bool,
    },
    /// Build, serve the site on 127.0.0.1, and rebuild and reload the open
    /// pages on every edit of figures.yaml, content/ or templates/.
    Serve {
        /// The port (0: any free port; the URL is printed).
        #[arg(long, default_value_t = ladder::serve::DEFAULT_PORT)]
        port: u16,
        /// Open the site in the default browser.
        #[arg(long)]
        open: bool,
        /// Where each build writes, and what is served (default: output/ in the site's folder).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Build in memory and compare with the committed output/; exit 1 on any difference.
    Check {
        /// The folder to compare with (default: output/ in the site's folder).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// What changed since BASE (a folder holding an older output/, or a git
    /// revision such as origin/main), figure by figure; exit 1 if anything did.
    Diff {
        /// A folder, or a git revision whose output/ is read through git.
        base: String,
        /// `text` for a terminal, `markdown` for a pull-request comment.
        #[arg(long, default_value = "text", value_parser = ["text", "markdown"])]
        format: String,
        /// Also write a review page (old and new figures side by side) into DIR.
        #[arg(long, value_name = "DIR")]
        html: Option<PathBuf>,
    },
    /// One game's Grundy sequence, its period and its certificate.
    #[command(after_help = rules_help(&[
        "ladder seq sub:1,3,4 --values 2000 --json",
        "ladder seq octal:.137",
        "ladder seq hex:.8 --values 1000     # a certified saltus",
    ]))]
    Seq {
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
    },
    /// The value of one heap, however large: the value alone on standard
    /// output, how it was found on standard error.
    #[command(after_help = rules_help(&[
        "ladder value sub:1,3,4 1000000000000000000        # 1",
        "ladder value hex:.8 1000000000000000000 --json    # by a certified saltus",
    ]))]
    Value {
        /// The game (for a pass game, h: the value with the pass available).
        rule: Rule,
        /// The heap, up to 18,446,744,073,709,551,615.
        heap: u64,
        /// Print how the value was found on standard output too, after it.
        #[arg(long)]
        explain: bool,
        /// Print one JSON object: rule, heap, value, method and its numbers, explanation.
        #[arg(long, conflicts_with = "explain")]
        json: bool,
    },
    /// Shell completions for bash, zsh or fish, written to standard output.
    #[command(after_help = "Example: ladder completions bash > /etc/bash_completion.d/ladder")]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// The manual page (roff), generated from this command line's definition.
    #[command(after_help = "Example: ladder man > ladder.1 && man ./ladder.1")]
    Man,
    /// The three-player game under the fixed alliance: heap kinds, census,
    /// classes, key table, and whether Nim's shape holds.
    #[command(after_help = COALITION_HELP)]
    Coalition {
        /// The ruleset (see below): nim, kayles, dawsons-kayles, sub:… or octal:….
        rule: Ruleset,
        /// Test positions hold at most this many heaps.
        #[arg(long, default_value_t = CoalitionParams::default().test_heaps)]
        test_heaps: usize,
        /// Test heaps have sizes 1 to this.
        #[arg(long, default_value_t = CoalitionParams::default().test_largest_heap)]
        test_sizes: u32,
        /// Census positions hold at most this many heaps.
        #[arg(long, default_value_t = CoalitionParams::default().census_heaps)]
        census_heaps: usize,
        /// Census heaps (and the heaps whose kinds are reported) have sizes 1 to this.
        #[arg(long, default_value_t = CoalitionParams::default().census_largest_heap)]
        census_sizes: u32,
        /// The number of allies against the lone player.
        #[arg(long, default_value_t = CoalitionParams::default().allies)]
        allies: u32,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

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

/// The help of `coalition`: the rulesets it takes, which are not all of seq's.
const COALITION_HELP: &str = "Rulesets:\n  nim              take any number from one heap\n  \
     kayles           octal ·77\n  dawsons-kayles   octal ·07\n  \
     sub:1,2          a subtraction set\n  \
     octal:.77        an octal code (also ·77, 0.77; 4.07 splits a heap without taking)\n\
     The pass: and hex: rules of `ladder seq` are not taken: the coalition search has no pass and \
     no three-way split.\n\nExamples:\n  ladder coalition kayles\n  \
     ladder coalition sub:1,3 --json\n";

/// Appends a line to the text a command prints (writing to a `String`
/// cannot fail); the text is printed at once by [`emit`].
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// The reader of our output went away (`ladder seq … | head`): not an
/// error of ours, so the command ends quietly with success.
#[derive(Debug)]
struct ClosedPipe;

impl std::fmt::Display for ClosedPipe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for ClosedPipe {}

/// Prints a command's text; a closed pipe becomes [`ClosedPipe`] instead of
/// the panic `println!` would raise.
fn emit(text: &str) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(ClosedPipe.into()),
        other => Ok(other?),
    }
}

/// `--min-repeats`: a period must repeat at least once to be a period.
fn parse_min_repeats(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("a period must cover at least 1 full repeat, not 0".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(error) if error.is::<ClosedPipe>() => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    let quiet = std::env::var_os("CI").is_some() || !std::io::stderr().is_terminal();
    let options = |only, force| BuildOptions {
        root: cli.root.clone(),
        only,
        progress: !quiet,
        cache: true,
        force,
    };
    let default_out = cli.root.join("output");
    match cli.command {
        Command::Build { out, only, force } => {
            let out = out.unwrap_or(default_out);
            let report = build(&options(only, force), &out)?;
            let stages: Vec<String> = report
                .stages
                .iter()
                .map(|(name, time)| format!("{name} {:.0} ms", time.as_secs_f64() * 1e3))
                .collect();
            eprintln!(
                "built {} figures and {} pages ({} files) into {}: {}",
                report.figures,
                report.pages,
                report.files,
                out.display(),
                stages.join(", ")
            );
            for (id, time, cached) in &report.timings {
                let how = if *cached {
                    "cached".to_string()
                } else {
                    format!("{:.0} ms", time.as_secs_f64() * 1e3)
                };
                eprintln!("  {id:<28} {how}");
            }
            for warning in &report.warnings {
                eprintln!("warning: {warning}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Serve { port, open, out } => {
            ladder::serve::serve(&ladder::serve::ServeOptions {
                root: cli.root.clone(),
                out: out.unwrap_or(default_out),
                port,
                open,
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Check { out } => {
            let out = out.unwrap_or(default_out);
            let differences = check(&options(Vec::new(), true), &out)?;
            if differences.is_empty() {
                eprintln!("{} is what a fresh build produces", out.display());
                return Ok(ExitCode::SUCCESS);
            }
            let mut listing = String::new();
            for d in &differences {
                say!(listing, "{d}");
            }
            emit(&listing)?;
            let shown = out.display();
            let differ = counted(
                differences.len() as u64,
                &format!("file in {shown} differs"),
                &format!("files in {shown} differ"),
            );
            eprintln!("{differ} from a fresh build: run `ladder build` and commit output/");
            Ok(ExitCode::from(1))
        }
        Command::Diff { base, format, html } => {
            let old = review::read_base(&base, &cli.root)?;
            let new = ladder::site::read_tree(&default_out)?;
            let review = review::review(old, new);
            let text = if format == "markdown" {
                review::markdown::format(&review)
            } else {
                review::format(&review)
            };
            emit(&text)?;
            if let Some(dir) = html {
                review::html::write(&review, &dir)?;
                eprintln!(
                    "review page written to {}",
                    dir.join("index.html").display()
                );
            }
            Ok(if review.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Seq {
            rule,
            values,
            min_repeats,
            json,
            checkpoint: Some(path),
            checkpoint_every,
        } => seq_checkpointed(
            &rule,
            values,
            min_repeats,
            json,
            &path,
            Duration::from_secs(checkpoint_every),
        ),
        Command::Seq {
            rule,
            values,
            min_repeats,
            json,
            checkpoint: None,
            ..
        } => {
            check_seq_values(&rule, values).map_err(|e| anyhow!(e))?;
            let bar = long_run_bar(values);
            // An octal code's values stay as the engines keep them, two
            // bytes each: a run of 10^8 holds no wider copy.
            let narrow = rule.octal_code().and_then(|code| {
                narrow_values(code, values, &|done| bar.set_position(done as u64))
            });
            if let Some(narrow) = narrow {
                bar.finish_and_clear();
                let analysis = ladder::sequence::analyse_certified(
                    &narrow,
                    min_repeats,
                    rule.certificate_rule(),
                );
                seq(&rule, &narrow, &analysis, None, json, None)?;
                return Ok(ExitCode::SUCCESS);
            }
            let (computed, analysis) = rule
                .analyse_with_progress(values, min_repeats, &|done| bar.set_position(done as u64));
            bar.finish_and_clear();
            let ordinary = rule.ordinary_values(values);
            seq(&rule, &computed, &analysis, ordinary, json, None)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Value {
            rule,
            heap,
            explain,
            json,
        } => {
            let (value, method, explanation) = if rule.has_no_move() {
                let why = format!(
                    "heap {} of {rule}: the code allows no move, so every heap is worth 0",
                    grouped(heap)
                );
                (0, serde_json::json!({ "method": "no-move" }), why)
            } else {
                let lookup = rule.value_of(heap).map_err(|e| anyhow!(e))?;
                let why = lookup.method.explanation(&rule.to_string(), heap);
                (lookup.value, serde_json::to_value(&lookup.method)?, why)
            };
            let mut out = String::new();
            if json {
                let mut object = serde_json::json!({
                    "rule": rule.to_string(),
                    "heap": heap,
                    "value": value,
                    "explanation": explanation,
                });
                if let (Some(object), serde_json::Value::Object(method)) =
                    (object.as_object_mut(), method)
                {
                    object.extend(method);
                }
                say!(out, "{object}");
            } else {
                say!(out, "{value}");
                if explain {
                    say!(out, "{explanation}");
                } else {
                    eprintln!("{explanation}");
                }
            }
            emit(&out)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "ladder", &mut script);
            emit(&String::from_utf8_lossy(&script))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man => {
            let mut page = Vec::new();
            clap_mangen::Man::new(Cli::command()).render(&mut page)?;
            emit(&String::from_utf8_lossy(&page))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Coalition {
            rule,
            test_heaps,
            test_sizes,
            census_heaps,
            census_sizes,
            allies,
            json,
        } => {
            let params = CoalitionParams {
                test_heaps,
                test_largest_heap: test_sizes,
                census_heaps,
                census_largest_heap: census_sizes,
                allies,
            };
            params.validate().map_err(|e| anyhow!(e))?;
            coalition(&rule, &params, json)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn coalition(rule: &Ruleset, params: &CoalitionParams, json: bool) -> Result<()> {
    let analysis = analyze(rule, params);
    let mut out = String::new();
    if json {
        let mut object = serde_json::to_value(&analysis)?;
        if let serde_json::Value::Object(map) = &mut object {
            map.insert("rule".into(), rule.to_string().into());
        }
        say!(out, "{object}");
        return emit(&out);
    }
    say!(out, "{rule}: {}", params.describe());
    for heap in &analysis.heaps {
        let kind = match heap.kind {
            HeapKind::Dead => "dead".to_string(),
            HeapKind::Units { count } => counted(u64::from(count), "unit", "units"),
            HeapKind::Flexible => "flexible".to_string(),
            HeapKind::CoalitionAlone => "the coalition's alone".to_string(),
        };
        let lengths: Vec<String> = heap.lengths.iter().map(u32::to_string).collect();
        say!(
            out,
            "  heap {:>2}: lengths {{{}}}, {kind}",
            heap.size,
            lengths.join(", ")
        );
    }
    say!(
        out,
        "census {}, {} (the coalition's included), {} solved",
        counted(analysis.census_size as u64, "position", "positions"),
        counted(analysis.class_count as u64, "class", "classes"),
        counted(analysis.solved_states as u64, "state", "states")
    );
    for class in &analysis.classes {
        let members: Vec<String> = class
            .members
            .iter()
            .take(6)
            .map(|p| p.to_string())
            .collect();
        let more = class.members.len().saturating_sub(6);
        say!(
            out,
            "  class {:>2} {}{}: {}{}",
            class.id,
            class.results.letters(),
            if class.coalition {
                " (the coalition's)"
            } else {
                ""
            },
            members.join(" "),
            if more > 0 {
                format!(" and {} more", grouped(more as u64))
            } else {
                String::new()
            }
        );
    }
    say!(out, "keys (units mod {}, flexible heap):", analysis.players);
    for entry in &analysis.key_table {
        let flexible = entry
            .key
            .flexible
            .map_or("none".to_string(), |h| h.to_string());
        let classes: Vec<String> = entry.classes.iter().map(usize::to_string).collect();
        say!(
            out,
            "  {} + {flexible}: class {} ({})",
            entry.key.units,
            classes.join(" or "),
            counted(entry.positions as u64, "position", "positions")
        );
    }
    let shape = &analysis.shape;
    if shape.holds {
        say!(
            out,
            "Nim's shape holds: {} onto {}",
            counted(shape.keys as u64, "key", "keys"),
            counted(shape.keyed_classes as u64, "class", "classes")
        );
    } else {
        let smallest: Vec<String> = shape
            .smallest_two_flexible
            .iter()
            .map(|p| p.to_string())
            .collect();
        say!(
            out,
            "Nim's shape fails: {} two flexible heaps (smallest {}), {} split, {} a key with \
             another class ({} off the first class in build order), {} no member with fewer than \
             two flexible heaps",
            counted(
                shape.two_flexible_positions as u64,
                "position holds",
                "positions hold"
            ),
            smallest.join(" "),
            counted(shape.colliding_keys as u64, "key", "keys"),
            counted(
                shape.positions_sharing_a_key as u64,
                "position shares",
                "positions share"
            ),
            grouped(shape.positions_off_first_class as u64),
            counted(
                shape.classes_beyond_one_flexible.len() as u64,
                "class has",
                "classes have"
            )
        );
    }
    emit(&out)
}

/// A progress bar for a long computation, on a terminal only.
fn long_run_bar(count: usize) -> ProgressBar {
    let quiet = std::env::var_os("CI").is_some() || !std::io::stderr().is_terminal();
    if quiet || count < 200_000 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count as u64);
    if let Ok(style) = ProgressStyle::with_template("computing values {bar:40} {pos}/{len} ({eta})")
    {
        bar.set_style(style);
    }
    bar
}

/// `ladder seq … --checkpoint FILE`: an octal code's values kept as `u16`
/// (2 bytes each, so the run holds at most 4 bytes a value with the
/// certificate's copy), written to FILE as they grow and resumed from it.
fn seq_checkpointed(
    rule: &Rule,
    count: usize,
    min_repeats: usize,
    json: bool,
    path: &std::path::Path,
    every: Duration,
) -> Result<ExitCode> {
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
    let analysis =
        ladder::sequence::analyse_certified(&values, min_repeats, rule.certificate_rule());
    let hash = fnv1a_64(&values);
    seq(rule, &values, &analysis, None, json, Some(hash))?;
    Ok(ExitCode::SUCCESS)
}

/// Prints a computed sequence: its head, period, certificate, and (for a
/// checkpointed run) the hash of every value.
fn seq<T: Copy + Into<u32> + Into<i64> + serde::Serialize>(
    rule: &Rule,
    values: &[T],
    analysis: &Analysis,
    ordinary: Option<Vec<u32>>,
    json: bool,
    values_hash: Option<u64>,
) -> Result<()> {
    let mut out = String::new();
    let count = values.len();
    let min_repeats = analysis.min_repeats;
    // The arithmetic search reads the values at their stored width; only a
    // found saltus (which needs its certificate) widens them.
    let arithmetic = || {
        find_arithmetic_period(values, min_repeats)?;
        let wide: Vec<u32> = values.iter().map(|&v| Into::<u32>::into(v)).collect();
        rule.arithmetic(&wide, min_repeats)
    };
    let found = analysis.period.found();
    if json {
        let mut object = serde_json::json!({
            "rule": rule.to_string(),
            "computed": analysis.computed,
            "min_repeats": min_repeats,
            "values": values,
            "period": found.map(|(_, p)| p),
            "preperiod": found.map(|(s, _)| s),
            "certificate": analysis.certificate,
            "corroborated": analysis.corroborated,
            "no_move": rule.has_no_move(),
        });
        if let Some(ordinary) = &ordinary {
            object["ordinary"] = serde_json::json!(ordinary);
        }
        if found.is_none() {
            object["arithmetic"] = serde_json::json!(arithmetic());
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
        say!(out, "{object}");
        return emit(&out);
    }
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
    let state = match &ordinary {
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
            if let Some(a) = arithmetic() {
                let verdict = match &a.certificate {
                    Some(c) if c.holds && c.period == a.found.period => format!(
                        "certified by Theorem C from heap {}, reading the first {} values",
                        c.from,
                        grouped(c.values_needed as u64)
                    ),
                    Some(c) if c.holds => format!(
                        "certified by Theorem C read over {} periods (g(n + {}) = g(n) + {} from \
                         heap {}), reading the first {} values",
                        c.period / a.found.period,
                        c.period,
                        c.saltus,
                        c.from,
                        grouped(c.values_needed as u64)
                    ),
                    Some(c) => format!(
                        "observed, not certified: Theorem C's condition `{}` fails ({})",
                        c.verdict.condition(),
                        serde_json::to_string(&c.verdict)?
                    ),
                    None => "observed, not certified: this rule has no saltus theorem".to_string(),
                };
                say!(
                    out,
                    "arithmetic period: g(n + {}) = g(n) + {} from heap {}, {verdict}",
                    a.found.period,
                    a.found.saltus,
                    grouped(a.found.preperiod as u64)
                );
            }
        }
    }
    match analysis.certificate {
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
    if let Some(hash) = values_hash {
        say!(
            out,
            "values hash: {hash:016x} (FNV-1a 64 over heaps 0..{count}, each value a little-endian u32)"
        );
    }
    emit(&out)
}
