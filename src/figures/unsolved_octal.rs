//! `unsolved-octal`: the octal games a published list gives as unsolved,
//! each run by `ladder sweep` as far as a sweep could take it, read from the
//! sweep's committed record (`records/NAME.jsonl`, the lines `ladder sweep
//! merge --out` writes) rather than computed: the sweep took an hour or
//! more, too long for every build.
//!
//! The build checks what it can without the values: the record holds every
//! code of the list once and no other, each in its standard form; each
//! record agrees with itself (its status with its depth and limits, its
//! shape over its depth, a period exactly when it says proved); and a code
//! the record says is proved is solved again here, to the record's depth,
//! and must give the same period, preperiod and values hash. `ladder check
//! --deep` ([`deep_check`]) runs every code again to the depth its record
//! gives, without a time limit, and must find the same values hash and
//! shape, and no period the record missed.
//!
//! Nothing here says a game is aperiodic: a code with no period proved has
//! been searched to a depth, and its row gives that depth.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::CheckParams;
use super::solved_octal::theorem_p_window;
use crate::games::Rule;
use crate::sweep::record::{self, Record, Status};
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// The deepest proof the build solves again; a proof past it belongs in
/// `solved-octal`, as a record of its own.
pub const MOST_RESOLVED: usize = 1 << 22;

/// Parameters: the list, as its source gives it, and the sweep's record.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The sweep's record: a file name in `records/`.
    pub sweep: String,
    /// The source's name for the list (`Czajka`).
    pub source: String,
    /// The machine the sweep ran on, in words (its times are that machine's).
    pub hardware: String,
    /// The octal codes of the list, in its order.
    pub listed: Vec<Rule>,
    /// The games of the list that are not octal codes (`Grundy's game`),
    /// which a sweep cannot run.
    #[serde(default)]
    pub not_codes: Vec<String>,
    /// The depths the source gives, by game (a code or a name above).
    #[serde(default)]
    pub published_depths: Vec<PublishedDepth>,
    /// The sweep's records, read from `records/` when the manifest is
    /// loaded (part of the figure's key, so a new record recomputes it).
    #[serde(skip)]
    pub records: Vec<Record>,
}

/// A depth the source gives for one of its games.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PublishedDepth {
    /// An octal code (`octal:·6`) or a name from `not_codes`.
    pub game: String,
    /// Values searched, as the source gives them.
    pub depth: u64,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if let Some(rule) = self.listed.iter().find(|r| r.octal_code().is_none()) {
            return Err(format!(
                "{rule}: `listed` holds octal codes; name other games in `not_codes`"
            ));
        }
        for published in &self.published_depths {
            let known = self.not_codes.contains(&published.game)
                || published
                    .game
                    .parse::<Rule>()
                    .is_ok_and(|r| self.listed.contains(&r));
            if !known {
                return Err(format!(
                    "published_depths names {}, which is neither listed nor in not_codes",
                    published.game
                ));
            }
        }
        Ok(())
    }
}

/// One code of the list, as the sweep left it.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Row {
    /// The code as the site writes it, `·6`, `4·364`.
    pub code: String,
    pub status: Status,
    pub period: Option<usize>,
    pub preperiod: Option<usize>,
    /// Values computed: heaps `0 .. depth`.
    pub depth: usize,
    /// The depth and time limits the code ran under.
    pub max_values: usize,
    pub max_seconds: u64,
    pub largest_value: u32,
    pub largest_value_heap: usize,
    /// The mask making the fewest heaps rare, as the tables write it, the
    /// heaps it makes rare and the last of them (none for a code that
    /// never splits).
    pub rare_mask: Option<String>,
    pub rare_heaps: Option<usize>,
    pub last_rare_heap: Option<usize>,
    pub values_hash: String,
    /// The run's wall time and its values' memory, as measured.
    pub seconds: f64,
    pub values_bytes: usize,
    /// The depth the source gives, if any.
    pub published_depth: Option<u64>,
}

/// The table's data.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// The record's file, in `records/`.
    pub sweep: String,
    pub source: String,
    pub hardware: String,
    /// Games on the list, codes or not.
    pub listed: usize,
    /// Octal codes on the list: the rows.
    pub codes: usize,
    pub not_codes: Vec<NotCode>,
    pub rows: Vec<Row>,
    /// The codes the sweep proves, and how many of them the build solved
    /// again.
    pub proved: Vec<String>,
    pub resolved_here: usize,
    /// The proved codes whose proofs read more than a build solves again
    /// ([`MOST_RESOLVED`]): their windows are checked, and `ladder check
    /// --deep` solves them again.
    pub deep_proved: Vec<String>,
    /// How the other runs ended.
    pub at_depth: usize,
    pub at_time: usize,
    pub stopped: usize,
    /// The time limit per code, and the deepest depth asked.
    pub max_seconds: u64,
    pub max_values: usize,
    /// The deepest and the shallowest search among the codes not proved.
    pub deepest: Option<Reach>,
    pub shallowest: Option<Reach>,
    /// Wall time of the whole sweep, in seconds, as measured.
    pub seconds: f64,
}

