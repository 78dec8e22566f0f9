//! The third-take map: rows are pairs {a, b} with a fixed (2 on the site),
//! columns the third take c > b, each cell the class of {a, b, c}'s period.
//!
//! The observation the map tests: along a row the class repeats in c with the
//! pair's own period (a + b, or 2a when b is an odd multiple of a, from
//! `crate::games::two_takes`), called the row's stripe period. A cell breaks
//! its stripe when the cell one stripe period to its left exists and has a
//! different class. A row's stripes run from the least c from which every
//! later cell agrees with the cell one stripe period to its left, to the end
//! of the map. Nothing here is proved; the counts are of the cells computed.

use crate::parallel::prelude::*;
use serde::{Deserialize, Serialize};

use super::measure::PeriodNotFound;
use super::triples::{PeriodClass, TripleRecord, measure_triple};
use crate::games::two_takes::TwoTakes;

/// Which pairs and third takes the map covers: rows b from `first_larger` to
/// `last_larger`, each with c from b + 1 to `last_third`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct MapExtent {
    pub smallest: usize,
    pub first_larger: usize,
    pub last_larger: usize,
    pub last_third: usize,
}

impl MapExtent {
    /// The rows' larger takes b, each above `smallest`.
    fn larger_takes(&self) -> impl Iterator<Item = usize> {
        self.first_larger.max(self.smallest + 1)..=self.last_larger
    }

    /// Every cell's set, row by row, c ascending: the order `assemble` expects.
    pub fn sets(&self) -> Vec<[usize; 3]> {
        let (a, last) = (self.smallest, self.last_third);
        self.larger_takes()
            .flat_map(|b| (b + 1..=last).map(move |c| [a, b, c]))
            .collect()
    }
}

/// One cell: the set {a, b, c} measured, and whether it breaks its stripe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct MapCell {
    pub third: usize,
    pub period: usize,
    pub preperiod: usize,
    pub class: PeriodClass,
    pub breaks_stripe: bool,
}

/// One row {a, b}: its stripe period, cells, breaks and where its stripes run from.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct MapRow {
    pub larger: usize,
    pub stripe_period: usize,
    pub cells: Vec<MapCell>,
    pub breaks: usize,
    /// The least c from which the row repeats with its stripe period to the
    /// map's edge; b + 1 when the row never breaks.
    pub stripes_from: usize,
    /// Whole stripe periods from `stripes_from` to the map's edge: how much
    /// evidence the settling has (1 means the last break is near the edge).
    pub stripes_after_settling: usize,
}

/// The whole map with its counts.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct ThirdTakeMap {
    pub extent: MapExtent,
    pub rows: Vec<MapRow>,
    pub cells: usize,
    /// Cells that have a cell one stripe period to their left to compare with.
    pub cells_compared: usize,
    pub breaks: usize,
    /// Breaks where the cell or the one a stripe earlier has class `none`.
    pub breaks_involving_no_sum: usize,
}

/// Builds one row from its measured records (c ascending from b + 1).
fn assemble_row(
    smallest: usize,
    larger: usize,
    last_third: usize,
    records: &[TripleRecord],
) -> MapRow {
    let pair = TwoTakes::new(smallest as u64, larger as u64).expect("b > a > 0");
    let stripe_period = pair.period() as usize;
    let cells: Vec<MapCell> = records
        .iter()
        .enumerate()
        .map(|(index, record)| MapCell {
            third: record.takes[2],
            period: record.period,
            preperiod: record.preperiod,
            class: record.class,
            breaks_stripe: index >= stripe_period
                && records[index - stripe_period].class != record.class,
        })
        .collect();
    let last_break = cells.iter().rposition(|cell| cell.breaks_stripe);
    let stripes_from = match last_break {
        Some(index) => cells[index + 1 - stripe_period].third,
        None => larger + 1,
    };
    MapRow {
        larger,
        stripe_period,
        breaks: cells.iter().filter(|cell| cell.breaks_stripe).count(),
        cells,
        stripes_from,
        stripes_after_settling: (last_third + 1).saturating_sub(stripes_from) / stripe_period,
    }
}

/// Counts breaks whose cell, or the cell one stripe to its left, has no sum.
fn breaks_involving_no_sum(row: &MapRow) -> usize {
    let s = row.stripe_period;
    (s..row.cells.len())
        .filter(|&i| row.cells[i].breaks_stripe)
        .filter(|&i| {
            row.cells[i].class == PeriodClass::NoSum || row.cells[i - s].class == PeriodClass::NoSum
        })
        .count()
}

