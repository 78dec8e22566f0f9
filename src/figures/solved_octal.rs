//! `solved-octal`: the octal games the published tables list as solved but
//! not settled within their first 1,000 values, each solved again by
//! [`crate::games::octal_solve`] on every build: its period and preperiod,
//! the values its Guy–Smith certificate reads and their hash, its largest
//! value and sparse structure ([`crate::games::octal_shape`]), over the
//! values the proof reads.
//!
//! A game whose proof reads more values than a build can afford (·1777 reads
//! 443 million) is given a `record:`, the numbers of its solve, committed in
//! `figures.yaml`. The build checks what it can without the values (the
//! window is the one Theorem P gives for the period, and the values it reads
//! follow from it) and shows the row as a record; `ladder check --deep`
//! ([`deep_check`]) solves it again and must find every number equal.
//!
//! A game a published list still gives as unsolved (`listed_unsolved_by:`)
//! is solved the same way; its row says so, and names the list.
//!
//! The values hash is FNV-1a 64 ([`crate::games::octal_long_run::fnv1a_64`]):
//! offset basis `0xcbf29ce484222325`, prime `0x100000001b3`, over heaps
//! `0 .. values_needed` in heap order, each value as four little-endian
//! bytes (a `u32`). So that a reader can recompute one without this
//! program, the data file carries the values of one proof (`values_for:`),
//! checked here against its row's hash.
//!
//! Published numbers are read as their sources state them and compared in
//! our convention: heaps counted from 0, the preperiod the first heap of the
//! period. A `last_exception` (the last heap `n` with `g(n) ≠ g(n + p)`, as
//! Flammenkamp's tables and the OEIS give it) is compared with our
//! preperiod less one. A difference is printed beside our number, with the
//! pair of values that decides it.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use super::parts::Parts;
use crate::games::octal_equivalence::{Form, structural_form};
use crate::games::octal_long_run::{certificate_record, fnv1a_64};
use crate::games::octal_shape::shape;
use crate::games::octal_solve::{Finish, Solver};
use crate::games::{OctalCode, Rule};
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;
use crate::text::wording::{engine_stop, kind_name};

/// Parameters: the games, in the table's order, and the most values a
/// build's solve may compute for one.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Each solve stops here if no period is proved by then.
    #[serde(deserialize_with = "Within::<1, 50_000_000>::read")]
    pub max_values: usize,
    /// The games, one row each.
    pub games: Vec<SolvedGame>,
    /// The game whose proof's values the data file carries, for a reader to
    /// recompute its hash and check its window (omitted: none).
    #[serde(default)]
    pub values_for: Option<Rule>,
}

/// One game of the table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolvedGame {
    /// An octal code, `octal:·16`.
    pub game: Rule,
    /// Who first solved it, as the cited table gives it (omitted: not given).
    #[serde(default)]
    pub solved_by: Option<String>,
    /// The published list that still gives it as unsolved (`Czajka`).
    #[serde(default)]
    pub listed_unsolved_by: Option<String>,
    /// Numbers published for it, compared with ours.
    #[serde(default)]
    pub published: Vec<Published>,
    /// The numbers of a solve too long for every build, checked by
    /// `ladder check --deep`.
    #[serde(default)]
    pub record: Option<Record>,
    /// How the record's solve was measured: its time and the machine.
    #[serde(default)]
    pub record_run: Option<RecordRun>,
}

/// The measurement of a record's solve, as it was taken (a build has no
/// clock: these numbers are the committed record of one run).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RecordRun {
    /// Processor time, user, in seconds.
    pub user_seconds: f64,
    /// Wall time, in whole seconds.
    pub wall_seconds: u64,
    /// The most memory the run held, in megabytes.
    pub peak_megabytes: f64,
    /// The machine, in words (`two cores of an AMD EPYC, shared`).
    pub hardware: String,
}

/// What one source publishes for a game; every field optional.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Published {
    /// The source as the table names it (`Czajka`, `OEIS A071509`).
    pub source: String,
    /// The first heap of the period (a table's "prefix").
    pub preperiod: Option<usize>,
    /// The last heap `n` with `g(n) ≠ g(n + p)`: our preperiod less one.
    pub last_exception: Option<usize>,
    pub period: Option<usize>,
    pub largest_value: Option<u32>,
    pub largest_value_heap: Option<usize>,
    pub rare_mask: Option<String>,
    pub rare_heaps: Option<usize>,
    pub last_rare_heap: Option<usize>,
}

