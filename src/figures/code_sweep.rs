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

use super::bounds::Count;
use super::bounds::{CheckParams, Within};
use crate::games::{OctalCode, octal};
use crate::sequence::{Analysis, PeriodStatus, Value, analyse};
use crate::text::numbers::grouped;
use crate::text::wording::plural;

mod drawing;
pub use drawing::render;

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
#[derive(Debug, Clone, Deserialize, Serialize)]
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
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Tally {
    /// The period or preperiod.
    pub value: usize,
    /// How many codes have it.
    pub codes: usize,
}

/// A code found periodic but not proven.
#[derive(Debug, Clone, Deserialize, Serialize)]
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
#[derive(Debug, Clone, Deserialize, Serialize)]
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
#[derive(Debug, Clone, Deserialize, Serialize)]
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
             {} certified, {}, {} with no period; {} distinct sequences.",
            self.codes,
            self.digits,
            grouped(self.computed as u64),
            self.counts.min_repeats,
            self.counts.certified,
            plural(
                self.counts.observed.len() as u64,
                "observed but not proven",
                "observed but not proven",
                Some("none left unproven"),
            ),
            self.counts.no_period,
            self.distinct_sequences
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn sweep(values: usize, min_repeats: usize, compare_min_repeats: usize) -> Data {
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
