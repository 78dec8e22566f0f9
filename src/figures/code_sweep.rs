//! `code-sweep`: every octal code of `digits` digits (512 names for three,
//! trailing zeros kept in the name) computed to the same number of values,
//! searched, certified, and grouped by the sequence it produces.
//!
//! Two names share a sequence class when their values agree at every heap
//! computed: an observation over that range. Classes are numbered in the
//! order their first member appears (`000`, `001`, … `777`). Codes are
//! computed in parallel; rayon's `collect` keeps code order, so the data is
//! the same with any number of threads. The search is run twice over the
//! same values, with `min_repeats` and with `compare_min_repeats`, so the
//! page can say what the choice of repetitions does.

use std::collections::{BTreeMap, HashMap};
use std::io::IsTerminal;

use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::games::{OctalCode, octal};
use crate::plot::{self, ACCENT, ACCENT_2, Anchor, INK, MUTED, RULE};
use crate::sequence::{Analysis, PeriodStatus, Value, analyse};
use crate::text::numbers::grouped;

/// Parameters of the sweep.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Digits after the point (1 to 3): `8^digits` codes.
    #[serde(deserialize_with = "Within::<1, 3>::read")]
    pub digits: u32,
    /// Values computed for every code.
    pub values: Count,
    /// Full periods a found period must cover.
    #[serde(deserialize_with = "Within::<1, 100>::read")]
    pub min_repeats: usize,
    /// A second repetition count, searched over the same values for comparison.
    #[serde(deserialize_with = "Within::<1, 100>::read")]
    pub compare_min_repeats: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if !(1..=3).contains(&self.digits) {
            return Err(format!("digits must be from 1 to 3, not {}", self.digits));
        }
        crate::budget::check_census(8u64.pow(self.digits), self.values.0, "codes")
    }
}

/// One line of the data file: one code.
#[derive(Debug, Clone, Serialize)]
pub struct SweepRecord {
    /// The digits after the point: `137`.
    pub code: String,
    /// The period found, or null.
    pub period: Option<usize>,
    /// Its preperiod, or null.
    pub preperiod: Option<usize>,
    /// Whether the certificate holds within the values computed.
    pub certified: bool,
    /// How many values the certificate needs, when a period was found.
    pub values_needed: Option<usize>,
    /// The sequence class: equal sequences share it.
    pub sequence_class: usize,
}

/// How many codes have one value of a quantity (a period, a preperiod).
#[derive(Debug, Clone, Serialize)]
pub struct Tally {
    /// The period or preperiod.
    pub value: usize,
    /// How many codes have it.
    pub codes: usize,
}

/// A code found periodic but not proven.
#[derive(Debug, Clone, Serialize)]
pub struct Observed {
    /// The digits after the point.
    pub code: String,
    /// The period found.
    pub period: usize,
    /// Its preperiod.
    pub preperiod: usize,
    /// Values the certificate would need.
    pub values_needed: usize,
}

/// What one repetition count makes of the sweep.
#[derive(Debug, Clone, Serialize)]
pub struct Counts {
    /// Full periods a found period had to cover.
    pub min_repeats: usize,
    /// Codes whose period is certified.
    pub certified: usize,
    /// Codes with a period found but not proven.
    pub observed: Vec<Observed>,
    /// Codes with no period in the values computed.
    pub no_period: usize,
}

