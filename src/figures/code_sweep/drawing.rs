//! The sweep drawn: every code's outcome in a grid (first digit down, the
//! others across) and the periods found as bars. Where the width is short
//! of a grid row (a phone), the columns are cut into bands of whole octal
//! groups stacked under one another, the legend stacks, and the bars wrap
//! onto lines of their own, all at one scale.

use super::{Data, SweepRecord};
use crate::figures::RenderMeta;
use crate::plot::reflow::{self, Title};
use crate::plot::{self, ACCENT, ACCENT_2, Anchor, INK, MUTED, RULE, cells};
use crate::text::numbers::grouped;

/// Room for the row labels (`·0` … `·7`) where the column has it; a
/// phone's bands take what is left, at least `MIN_LEFT`.
const LEFT: i32 = 40;
const MIN_LEFT: i32 = 24;
const RIGHT: i32 = 10;
/// A code's cell: too small for text, so the outcome is a shape (filled,
/// hollow, dot) as well as a colour. Rows are taller than a cell is wide,
/// so each holds its 12 px label.
const CELL: i32 = 10;
const ROW: i32 = 15;
/// The title, the legend, the column axis's title and its labels.
const TOP: i32 = 98;
/// From one band's last row to the next band's first: its column labels.
const BAND_GAP: i32 = 26;
const CHART_H: i32 = 100;
/// From one line of bars' baseline to the next's tallest bar: the periods
/// under it, the counts over the next.
const CHART_GAP: i32 = 40;
/// The widest a period's bar is drawn, and the narrowest that holds a
/// three-digit period beside its neighbours.
const BAR: i32 = 24;
const MIN_BAR: i32 = 22;
/// The legend's line pitch where it stacks.
const LEGEND_LINE: i32 = 22;

/// The grid's columns: one per value of the digits after the first.
fn columns(digits: u32) -> i32 {
    8i32.pow(digits.saturating_sub(1))
}

/// What the search and the certificate made of a code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Certified,
    Observed,
    NoPeriod,
}

impl Outcome {
    const ALL: [Outcome; 3] = [Outcome::Certified, Outcome::Observed, Outcome::NoPeriod];

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

/// Where everything goes at a width.
struct Layout {
    width: i32,
    title: Title,
    /// The outcomes some code has, each with its legend entry's mark's top
    /// left: a class no code falls in has no entry.
    legend: Vec<(Outcome, (i32, i32))>,
    /// Where the cells start.
    left: i32,
    /// The grid's columns, those of a band, and the first band's top.
    columns: i32,
    per_band: i32,
    grid_top: i32,
    rows: i32,
    /// The first line of bars' top, the bars to a line, a bar's width.
    chart_top: i32,
    per_chart_line: usize,
    bar: i32,
}

impl Layout {
    fn of(data: &Data, title: &str, most: u32) -> Layout {
        let columns = columns(data.digits);
        let groups = if columns > 8 { columns / 8 } else { 1 };
        let group = columns / groups;
        let room = most as i32 - MIN_LEFT - RIGHT;
        let per_band = group * reflow::per_line(groups as usize, room, group * CELL) as i32;
        let left = (most as i32 - RIGHT - per_band * CELL).clamp(MIN_LEFT, LEFT);
        let content = left + per_band * CELL + RIGHT;
        let title = Title::fit(title, 10, content, most);
        let width = title.width;
        let legend = legend_places(&present(data), width, 39 + title.lower());
        let below = legend
            .last()
            .map_or(0, |&(_, (_, y))| y - 39 - title.lower());
        let grid_top = TOP + title.lower() + below;
        let rows = (data.records.len() as i32 + columns - 1) / columns;
        let bars = data.periods.len().max(1);
        let chart_room = width - left - RIGHT;
        let per_chart_line = reflow::per_line(bars, chart_room, MIN_BAR);
        let bar = (chart_room / per_chart_line as i32).min(BAR);
        let mut layout = Layout {
            width,
            title,
            legend,
            left,
            columns,
            per_band,
            grid_top,
            rows,
            chart_top: 0,
            per_chart_line,
            bar,
        };
        layout.chart_top = layout.band_top(layout.bands()) - BAND_GAP + 56;
        layout
    }

