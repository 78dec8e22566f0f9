//! `atlas`: every octal code of up to four digits in both plays, read from
//! the atlas's committed records ([`crate::atlas`]) rather than computed:
//! the sweeps behind them take hours.
//!
//! The build checks what it can in seconds: every code of the two families
//! has one record of each kind, in the plan's order; each record agrees
//! with itself (`Record::contradiction`, refused with its file and line
//! when the manifest is read); each equivalence names a code of the atlas
//! that is no one's equivalent; and a fixed sample, every
//! `codes / sample`-th code, is computed again (its normal run to the
//! recorded depth, its quotient within the recorded budgets, its class)
//! and must be the same. `ladder check --deep` computes every record again.
//!
//! The data holds every code's row, in parts by the first digit after the
//! point (`0·1???`), which the site writes as pages of their own
//! ([`crate::site`]'s atlas room) with a file of JSON each for Explore.

use std::collections::{BTreeMap, HashMap};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::atlas::classes::{self, ClassRecord, Proof};
use crate::atlas::czajka::{self, Comparison, Facts, Verdict};
use crate::atlas::{Atlas, FAMILIES};
use crate::games::octal_certificate::theorem_p_window;
use crate::games::{OctalCode, Rule};
use crate::sweep::misere::{self, Record as MisereRecord, Status as MisereStatus};
use crate::sweep::plan;
use crate::sweep::record::{self, Record as NormalRecord, Status, differing_fields};
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// The deepest normal record the build runs again for its sample.
const MOST_SAMPLED_DEPTH: usize = 1 << 21;
/// Every proof that reads at most this many values is solved again by
/// every build (about 4,400 of the atlas's, a few seconds).
const MOST_PROOF_AGAIN: usize = 1 << 14;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The records: file names in `records/`.
    pub normal: String,
    pub misere: String,
    pub classes: String,
    /// Codes computed again on every build (every `codes / sample`-th).
    #[serde(deserialize_with = "Within::<1, 256>::read")]
    pub sample: usize,
    /// Of those, the ones whose quotient is computed again too.
    #[serde(deserialize_with = "Within::<0, 64>::read")]
    pub misere_sample: usize,
    /// Czajka's tables, as data: a file name in `records/`.
    pub czajka: String,
    /// The machine the sweeps ran on, in words (how long they took is
    /// the sum of the records' own times).
    pub hardware: String,
    /// The records, read from `records/` when the manifest is loaded
    /// (part of the figure's key, so new records recompute it).
    #[serde(skip)]
    pub records: Box<Records>,
}

/// The files an `atlas` figure reads, as read.
#[derive(Debug, Clone, Default)]
pub struct Records {
    pub normal: Vec<NormalRecord>,
    pub misere: Vec<MisereRecord>,
    pub classes: Vec<ClassRecord>,
    pub czajka: Option<Facts>,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// A code's equivalent as a row shows it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct RowEquivalent {
    pub code: String,
    pub offset: i64,
    pub proof: Proof,
    pub misere_too: bool,
}

/// One code's row: what both plays' records say, and its equivalent.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
pub struct Row {
    /// As the essays write it: `·1234`, `4·007`.
    pub code: String,
    /// Its permalink's fragment: `0.1234`, `4.007`.
    pub anchor: String,
    /// `proved`, or what stopped it: `time`, `depth`, `stopped`.
    pub normal: String,
    pub period: Option<usize>,
    pub preperiod: Option<usize>,
    /// The values Theorem P's window reads, for a proof.
    pub values_needed: Option<usize>,
    /// Values computed.
    pub computed: usize,
    /// For a code its own run did not prove: the code whose proof gives
    /// its period and preperiod, the rules making them one game
    /// ([`crate::atlas::classes::through`]).
    pub through: Option<String>,
    pub largest_value: u32,
    /// `proved` or `unsettled`.
    pub misere: String,
    pub order: usize,
    pub p_size: usize,
    pub tame: bool,
    pub misere_period: Option<usize>,
    pub misere_preperiod: Option<usize>,
    /// The quotient is proved for heaps 0 to this.
    pub heaps: usize,
    /// Why the quotient stopped short of the bound, if it did.
    pub unsettled: Option<String>,
    pub equivalent: Option<RowEquivalent>,
}