/// A game's numbers, computed by a solve or read from a record.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub preperiod: usize,
    pub period: usize,
    /// The window of pairs `g(n) = g(n + p)`, `preperiod ≤ n < window_end`.
    pub window_end: usize,
    /// Values the proof reads: `window_end + period`.
    pub values_needed: usize,
    /// The window's theorem: `guy-smith-k2` for a code that splits in two.
    pub certificate_kind: String,
    /// FNV-1a 64 of heaps `0 .. values_needed` (each a little-endian `u32`),
    /// as 16 hexadecimal digits.
    pub values_hash: String,
    /// The largest value and the first heap with it.
    pub largest_value: u32,
    pub largest_value_heap: usize,
    /// The mask that makes the fewest heaps rare, as the tables write it
    /// (empty for a code that never splits), the heaps it makes rare (heap
    /// 0 counted) and the last of them, over the values the proof reads.
    pub rare_mask: String,
    pub rare_heaps: usize,
    pub last_rare_heap: Option<usize>,
    /// `g(preperiod − 1)` and `g(preperiod − 1 + period)`, which differ:
    /// the pair that makes the preperiod no earlier (none from heap 0).
    pub last_exception_pair: Option<[u32; 2]>,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        for game in &self.games {
            if game.game.octal_code().is_none() {
                return Err(format!("{}: the table is of octal codes", game.game));
            }
            if game.record_run.is_some() && game.record.is_none() {
                return Err(format!("{}: a record_run without a record", game.game));
            }
        }
        if let Some(rule) = &self.values_for
            && !self
                .games
                .iter()
                .any(|g| &g.game == rule && g.record.is_none())
        {
            return Err(format!(
                "values_for: {rule} is no game of the table solved by the build"
            ));
        }
        Ok(())
    }
}

/// One published number set beside ours.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Comparison {
    /// The code, `·56`.
    pub code: String,
    pub source: String,
    /// The field, as the source states it (`last_exception`, `period`, …).
    pub field: String,
    /// The published number, as published.
    pub published: String,
    /// Ours, in the source's convention.
    pub ours: String,
    pub agrees: bool,
}

/// One row: the game, its numbers, and how they compare.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Row {
    /// The code as the site writes it, `·16`, `4·364`.
    pub code: String,
    pub solved_by: Option<String>,
    /// The published list that still gives it as unsolved, if any.
    pub listed_unsolved_by: Option<String>,
    /// Whether the numbers come from a committed record.
    pub from_record: bool,
    /// How the record's solve was measured, for a row from a record.
    pub record_run: Option<RecordRun>,
    #[serde(flatten)]
    pub numbers: Record,
    /// Every published number compared.
    pub compared: Vec<Comparison>,
}

/// The table's data.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// The most values a build's solve computed for one game.
    pub max_values: usize,
    pub rows: Vec<Row>,
    /// The published numbers that differ from ours (in their convention).
    pub differences: Vec<Comparison>,
    /// How many published numbers were compared, and how many agree.
    pub compared: usize,
    pub agree: usize,
    /// The codes whose rows come from records.
    pub recorded: Vec<String>,
    /// Values the build's proofs read, summed over the computed rows.
    pub values_proved_here: usize,
    /// The codes with a rare heap at or past the preperiod: their rare
    /// values never die out.
    pub rare_in_period: Vec<String>,
    /// The codes a published list still gives as unsolved, proved here.
    pub listed_unsolved: Vec<String>,
    /// Rows that are one game by Lemma D or Z, their proofs checked to agree.
    pub same_games: Vec<SameGame>,
    /// The values one proof reads, for a reader to check its hash.
    pub proof_values: Option<ProofValues>,
    /// Whole periods the solver's search asks to see repeated before it
    /// checks a period's window.
    pub search_min_repeats: usize,
}