    fn bands(&self) -> i32 {
        (self.columns + self.per_band - 1) / self.per_band.max(1)
    }

    /// The top of band `band`'s first row.
    fn band_top(&self, band: i32) -> i32 {
        self.grid_top + band * (self.rows * ROW + BAND_GAP)
    }

    /// The top left of code `i`'s row in the grid (its cell sits centred
    /// in the row's height).
    fn code_at(&self, i: usize) -> (i32, i32) {
        let (row, column) = (i as i32 / self.columns, i as i32 % self.columns);
        let (band, column) = (column / self.per_band, column % self.per_band);
        (self.left + column * CELL, self.band_top(band) + row * ROW)
    }

    /// Each line of bars' baseline: one scale for all, the tallest bar
    /// `CHART_H` high, and each line only as tall as its tallest bar, so
    /// a line of short bars leaves no empty band above it.
    fn baselines(&self, data: &Data) -> Vec<i32> {
        let mut bottom = self.chart_top - CHART_GAP;
        let lines = data.periods.chunks(self.per_chart_line.max(1));
        let mut baselines = Vec::new();
        for line in lines {
            let tallest = line.iter().map(|t| bar_height(data, t.codes)).max();
            bottom += CHART_GAP + tallest.unwrap_or(0);
            baselines.push(bottom);
        }
        baselines
    }

    /// The figure's height.
    fn height(&self, data: &Data) -> i32 {
        let last = self.baselines(data).last().copied();
        last.unwrap_or(self.chart_top + CHART_H) + 48
    }
}

/// The outcomes at least one code of the sweep has, in legend order.
fn present(data: &Data) -> Vec<Outcome> {
    Outcome::ALL
        .into_iter()
        .filter(|&o| data.records.iter().any(|r| Outcome::of(r) == o))
        .collect()
}

/// Each of `outcomes` with its legend mark (top left), its text 16 px right
/// of it: side by side where they fit `width`, else one under another.
fn legend_places(outcomes: &[Outcome], width: i32, y: i32) -> Vec<(Outcome, (i32, i32))> {
    let mut row = Vec::new();
    let mut x = 10;
    for &outcome in outcomes {
        row.push((outcome, (x, y)));
        x += 40 + 7 * outcome.name().chars().count() as i32;
    }
    let fits = row
        .last()
        .is_none_or(|&(last, (x, _))| x + 16 + plot::text_width(last.name(), plot::TEXT) <= width);
    if fits {
        return row;
    }
    (0..)
        .zip(outcomes)
        .map(|(i, &outcome)| (outcome, (10, y + i * LEGEND_LINE)))
        .collect()
}

/// Draws the codes as a grid (first digit down, the others across) marked
/// by outcome, and the periods found as bars.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let text = format!(
        "all {} codes of {} digits, each searched to {} values",
        data.codes,
        data.digits,
        grouped(data.computed as u64)
    );
    let layout = Layout::of(data, &text, meta.width);
    let (width, height) = (layout.width as u32, layout.height(data) as u32);
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        layout.title.draw(area, (10, 14));
        for &(outcome, (x, y)) in &layout.legend {
            outcome.mark(area, (x, y));
            plot::heading(area, outcome.name(), (x + 16, y + 5), Anchor::Start);
        }
        draw_column_labels(area, data.digits, &layout);
        for (i, record) in data.records.iter().enumerate() {
            let (x, y) = layout.code_at(i);
            Outcome::of(record).mark(area, (x, y + (ROW - CELL) / 2));
            cells::name(area, (x, y), (CELL, ROW), || cell_name(record));
            if i as i32 % layout.per_band == 0 {
                let text = format!("·{}", &record.code[..1]);
                let at = (layout.left - 6, y + ROW / 2);
                plot::tick(area, &text, at, Anchor::End);
            }
        }
        draw_periods(area, data, &layout);
    })
}