/// The codes whose first digit after the point is one digit.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
pub struct Part {
    /// `0.1`: the file name of its page (`atlas/0.1.html`).
    pub prefix: String,
    /// `0·1???`.
    pub name: String,
    pub codes: usize,
    pub normal_proved: usize,
    pub misere_proved: usize,
    pub tame: usize,
    pub rows: Vec<Row>,
}

/// Counts of one play.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
pub struct NormalCounts {
    /// The limits most codes ran under (the wide sweep's)…
    pub base_max_values: usize,
    pub base_max_seconds: u64,
    /// … and the codes run again deeper, with their status and the values
    /// they reached.
    pub deeper: Vec<(String, String, usize)>,
    /// Proved by their own runs or through their equivalents: the
    /// statuses below partition the codes.
    pub proved: usize,
    /// Of the proved, those proved through their equivalents.
    pub through: usize,
    pub time: usize,
    pub depth: usize,
    pub stopped: usize,
    pub max_values: usize,
    pub max_seconds: u64,
    /// The longest proved period and preperiod, with their codes.
    pub longest_period: (String, usize),
    pub longest_preperiod: (String, usize),
    /// Codes by the digits after the point (1 to 4), proved of all.
    pub by_digits: Vec<(usize, usize)>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
pub struct MisereCounts {
    pub proved: usize,
    pub tame: usize,
    pub wild: usize,
    pub unsettled: usize,
    /// Unsettled codes by what stopped them (`heaps`, `work`, `memory`,
    /// `states`, `repairs`, `elements`), the most first: a list, since a
    /// template's map has no order.
    pub stopped_by: Vec<(String, usize)>,
    pub max_heaps: usize,
    pub max_work: u64,
    pub max_megabytes: u64,
    /// The largest proved wild quotient, with its code.
    pub largest_wild: (String, usize),
    pub by_digits: Vec<(usize, usize)>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
pub struct ClassCounts {
    /// Codes that are no other code's equivalent.
    pub classes: usize,
    pub structural: usize,
    pub periodic: usize,
    pub observed: usize,
    pub misere_too: usize,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub files: [String; 3],
    pub hardware: String,
    /// The records' run times summed, in hours of one core, to a tenth.
    pub normal_hours: f64,
    pub misere_hours: f64,
    pub codes: usize,
    pub normal: NormalCounts,
    pub misere: MisereCounts,
    pub classes: ClassCounts,
    /// The codes computed again by this build: the sample…
    pub sampled: Vec<String>,
    /// … and the proofs solved again beside it.
    pub proofs_again: usize,
    pub misere_sampled: Vec<String>,
    pub czajka: CzajkaCounts,
    /// Every entry of Czajka's tables that does not simply agree.
    pub czajka_differences: Vec<Comparison>,
    pub parts: Vec<Part>,
}

/// Czajka's tables set beside the atlas, counted.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
pub struct CzajkaCounts {
    pub commit: String,
    /// Its first seven hexadecimal digits, as prose quotes a commit.
    pub commit_short: String,
    /// Entries of the four tables in all.
    pub total: usize,
    /// Entries of each table: `solved`, `trivial`, `unsolved`, `lookup`.
    pub entries: BTreeMap<String, usize>,
    pub agree: usize,
    pub explained: usize,
    pub unexplained: usize,
}

/// Every code of the atlas, in its order.
pub fn atlas_rules() -> Result<Vec<Rule>, String> {
    let mut codes = Vec::new();
    for family in FAMILIES {
        codes.extend(plan::family(family)?);
    }
    plan::standard(&codes)
}

/// `·1234` → `0.1234`; `4·007` → `4.007`: a fragment without the middle dot.
pub fn anchor(code: &OctalCode) -> String {
    format!("{}.{}", code.digit(0), code.digits_after_point())
}

/// The part a code's row is in: its prefix digit and first digit.
fn part_of(code: &OctalCode) -> (u8, u8) {
    (code.digit(0), code.digit(1))
}

/// What stopped an unsettled quotient, in one word.
fn stop_word(record: &MisereRecord) -> String {
    match &record.unsettled {
        None => "heaps".into(),
        Some(stop) if stop.why.starts_with("memory") => "memory".into(),
        Some(stop) if stop.why.contains("work budget") => "work".into(),
        Some(stop) if stop.why.contains("states") => "states".into(),
        Some(stop) if stop.why.contains("repair") || stop.why.contains("candidate passed") => {
            "repairs".into()
        }
        Some(stop) if stop.why.contains("elements") => "elements".into(),
        Some(_) => "other".into(),
    }
}

/// The three records hold every code once, in the plan's order.
fn check_order(params: &Params, rules: &[Rule]) -> Result<(), String> {
    let names: Vec<String> = rules.iter().map(ToString::to_string).collect();
    let lists: [(&str, Vec<&str>); 3] = [
        (
            &params.normal,
            params
                .records
                .normal
                .iter()
                .map(|r| r.rule.as_str())
                .collect(),
        ),
        (
            &params.misere,
            params
                .records
                .misere
                .iter()
                .map(|r| r.rule.as_str())
                .collect(),
        ),
        (
            &params.classes,
            params
                .records
                .classes
                .iter()
                .map(|r| r.rule.as_str())
                .collect(),
        ),
    ];
    for (file, list) in lists {
        if list.len() != names.len() {
            return Err(format!(
                "records/{file}: {} records, but the atlas has {} codes",
                list.len(),
                names.len()
            ));
        }
        if let Some(at) = (0..names.len()).find(|&i| list[i] != names[i]) {
            return Err(format!(
                "records/{file}:{}:1: the record of {} where {} belongs (one record a code, in \
                 the sweep's order)",
                at + 1,
                list[at],
                names[at]
            ));
        }
    }
    Ok(())
}

/// Each equivalence names a first of its class, at the offset the two
/// codes' leading zeros give.
fn check_classes(params: &Params) -> Result<(), String> {
    let by_rule: HashMap<&str, (usize, &ClassRecord)> = params
        .records
        .classes
        .iter()
        .enumerate()
        .map(|(i, c)| (c.rule.as_str(), (i, c)))
        .collect();
    for (at, class) in params.records.classes.iter().enumerate() {
        let Some(e) = &class.equivalent else { continue };
        let located = |why: String| format!("records/{}:{}:1: {why}", params.classes, at + 1);
        let Some((_, first)) = by_rule.get(e.rule.as_str()) else {
            return Err(located(format!(
                "{}'s equivalent {} is not in the atlas",
                class.rule, e.rule
            )));
        };
        if first.equivalent.is_some() || first.values_hash != class.values_hash {
            return Err(located(format!(
                "{}'s equivalent {} is not the first of a class with its values",
                class.rule, e.rule
            )));
        }
        if e.offset != first.zeros as i64 - class.zeros as i64 {
            return Err(located(format!(
                "{}: offset {}, but the leading zeros give {}",
                class.rule,
                e.offset,
                first.zeros as i64 - class.zeros as i64
            )));
        }
    }
    Ok(())
}

/// Codes that Lemma D makes one game in misère play have one quotient: where
/// both records prove theirs whole, its order, |P|, tameness and Φ's period
/// must agree (Φ itself is shifted by the offset).
fn check_one_misere_game(params: &Params) -> Result<(), String> {
    let misere: HashMap<&str, &MisereRecord> = params
        .records
        .misere
        .iter()
        .map(|r| (r.rule.as_str(), r))
        .collect();
    for (at, class) in params.records.classes.iter().enumerate() {
        let Some(e) = class.equivalent.as_ref().filter(|e| e.misere_too) else {
            continue;
        };
        let (Some(a), Some(b)) = (misere.get(class.rule.as_str()), misere.get(e.rule.as_str()))
        else {
            continue;
        };
        if a.status != MisereStatus::Proved || b.status != MisereStatus::Proved {
            continue;
        }
        if (a.order, a.p_size, a.tame, a.period) != (b.order, b.p_size, b.tame, b.period) {
            return Err(format!(
                "records/{}:{}:1: {} and {} are one game in misère play (Lemma D), but their \
                 proved quotients differ: |Q| {} and {}, |P| {} and {}, Φ's period {:?} and {:?}",
                params.classes,
                at + 1,
                class.rule,
                e.rule,
                a.order,
                b.order,
                a.p_size,
                b.p_size,
                a.period,
                b.period
            ));
        }
    }
    Ok(())
}

/// The sample's codes computed again: normal runs to their depth, the
/// first `misere_sample` quotients, and every sampled code's class.
fn check_sample(
    params: &Params,
    rules: &[Rule],
    sampled: &[usize],
) -> Result<(Vec<String>, usize), String> {
    let normal: HashMap<String, NormalRecord> = params
        .records
        .normal
        .iter()
        .map(|r| (r.rule.clone(), r.clone()))
        .collect();
    let misere_sampled: Vec<usize> = sampled.iter().copied().take(params.misere_sample).collect();
    // The sample, and every proof short enough to be solved again in a
    // moment: most of them, so a changed period rarely slips through.
    let mut again: Vec<usize> = sampled.to_vec();
    again.extend((0..rules.len()).filter(|&at| {
        let r = &params.records.normal[at];
        r.status == Status::Proved && r.depth <= MOST_PROOF_AGAIN && !sampled.contains(&at)
    }));
    let results: Vec<Result<(), String>> = again
        .par_iter()
        .map(|&at| {
            let rule = &rules[at];
            let code = rule.octal_code().ok_or("not an octal code")?;
            let recorded = &params.records.normal[at];
            if recorded.depth <= MOST_SAMPLED_DEPTH {
                let fresh = record::run(rule, code, recorded.depth.max(1), u64::MAX);
                let differing = differing(&results_only(recorded), &results_only(&fresh));
                if !differing.is_empty() {
                    return Err(format!(
                        "records/{}:{}:1: {rule} computed again differs: {}",
                        params.normal,
                        at + 1,
                        differing.join("; ")
                    ));
                }
            }
            if misere_sampled.contains(&at) {
                let recorded = &params.records.misere[at];
                let plan = misere::Plan {
                    codes: Vec::new(),
                    shard: 0,
                    of: 1,
                    max_heaps: recorded.max_heaps,
                    max_work: recorded.max_work,
                    max_megabytes: recorded.max_megabytes,
                };
                let fresh = misere::run(rule, code, &plan)?;
                let differing = differing(&recorded.result(), &fresh.result());
                if !differing.is_empty() {
                    return Err(format!(
                        "records/{}:{}:1: {rule} computed again differs: {}",
                        params.misere,
                        at + 1,
                        differing.join("; ")
                    ));
                }
            }
            Ok(())
        })
        .collect();
    results.into_iter().collect::<Result<Vec<()>, String>>()?;
    // The sample's classes: each code's zeros and values, and the proof of
    // its equivalence, computed again.
    let by_rule: HashMap<&str, &ClassRecord> = params
        .records
        .classes
        .iter()
        .map(|c| (c.rule.as_str(), c))
        .collect();
    for &at in sampled {
        let recorded = &params.records.classes[at];
        let first = recorded
            .equivalent
            .as_ref()
            .and_then(|e| by_rule.get(e.rule.as_str()).copied());
        classes::verify(recorded, first, &normal)
            .map_err(|why| format!("records/{}:{}:1: {why}", params.classes, at + 1))?;
    }
    Ok((
        sampled.iter().map(|&at| rules[at].to_string()).collect(),
        again.len() - sampled.len(),
    ))
}

/// A normal record's results, without what a run without a time limit
/// may say differently (its status and limits, its time).
fn results_only(r: &NormalRecord) -> NormalRecord {
    NormalRecord {
        status: if r.status == Status::Proved {
            Status::Proved
        } else {
            Status::Depth
        },
        max_values: 0,
        max_seconds: 0,
        stop: None,
        ..r.result()
    }
}

fn differing<T: Serialize>(recorded: &T, fresh: &T) -> Vec<String> {
    match differing_fields(recorded, fresh) {
        None => vec!["the records cannot be compared".into()],
        Some(fields) => fields
            .into_iter()
            .map(|(key, value, now)| format!("{key}: recorded {value}, computed {now}"))
            .collect(),
    }
}

fn row(
    code: &OctalCode,
    n: &NormalRecord,
    m: &MisereRecord,
    c: &ClassRecord,
    through: Option<(String, usize, usize)>,
) -> Row {
    let values_needed = match (n.preperiod, n.period) {
        (Some(pre), Some(per)) => theorem_p_window(code, pre, per).ok().and_then(|w| w.2),
        _ => None,
    };
    let (preperiod, period) = match &through {
        Some((_, pre, per)) => (Some(*pre), Some(*per)),
        None => (n.preperiod, n.period),
    };
    Row {
        code: code.to_string(),
        anchor: anchor(code),
        normal: n.status.word().to_string(),
        period,
        preperiod,
        values_needed,
        computed: n.depth,
        through: through.map(|t| t.0.trim_start_matches("octal:").to_string()),
        largest_value: n.shape.largest_value,
        misere: match m.status {
            MisereStatus::Proved => "proved".into(),
            MisereStatus::Unsettled => "unsettled".into(),
        },
        order: m.order,
        p_size: m.p_size,
        tame: m.tame,
        misere_period: m.period,
        misere_preperiod: m.preperiod,
        heaps: m.heaps,
        unsettled: m
            .unsettled
            .as_ref()
            .map(|s| format!("heap {}: {}", s.heap, s.why)),
        equivalent: c.equivalent.as_ref().map(|e| RowEquivalent {
            code: e.rule.trim_start_matches("octal:").to_string(),
            offset: e.offset,
            proof: e.proof,
            misere_too: e.misere_too,
        }),
    }
}

impl Part {
    /// The part of the codes `prefix.first???`, empty.
    fn new(prefix: u8, first: u8) -> Part {
        Part {
            prefix: format!("{prefix}.{first}"),
            name: format!("{}·{first}???", if prefix == 0 { "" } else { "4" }),
            codes: 0,
            normal_proved: 0,
            misere_proved: 0,
            tame: 0,
            rows: Vec::new(),
        }
    }
}

impl NormalCounts {
    /// Counts `code`'s normal-play record `n`; `base` is the limits most
    /// records were run to, and a record run to others is listed as pushed.
    fn count(
        &mut self,
        code: &OctalCode,
        n: &NormalRecord,
        through: bool,
        digits: usize,
        base: (usize, u64),
    ) {
        self.by_digits[digits].1 += 1;
        match n.status {
            _ if through => {
                self.proved += 1;
                self.through += 1;
                self.by_digits[digits].0 += 1;
            }
            Status::Proved => {
                self.proved += 1;
                self.by_digits[digits].0 += 1;
                let (per, pre) = (n.period.unwrap_or(0), n.preperiod.unwrap_or(0));
                if per > self.longest_period.1 {
                    self.longest_period = (code.to_string(), per);
                }
                if pre > self.longest_preperiod.1 {
                    self.longest_preperiod = (code.to_string(), pre);
                }
            }
            Status::Time => self.time += 1,
            Status::Depth => self.depth += 1,
            Status::Stopped => self.stopped += 1,
        }
        self.max_values = self.max_values.max(n.max_values);
        if (n.max_values, n.max_seconds) != base {
            self.deeper
                .push((code.to_string(), n.status.word().to_string(), n.depth));
        }
        self.max_seconds = self.max_seconds.max(n.max_seconds);
    }
}

impl MisereCounts {
    /// Counts `code`'s misère record `m`, and what stopped it if unsettled.
    fn count(
        &mut self,
        code: &OctalCode,
        m: &MisereRecord,
        digits: usize,
        stopped_by: &mut BTreeMap<String, usize>,
    ) {
        self.by_digits[digits].1 += 1;
        match (m.status, m.tame) {
            (MisereStatus::Proved, tame) => {
                self.proved += 1;
                self.by_digits[digits].0 += 1;
                if tame {
                    self.tame += 1;
                } else {
                    self.wild += 1;
                    if m.order > self.largest_wild.1 {
                        self.largest_wild = (code.to_string(), m.order);
                    }
                }
            }
            (MisereStatus::Unsettled, _) => {
                self.unsettled += 1;
                *stopped_by.entry(stop_word(m)).or_default() += 1;
            }
        }
        self.max_heaps = self.max_heaps.max(m.max_heaps);
        self.max_work = self.max_work.max(m.max_work);
        self.max_megabytes = self.max_megabytes.max(m.max_megabytes);
    }
}

impl ClassCounts {
    /// Counts a code's class: its own, or equivalent by which proof.
    fn count(&mut self, c: &ClassRecord) {
        match &c.equivalent {
            None => self.classes += 1,
            Some(e) => {
                match e.proof {
                    Proof::Structural => self.structural += 1,
                    Proof::Periodic => self.periodic += 1,
                    Proof::Observed => self.observed += 1,
                }
                self.misere_too += usize::from(e.misere_too);
            }
        }
    }
}

/// The records checked against the plan and themselves, the sample computed
/// again, and every code's row.
pub fn compute(params: &Params) -> Result<Data, String> {
    let rules = atlas_rules()?;
    check_order(params, &rules)?;
    check_classes(params)?;
    check_one_misere_game(params)?;
    let stride = (rules.len() / params.sample).max(1);
    let sampled: Vec<usize> = (0..rules.len())
        .step_by(stride)
        .take(params.sample)
        .collect();
    let (sampled_rules, proofs_again) = check_sample(params, &rules, &sampled)?;
    let mut parts: BTreeMap<(u8, u8), Part> = BTreeMap::new();
    let mut normal = NormalCounts {
        by_digits: vec![(0, 0); 5],
        ..NormalCounts::default()
    };
    let mut stopped_by: BTreeMap<String, usize> = BTreeMap::new();
    let mut misere = MisereCounts {
        by_digits: vec![(0, 0); 5],
        ..MisereCounts::default()
    };
    let mut counts = ClassCounts::default();
    let mut limits: BTreeMap<(usize, u64), usize> = BTreeMap::new();
    for r in &params.records.normal {
        *limits.entry((r.max_values, r.max_seconds)).or_default() += 1;
    }
    let base = limits
        .iter()
        .max_by_key(|(_, n)| **n)
        .map(|(l, _)| *l)
        .unwrap_or_default();
    (normal.base_max_values, normal.base_max_seconds) = base;
    let by_rule: HashMap<&str, &NormalRecord> = params
        .records
        .normal
        .iter()
        .map(|r| (r.rule.as_str(), r))
        .collect();
    for (at, rule) in rules.iter().enumerate() {
        let code = rule.octal_code().ok_or("not an octal code")?;
        let (n, m, c) = (
            &params.records.normal[at],
            &params.records.misere[at],
            &params.records.classes[at],
        );
        let digits = code.largest_take().min(4);
        let through = c.equivalent.as_ref().and_then(|e| {
            let (pre, per) = classes::through(c, n, by_rule.get(e.rule.as_str())?)?;
            Some((e.rule.clone(), pre, per))
        });
        normal.count(code, n, through.is_some(), digits, base);
        misere.count(code, m, digits, &mut stopped_by);
        counts.count(c);
        let (prefix, first) = part_of(code);
        let part = parts
            .entry((prefix, first))
            .or_insert_with(|| Part::new(prefix, first));
        part.codes += 1;
        part.normal_proved += usize::from(n.status == Status::Proved || through.is_some());
        part.misere_proved += usize::from(m.status == MisereStatus::Proved);
        part.tame += usize::from(m.status == MisereStatus::Proved && m.tame);
        part.rows.push(row(code, n, m, c, through));
    }
    misere.stopped_by = stopped_by.into_iter().collect();
    misere
        .stopped_by
        .sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let (czajka, czajka_differences) = compare_czajka(params)?;
    Ok(Data {
        czajka,
        czajka_differences,
        files: [
            params.normal.clone(),
            params.misere.clone(),
            params.classes.clone(),
        ],
        hardware: params.hardware.clone(),
        normal_hours: hours(params.records.normal.iter().map(|r| r.seconds)),
        misere_hours: hours(params.records.misere.iter().map(|r| r.seconds)),
        codes: rules.len(),
        normal,
        misere,
        classes: counts,
        misere_sampled: sampled_rules
            .iter()
            .take(params.misere_sample)
            .cloned()
            .collect(),
        sampled: sampled_rules,
        proofs_again,
        parts: parts.into_values().collect(),
    })
}

/// Czajka's tables set beside the records; an entry neither agreeing nor
/// explained stops the build.
fn compare_czajka(params: &Params) -> Result<(CzajkaCounts, Vec<Comparison>), String> {
    let facts = params
        .records
        .czajka
        .as_ref()
        .ok_or_else(|| format!("records/{} was not read", params.czajka))?;
    let atlas = Atlas {
        rules: params
            .records
            .normal
            .iter()
            .map(|r| r.rule.clone())
            .collect(),
        normal: params
            .records
            .normal
            .iter()
            .map(|r| (r.rule.clone(), r.clone()))
            .collect(),
        misere: HashMap::new(),
        classes: params
            .records
            .classes
            .iter()
            .map(|r| (r.rule.clone(), r.clone()))
            .collect(),
    };
    let comparisons = czajka::compare(facts, &atlas);
    let mut counts = CzajkaCounts {
        commit: facts.commit.clone(),
        commit_short: facts.commit.chars().take(7).collect(),
        total: comparisons.len(),
        entries: ["solved", "trivial", "unsolved", "lookup"]
            .into_iter()
            .map(|t| (t.to_string(), 0))
            .collect(),
        ..CzajkaCounts::default()
    };
    for c in &comparisons {
        *counts.entries.entry(c.table.clone()).or_default() += 1;
        match c.verdict {
            Verdict::Agrees => counts.agree += 1,
            Verdict::Explained => counts.explained += 1,
            Verdict::Unexplained => counts.unexplained += 1,
        }
    }
    if let Some(c) = comparisons
        .iter()
        .find(|c| c.verdict == Verdict::Unexplained)
    {
        return Err(format!(
            "records/{}: Czajka's {} table gives {} as {}, the atlas as {}: {} ({} such \
             entries, none of them explained)",
            params.czajka, c.table, c.game, c.theirs, c.ours, c.why, counts.unexplained
        ));
    }
    let differences = comparisons
        .into_iter()
        .filter(|c| c.verdict != Verdict::Agrees)
        .collect();
    Ok((counts, differences))
}

/// One line for each record the build reads.
pub fn records(params: &Params) -> Vec<String> {
    vec![
        format!(
            "records/{}: {} codes in normal play",
            params.normal,
            grouped(params.records.normal.len() as u64)
        ),
        format!(
            "records/{}: {} codes in misère play",
            params.misere,
            grouped(params.records.misere.len() as u64)
        ),
        format!(
            "records/{}: {} codes' classes",
            params.classes,
            grouped(params.records.classes.len() as u64)
        ),
    ]
}

/// `ladder check --deep`: every record computed again; each difference a line.
pub fn deep_check(params: &Params) -> Vec<String> {
    let Ok(rules) = atlas_rules() else {
        return vec!["the atlas's codes cannot be listed".into()];
    };
    if check_order(params, &rules).is_err() {
        return vec!["the records do not hold the atlas's codes in order".into()];
    }
    let mut found: Vec<String> = rules
        .par_iter()
        .enumerate()
        .flat_map_iter(|(at, rule)| {
            let Some(code) = rule.octal_code() else {
                return vec![format!("{rule}: not an octal code")];
            };
            let recorded = &params.records.normal[at];
            let limit = match recorded.status {
                Status::Proved => recorded.max_values,
                _ => recorded.depth,
            };
            let fresh = record::run(rule, code, limit.max(1), u64::MAX);
            let mut lines: Vec<String> = differing(&results_only(recorded), &results_only(&fresh))
                .into_iter()
                .map(|d| format!("{rule} (normal): {d}"))
                .collect();
            let recorded = &params.records.misere[at];
            let plan = misere::Plan {
                codes: Vec::new(),
                shard: 0,
                of: 1,
                max_heaps: recorded.max_heaps,
                max_work: recorded.max_work,
                max_megabytes: recorded.max_megabytes,
            };
            match misere::run(rule, code, &plan) {
                Ok(fresh) => lines.extend(
                    differing(&recorded.result(), &fresh.result())
                        .into_iter()
                        .map(|d| format!("{rule} (misère): {d}")),
                ),
                Err(e) => lines.push(format!("{rule} (misère): {e}")),
            }
            lines
        })
        .collect();
    let normal: HashMap<String, NormalRecord> = params
        .records
        .normal
        .iter()
        .map(|r| (r.rule.clone(), r.clone()))
        .collect();
    let fresh = classes::classify(&rules, &normal);
    for (recorded, again) in params.records.classes.iter().zip(&fresh) {
        found.extend(
            differing(recorded, again)
                .into_iter()
                .map(|d| format!("{} (class): {d}", recorded.rule)),
        );
    }
    found
}

/// Seconds summed, as hours to a tenth.
fn hours(seconds: impl Iterator<Item = f64>) -> f64 {
    (seconds.sum::<f64>() / 360.0).round() / 10.0
}

impl Data {
    pub fn range_note(&self) -> String {
        format!(
            "The {} octal codes 0·… and 4·… of up to four digits, from the committed records \
             records/{}, records/{} and records/{}: each run by ladder sweep to a proof, {} \
             values or {} s, {} of them again deeper ({} hours of one core in all here, as the \
             records time them), and by ladder sweep --misere to Theorem M's proof, {} heaps, \
             {} products or {} MiB ({} hours of one core); every record checked for form and \
             against itself; {} codes computed again by this build ({} of them in misère play) \
             and {} more proofs solved again; every record by ladder check --deep.",
            grouped(self.codes as u64),
            self.files[0],
            self.files[1],
            self.files[2],
            grouped(self.normal.base_max_values as u64),
            self.normal.base_max_seconds,
            self.normal.deeper.len(),
            self.normal_hours,
            self.misere.max_heaps,
            grouped(self.misere.max_work),
            self.misere.max_megabytes,
            self.misere_hours,
            self.sampled.len(),
            self.misere_sampled.len(),
            grouped(self.proofs_again as u64)
        )
    }
}

/// The index of the parts: each part's codes and what is proved of them in
/// each play (the parts' own pages list every code); then every entry of
/// Czajka's tables that does not simply agree, with what explains it.
pub fn render(data: &Data, _meta: &RenderMeta) -> Vec<Table> {
    let mut table = Table::new(vec![
        Column::text("codes").names(),
        Column::number("in all"),
        Column::number("normal: proved"),
        Column::number("misère: proved"),
        Column::number("of them tame"),
    ]);
    for part in &data.parts {
        table.rows.push(vec![
            Cell::text(part.name.clone()),
            Cell::number(part.codes as u64),
            Cell::number(part.normal_proved as u64),
            Cell::number(part.misere_proved as u64),
            Cell::number(part.tame as u64),
        ]);
    }
    table.title = Some("The codes by their first digits".into());
    let mut differences = Table::new(vec![
        Column::text("table").names(),
        Column::text("game"),
        Column::text("Czajka"),
        Column::text("the atlas"),
        Column::text("explained by"),
    ]);
    differences.title = Some("Where Czajka’s tables and the atlas differ".into());
    for c in &data.czajka_differences {
        differences.rows.push(vec![
            Cell::text(c.table.clone()),
            Cell::text(c.game.clone()),
            Cell::text(c.theirs.clone()),
            Cell::text(c.ours.clone()),
            Cell::text(c.why.clone()),
        ]);
    }
    vec![table, differences]
}