/// Two rows that the rules alone make one game
/// ([`crate::games::octal_equivalence`]): `code`'s heap `n + heaps` plays as
/// `of`'s heap `n`, so their periods must be equal and their preperiods
/// `heaps` apart. The build checks that the two proofs, found apart, agree.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct SameGame {
    pub code: String,
    pub of: String,
    pub heaps: usize,
}

/// The pairs of rows with one structural form, each checked: two proofs of
/// one game that disagree on its period are an error, not a table.
fn same_games(rows: &[Row]) -> Result<Vec<SameGame>, String> {
    let forms: Vec<Option<Form>> = rows
        .iter()
        .map(|r| OctalCode::parse(&r.code).ok().map(|c| structural_form(&c)))
        .collect();
    let mut out = Vec::new();
    for (i, a) in rows.iter().enumerate() {
        for (j, b) in rows.iter().enumerate().skip(i + 1) {
            let (Some(fa), Some(fb)) = (&forms[i], &forms[j]) else {
                continue;
            };
            if fa.code != fb.code {
                continue;
            }
            // The row with more dead heaps plays as the other, later.
            let (later, earlier, heaps) = if fa.shift >= fb.shift {
                (a, b, fa.shift - fb.shift)
            } else {
                (b, a, fb.shift - fa.shift)
            };
            let (l, e) = (&later.numbers, &earlier.numbers);
            if l.period != e.period || l.preperiod != e.preperiod + heaps {
                return Err(format!(
                    "{} is {} {} heap(s) later by the rules, but their proofs differ: period {} \
                     from heap {} against period {} from heap {}",
                    later.code,
                    earlier.code,
                    heaps,
                    grouped(l.period as u64),
                    grouped(l.preperiod as u64),
                    grouped(e.period as u64),
                    grouped(e.preperiod as u64)
                ));
            }
            out.push(SameGame {
                code: later.code.clone(),
                of: earlier.code.clone(),
                heaps,
            });
        }
    }
    Ok(out)
}

/// The values of one proof: heaps `0 .. values.len()` of `code`, the
/// values its row's hash is taken over.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ProofValues {
    pub code: String,
    pub values: Vec<u16>,
}

/// Solves `code` (at most `limit` values) and gives its numbers over the
/// values its proof reads; an error when no period is proved.
pub fn solve_record(code: &OctalCode, limit: usize) -> Result<Record, String> {
    let mut solver = Solver::new(code, limit);
    let finish = solver
        .solve()
        .map_err(|stop| engine_stop(&code.to_string(), &stop))?;
    let Finish::Proved(check) = finish else {
        return Err(format!(
            "{code}: no period proved in {} values",
            grouped(limit as u64)
        ));
    };
    let (Some(candidate), Some(certificate)) = (check.candidate, check.certificate) else {
        return Err(format!("{code}: a proof without a period"));
    };
    let values = &solver.values()[..candidate.values_needed.min(solver.values().len())];
    let (preperiod, period) = (candidate.preperiod, candidate.period);
    let record = certificate_record(code, values, preperiod, period);
    let shape = shape(code, values);
    let sparse = shape.sparse.as_ref();
    let last_exception_pair = preperiod
        .checked_sub(1)
        .map(|n| [n, n + period].map(|heap| u32::from(values[heap])));
    Ok(Record {
        preperiod,
        period,
        window_end: record.window_end,
        values_needed: candidate.values_needed,
        certificate_kind: certificate.kind.to_string(),
        values_hash: record.values_hash,
        largest_value: shape.largest_value,
        largest_value_heap: shape.largest_value_heap,
        rare_mask: sparse.map_or(String::new(), |s| s.rare_mask.clone()),
        rare_heaps: sparse.map_or(0, |s| s.rare_heaps),
        last_rare_heap: sparse.and_then(|s| s.last_rare_heap),
        last_exception_pair,
    })
}

pub use crate::games::octal_certificate::theorem_p_window;

