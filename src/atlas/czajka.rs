//! The atlas set beside Czajka's tables (T. Czajka, *octal-games*:
//! `SolvedGames.md`, `TrivialGames.md`, `UnsolvedGames.md`, `GameLookup.md`),
//! whose facts are committed as data in `records/czajka-tables.json` with
//! the commit they were read at; none of his code is used.
//!
//! Every entry of the four tables is one comparison, and each comparison
//! agrees, or is explained by something computed here that a reader can
//! check, or is unexplained:
//! - a solved or trivial game: its preperiod and period (and a trivial
//!   game's values) against the atlas's proof; a game the atlas has not
//!   proved is unexplained;
//! - an unsolved game: agrees when the atlas has no proof either, and is
//!   explained by the atlas's proof (a period certified by Theorem P) when
//!   it has one;
//! - the lookup: the classes its entries make (each code with the code it
//!   names) against the atlas's classes, restricted to the codes the table
//!   covers. A pair the table joins and the atlas does not is explained by
//!   the first heap where their values differ; a pair the atlas joins and
//!   the table does not is explained when the atlas's equivalence is proved.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::Atlas;
use super::classes::{ClassRecord, Proof};
use crate::games::Rule;
use crate::games::octal_engine::octal_values;
use crate::sweep::record::Status;
use crate::text::numbers::grouped;

/// The committed facts of the four tables.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Facts {
    pub source: String,
    pub commit: String,
    pub note: String,
    pub solved: Vec<Solved>,
    pub trivial: Vec<Trivial>,
    pub unsolved: Vec<String>,
    pub lookup: Vec<Lookup>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Solved {
    pub game: String,
    pub preperiod: usize,
    pub period: usize,
    pub largest_value_heap: usize,
    pub largest_value: u32,
    pub rare_mask: Option<String>,
    pub rare_heaps: Option<usize>,
    pub last_rare_heap: Option<usize>,
    pub first_solved_by: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Trivial {
    pub game: String,
    pub preperiod: usize,
    pub period: usize,
    /// The first values, the period's in parentheses: `0(01)`.
    pub values: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Lookup {
    pub game: String,
    pub equivalent: Option<String>,
}

/// How one comparison came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Agrees,
    Explained,
    Unexplained,
}

/// One entry of a table set beside the atlas.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Comparison {
    /// `solved`, `trivial`, `unsolved` or `lookup`.
    pub table: String,
    /// The game, as the essays write it (`·137`, `4·0`).
    pub game: String,
    pub theirs: String,
    pub ours: String,
    pub verdict: Verdict,
    /// What explains a difference (empty when they agree).
    pub why: String,
}

/// A game as the tables name it (`.137`, `4.07`, `4`) as a rule; `None`
/// for a game that is no octal code (Grundy's game).
pub fn rule_of(game: &str) -> Option<Rule> {
    let code = if game == "4" { "4.0" } else { game };
    format!("octal:{code}").parse().ok()
}

/// The values a trivial game's entry gives: digits, then `A` for 10.
fn their_values(text: &str) -> Option<Vec<u32>> {
    text.chars()
        .filter(|c| *c != '(' && *c != ')')
        .map(|c| c.to_digit(36))
        .collect()
}

fn shown(rule: &Rule) -> String {
    rule.to_string().trim_start_matches("octal:").to_string()
}

/// The atlas's proof of a code, as `period P from heap N`, if it has one.
fn proof(atlas: &Atlas, rule: &Rule) -> Option<(usize, usize)> {
    let record = atlas.normal.get(&rule.to_string())?;
    match (record.status, record.preperiod, record.period) {
        (Status::Proved, Some(pre), Some(per)) => Some((pre, per)),
        _ => None,
    }
}

fn periodic(table: &str, game: &Rule, pre: usize, per: usize, atlas: &Atlas) -> Comparison {
    let theirs = format!(
        "period {} from heap {}",
        grouped(per as u64),
        grouped(pre as u64)
    );
    let (ours, verdict, why) = match proof(atlas, game) {
        Some((p, q)) if (p, q) == (pre, per) => (theirs.clone(), Verdict::Agrees, String::new()),
        Some((p, q)) => (
            format!(
                "period {} from heap {}",
                grouped(q as u64),
                grouped(p as u64)
            ),
            Verdict::Unexplained,
            "the atlas proves another period".into(),
        ),
        None => {
            let depth = atlas.normal.get(&game.to_string()).map_or(0, |r| r.depth);
            (
                format!("not proved in {} values", grouped(depth as u64)),
                Verdict::Unexplained,
                "the atlas's run stopped before its proof".into(),
            )
        }
    };
    Comparison {
        table: table.into(),
        game: shown(game),
        theirs,
        ours,
        verdict,
        why,
    }
}