/// Assembles the map from `records` measured in the order of `extent.sets()`.
pub fn assemble_third_take_map(extent: MapExtent, records: &[TripleRecord]) -> ThirdTakeMap {
    assert_eq!(records.len(), extent.sets().len(), "one record per cell");
    let mut rows = Vec::new();
    let mut rest = records;
    for larger in extent.larger_takes() {
        let (row_records, after) = rest.split_at(extent.last_third.saturating_sub(larger));
        rows.push(assemble_row(
            extent.smallest,
            larger,
            extent.last_third,
            row_records,
        ));
        rest = after;
    }
    let compared = rows
        .iter()
        .map(|row| row.cells.len().saturating_sub(row.stripe_period))
        .sum();
    ThirdTakeMap {
        extent,
        cells: records.len(),
        cells_compared: compared,
        breaks: rows.iter().map(|row| row.breaks).sum(),
        breaks_involving_no_sum: rows.iter().map(breaks_involving_no_sum).sum(),
        rows,
    }
}

/// Measures every cell (in parallel) and assembles the map.
pub fn third_take_map(extent: MapExtent) -> Result<ThirdTakeMap, PeriodNotFound> {
    let records = extent
        .sets()
        .into_par_iter()
        .map(measure_triple)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(assemble_third_take_map(extent, &records))
}

#[cfg(test)]
mod tests {
    use super::*;
    use PeriodClass::*;

    fn row(b: usize, last_third: usize) -> MapRow {
        let extent = MapExtent {
            smallest: 2,
            first_larger: b,
            last_larger: b,
            last_third,
        };
        third_take_map(extent).unwrap().rows.remove(0)
    }

    #[test]
    fn two_three_repeats_every_five() {
        let row = row(3, 23);
        assert_eq!(row.stripe_period, 5);
        let classes: Vec<PeriodClass> = row.cells.iter().map(|c| c.class).collect();
        assert_eq!(classes[..5], [APlusC, APlusC, BPlusC, APlusB, APlusB]);
        assert!(
            classes
                .iter()
                .enumerate()
                .all(|(i, &class)| class == classes[i % 5])
        );
        assert_eq!((row.breaks, row.stripes_from), (0, 4));
    }

    #[test]
    fn two_five_breaks_once_at_fourteen_against_two_five_seven() {
        let row = row(5, 40);
        assert_eq!(row.stripe_period, 7);
        assert_eq!(row.cells[1].class, NoSum); // c = 7
        let breaks: Vec<usize> = row
            .cells
            .iter()
            .filter(|c| c.breaks_stripe)
            .map(|c| c.third)
            .collect();
        assert_eq!(breaks, [14]);
        assert_eq!(row.stripes_from, 8);
        assert_eq!(row.stripes_after_settling, 4);
    }

    #[test]
    fn odd_multiple_rows_stripe_with_period_four() {
        assert_eq!(row(6, 30).stripe_period, 4);
        assert_eq!(row(10, 30).stripe_period, 4);
    }

    #[test]
    fn rows_three_to_twelve_to_forty_four_is_365_cells_with_21_breaks() {
        let extent = MapExtent {
            smallest: 2,
            first_larger: 3,
            last_larger: 12,
            last_third: 44,
        };
        let map = third_take_map(extent).unwrap();
        assert_eq!(map.cells, 365);
        assert_eq!(map.cells_compared, 282);
        assert_eq!(map.breaks, 21);
        assert_eq!(map.breaks_involving_no_sum, 21);
        let settling: Vec<(usize, usize)> = map
            .rows
            .iter()
            .map(|r| (r.larger, r.stripes_from))
            .collect();
        let expected = [
            (3, 4),
            (4, 5),
            (5, 8),
            (6, 7),
            (7, 19),
            (8, 11),
            (9, 34),
            (10, 11),
            (11, 31),
            (12, 29),
        ];
        assert_eq!(settling, expected);
    }

    #[test]
    fn a_changed_cell_is_caught_as_a_break() {
        // Negative control: flip one class in a clean row and count two breaks.
        let extent = MapExtent {
            smallest: 2,
            first_larger: 3,
            last_larger: 3,
            last_third: 23,
        };
        let mut records: Vec<TripleRecord> = extent
            .sets()
            .into_iter()
            .map(|s| measure_triple(s).unwrap())
            .collect();
        records[7].class = NoSum;
        let map = assemble_third_take_map(extent, &records);
        assert_eq!(map.breaks, 2);
        assert_eq!(map.rows[0].stripes_from, records[8].takes[2]);
    }
}