/// What a build can check of a record without its values: the window is
/// Theorem P's for the period, and the values it reads follow from it.
fn check_record(code: &OctalCode, record: &Record) -> Result<(), String> {
    let (argument, end, needed) = theorem_p_window(code, record.preperiod, record.period)?;
    if end != record.window_end
        || needed != Some(record.values_needed)
        || argument != record.certificate_kind
    {
        return Err(format!(
            "{code}: the record's window is not Theorem P's: period {} from heap {} needs the \
             {} window to heap {} and {} values, not {} to {} and {}",
            grouped(record.period as u64),
            grouped(record.preperiod as u64),
            argument,
            grouped(end as u64),
            needed.map_or("too many".to_string(), |n| grouped(n as u64)),
            record.certificate_kind,
            grouped(record.window_end as u64),
            grouped(record.values_needed as u64)
        ));
    }
    Ok(())
}

/// The row of one game: solved here, or read from its record.
fn row(game: &SolvedGame, max_values: usize, parts: Parts) -> Result<Row, String> {
    let Some(code) = game.game.octal_code() else {
        return Err(format!("{}: the table is of octal codes", game.game));
    };
    let numbers = match &game.record {
        Some(record) => {
            check_record(code, record)?;
            record.clone()
        }
        None => {
            let key = (code.to_string(), max_values);
            parts.get_or(&key, || solve_record(code, max_values))?
        }
    };
    let name = code.to_string();
    let compared = game
        .published
        .iter()
        .flat_map(|p| compare(&name, p, &numbers))
        .collect();
    Ok(Row {
        code: name,
        solved_by: game.solved_by.clone(),
        listed_unsolved_by: game.listed_unsolved_by.clone(),
        from_record: game.record.is_some(),
        record_run: game.record_run.clone(),
        numbers,
        compared,
    })
}

/// The values `code`'s proof reads (at most `limit` computed), checked
/// against the hash of its row.
fn proof_values(code: &OctalCode, limit: usize, row: &Record) -> Result<ProofValues, String> {
    let mut solver = Solver::new(code, limit);
    solver
        .solve()
        .map_err(|stop| engine_stop(&code.to_string(), &stop))?;
    let values = solver
        .values()
        .get(..row.values_needed)
        .ok_or(format!("{code}: the solve stopped short of its proof"))?
        .to_vec();
    let hash = format!("{:016x}", fnv1a_64(&values));
    if hash != row.values_hash {
        return Err(format!(
            "{code}: the published values hash to {hash}, the row says {}",
            row.values_hash
        ));
    }
    Ok(ProofValues {
        code: code.to_string(),
        values,
    })
}

/// Each number `published` gives, beside ours in its convention.
fn compare(code: &str, published: &Published, ours: &Record) -> Vec<Comparison> {
    let number = |n: usize| grouped(n as u64);
    let heap = |n: Option<usize>| n.map_or("none".to_string(), number);
    let pairs: [(&str, Option<String>, String); 8] = [
        (
            "preperiod",
            published.preperiod.map(number),
            number(ours.preperiod),
        ),
        (
            "last_exception",
            published.last_exception.map(number),
            ours.preperiod.checked_sub(1).map_or("none".into(), number),
        ),
        ("period", published.period.map(number), number(ours.period)),
        (
            "largest_value",
            published.largest_value.map(|v| v.to_string()),
            ours.largest_value.to_string(),
        ),
        (
            "largest_value_heap",
            published.largest_value_heap.map(number),
            number(ours.largest_value_heap),
        ),
        (
            "rare_mask",
            published.rare_mask.clone(),
            ours.rare_mask.clone(),
        ),
        (
            "rare_heaps",
            published.rare_heaps.map(number),
            number(ours.rare_heaps),
        ),
        (
            "last_rare_heap",
            published.last_rare_heap.map(number),
            heap(ours.last_rare_heap),
        ),
    ];
    pairs
        .into_iter()
        .filter_map(|(field, theirs, ours)| {
            let theirs = theirs?;
            Some(Comparison {
                code: code.to_string(),
                source: published.source.clone(),
                field: field.to_string(),
                agrees: theirs == ours,
                published: theirs,
                ours,
            })
        })
        .collect()
}