/// What a reader pointing at a code's cell is told: the code and what
/// the search and the certificate made of it.
fn cell_name(record: &SweepRecord) -> String {
    let code = &record.code;
    match (record.period, record.preperiod) {
        (Some(p), Some(s)) => {
            let outcome = Outcome::of(record).name();
            format!("·{code}: period {p} from heap {s}, {outcome}")
        }
        _ => format!("·{code}: no period found"),
    }
}

/// Labels each band's columns: the digits after the first, at every
/// eighth column (`00`, `10`, … `70`: the octal tens), with a hairline
/// where each group of eight starts; and the axes' titles.
fn draw_column_labels(area: &plot::Area, digits: u32, layout: &Layout) {
    let rest = digits.saturating_sub(1) as usize;
    let step = if layout.columns > 8 { 8 } else { 1 };
    let axis = match rest {
        0 => "first digit ↓".to_string(),
        1 => "first digit ↓, last digit →".to_string(),
        _ => format!("first digit ↓, last {rest} digits →"),
    };
    plot::heading(area, &axis, (10, layout.grid_top - 32), Anchor::Start);
    for column in (0..layout.columns).step_by(step as usize) {
        let (band, offset) = (column / layout.per_band, column % layout.per_band);
        let (x, top) = (layout.left + offset * CELL, layout.band_top(band));
        let text = format!("{:0width$o}", column, width = rest.max(1));
        let text = if rest == 0 { String::new() } else { text };
        plot::tick(area, &text, (x + 1, top - 9), Anchor::Start);
        if offset > 0 {
            plot::line(area, &[(x - 1, top - 16), (x - 1, top)], RULE, 1);
        }
    }
}

/// A bar's height for `codes` codes: the most codes of any period is
/// `CHART_H` high.
fn bar_height(data: &Data, codes: usize) -> i32 {
    let most = data.periods.iter().map(|t| t.codes).max().unwrap_or(1);
    (codes as f64 / most.max(1) as f64 * CHART_H as f64).round() as i32
}

/// One bar per period found, its height the number of codes (written on
/// it), in lines of `per_chart_line` bars at one scale.
fn draw_periods(area: &plot::Area, data: &Data, layout: &Layout) {
    let at = (10, layout.chart_top - 26);
    plot::heading(area, "codes with each period found", at, Anchor::Start);
    let (left, bar, per) = (layout.left, layout.bar, layout.per_chart_line);
    let baselines = layout.baselines(data);
    for (line, &bottom) in data.periods.chunks(per).zip(&baselines) {
        let end = left + bar * line.len() as i32;
        plot::line(area, &[(left, bottom), (end, bottom)], MUTED, 1);
        for (i, t) in line.iter().enumerate() {
            let x = left + bar * i as i32;
            let h = bar_height(data, t.codes);
            plot::block(area, (x + 1, bottom - h), (x + bar - 1, bottom), ACCENT_2);
            let text = t.codes.to_string();
            let at = (x + bar / 2, bottom - h - 9);
            plot::label(area, &text, at, plot::SMALL, Anchor::Middle, INK);
            let at = (x + bar / 2, bottom + 11);
            plot::tick(area, &t.value.to_string(), at, Anchor::Middle);
        }
    }
    let shown = data.periods.len().min(per).max(1) as i32;
    let bottom = baselines.last().copied().unwrap_or(layout.chart_top);
    let at = (left + bar * shown / 2, bottom + 32);
    plot::heading(area, "period", at, Anchor::Middle);
}

#[cfg(test)]
mod tests {
    use super::super::tests::sweep;
    use super::*;

    #[test]
    fn every_sweep_fits_the_column_and_its_periods_have_room_for_three_digits() {
        let data = sweep(2000, 4, 3);
        let layout = Layout::of(&data, "", crate::plot::COLUMN);
        assert_eq!((layout.per_band, layout.left), (64, LEFT), "one band");
        assert!(layout.width <= crate::plot::COLUMN as i32);
        // 27 periods, the three-digit sweep's, on one line, each under a
        // bar wide enough for a three-digit period (about 20 px at 12 px)
        // beside its neighbours.
        assert_eq!(data.periods.len(), 27);
        assert_eq!((layout.per_chart_line, layout.bar), (27, 23));
        for digits in 1..=2 {
            assert!(LEFT + CELL * columns(digits) + RIGHT <= crate::plot::COLUMN as i32);
        }
    }

