//! `misere-quotient`: one code's misère quotient on its first heaps, drawn
//! as its multiplication table with the P-portion marked, and its
//! pretending function Φ as a strip of heaps; every prediction of the
//! table set against the exact search on the small sums.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::Rule;
use crate::misere::period::proved_period;
use crate::misere::quotient::{Limits, quotient};
use crate::misere::referee::{referee, sums};
use crate::misere::tame::is_tame;
use crate::table::{Cell, Column, Table};
use crate::text::numbers::grouped;

/// Sums the referee plays out: at most this many heaps…
pub const REFEREE_HEAPS: usize = 3;
/// … and this many counters.
pub const REFEREE_COUNTERS: usize = 36;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    pub code: Rule,
    /// The quotient of the heaps 0 to this.
    #[serde(deserialize_with = "Within::<1, 200>::read")]
    pub heaps: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        match self.code.octal_code() {
            Some(_) => Ok(()),
            None => Err(format!("{} is not an octal code", self.code)),
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// The code, `·75`.
    pub code: String,
    pub heaps: usize,
    pub order: usize,
    pub p_size: usize,
    pub tame: bool,
    /// Φ's period and preperiod, when the periodicity theorem proves them.
    pub period: Option<usize>,
    pub preperiod: Option<usize>,
    /// The heaps the theorem needs for that period, `2n₀ + 2p + k + 2`.
    pub heaps_needed: Option<usize>,
    /// The heaps whose element is new: the generators `a`, `b`, … in order.
    pub generators: Vec<usize>,
    /// Each element's name, by index.
    pub names: Vec<String>,
    /// `table[x][y]`: the index of `x·y`.
    pub table: Vec<Vec<u32>>,
    pub p_portion: Vec<usize>,
    /// Φ: each heap's element index, from heap 0.
    pub pretending: Vec<u32>,
    /// Sums the referee played out, and how many it found mispredicted.
    pub refereed: usize,
    pub differences: usize,
}

pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let code = params.code.octal_code().ok_or("not an octal code")?;
    let q = quotient(code, params.heaps, &Limits::default(), &mut |_| {}).map_err(|stop| {
        format!(
            "{}: unsettled at heap {}: {}",
            params.code, stop.heap, stop.why
        )
    })?;
    let period = proved_period(&q.pretending, code.largest_take());
    let verdict = referee(code, &q, &sums(q.heaps, REFEREE_HEAPS, REFEREE_COUNTERS))?;
    let size = q.monoid.size();
    Ok(Data {
        code: params.code.to_string().replace("octal:", ""),
        heaps: q.heaps,
        order: size,
        p_size: q.p_size(),
        tame: is_tame(&q.monoid, &q.p)?,
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        heaps_needed: period.map(|p| 2 * p.preperiod + 2 * p.period + code.largest_take() + 2),
        names: q.names(),
        table: q.monoid.table().chunks(size).map(<[u32]>::to_vec).collect(),
        p_portion: (0..size).filter(|&x| q.p[x]).collect(),
        pretending: q.pretending.clone(),
        generators: q.generators.clone(),
        refereed: verdict.sums,
        differences: usize::from(verdict.first_difference.is_some()),
    })
}

impl Data {
    pub fn range_note(&self) -> String {
        let period = match (self.period, self.preperiod) {
            (Some(period), Some(preperiod)) => format!(
                "Φ has period {period} from heap {preperiod}, proved by the periodicity theorem, so this is the whole game's quotient"
            ),
            _ => format!("Φ is not proved periodic within {} heaps", self.heaps),
        };
        let table = if self.order <= MOST_DRAWN {
            ""
        } else {
            " (too many to draw its table here: `ladder misere` prints it)"
        };
        format!(
            "The quotient of the heaps 0 to {}, {} elements with {} in P{table}, proved by the \
             engine's check of every sum; {period}; the {} sums of up to {REFEREE_HEAPS} heaps and \
             {REFEREE_COUNTERS} counters played out exactly, {} mispredicted.",
            self.heaps,
            self.order,
            self.p_size,
            grouped(self.refereed as u64),
            self.differences
        )
    }

    fn shown(&self, x: u32) -> String {
        let name = self.names[x as usize].clone();
        if self.p_portion.contains(&(x as usize)) {
            format!("{name} ◆")
        } else {
            name
        }
    }
}

/// Heaps a row of the strip.
const STRIP: usize = 10;

/// The largest quotient whose table is drawn: past it a page has no room
/// for the columns, and the JSON of `ladder misere` holds it.
pub const MOST_DRAWN: usize = 16;

pub fn render(data: &Data, _meta: &RenderMeta) -> Vec<Table> {
    let mut tables = Vec::new();
    if data.order <= MOST_DRAWN {
        tables.push(multiplication(data));
    }
    tables.push(strip(data));
    tables
}

fn multiplication(data: &Data) -> Table {
    let mut columns = vec![Column::text("element").names()];
    for x in 0..data.order as u32 {
        columns.push(Column::text(&data.shown(x)));
    }
    let mut table =
        Table::new(columns).titled("The multiplication table; ◆ and bold: the P-portion");
    for (x, row) in data.table.iter().enumerate() {
        let mut cells = vec![Cell::text(data.shown(x as u32)).marked(data.p_portion.contains(&x))];
        for &y in row {
            cells.push(Cell::text(data.shown(y)).marked(data.p_portion.contains(&(y as usize))));
        }
        table.push(cells);
    }
    table
}

fn strip(data: &Data) -> Table {
    let mut columns = vec![Column::text("heaps").names()];
    for offset in 0..STRIP {
        columns.push(Column::text(&format!("+{offset}")));
    }
    let mut strip = Table::new(columns).titled("Φ, heap by heap");
    for (at, chunk) in data.pretending.chunks(STRIP).enumerate() {
        let first = at * STRIP;
        let mut cells = vec![Cell::text(format!("{first}–{}", first + chunk.len() - 1))];
        for &x in chunk {
            cells.push(Cell::text(data.shown(x)).marked(data.p_portion.contains(&(x as usize))));
        }
        strip.push(cells);
    }
    strip
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quotient_of_75_is_small_wild_and_periodic() {
        let data = compute(&Params {
            code: "octal:.75".parse().unwrap(),
            heaps: 30,
        })
        .unwrap();
        assert_eq!((data.order, data.p_size, data.tame), (8, 2, false));
        assert_eq!((data.period, data.preperiod), (Some(2), Some(8)));
        assert_eq!(data.differences, 0);
        assert!(data.refereed > 1000);
        assert_eq!(data.names[0], "1");
        // Every element has a name of its own.
        let mut names = data.names.clone();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), data.order);
        let meta = RenderMeta {
            id: "misere-quotient",
            caption: "",
            width: 640,
        };
        let tables = render(&data, &meta);
        assert_eq!(tables[0].rows.len(), 8);
        assert_eq!(tables[1].rows.len(), 4, "heaps 0 to 30, ten a row");
    }
}