/// Solves every game (in parallel; rayon's `collect` keeps the order).
pub fn compute(params: &Params, parts: Parts) -> Result<Data, String> {
    let rows: Vec<Row> = params
        .games
        .par_iter()
        .map(|game| row(game, params.max_values, parts))
        .collect::<Result<_, _>>()?;
    let all: Vec<&Comparison> = rows.iter().flat_map(|r| &r.compared).collect();
    let proof_values = match &params.values_for {
        None => None,
        Some(rule) => {
            let code = rule
                .octal_code()
                .ok_or(format!("{rule}: the table is of octal codes"))?;
            let row = rows
                .iter()
                .find(|r| r.code == code.to_string())
                .ok_or(format!("values_for: {rule} is no row of the table"))?;
            let key = ("values", code.to_string(), params.max_values);
            Some(parts.get_or(&key, || proof_values(code, params.max_values, &row.numbers))?)
        }
    };
    Ok(Data {
        same_games: same_games(&rows)?,
        proof_values,
        search_min_repeats: crate::sequence::CERTIFIED_MIN_REPEATS,
        listed_unsolved: rows
            .iter()
            .filter(|r| r.listed_unsolved_by.is_some())
            .map(|r| r.code.clone())
            .collect(),
        max_values: params.max_values,
        differences: all
            .iter()
            .filter(|c| !c.agrees)
            .map(|&c| c.clone())
            .collect(),
        compared: all.len(),
        agree: all.iter().filter(|c| c.agrees).count(),
        recorded: rows
            .iter()
            .filter(|r| r.from_record)
            .map(|r| r.code.clone())
            .collect(),
        values_proved_here: rows
            .iter()
            .filter(|r| !r.from_record)
            .map(|r| r.numbers.values_needed)
            .sum(),
        rare_in_period: rows
            .iter()
            .filter(|r| {
                r.numbers
                    .last_rare_heap
                    .is_some_and(|h| h >= r.numbers.preperiod)
            })
            .map(|r| r.code.clone())
            .collect(),
        rows,
    })
}

/// The games whose rows come from records, with the values each reads.
pub fn records(params: &Params) -> Vec<String> {
    params
        .games
        .iter()
        .filter_map(|game| {
            let record = game.record.as_ref()?;
            Some(format!(
                "{}, {} values",
                game.game,
                grouped(record.values_needed as u64)
            ))
        })
        .collect()
}

/// `ladder check --deep`: every record solved again; each number that
/// differs from the committed one is a line of the answer.
pub fn deep_check(params: &Params) -> Vec<String> {
    params
        .games
        .iter()
        .filter_map(|game| Some((game, game.record.as_ref()?, game.game.octal_code()?)))
        .flat_map(|(game, record, code)| {
            let limit = record.values_needed.saturating_mul(2).max(1);
            match solve_record(code, limit) {
                Err(error) => vec![format!("{}: {error}", game.game)],
                Ok(solved) => record_differences(&game.game, record, &solved),
            }
        })
        .collect()
}

/// The fields of `record` that differ from `solved`, one line each.
fn record_differences(rule: &Rule, record: &Record, solved: &Record) -> Vec<String> {
    let Some(fields) = crate::sweep::record::differing_fields(record, solved) else {
        return vec![format!("{rule}: the record cannot be compared")];
    };
    fields
        .into_iter()
        .map(|(key, value, now)| {
            format!("{rule}: the record says {key} = {value}, the solve finds {now}")
        })
        .collect()
}

impl Data {
    /// What was solved, and where the record's rows come from.
    pub fn range_note(&self) -> String {
        let computed = self.rows.len() - self.recorded.len();
        let mut note = format!(
            "{computed} codes solved on every build (each run stops at its proof; at most {} \
             values each), {} values read by their proofs in all.",
            grouped(self.max_values as u64),
            grouped(self.values_proved_here as u64)
        );
        if !self.recorded.is_empty() {
            let (list, whose) = match self.recorded.as_slice() {
                [one] => (one.clone(), "its committed record"),
                [most @ .., last] => (
                    format!("{} and {last}", most.join(", ")),
                    "their committed records",
                ),
                [] => (String::new(), ""),
            };
            note.push_str(&format!(
                " {list} from {whose}, solved again by ladder check --deep."
            ));
        }
        note
    }
}