/// The sweep, counted.
#[derive(Debug, Clone, Serialize)]
pub struct Data {
    /// Values computed per code.
    pub computed: usize,
    /// Digits per code.
    pub digits: u32,
    /// Codes swept.
    pub codes: usize,
    /// Codes with no split bit.
    pub codes_without_split: usize,
    /// The counts with the manifest's `min_repeats` (the records use these).
    #[serde(flatten)]
    pub counts: Counts,
    /// The counts with `compare_min_repeats`, over the same values.
    pub compared: Counts,
    /// Names of the codes with no period.
    pub no_period_codes: Vec<String>,
    /// How many codes have each period, ascending.
    pub periods: Vec<Tally>,
    /// How many codes have each preperiod, ascending.
    pub preperiods: Vec<Tally>,
    /// The longest certified period and a code with it (the first).
    pub longest_period: Option<Observed>,
    /// The longest certified preperiod and a code with it (the first).
    pub longest_preperiod: Option<Observed>,
    /// Distinct sequences under the names.
    pub distinct_sequences: usize,
    /// The largest class's size.
    pub largest_class_size: usize,
    /// The largest class's names (the first such class when tied).
    pub largest_class: Vec<String>,
    /// One record per code, in code order.
    pub records: Vec<SweepRecord>,
}

struct Swept {
    name: String,
    splits: bool,
    values: Vec<Value>,
    main: Analysis,
    compared: Analysis,
}

fn sweep_one(number: u64, params: &Params) -> Swept {
    let code = OctalCode::from_number(number, params.digits);
    let name = (0..params.digits)
        .rev()
        .map(|place| char::from(b'0' + (number >> (3 * place) & 7) as u8))
        .collect();
    let values = octal::values(&code, params.values.0);
    let rule = code.certificate_rule();
    Swept {
        name,
        splits: code.has_split(),
        main: analyse(&values, params.min_repeats, rule),
        compared: analyse(&values, params.compare_min_repeats, rule),
        values,
    }
}

fn counts(swept: &[Swept], min_repeats: usize, pick: fn(&Swept) -> &Analysis) -> Counts {
    let with = |status| swept.iter().filter(move |s| pick(s).status() == status);
    Counts {
        min_repeats,
        certified: with(PeriodStatus::Certified).count(),
        observed: with(PeriodStatus::Observed)
            .map(|s| observed(s, pick(s)))
            .collect(),
        no_period: with(PeriodStatus::NotFound).count(),
    }
}

fn observed(swept: &Swept, analysis: &Analysis) -> Observed {
    let (preperiod, period) = analysis.period.found().unwrap_or_default();
    Observed {
        code: swept.name.clone(),
        period,
        preperiod,
        values_needed: analysis.certificate.map_or(0, |c| c.values_needed),
    }
}

fn tally(values: impl Iterator<Item = usize>) -> Vec<Tally> {
    let mut map = BTreeMap::new();
    values.for_each(|v| *map.entry(v).or_insert(0) += 1);
    map.into_iter()
        .map(|(value, codes)| Tally { value, codes })
        .collect()
}

/// Every code of the sweep, in parallel, with a bar on a terminal.
fn sweep_all(params: &Params) -> Vec<Swept> {
    let total = 8u64.pow(params.digits);
    let visible = std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
    let bar = if visible {
        ProgressBar::new(total)
    } else {
        ProgressBar::hidden()
    };
    let swept: Vec<Swept> = (0..total)
        .into_par_iter()
        .map(|number| {
            let one = sweep_one(number, params);
            bar.inc(1);
            one
        })
        .collect();
    bar.finish_and_clear();
    swept
}

/// Each code's record, numbering its sequence's class by first appearance;
/// and the codes of each class.
fn classify(swept: &[Swept]) -> (Vec<SweepRecord>, Vec<Vec<String>>) {
    let mut class_of: HashMap<&[Value], usize> = HashMap::new();
    let mut members: Vec<Vec<String>> = Vec::new();
    let records: Vec<SweepRecord> = swept
        .iter()
        .map(|s| {
            let next = class_of.len();
            let class = *class_of.entry(s.values.as_slice()).or_insert(next);
            if class == members.len() {
                members.push(Vec::new());
            }
            members[class].push(s.name.clone());
            let found = s.main.period.found();
            SweepRecord {
                code: s.name.clone(),
                period: found.map(|(_, p)| p),
                preperiod: found.map(|(s, _)| s),
                certified: s.main.is_certified(),
                values_needed: s.main.certificate.map(|c| c.values_needed),
                sequence_class: class,
            }
        })
        .collect();
    (records, members)
}