/// A game of the list that the sweep cannot run.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct NotCode {
    pub game: String,
    pub published_depth: Option<u64>,
}

/// A code and how far it was searched.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Reach {
    pub code: String,
    pub depth: usize,
}

/// The record checked against the list and against itself; the proved
/// codes solved again.
pub fn compute(params: &Params) -> Result<Data, String> {
    let file = format!("records/{}", params.sweep);
    let listed: Vec<String> = params.listed.iter().map(ToString::to_string).collect();
    let mut seen = std::collections::HashSet::new();
    for record in &params.records {
        if !seen.insert(record.rule.as_str()) {
            return Err(format!("{file}: {} has two records", record.rule));
        }
        if !listed.contains(&record.rule) {
            return Err(format!(
                "{file}: {} is not on the list (figures.yaml `listed`, in standard form)",
                record.rule
            ));
        }
    }
    let mut rows = Vec::new();
    for rule in &params.listed {
        let text = rule.to_string();
        let record = params
            .records
            .iter()
            .find(|r| r.rule == text)
            .ok_or_else(|| format!("{file}: no record of {text}, which the list names"))?;
        consistent(record).map_err(|e| format!("{file}: {text}: {e}"))?;
        rows.push(row(rule, record, params));
    }
    let proved: Vec<(&Rule, &Record)> = params
        .listed
        .iter()
        .zip(&rows)
        .filter(|(_, row)| row.status == Status::Proved)
        .filter_map(|(rule, _)| {
            Some((
                rule,
                params.records.iter().find(|r| r.rule == rule.to_string())?,
            ))
        })
        .collect();
    let resolved: Vec<Result<bool, String>> = proved
        .par_iter()
        .map(|(rule, record)| solved_again(rule, record))
        .collect();
    let mut resolved_here = 0;
    let mut deep_proved = Vec::new();
    for ((rule, _), result) in proved.iter().zip(resolved) {
        if result.map_err(|e| format!("{file}: {e}"))? {
            resolved_here += 1;
        } else {
            deep_proved.push(code_text(rule));
        }
    }
    let unproved = || rows.iter().filter(|r| r.status != Status::Proved);
    let reach = |row: &Row| Reach {
        code: row.code.clone(),
        depth: row.depth,
    };
    let count = |status| rows.iter().filter(|r| r.status == status).count();
    Ok(Data {
        sweep: params.sweep.clone(),
        source: params.source.clone(),
        hardware: params.hardware.clone(),
        listed: params.listed.len() + params.not_codes.len(),
        codes: params.listed.len(),
        not_codes: params
            .not_codes
            .iter()
            .map(|game| NotCode {
                game: game.clone(),
                published_depth: published_depth(params, game),
            })
            .collect(),
        proved: proved.iter().map(|(rule, _)| code_text(rule)).collect(),
        resolved_here,
        deep_proved,
        at_depth: count(Status::Depth),
        at_time: count(Status::Time),
        stopped: count(Status::Stopped),
        max_seconds: rows.iter().map(|r| r.max_seconds).max().unwrap_or(0),
        max_values: rows.iter().map(|r| r.max_values).max().unwrap_or(0),
        // The first of the deepest, the first of the shallowest, in the list's order.
        deepest: unproved()
            .fold(None, |best: Option<&Row>, r| match best {
                Some(b) if b.depth >= r.depth => Some(b),
                _ => Some(r),
            })
            .map(reach),
        shallowest: unproved()
            .fold(None, |best: Option<&Row>, r| match best {
                Some(b) if b.depth <= r.depth => Some(b),
                _ => Some(r),
            })
            .map(reach),
        seconds: (rows.iter().map(|r| r.seconds).sum::<f64>() * 10.0).round() / 10.0,
        rows,
    })
}

/// `·6` for `octal:·6`.
fn code_text(rule: &Rule) -> String {
    let text = rule.to_string();
    text.strip_prefix("octal:").unwrap_or(&text).to_string()
}

fn published_depth(params: &Params, game: &str) -> Option<u64> {
    params
        .published_depths
        .iter()
        .find(|p| p.game == game || p.game.parse::<Rule>().is_ok_and(|r| r.to_string() == game))
        .map(|p| p.depth)
}