/// Two tables: the proofs (with published numbers that differ), and the
/// shape of each run.
pub fn render(data: &Data, _meta: &RenderMeta) -> (Vec<Table>, Vec<String>) {
    let mut proofs = Table::new(vec![
        Column::text("code").names(),
        Column::text("first solved by"),
        Column::number("preperiod"),
        Column::number("period"),
        Column::number("values the proof needs"),
        Column::text("certificate"),
        Column::text("values hash"),
        Column::text("published numbers"),
    ])
    .titled("The proofs");
    let mut shapes = Table::new(vec![
        Column::text("code").names(),
        Column::number("largest value"),
        Column::number("first at heap"),
        Column::text("rare mask"),
        Column::number("rare heaps"),
        Column::number("last rare heap"),
    ])
    .titled("The runs' shape, over the values each proof reads");
    for row in &data.rows {
        let n = &row.numbers;
        let code = if row.from_record {
            format!("{} (record)", row.code)
        } else {
            row.code.clone()
        };
        proofs.push(vec![
            Cell::text(code.clone()),
            Cell::text(match (&row.solved_by, &row.listed_unsolved_by) {
                (Some(by), _) => by.clone(),
                (None, Some(list)) => format!("listed as unsolved ({list})"),
                (None, None) => "not given".into(),
            }),
            Cell::number(n.preperiod as u64),
            Cell::number(n.period as u64),
            Cell::number(n.values_needed as u64),
            // The readers' name on the page, the kind as the data names it in the CSV.
            Cell {
                // "(K = 2)" kept on one line when the cell wraps.
                shown: kind_name(&n.certificate_kind).replace(" = ", "\u{a0}=\u{a0}"),
                plain: n.certificate_kind.clone(),
                marked: false,
            },
            Cell::text(n.values_hash.clone()),
            published_cell(row),
        ]);
        shapes.push(vec![
            Cell::text(code),
            Cell::number(u64::from(n.largest_value)),
            Cell::number(n.largest_value_heap as u64),
            Cell::text(if n.rare_mask.is_empty() {
                "none".into()
            } else {
                n.rare_mask.clone()
            }),
            Cell::number(n.rare_heaps as u64),
            n.last_rare_heap
                .map_or(Cell::text("none"), |h| Cell::number(h as u64)),
        ]);
    }
    (vec![proofs, shapes], notes(data))
}

/// "agree (Czajka)", or each differing number beside ours.
fn published_cell(row: &Row) -> Cell {
    let mut sources: Vec<&str> = row.compared.iter().map(|c| c.source.as_str()).collect();
    sources.dedup();
    let differing: Vec<String> = row
        .compared
        .iter()
        .filter(|c| !c.agrees)
        .map(|c| {
            format!(
                "{}: {} {} (ours {})",
                c.source,
                c.field.replace('_', " "),
                c.published,
                c.ours
            )
        })
        .collect();
    match (sources.is_empty(), differing.is_empty()) {
        (true, _) if row.listed_unsolved_by.is_some() => Cell::text("none published"),
        (true, _) => Cell::text("none compared"),
        (false, true) => Cell::text(format!("all agree ({})", sources.join("; "))),
        (false, false) => Cell::lines(&differing).marked(true),
    }
}