/// Every entry of the four tables set beside the atlas.
pub fn compare(facts: &Facts, atlas: &Atlas) -> Vec<Comparison> {
    let mut out = Vec::new();
    for solved in &facts.solved {
        if let Some(rule) = rule_of(&solved.game) {
            out.push(periodic(
                "solved",
                &rule,
                solved.preperiod,
                solved.period,
                atlas,
            ));
        }
    }
    for trivial in &facts.trivial {
        let Some(rule) = rule_of(&trivial.game) else {
            continue;
        };
        let mut c = periodic("trivial", &rule, trivial.preperiod, trivial.period, atlas);
        if c.verdict == Verdict::Agrees {
            let values = their_values(&trivial.values).unwrap_or_default();
            let code = rule.octal_code().cloned();
            let ours: Vec<u32> = code
                .map(|code| octal_values(&code, values.len(), &|_| {}))
                .unwrap_or_default();
            if ours != values {
                c.verdict = Verdict::Unexplained;
                c.why = "the table's values differ from the atlas's".into();
            }
        }
        out.push(c);
    }
    for game in &facts.unsolved {
        let Some(rule) = rule_of(game) else { continue };
        let (ours, verdict, why) = match proof(atlas, &rule) {
            None => {
                let depth = atlas.normal.get(&rule.to_string()).map_or(0, |r| r.depth);
                (
                    format!("not proved in {} values", grouped(depth as u64)),
                    Verdict::Agrees,
                    String::new(),
                )
            }
            Some((pre, per)) => (
                format!(
                    "period {} from heap {}",
                    grouped(per as u64),
                    grouped(pre as u64)
                ),
                Verdict::Explained,
                format!(
                    "proved here: the period's window of Theorem P holds{}",
                    shifted_twin(atlas, &rule)
                ),
            ),
        };
        out.push(Comparison {
            table: "unsolved".into(),
            game: shown(&rule),
            theirs: "unsolved".into(),
            ours,
            verdict,
            why,
        });
    }
    out.extend(compare_lookup(&facts.lookup, atlas));
    out
}

/// A code proved in the atlas that the rules alone make `rule` shifted by
/// some heaps (Lemma D), so that its period was within reach another way:
/// "; the same game as ·1777, one heap later (Lemma D)", or nothing.
fn shifted_twin(atlas: &Atlas, rule: &Rule) -> String {
    let name = rule.to_string();
    let twin = atlas
        .classes
        .values()
        .filter_map(|c| {
            let e = c.equivalent.as_ref()?;
            let twin: Rule = c.rule.parse().ok()?;
            let proved = proof(atlas, &twin).is_some();
            (e.rule == name && e.proof == Proof::Structural && e.offset > 0 && proved)
                .then(|| (c.rule.as_str(), e.offset, shown(&twin)))
        })
        .min();
    match twin {
        Some((_, 1, twin)) => format!("; the same game as {twin}, one heap later (Lemma D)"),
        Some((_, k, twin)) => format!("; the same game as {twin}, {k} heaps later (Lemma D)"),
        None => String::new(),
    }
}

/// The lookup table's classes, each code joined to the code it names: a
/// forest whose roots are each class's least code, and the codes it covers.
fn their_classes(lookup: &[Lookup]) -> (BTreeMap<String, String>, BTreeSet<String>) {
    let mut parent: BTreeMap<String, String> = BTreeMap::new();
    let mut covered = BTreeSet::new();
    for entry in lookup {
        let Some(a) = rule_of(&entry.game) else {
            continue;
        };
        covered.insert(a.to_string());
        parent.entry(a.to_string()).or_insert_with(|| a.to_string());
        if let Some(b) = entry.equivalent.as_deref().and_then(rule_of) {
            covered.insert(b.to_string());
            parent.entry(b.to_string()).or_insert_with(|| b.to_string());
            let (ra, rb) = (root(&parent, a.to_string()), root(&parent, b.to_string()));
            if ra != rb {
                let (low, high) = if ra < rb { (ra, rb) } else { (rb, ra) };
                parent.insert(high, low);
            }
        }
    }
    (parent, covered)
}

/// The root of `x`'s tree in `parent`.
fn root(parent: &BTreeMap<String, String>, mut x: String) -> String {
    while let Some(p) = parent.get(&x) {
        if *p == x {
            break;
        }
        x = p.clone();
    }
    x
}