/// Sweeps every code, in parallel, and counts.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let swept = sweep_all(params);
    if let Some(s) = swept
        .iter()
        .find(|s| s.main.status() == PeriodStatus::Refuted)
    {
        return Err(format!("·{}: a found period's certificate fails", s.name));
    }
    let (records, members) = classify(&swept);
    let largest_class = members
        .iter()
        .fold(
            &Vec::new(),
            |best, m| if m.len() > best.len() { m } else { best },
        )
        .clone();
    let certified: Vec<(&Swept, (usize, usize))> = swept
        .iter()
        .filter(|s| s.main.is_certified())
        .filter_map(|s| s.main.period.found().map(|f| (s, f)))
        .collect();
    let longest = |key: fn(&(usize, usize)) -> usize| {
        certified
            .iter()
            .fold(None::<&(&Swept, (usize, usize))>, |best, c| match best {
                Some(b) if key(&b.1) >= key(&c.1) => Some(b),
                _ => Some(c),
            })
            .map(|(s, _)| observed(s, &s.main))
    };
    let found: Vec<(usize, usize)> = swept.iter().filter_map(|s| s.main.period.found()).collect();
    Ok(Data {
        computed: params.values.0,
        digits: params.digits,
        codes: swept.len(),
        codes_without_split: swept.iter().filter(|s| !s.splits).count(),
        counts: counts(&swept, params.min_repeats, |s| &s.main),
        compared: counts(&swept, params.compare_min_repeats, |s| &s.compared),
        no_period_codes: swept
            .iter()
            .filter(|s| s.main.period.found().is_none())
            .map(|s| s.name.clone())
            .collect(),
        periods: tally(found.iter().map(|&(_, p)| p)),
        preperiods: tally(found.iter().map(|&(s, _)| s)),
        longest_period: longest(|&(_, p)| p),
        longest_preperiod: longest(|&(s, _)| s),
        distinct_sequences: members.len(),
        largest_class_size: largest_class.len(),
        largest_class,
        records,
    })
}

impl Data {
    /// The range searched and the counts.
    pub fn range_note(&self) -> String {
        format!(
            "{} codes of {} digits, each computed and searched to {} values (a period must repeat {} times): \
             {} certified, {} observed but not proven, {} with no period; {} distinct sequences.",
            self.codes,
            self.digits,
            grouped(self.computed as u64),
            self.counts.min_repeats,
            self.counts.certified,
            self.counts.observed.len(),
            self.counts.no_period,
            self.distinct_sequences
        )
    }
}

/// Room for the row labels (`·0` … `·7`) and the chart's count axis.
const LEFT: i32 = 40;
const RIGHT: i32 = 10;
/// A code's cell: too small for text, so the outcome is a shape (filled,
/// hollow, dot) as well as a colour. Rows are taller than a cell is wide,
/// so each holds its 12 px label.
const CELL: i32 = 10;
const ROW: i32 = 15;
/// The title, the legend, the column axis's title and its labels.
const TOP: i32 = 98;
const CHART_H: i32 = 100;
/// The widest a period's bar is drawn.
const BAR: i32 = 24;

/// The grid's columns: one per value of the digits after the first.
fn columns(digits: u32) -> i32 {
    8i32.pow(digits.saturating_sub(1))
}

/// The figure's width for a sweep of `digits` digits.
fn width(digits: u32) -> u32 {
    (LEFT + CELL * columns(digits) + RIGHT) as u32
}

/// What the search and the certificate made of a code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Certified,
    Observed,
    NoPeriod,
}

impl Outcome {
    fn of(record: &SweepRecord) -> Self {
        match (record.period, record.certified) {
            (_, true) => Outcome::Certified,
            (Some(_), false) => Outcome::Observed,
            (None, _) => Outcome::NoPeriod,
        }
    }

