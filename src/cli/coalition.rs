//! `ladder coalition RULESET`: the three-player game under the fixed
//! alliance, printed as heap kinds, census, classes, key table and Nim's shape.

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use ladder::coalition::{
    CoalitionAnalysis as Analysis, CoalitionParams, HeapKind, Ruleset, analyze_within,
};
use ladder::text::numbers::{counted, grouped};

use super::print::{emit, say};

/// The help of `coalition`: the rulesets it takes, which are not all of seq's.
pub const HELP: &str = "Rulesets:\n  nim              take any number from one heap\n  \
     kayles           octal ·77\n  dawsons-kayles   octal ·07\n  \
     sub:1,2          a subtraction set (takes 1 to 24, the largest heap)\n  \
     octal:.77        an octal code (also ·77, 0.77; 4.07 splits a heap without taking)\n\
     The pass: and hex: rules of `ladder seq` are not taken: the coalition search has no pass and \
     no three-way split.\n\nExamples:\n  ladder coalition kayles\n  \
     ladder coalition sub:1,3 --json\n";

#[derive(clap::Args)]
pub struct Args {
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
}

pub fn run(args: Args) -> Result<ExitCode> {
    let params = CoalitionParams {
        test_heaps: args.test_heaps,
        test_largest_heap: args.test_sizes,
        census_heaps: args.census_heaps,
        census_largest_heap: args.census_sizes,
        allies: args.allies,
    };
    params.validate().map_err(|e| anyhow!(e))?;
    let rule = &args.rule;
    // Half the room: the analysis is written out again as text or JSON.
    let (room, source) = ladder::budget::available_memory();
    let analysis = analyze_within(rule, &params, room / 2)
        .map_err(|e| anyhow!("{rule}: {e} (the measurement may use half of {source})"))?;
    let mut out = String::new();
    if args.json {
        let mut object = serde_json::to_value(&analysis)?;
        if let serde_json::Value::Object(map) = &mut object {
            map.insert("rule".into(), rule.to_string().into());
        }
        say!(out, "{object}");
    } else {
        say!(out, "{rule}: {}", params.describe());
        heaps(&mut out, &analysis);
        classes(&mut out, &analysis);
        keys(&mut out, &analysis);
        shape(&mut out, &analysis);
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// Each heap's lengths and kind.
fn heaps(out: &mut String, analysis: &Analysis) {
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
}

/// The census, then each class with its first six members.
fn classes(out: &mut String, analysis: &Analysis) {
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
}

/// The key table: units modulo the players, and the flexible heap.
fn keys(out: &mut String, analysis: &Analysis) {
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
}

/// Whether Nim's shape holds, and if not, every way it fails.
fn shape(out: &mut String, analysis: &Analysis) {
    let shape = &analysis.shape;
    if shape.holds {
        say!(
            out,
            "Nim's shape holds: {} onto {}",
            counted(shape.keys as u64, "key", "keys"),
            counted(shape.keyed_classes as u64, "class", "classes")
        );
        return;
    }
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