/// What the atlas says of `rule`'s class, in the comparison's words.
fn our_class_described(atlas: &Atlas, rule: &str) -> String {
    match atlas.classes.get(rule).and_then(|c| c.equivalent.as_ref()) {
        Some(e) => format!(
            "equivalent to {} (offset {}, {})",
            e.rule.trim_start_matches("octal:"),
            e.offset,
            match e.proof {
                Proof::Structural => "structural",
                Proof::Periodic => "periodic",
                Proof::Observed => "observed",
            }
        ),
        None => "the first of its class".to_string(),
    }
}

/// The lookup's classes against the atlas's, over the codes it covers.
fn compare_lookup(lookup: &[Lookup], atlas: &Atlas) -> Vec<Comparison> {
    let (parent, covered) = their_classes(lookup);
    let first_of = |rule: &str| -> Option<String> {
        let class: &ClassRecord = atlas.classes.get(rule)?;
        Some(
            class
                .equivalent
                .as_ref()
                .map_or(rule.to_string(), |e| e.rule.clone()),
        )
    };
    let mut out = Vec::new();
    for entry in lookup {
        let Some(a) = rule_of(&entry.game) else {
            continue;
        };
        let a_name = a.to_string();
        let theirs = match &entry.equivalent {
            Some(b) => format!(
                "equivalent to {}",
                rule_of(b).map_or(b.clone(), |r| shown(&r))
            ),
            None => "no smaller equivalent".to_string(),
        };
        // The members of a's class in each, over the covered codes.
        let their_root = root(&parent, a_name.clone());
        let their_class: BTreeSet<&String> = covered
            .iter()
            .filter(|c| root(&parent, (*c).clone()) == their_root)
            .collect();
        let our_first = first_of(&a_name);
        let our_class: BTreeSet<&String> = covered
            .iter()
            .filter(|c| our_first.is_some() && first_of(c) == our_first)
            .collect();
        let only_theirs: Vec<&&String> = their_class.difference(&our_class).collect();
        let only_ours: Vec<&&String> = our_class.difference(&their_class).collect();
        let ours = our_class_described(atlas, &a_name);
        let (verdict, why) = if our_first.is_none() {
            (
                Verdict::Unexplained,
                "not in the atlas's classes".to_string(),
            )
        } else if only_theirs.is_empty() && only_ours.is_empty() {
            (Verdict::Agrees, String::new())
        } else {
            explain(&a_name, &only_theirs, &only_ours, atlas)
        };
        out.push(Comparison {
            table: "lookup".into(),
            game: shown(&a),
            theirs,
            ours,
            verdict,
            why,
        });
    }
    out
}

/// Why a code's classes differ: each code only the table joins to it
/// differs from it at a heap shown here; each only the atlas joins is
/// joined by a proof.
fn explain(
    a: &str,
    only_theirs: &[&&String],
    only_ours: &[&&String],
    atlas: &Atlas,
) -> (Verdict, String) {
    let mut reasons = Vec::new();
    for b in only_theirs {
        match first_difference(a, b) {
            Some(at) => reasons.push(format!(
                "{} and {} differ after their leading zeros at the {at}th value",
                a.trim_start_matches("octal:"),
                b.trim_start_matches("octal:")
            )),
            None => {
                return (
                    Verdict::Unexplained,
                    format!("{b} is joined by the table only"),
                );
            }
        }
    }
    let proved = |c: &str| {
        atlas
            .classes
            .get(c)
            .and_then(|r| r.equivalent.as_ref())
            .is_none_or(|e| e.proof != Proof::Observed)
    };
    for b in only_ours {
        if proved(a) && proved(b) {
            reasons.push(format!(
                "{} is proved equivalent here",
                b.trim_start_matches("octal:")
            ));
        } else {
            return (
                Verdict::Unexplained,
                format!("{b} is joined by the atlas only by observation"),
            );
        }
    }
    (Verdict::Explained, reasons.join("; "))
}

/// The first index, after each code's leading zeros, where two codes'
/// values differ, within 4,096 values; `None` when they agree there.
fn first_difference(a: &str, b: &str) -> Option<usize> {
    let values = |rule: &str| -> Option<Vec<u32>> {
        let rule: Rule = rule.parse().ok()?;
        let v: Vec<u32> = octal_values(rule.octal_code()?, 4096 + 64, &|_| {});
        let zeros = v.iter().position(|&x| x != 0).unwrap_or(v.len());
        Some(v[zeros..].to_vec())
    };
    let (va, vb) = (values(a)?, values(b)?);
    (0..va.len().min(vb.len()).min(4096)).find(|&i| va[i] != vb[i])
}