    /// The legend's words.
    fn name(self) -> &'static str {
        match self {
            Outcome::Certified => "period certified",
            Outcome::Observed => "observed, not proven",
            Outcome::NoPeriod => "no period found",
        }
    }

    /// Draws the outcome's mark in the cell at `(x, y)`: a filled square, a
    /// dot, a hollow square, each in its own colour, so the shape alone
    /// tells them apart.
    fn mark(self, area: &plot::Area, (x, y): (i32, i32)) {
        match self {
            Outcome::Certified => plot::block(area, (x, y), (x + CELL - 1, y + CELL - 1), ACCENT_2),
            Outcome::Observed => {
                plot::dot(area, (x + CELL / 2, y + CELL / 2), CELL / 2 - 1, ACCENT)
            }
            Outcome::NoPeriod => {
                plot::outline(area, (x + 1, y + 1), (x + CELL - 2, y + CELL - 2), MUTED, 1)
            }
        }
    }
}

/// Draws the codes as a grid (first digit down, the others across) marked
/// by outcome, and the periods found as bars.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let columns = columns(data.digits);
    let rows = (data.records.len() as i32 + columns - 1) / columns;
    let width = width(data.digits);
    let grid_bottom = TOP + rows * ROW;
    let chart_top = grid_bottom + 56;
    let height = (chart_top + CHART_H + 48) as u32;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        let title = format!(
            "all {} codes of {} digits, each searched to {} values",
            data.codes,
            data.digits,
            grouped(data.computed as u64)
        );
        plot::title(area, &title, (10, 14));
        let mut x = 10;
        for outcome in [Outcome::Certified, Outcome::Observed, Outcome::NoPeriod] {
            outcome.mark(area, (x, 39));
            plot::heading(area, outcome.name(), (x + 16, 44), Anchor::Start);
            x += 40 + 7 * outcome.name().chars().count() as i32;
        }
        draw_column_labels(area, data.digits, columns);
        for (i, record) in data.records.iter().enumerate() {
            let (row, column) = (i as i32 / columns, i as i32 % columns);
            let (x, y) = (LEFT + column * CELL, TOP + row * ROW);
            Outcome::of(record).mark(area, (x, y + (ROW - CELL) / 2));
            if column == 0 {
                let text = format!("·{}", &record.code[..1]);
                let at = (LEFT - 6, y + ROW / 2);
                plot::tick(area, &text, at, Anchor::End);
            }
        }
        draw_periods(area, data, chart_top, width as i32);
    })
}

/// Labels the grid's columns: the digits after the first, at every eighth
/// column (`00`, `10`, … `70`: the octal tens), with a hairline where
/// each group of eight starts; and the axes' titles.
fn draw_column_labels(area: &plot::Area, digits: u32, columns: i32) {
    let rest = digits.saturating_sub(1) as usize;
    let step = if columns > 8 { 8 } else { 1 };
    let axis = match rest {
        0 => "first digit ↓".to_string(),
        1 => "first digit ↓, last digit →".to_string(),
        _ => format!("first digit ↓, last {rest} digits →"),
    };
    plot::heading(area, &axis, (10, TOP - 32), Anchor::Start);
    for column in (0..columns).step_by(step as usize) {
        let x = LEFT + column * CELL;
        let text = format!("{:0width$o}", column, width = rest.max(1));
        let text = if rest == 0 { String::new() } else { text };
        plot::tick(area, &text, (x + 1, TOP - 9), Anchor::Start);
        if column > 0 {
            plot::line(area, &[(x - 1, TOP - 16), (x - 1, TOP)], RULE, 1);
        }
    }
}

