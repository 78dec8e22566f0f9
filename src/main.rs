//! The `ladder` command: parses the command line, calls the library, prints
//! the error once.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use clap::{Parser, Subcommand};

use indicatif::{ProgressBar, ProgressStyle};
use ladder::coalition::{CoalitionParams, HeapKind, Ruleset, analyze};
use ladder::games::Rule;
use ladder::games::octal_long_run::certificate_record;
use ladder::numbers::grouped;
use ladder::review;
use ladder::sequence::{DEFAULT_MIN_REPEATS, Method};
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
    Seq {
        /// The game, e.g. sub:1,3,4 or pass:1,3,4.
        /// The game, e.g. sub:1,3,4 or octal:.137.
        rule: Rule,
        /// How many values to compute and search.
        #[arg(long, default_value_t = 2000)]
        values: usize,
        /// How many full periods the repetition must cover.
        #[arg(long, default_value_t = DEFAULT_MIN_REPEATS)]
        min_repeats: usize,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The value of one heap, reduced modulo a certified period when it is large.
    Value {
        /// The game, e.g. sub:1,3,4 or pass:1,3,4 (for a pass game, h: the pass available).
        /// The game, e.g. sub:1,3,4 or octal:.137.
        rule: Rule,
        /// The heap, up to 18,446,744,073,709,551,615.
        heap: u64,
    },
    /// The three-player game under the fixed alliance: heap kinds, census,
    /// classes, key table, and whether Nim's shape holds.
    Coalition {
        /// The ruleset: nim, sub:1,2, octal:0.77 (Kayles) or octal:0.07 (Dawson's Kayles).
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
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
        Command::Check { out } => {
            let out = out.unwrap_or(default_out);
            let differences = check(&options(Vec::new(), true), &out)?;
            if differences.is_empty() {
                eprintln!("{} is what a fresh build produces", out.display());
                return Ok(ExitCode::SUCCESS);
            }
            for d in &differences {
                println!("{d}");
            }
            eprintln!(
                "{} files in {} differ from a fresh build: run `ladder build` and commit output/",
                differences.len(),
                out.display()
            );
            Ok(ExitCode::from(1))
        }
        Command::Diff { base, format, html } => {
            let old = review::read_base(&base, &cli.root)?;
            let new = ladder::site::read_tree(&default_out)?;
            let review = review::review(old, new);
            if format == "markdown" {
                print!("{}", review::markdown::format(&review));
            } else {
                print!("{}", review::format(&review));
            }
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
        } => {
            seq(&rule, values, min_repeats, json)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Value { rule, heap } => {
            if rule.has_no_move() {
                println!(
                    "0 (heap {} of {rule}: the code allows no move, so every heap is worth 0)",
                    grouped(heap)
                );
                return Ok(ExitCode::SUCCESS);
            }
            let lookup = rule.value_of(heap).map_err(|e| anyhow!(e))?;
            match lookup.method {
                Method::Computed { computed } => {
                    println!(
                        "{} (heap {} of {rule}, computed among {} values)",
                        lookup.value,
                        grouped(heap),
                        grouped(computed as u64)
                    )
                }
                Method::ClosedForm { formula } => println!(
                    "{} (heap {} of {rule}, by the closed form: {formula})",
                    lookup.value,
                    grouped(heap)
                ),
                Method::Reduced {
                    preperiod,
                    period,
                    reduced,
                    ..
                } => println!(
                    "{} (heap {} of {rule} ≡ heap {reduced}: certified period {period} from heap {preperiod})",
                    lookup.value,
                    grouped(heap)
                ),
                Method::Saltus {
                    from,
                    period,
                    saltus,
                    reduced,
                    layer,
                    ..
                } => println!(
                    "{} (heap {} of {rule} = heap {reduced} + {} × {period}, so g(heap {reduced}) + {} × {saltus}: \
                     certified saltus {saltus} every {period} heaps from heap {from}, by Theorem C)",
                    lookup.value,
                    grouped(heap),
                    grouped(layer),
                    grouped(layer)
                ),
            }
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
    if json {
        let mut object = serde_json::to_value(&analysis)?;
        if let serde_json::Value::Object(map) = &mut object {
            map.insert("rule".into(), rule.to_string().into());
        }
        println!("{object}");
        return Ok(());
    }
    println!("{rule}: {}", params.describe());
    for heap in &analysis.heaps {
        let kind = match heap.kind {
            HeapKind::Dead => "dead".to_string(),
            HeapKind::Units { count } => format!("{count} unit(s)"),
            HeapKind::Flexible => "flexible".to_string(),
            HeapKind::CoalitionAlone => "the coalition's alone".to_string(),
        };
        let lengths: Vec<String> = heap.lengths.iter().map(u32::to_string).collect();
        println!(
            "  heap {:>2}: lengths {{{}}}, {kind}",
            heap.size,
            lengths.join(", ")
        );
    }
    println!(
        "census {} positions, {} classes (the coalition's included), {} states solved",
        grouped(analysis.census_size as u64),
        analysis.class_count,
        grouped(analysis.solved_states as u64)
    );
    for class in &analysis.classes {
        let members: Vec<String> = class
            .members
            .iter()
            .take(6)
            .map(|p| p.to_string())
            .collect();
        let more = class.members.len().saturating_sub(6);
        println!(
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
                format!(" and {more} more")
            } else {
                String::new()
            }
        );
    }
    println!("keys (units mod {}, flexible heap):", analysis.players);
    for entry in &analysis.key_table {
        let flexible = entry
            .key
            .flexible
            .map_or("none".to_string(), |h| h.to_string());
        let classes: Vec<String> = entry.classes.iter().map(usize::to_string).collect();
        println!(
            "  {} + {flexible}: class {} ({} positions)",
            entry.key.units,
            classes.join(" or "),
            entry.positions
        );
    }
    let shape = &analysis.shape;
    if shape.holds {
        println!(
            "Nim's shape holds: {} keys onto {} classes",
            shape.keys, shape.keyed_classes
        );
    } else {
        let smallest: Vec<String> = shape
            .smallest_two_flexible
            .iter()
            .map(|p| p.to_string())
            .collect();
        println!(
            "Nim's shape fails: {} positions hold two flexible heaps (smallest {}), {} keys split, \
             {} positions share a key with another class ({} off the first class in build order), \
             {} classes have no member with fewer than two flexible heaps",
            shape.two_flexible_positions,
            smallest.join(" "),
            shape.colliding_keys,
            shape.positions_sharing_a_key,
            shape.positions_off_first_class,
            shape.classes_beyond_one_flexible.len()
        );
    }
    Ok(())
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

fn seq(rule: &Rule, count: usize, min_repeats: usize, json: bool) -> Result<()> {
    if count == 0 {
        return Err(anyhow!("--values must be at least 1"));
    }
    let bar = long_run_bar(count);
    let (values, analysis) =
        rule.analyse_with_progress(count, min_repeats, &|done| bar.set_position(done as u64));
    bar.finish_and_clear();
    let min_repeats = analysis.min_repeats;
    let ordinary = rule.ordinary_values(count);
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
            object["arithmetic"] = serde_json::json!(rule.arithmetic(&values, min_repeats));
        }
        if let (Some(code), Some((preperiod, period))) = (rule.octal_code(), found) {
            let compact: Vec<u16> = values
                .iter()
                .map(|&v| v.min(u16::MAX.into()) as u16)
                .collect();
            let record = certificate_record(code, &compact, preperiod, period);
            object["certificate_record"] = serde_json::json!(record);
        }
        println!("{object}");
        return Ok(());
    }
    let head = |values: &[u32]| -> String {
        let shown: Vec<String> = values.iter().take(60).map(|v| v.to_string()).collect();
        shown.join(" ")
    };
    if rule.has_no_move() {
        println!("{rule} allows no move: every heap is worth 0");
    }
    println!(
        "{rule}: first {} of {} values",
        count.min(60),
        grouped(count as u64)
    );
    // A pass game's state is the pair (g, h): its values are h, and g is printed beside them.
    let state = match &ordinary {
        Some(ordinary) => {
            println!("  h  {}   (the pass still available)", head(&values));
            println!(
                "  g  {}   (the pass spent: the ordinary game)",
                head(ordinary)
            );
            "(g, h)"
        }
        None => {
            println!("  {}", head(&values));
            "g"
        }
    };
    match found {
        Some((s, p)) => println!(
            "period {p} from heap {s} of {state} (earliest start, then smallest period, at least {min_repeats} repeats), searched in {} values",
            grouped(count as u64)
        ),
        None => {
            println!(
                "no period found in the {} values searched",
                grouped(count as u64)
            );
            if let Some(a) = rule.arithmetic(&values, min_repeats) {
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
                println!(
                    "arithmetic period: g(n + {}) = g(n) + {} from heap {}, {verdict}",
                    a.found.period,
                    a.found.saltus,
                    grouped(a.found.preperiod as u64)
                );
            }
        }
    }
    match analysis.certificate {
        Some(c) if c.holds => println!(
            "certificate: {} pairs {state}(k) = {state}(k + {}) for k = {}..{} hold; the period is proven{}",
            c.length,
            c.period,
            c.start,
            c.start + c.length - 1,
            if analysis.corroborated {
                ", and checked at every value computed"
            } else {
                ""
            }
        ),
        Some(c) => println!(
            "certificate: not proven ({})",
            serde_json::to_string(&c.status)?
        ),
        None if found.is_some() => println!("certificate: this rule has no finite window"),
        None => {}
    }
    Ok(())
}