    #[test]
    fn on_a_phone_the_grid_is_cut_into_two_bands_and_the_bars_into_two_lines() {
        let data = sweep(2000, 4, 3);
        let meta = RenderMeta {
            id: "sweep-3-digit",
            caption: "",
            width: crate::plot::PHONE,
        };
        let svg = render(&data, &meta);
        assert_eq!(
            reflow::faults(&svg, crate::plot::PHONE),
            Vec::<String>::new()
        );
        let layout = Layout::of(&data, "all 512 codes", crate::plot::PHONE);
        // Bands of 32 columns (four octal groups), every code inside.
        assert_eq!((layout.bands(), layout.per_band), (2, 32));
        for i in 0..data.records.len() {
            let (x, _) = layout.code_at(i);
            assert!(x >= layout.left && x + CELL <= layout.width, "{i}");
        }
        // ·0 40 (code 32) starts the second band's first row.
        assert_eq!(layout.code_at(32), (layout.left, layout.band_top(1)));
        // The 27 bars: two lines of at most 14, each wide enough for "148".
        assert_eq!(layout.per_chart_line, 14);
        let baselines = layout.baselines(&data);
        assert_eq!(baselines.len(), 2);
        // One scale: the second line, whose tallest bar is 18 codes of the
        // first line's 72, is a quarter as tall.
        let second = baselines[1] - baselines[0] - CHART_GAP;
        assert_eq!(second, bar_height(&data, 18));
        assert_eq!(bar_height(&data, 72), CHART_H);
        assert!(layout.bar >= MIN_BAR);
        // The legend's two classes (no code is observed without proof) fit
        // side by side; with all three it stacks, one entry under another.
        for &(outcome, (x, _)) in &layout.legend {
            assert!(x + 16 + plot::text_width(outcome.name(), plot::TEXT) <= layout.width);
        }
        let three = legend_places(&Outcome::ALL, layout.width, 0);
        assert_eq!(three[1].1.0, three[0].1.0);
        assert!(three[2].1.1 > three[1].1.1);
    }

    #[test]
    fn the_legend_names_only_the_outcomes_some_code_has() {
        let mut data = sweep(2000, 4, 3);
        let has = |data: &Data, o: Outcome| data.records.iter().any(|r| Outcome::of(r) == o);
        // Make sure one code is certified, one has no period, none is observed.
        data.records[0].certified = true;
        data.records[1] = SweepRecord {
            period: None,
            preperiod: None,
            certified: false,
            values_needed: None,
            ..data.records[1].clone()
        };
        for record in &mut data.records {
            if Outcome::of(record) == Outcome::Observed {
                record.certified = true;
            }
        }
        assert!(!has(&data, Outcome::Observed));
        let layout = Layout::of(&data, "", crate::plot::COLUMN);
        let named: Vec<Outcome> = layout.legend.iter().map(|&(o, _)| o).collect();
        assert_eq!(named, [Outcome::Certified, Outcome::NoPeriod]);
        let meta = RenderMeta {
            id: "sweep-3-digit",
            caption: "",
            width: crate::plot::COLUMN,
        };
        let svg = render(&data, &meta);
        assert!(!svg.contains(Outcome::Observed.name()), "{svg}");
        assert!(svg.contains(Outcome::NoPeriod.name()));
        // With a code observed, its class is named between the other two.
        data.records[2].certified = false;
        data.records[2].period = Some(1);
        let layout = Layout::of(&data, "", crate::plot::COLUMN);
        let named: Vec<Outcome> = layout.legend.iter().map(|&(o, _)| o).collect();
        assert_eq!(named, Outcome::ALL);
    }
}