fn row(rule: &Rule, record: &Record, params: &Params) -> Row {
    let sparse = record.shape.sparse.as_ref();
    Row {
        code: code_text(rule),
        status: record.status,
        period: record.period,
        preperiod: record.preperiod,
        depth: record.depth,
        max_values: record.max_values,
        max_seconds: record.max_seconds,
        largest_value: record.shape.largest_value,
        largest_value_heap: record.shape.largest_value_heap,
        rare_mask: sparse.map(|s| s.rare_mask.clone()),
        rare_heaps: sparse.map(|s| s.rare_heaps),
        last_rare_heap: sparse.and_then(|s| s.last_rare_heap),
        values_hash: record.values_hash.clone(),
        seconds: record.seconds,
        values_bytes: record.values_bytes,
        published_depth: published_depth(params, &rule.to_string()),
    }
}

/// What a record says of itself must hold together
/// ([`Record::contradiction`]).
fn consistent(record: &Record) -> Result<(), String> {
    record.contradiction().map_or(Ok(()), Err)
}

/// A proved code solved again, as the sweep ran it: the same period,
/// preperiod, depth and values hash (`Ok(true)`). A proof that reads more
/// than [`MOST_RESOLVED`] values is not solved again on every build: its
/// depth must be the one Theorem P's window gives for its period (the
/// depth where a solve proves it), and `ladder check --deep` solves it
/// again (`Ok(false)`).
fn solved_again(rule: &Rule, record: &Record) -> Result<bool, String> {
    let code = rule
        .octal_code()
        .ok_or_else(|| format!("{rule}: not an octal code"))?;
    if record.depth > MOST_RESOLVED {
        let (Some(preperiod), Some(period)) = (record.preperiod, record.period) else {
            return Err(format!("{rule}: a proof without a period"));
        };
        let (_, _, needed) = theorem_p_window(code, preperiod, period)?;
        if needed != Some(record.depth) {
            return Err(format!(
                "{rule}: its proof reads {} values, but Theorem P's window for period {} from \
                 heap {} reads {}",
                grouped(record.depth as u64),
                grouped(period as u64),
                grouped(preperiod as u64),
                needed.map_or("too many".to_string(), |n| grouped(n as u64))
            ));
        }
        return Ok(false);
    }
    // To the record's depth, where its proof landed: never further, so a
    // crafted record (a proof claimed for a code without one, a huge
    // max_values) costs the build at most MOST_RESOLVED values.
    let fresh = record::run(rule, code, record.depth, u64::MAX);
    let differences = differences(record, &fresh);
    if differences.is_empty() {
        Ok(true)
    } else {
        Err(format!("{rule}: solved again, {}", differences.join("; ")))
    }
}

/// The results of `record` that differ from `fresh`: period, preperiod,
/// depth, values hash and shape (not the status: a run without a time
/// limit may end at the depth where the recorded one ended at the clock).
fn differences(record: &Record, fresh: &Record) -> Vec<String> {
    let mut found = Vec::new();
    let mut differ = |field: &str, recorded: String, solved: String| {
        if recorded != solved {
            found.push(format!(
                "the record says {field} = {recorded}, the solve finds {solved}"
            ));
        }
    };
    differ(
        "period",
        format!("{:?}", record.period),
        format!("{:?}", fresh.period),
    );
    differ(
        "preperiod",
        format!("{:?}", record.preperiod),
        format!("{:?}", fresh.preperiod),
    );
    differ("depth", record.depth.to_string(), fresh.depth.to_string());
    differ(
        "values_hash",
        record.values_hash.clone(),
        fresh.values_hash.clone(),
    );
    differ(
        "shape",
        serde_json::to_string(&record.shape).unwrap_or_default(),
        serde_json::to_string(&fresh.shape).unwrap_or_default(),
    );
    found
}

/// The record, one line: `records/NAME: 82 codes, searched for 1 h 20 min`.
pub fn records(params: &Params) -> Vec<String> {
    let most = params.records.iter().map(|r| r.depth).max().unwrap_or(0);
    vec![format!(
        "records/{}: {} codes, to at most {} values each",
        params.sweep,
        grouped(params.records.len() as u64),
        grouped(most as u64)
    )]
}