/// One bar per period found, its height the number of codes (written on it).
fn draw_periods(area: &plot::Area, data: &Data, top: i32, width: i32) {
    plot::heading(
        area,
        "codes with each period found",
        (10, top - 26),
        Anchor::Start,
    );
    let bars = data.periods.len().max(1) as i32;
    let bar = ((width - LEFT - RIGHT) / bars).min(BAR);
    let most = data
        .periods
        .iter()
        .map(|t| t.codes)
        .max()
        .unwrap_or(1)
        .max(1);
    let bottom = top + CHART_H;
    plot::line(
        area,
        &[(LEFT, bottom), (LEFT + bar * bars, bottom)],
        MUTED,
        1,
    );
    for (i, t) in data.periods.iter().enumerate() {
        let x = LEFT + bar * i as i32;
        let h = (t.codes as f64 / most as f64 * CHART_H as f64).round() as i32;
        plot::block(area, (x + 1, bottom - h), (x + bar - 1, bottom), ACCENT_2);
        let at = (x + bar / 2, bottom - h - 9);
        plot::label(
            area,
            &t.codes.to_string(),
            at,
            plot::SMALL,
            Anchor::Middle,
            INK,
        );
        let at = (x + bar / 2, bottom + 11);
        plot::tick(area, &t.value.to_string(), at, Anchor::Middle);
    }
    let at = (LEFT + bar * bars / 2, bottom + 32);
    plot::heading(area, "period", at, Anchor::Middle);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sweep(values: usize, min_repeats: usize, compare_min_repeats: usize) -> Data {
        compute(&Params {
            digits: 3,
            values: Count(values),
            min_repeats,
            compare_min_repeats,
        })
        .unwrap()
    }

    #[test]
    fn the_three_digit_sweep_counts() {
        let data = sweep(2000, 4, 3);
        assert_eq!((data.codes, data.codes_without_split), (512, 64));
        assert_eq!(
            (
                data.counts.certified,
                data.counts.observed.len(),
                data.counts.no_period
            ),
            (292, 0, 220)
        );
        assert_eq!(
            (data.compared.certified, data.compared.no_period),
            (292, 220)
        );
        // ·156 ends in three equal values: too short a run to be period 1.
        assert!(data.compared.observed.is_empty());
        assert!(data.no_period_codes.iter().any(|c| c == "007"));
        assert_eq!(data.distinct_sequences, 178);
        assert_eq!(data.largest_class_size, 27);
        assert_eq!(data.largest_class[..3], ["103", "105", "107"]);
        let dawson = &data.records[0o137];
        assert_eq!(
            (
                dawson.code.as_str(),
                dawson.period,
                dawson.preperiod,
                dawson.certified
            ),
            ("137", Some(34), Some(52), true)
        );
        let thirty_four = data.periods.iter().find(|t| t.value == 34).unwrap();
        assert_eq!(thirty_four.codes, 18);
    }

    #[test]
    fn every_sweep_fits_the_column_and_its_periods_have_room_for_three_digits() {
        for digits in 1..=3 {
            assert!(width(digits) <= plot::COLUMN, "{digits} digits");
        }
        // 27 periods, the three-digit sweep's, each under a bar wide enough
        // for a three-digit period (about 20 px at 12 px) beside its
        // neighbours.
        let bar = ((width(3) as i32 - LEFT - RIGHT) / 27).min(BAR);
        assert!(bar >= 22, "{bar}");
    }

    #[test]
    fn equal_sequences_share_a_class_and_classes_are_numbered_in_code_order() {
        let data = sweep(200, 3, 4);
        assert_eq!(data.records[0].sequence_class, 0);
        // Different tables, one sequence: the largest class at 2,000 values.
        let class = |number: usize| data.records[number].sequence_class;
        assert_eq!(class(0o103), class(0o300));
        assert_eq!(class(0o103), class(0o707));
        // ·07 is ·137 shifted, so not the same sequence.
        assert_ne!(
            data.records[0o137].sequence_class,
            data.records[0o070].sequence_class
        );
        let classes: Vec<usize> = data.records.iter().map(|r| r.sequence_class).collect();
        let mut next = 0;
        for class in classes {
            assert!(class <= next);
            next = next.max(class + 1);
        }
    }
}