/// The notes under the tables: records, and differences.
fn notes(data: &Data) -> Vec<String> {
    let mut notes = Vec::new();
    if !data.recorded.is_empty() {
        notes.push(
            "A row marked (record) reads its numbers from the record committed in figures.yaml: \
             the build checks that its window is the one the theorem gives for its period, and \
             ladder check --deep solves the game again and must find every number equal."
                .to_string(),
        );
    }
    for d in &data.differences {
        notes.push(format!(
            "!{}: {} gives {} {}, where ours, counted the same way, is {}.",
            d.code,
            d.source,
            d.field.replace('_', " "),
            d.published,
            d.ours
        ));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> SolvedGame {
        SolvedGame {
            game: text.parse().unwrap(),
            solved_by: None,
            listed_unsolved_by: None,
            published: Vec::new(),
            record: None,
            record_run: None,
        }
    }

    fn row_of(code: &str, preperiod: usize, period: usize) -> Row {
        // Any record will do: only the period and preperiod are compared.
        let mut numbers = solve_record(&OctalCode::parse("·137").unwrap(), 1_000).unwrap();
        (numbers.preperiod, numbers.period) = (preperiod, period);
        Row {
            code: OctalCode::parse(code).unwrap().to_string(),
            solved_by: None,
            listed_unsolved_by: None,
            from_record: true,
            record_run: None,
            numbers,
            compared: Vec::new(),
        }
    }

    #[test]
    fn rows_that_are_one_game_must_have_one_period_a_dead_heap_apart() {
        // ·454 has no move from a heap of one: Lemma D makes it ·1777.
        let (a, b) = (160_949_019, 60_620_715);
        let found = same_games(&[row_of("·1777", a - 1, b), row_of("·454", a, b)]).unwrap();
        assert_eq!(
            found,
            [SameGame {
                code: "·454".into(),
                of: "·1777".into(),
                heaps: 1
            }]
        );
        // Planted: the preperiods not a heap apart, or another period.
        assert!(same_games(&[row_of("·1777", a, b), row_of("·454", a, b)]).is_err());
        assert!(same_games(&[row_of("·1777", a - 1, b), row_of("·454", a, b + 1)]).is_err());
        // Codes of other forms are no pair.
        assert!(
            same_games(&[row_of("·16", a, b), row_of("·56", 7, 3)])
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn sixteen_is_solved_with_the_published_numbers() {
        let record = solve_record(&OctalCode::parse("·16").unwrap(), 1_000_000).unwrap();
        assert_eq!((record.preperiod, record.period), (105_351, 149_459));
        assert_eq!(
            (record.window_end, record.values_needed),
            (360_162, 509_621)
        );
        assert_eq!(record.certificate_kind, "guy-smith-k2");
        assert_eq!(
            (record.largest_value, record.largest_value_heap),
            (23, 229_790)
        );
        assert_eq!(
            (
                record.rare_mask.as_str(),
                record.rare_heaps,
                record.last_rare_heap
            ),
            ("1e", 53, Some(13_935))
        );
        assert!(solve_record(&OctalCode::parse("·16").unwrap(), 400_000).is_err());
    }

    #[test]
    fn a_published_last_exception_is_compared_with_the_preperiod_less_one() {
        let ours = solve_record(&OctalCode::parse("·137").unwrap(), 10_000).unwrap();
        let published = Published {
            source: "WW".into(),
            last_exception: Some(51),
            period: Some(34),
            preperiod: Some(51),
            ..Published::default()
        };
        let compared = compare("·137", &published, &ours);
        let verdicts: Vec<(&str, bool)> = compared
            .iter()
            .map(|c| (c.field.as_str(), c.agrees))
            .collect();
        assert_eq!(
            verdicts,
            [
                ("preperiod", false),
                ("last_exception", true),
                ("period", true)
            ]
        );
    }

    #[test]
    fn a_record_is_read_when_its_window_is_the_theorems_and_refused_otherwise() {
        let dawson = OctalCode::parse("·137").unwrap();
        let solved = solve_record(&dawson, 10_000).unwrap();
        let mut recorded = game("octal:·137");
        recorded.record = Some(solved.clone());
        let row = row(&recorded, 1, Parts::none()).unwrap();
        assert!(row.from_record && row.numbers == solved);
        let mut wrong = solved.clone();
        wrong.period = 17;
        assert!(
            check_record(&dawson, &wrong)
                .unwrap_err()
                .contains("not Theorem P's")
        );
        let mut short = solved.clone();
        short.values_needed -= 1;
        assert!(check_record(&dawson, &short).is_err());
    }

    #[test]
    fn the_deep_check_finds_a_planted_difference_in_a_record() {
        let dawson = OctalCode::parse("·137").unwrap();
        let solved = solve_record(&dawson, 10_000).unwrap();
        let with = |record: Record| Params {
            max_values: 1,
            values_for: None,
            games: vec![SolvedGame {
                record: Some(record),
                ..game("octal:·137")
            }],
        };
        assert!(deep_check(&with(solved.clone())).is_empty());
        let mut hash = solved.clone();
        hash.values_hash = "0000000000000000".into();
        let found = deep_check(&with(hash));
        assert_eq!(found.len(), 1);
        assert!(found[0].contains("values_hash"), "{found:?}");
        let mut wrong = solved;
        wrong.rare_heaps += 1;
        wrong.largest_value = 3;
        assert_eq!(deep_check(&with(wrong)).len(), 2);
    }
}