/// `ladder check --deep`: every code run again to its recorded depth with
/// no time limit; each result that differs is a line of the answer.
pub fn deep_check(params: &Params) -> Vec<String> {
    params
        .records
        .par_iter()
        .flat_map_iter(|record| {
            let Ok(rule) = record.rule.parse::<Rule>() else {
                return vec![format!("{}: not a rule", record.rule)];
            };
            let Some(code) = rule.octal_code() else {
                return vec![format!("{rule}: not an octal code")];
            };
            let limit = match record.status {
                Status::Proved => record.max_values,
                _ => record.depth,
            };
            let fresh = record::run(&rule, code, limit.max(1), u64::MAX);
            differences(record, &fresh)
                .into_iter()
                .map(|d| format!("{rule}: {d}"))
                .collect()
        })
        .collect()
}

impl Data {
    /// Where the numbers come from: the record, and what the build did with it.
    pub fn range_note(&self) -> String {
        format!(
            "{} codes read from the sweep's record, records/{} (each run to at most {} values or \
             {} s, whichever came first); the build checks the record against the list and \
             against itself and solves again {} of the {} it proves{}; ladder check --deep runs \
             every code again to its depth.",
            self.codes,
            self.sweep,
            grouped(self.max_values as u64),
            self.max_seconds,
            self.resolved_here,
            self.proved.len(),
            if self.deep_proved.is_empty() {
                String::new()
            } else {
                format!(
                    " (the proof of {} reads more values than a build solves again: its window \
                     is checked to be Theorem P's)",
                    self.deep_proved.join(", ")
                )
            }
        )
    }
}

/// One table: each code with what was proved, or how far it was searched.
pub fn render(data: &Data, _meta: &RenderMeta) -> (Vec<Table>, Vec<String>) {
    let mut table = Table::new(vec![
        Column::text("code").names(),
        Column::text("what the sweep found"),
        Column::number("values searched"),
        Column::text("stopped by"),
        Column::number("largest value"),
        Column::text("rare mask"),
        Column::number("rare heaps"),
        Column::number("last rare heap"),
        Column::text(&format!("depth {} gives", data.source)),
    ]);
    for row in &data.rows {
        let found = match (row.period, row.preperiod) {
            (Some(period), Some(preperiod)) => Cell::text(format!(
                "period {} from heap {}",
                grouped(period as u64),
                grouped(preperiod as u64)
            ))
            .marked(true),
            _ => Cell::text("no period proved"),
        };
        let stopped = match row.status {
            Status::Proved => "its proof".to_string(),
            Status::Depth if row.max_values < data.max_values => {
                "the depth (dense code)".to_string()
            }
            Status::Depth => "the depth".to_string(),
            Status::Time => format!("{} s", row.max_seconds),
            Status::Stopped => "the engine".to_string(),
        };
        table.push(vec![
            Cell::text(row.code.clone()),
            found,
            Cell::number(row.depth as u64),
            Cell::text(stopped),
            Cell::number(u64::from(row.largest_value)),
            Cell::text(row.rare_mask.clone().unwrap_or_else(|| "none".into())),
            row.rare_heaps
                .map_or(Cell::empty(), |n| Cell::number(n as u64)),
            row.last_rare_heap
                .map_or(Cell::empty(), |n| Cell::number(n as u64)),
            row.published_depth.map_or(Cell::empty(), Cell::number),
        ]);
    }
    (vec![table], notes(data))
}

/// The notes under the table: the games the sweep cannot run.
fn notes(data: &Data) -> Vec<String> {
    data.not_codes
        .iter()
        .map(|game| match game.published_depth {
            Some(depth) => format!(
                "{} is on the list but is not an octal code, so the sweep does not run it; {} \
                 gives it as searched to {} values.",
                game.game,
                data.source,
                grouped(depth)
            ),
            None => format!(
                "{} is on the list but is not an octal code, so the sweep does not run it.",
                game.game
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::OctalCode;

    fn rule(text: &str) -> Rule {
        text.parse().unwrap()
    }

    /// A small sweep of `codes`, each to `depth` values, and its params.
    fn swept(codes: &[&str], depth: usize) -> Params {
        let listed: Vec<Rule> = codes.iter().map(|c| rule(c)).collect();
        let records = listed
            .iter()
            .map(|r| record::run(r, r.octal_code().unwrap(), depth, 60))
            .collect();
        Params {
            sweep: "test.jsonl".into(),
            source: "Czajka".into(),
            hardware: "this machine".into(),
            listed,
            not_codes: vec!["Grundy's game".into()],
            published_depths: vec![PublishedDepth {
                game: "octal:·6".into(),
                depth: 1 << 21,
            }],
            records,
        }
    }

    #[test]
    fn a_sweep_record_gives_each_code_its_depth_or_its_proof() {
        let params = swept(&["octal:·6", "octal:4·344"], 4096);
        let data = compute(&params).unwrap();
        assert_eq!((data.listed, data.codes), (3, 2));
        assert_eq!(data.proved, ["4·344"]);
        assert_eq!((data.resolved_here, data.at_depth, data.at_time), (1, 1, 0));
        let six = &data.rows[0];
        assert_eq!(
            (six.code.as_str(), six.depth, six.period),
            ("·6", 4096, None)
        );
        assert_eq!(six.published_depth, Some(1 << 21));
        let proved = &data.rows[1];
        assert_eq!((proved.preperiod, proved.period), (Some(998), Some(51)));
        assert_eq!(data.deepest.as_ref().map(|r| r.code.as_str()), Some("·6"));
        assert_eq!(data.not_codes[0].game, "Grundy's game");
        let meta = RenderMeta {
            id: "unsolved-octal",
            caption: "",
            width: 640,
        };
        let (tables, notes) = render(&data, &meta);
        assert_eq!(tables[0].rows.len(), 2);
        assert!(notes[0].contains("Grundy's game is on the list but is not an octal code"));
    }

    #[test]
    fn a_record_that_does_not_hold_together_is_refused() {
        let params = swept(&["octal:·6", "octal:4·344"], 4096);
        let refused = |change: &dyn Fn(&mut Params), says: &str| {
            let mut planted = params.clone();
            change(&mut planted);
            let error = compute(&planted).unwrap_err();
            assert!(error.contains(says), "{error}");
        };
        refused(&|p| drop(p.records.remove(0)), "no record of octal:·6");
        refused(&|p| p.records.push(p.records[0].clone()), "has two records");
        refused(
            &|p| p.records[0].rule = "octal:·7".into(),
            "octal:·7 is not on the list",
        );
        refused(
            &|p| p.records[0].status = Status::Time,
            "do not go together",
        );
        refused(&|p| p.records[0].period = Some(4), "do not go together");
        refused(
            &|p| p.records[0].depth = 4000,
            "its shape is over 4,096 heaps",
        );
        refused(&|p| p.records[1].period = Some(17), "solved again");
        // A proof past what a build solves again is read by its window:
        // ·6 claimed proved with period 4 from heap 2^22, at the depth
        // Theorem P gives, is read (check --deep would refute it); one
        // value short, refused.
        let mut deep = swept(&["octal:·6"], 64);
        let (start, period) = (MOST_RESOLVED, 4);
        let six = OctalCode::parse(".6").unwrap();
        let needed = theorem_p_window(&six, start, period).unwrap().2.unwrap();
        let record = &mut deep.records[0];
        (record.status, record.period, record.preperiod) =
            (Status::Proved, Some(period), Some(start));
        (record.depth, record.max_values, record.shape.heaps) = (needed, u32::MAX as usize, needed);
        record.values_bytes = 2 * needed;
        let data = compute(&deep).unwrap();
        assert_eq!(
            (data.resolved_here, data.deep_proved.clone()),
            (0, vec!["·6".to_string()])
        );
        deep.records[0].depth -= 1;
        deep.records[0].shape.heaps -= 1;
        deep.records[0].values_bytes -= 2;
        assert!(compute(&deep).unwrap_err().contains("Theorem P's window"));
        refused(
            &|p| p.records[1].values_hash = "0000000000000000".into(),
            "the record says values_hash",
        );
        // A code recorded past what a sweep computes; a dense code's
        // record from before the sweep lifted its cap, and one after, both
        // hold.
        let mut deep = swept(&["octal:·364"], 64);
        deep.records[0].status = Status::Time;
        deep.records[0].seconds = deep.records[0].max_seconds as f64;
        for max_values in [10_000_000, 1 << 28, u32::MAX as usize] {
            deep.records[0].max_values = max_values;
            assert!(compute(&deep).is_ok(), "{max_values}");
        }
        deep.records[0].max_values = u32::MAX as usize + 1;
        assert!(
            compute(&deep)
                .unwrap_err()
                .contains("is not a depth a sweep computes")
        );
    }

    #[test]
    fn the_deep_check_finds_a_planted_difference_in_a_code_not_proved() {
        let params = swept(&["octal:·6", "octal:4·344"], 4096);
        assert!(deep_check(&params).is_empty());
        let mut planted = params.clone();
        planted.records[0].values_hash = "0123456789abcdef".into();
        let found = deep_check(&planted);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("octal:·6: the record says values_hash = 0123456789abcdef"));
        // A time-limited record is run to its depth: no difference.
        let mut timed = params;
        timed.records[0].status = Status::Time;
        timed.records[0].max_values = 1 << 20;
        assert!(deep_check(&timed).is_empty());
    }
}
