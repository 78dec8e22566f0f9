//! `saltus`: hexadecimal games whose values settle into arithmetic
//! periodicity, `g(n + p) = g(n) + s`: each game's values drawn against the
//! heap, its period marked, its saltus stated with the verdict of Theorems
//! C and C⁺ (`games::saltus_certificate`). Beside them, one claimed saltus
//! that holds over a window of Theorem P's length and then breaks, with the
//! verdicts the theorems give it: the reason a window is not a proof here.

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::plot::{self, ACCENT, Anchor, MUTED, axis};
use ladder_engine::games::Rule;
use ladder_engine::games::arithmetic::Arithmetic;
use ladder_engine::games::saltus_certificate::{SaltusCertificate, THEOREM_C_PLUS, certify_claim};
use ladder_engine::numbers::grouped;
use ladder_engine::sequence::{CertificateRule, DEFAULT_MIN_REPEATS, Value, find_period};
use ladder_engine::wording::rule_name;

/// A claim `g(n + period) = g(n) + saltus` for `n ≥ from`, given, not found.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// A take-and-break code, e.g. `hex:·18`.
    pub game: Rule,
    pub from: usize,
    pub period: usize,
    pub saltus: i64,
}

/// What became of the claim.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ClaimData {
    pub rule: String,
    pub from: usize,
    pub period: usize,
    pub saltus: i64,
    /// One past the last heap of the window of Theorem P for `(from, period)`.
    pub window_end: usize,
    /// The first heap `n ≥ from` where the relation fails, or null.
    pub first_failure: Option<usize>,
    /// The verdict of Theorems C and C⁺ on the claim (every attempt listed).
    pub certificate: SaltusCertificate,
}

/// One game: its plain period (if any) and its arithmetic period (if any).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Row {
    pub rule: String,
    /// A plain period, `[preperiod, period]`, or null.
    pub period: Option<[usize; 2]>,
    /// The arithmetic period found, with its certificate, or null.
    pub arithmetic: Option<Arithmetic>,
    /// `certified`, `observed` (a saltus neither theorem proves),
    /// `plain period` or `no regularity found`.
    pub status: String,
    /// The values drawn.
    pub values: Vec<Value>,
}

/// The rows, in the order given.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub computed: usize,
    pub rows: Vec<Row>,
    pub naive: ClaimData,
}

/// What a figure computes: the games, their values computed and searched,
/// the heaps drawn, and the claim tested.
#[derive(Debug, Clone)]
pub struct Input<'a> {
    pub games: &'a [Rule],
    pub values: usize,
    pub shown: usize,
    pub naive: &'a Claim,
}

/// Computes each game and searches for a plain and an arithmetic period.
pub fn compute(input: &Input) -> Result<Data, String> {
    let rows = input
        .games
        .iter()
        .map(|game| {
            let values = game.values(input.values);
            let period = find_period(&values, DEFAULT_MIN_REPEATS)
                .found()
                .map(|(s, p)| [s, p]);
            let arithmetic = game.arithmetic(&values, DEFAULT_MIN_REPEATS);
            let status = match (&arithmetic, period) {
                (Some(a), _) if a.is_certified() => "certified",
                (Some(_), _) => "observed",
                (None, Some(_)) => "plain period",
                (None, None) => "no regularity found",
            };
            Row {
                rule: game.to_string(),
                period,
                arithmetic,
                status: status.to_string(),
                values: values[..input.shown.min(values.len())].to_vec(),
            }
        })
        .collect();
    Ok(Data {
        computed: input.values,
        rows,
        naive: claim(input.naive, input.values)?,
    })
}

/// Tests a claimed saltus: where it fails, how long Theorem P's window for
/// it would be, and the verdicts of Theorems C and C⁺.
fn claim(claim: &Claim, count: usize) -> Result<ClaimData, String> {
    let digits = claim
        .game
        .code_digits()
        .ok_or_else(|| format!("`{}` is not a take-and-break code", claim.game))?;
    if claim.period == 0 {
        return Err("a claimed saltus needs a period of at least 1".to_string());
    }
    let values = claim.game.values(count);
    let first_failure = (claim.from..values.len().saturating_sub(claim.period))
        .find(|&n| i64::from(values[n + claim.period]) - i64::from(values[n]) != claim.saltus);
    let CertificateRule::Scaled(window) = claim.game.certificate_rule() else {
        return Err(format!("`{}` has no window", claim.game));
    };
    Ok(ClaimData {
        rule: claim.game.to_string(),
        from: claim.from,
        period: claim.period,
        saltus: claim.saltus,
        window_end: window.end(claim.from, claim.period),
        first_failure,
        certificate: certify_claim(&digits, &values, claim.from, claim.period, claim.saltus),
    })
}

/// How a row's saltus is judged, in words.
fn verdict(arithmetic: &Arithmetic) -> String {
    match &arithmetic.certificate {
        Some(c) if c.holds && c.theorem == THEOREM_C_PLUS => "certified (Theorem C⁺)".to_string(),
        Some(c) if c.holds => "certified (Theorem C)".to_string(),
        Some(c) if c.condition == "saltus-power-of-two" => {
            "observed: the saltus is not a power of two".to_string()
        }
        Some(c) => format!("observed: Theorem C⁺'s {} fails", c.condition),
        None => "observed".to_string(),
    }
}

impl Data {
    /// The range, and each game's finding.
    pub fn range_note(&self) -> String {
        let parts: Vec<String> = self
            .rows
            .iter()
            .map(|r| match &r.arithmetic {
                Some(a) => format!(
                    "{}: $g(n + {}) = g(n) + {}$ from heap {}, {}",
                    rule_name(&r.rule),
                    a.found.period,
                    a.found.saltus,
                    a.found.preperiod,
                    verdict(a)
                ),
                None => format!("{}: {}", rule_name(&r.rule), r.status),
            })
            .collect();
        format!(
            "Each searched in {} values. {}.",
            grouped(self.computed as u64),
            parts.join("; ")
        )
    }
}

const LEFT: i32 = 56;
const RIGHT: i32 = 16;
const TOP: i32 = 58;
const PANEL_H: i32 = 96;
/// From one panel's plot to the next: its heap ticks, then the next title.
const GAP: i32 = 62;
/// The least room between the centres of two heap ticks (labels up to four
/// digits at 12 px).
const TICK_ROOM: i32 = 36;
/// The x axis title, written at the right end of the tick row.
const X_TITLE: &str = "heap n";

/// The heaps `0 ..= last` that get a tick: multiples of the first of 1, 2,
/// 5, 10, 20, 50, … that leaves `TICK_ROOM` px between ticks, and none
/// within `TICK_ROOM` of the axis title at the right end (`reserved` px).
fn heap_ticks(last: usize, px_per_heap: f64, reserved: i32) -> Vec<usize> {
    let step = axis::nice_step(px_per_heap, TICK_ROOM, last.max(1));
    let limit = last as f64 * px_per_heap - f64::from(reserved + TICK_ROOM / 2);
    (0..=last)
        .step_by(step)
        .filter(|&n| n as f64 * px_per_heap <= limit)
        .collect()
}

/// A panel's title: the game and its saltus with the verdict, or its status.
fn panel_title(row: &Row) -> String {
    match &row.arithmetic {
        Some(a) => format!(
            "{}: period {}, saltus {}, from heap {}: {}",
            rule_name(&row.rule),
            a.found.period,
            a.found.saltus,
            a.found.preperiod,
            verdict(a)
        ),
        None => format!("{}: {}", rule_name(&row.rule), row.status),
    }
}

/// The lines a panel's title takes in `width` px.
fn title_lines(row: &Row, width: i32) -> i32 {
    plot::fit_lines(&panel_title(row), plot::TEXT, width).len() as i32
}

/// One game's panel, `plot_w` px wide from the top `top`, its title
/// wrapped to `title_w` px above it.
fn draw_panel(area: &plot::Area, row: &Row, top: i32, plot_w: i32, title_w: i32) {
    let bottom = top + PANEL_H;
    let most = row.values.iter().copied().max().unwrap_or(1).max(1) as f64;
    let count = row.values.len().max(2) as f64;
    let px_per_heap = f64::from(plot_w) / (count - 1.0);
    let x_of = |n: usize| LEFT + (n as f64 * px_per_heap).round() as i32;
    let y_of = |v: Value| bottom - (f64::from(v) / most * PANEL_H as f64).round() as i32;
    let extra = (title_lines(row, title_w) - 1) * plot::line_pitch(plot::TEXT);
    plot::heading_lines(area, &panel_title(row), (20, top - 18 - extra), title_w);
    let frame = [(LEFT, top), (LEFT, bottom), (LEFT + plot_w, bottom)];
    plot::line(area, &frame, MUTED, 1);
    let values = [
        (top, format!("{}", most as Value)),
        (bottom, "0".to_string()),
    ];
    axis::y_labels(area, values, LEFT - 6);
    plot::heading(area, "g(n)", (LEFT - 6, (top + bottom) / 2), Anchor::End);
    if let Some(a) = &row.arithmetic {
        let mut mark = a.found.preperiod;
        while mark < row.values.len() {
            let x = x_of(mark);
            plot::line(area, &[(x, top), (x, bottom)], plot::fill(0), 1);
            mark += a.found.period;
        }
    }
    for (n, &v) in row.values.iter().enumerate() {
        plot::dot(area, (x_of(n), y_of(v)), 2, ACCENT);
    }
    let last = row.values.len().saturating_sub(1);
    let reserved = plot::text_width(X_TITLE, plot::TEXT);
    for n in heap_ticks(last, px_per_heap, reserved) {
        plot::line(area, &[(x_of(n), bottom), (x_of(n), bottom + 4)], MUTED, 1);
        plot::tick(area, &n.to_string(), (x_of(n), bottom + 14), Anchor::Middle);
    }
    plot::heading(area, X_TITLE, (LEFT + plot_w, bottom + 14), Anchor::End);
}

/// One panel per game: the values as dots, the period's blocks as faint
/// lines, the verdict in the panel's title. The range note is the SVG's
/// description, printed once in the caption.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let width = meta.width as i32;
    let plot_w = width - LEFT - RIGHT;
    let title_w = width - 20 - RIGHT;
    let pitch = plot::line_pitch(plot::TEXT);
    let title = "Values against the heap: a steady climb is a saltus";
    let head = (plot::fit_lines(title, plot::TITLE, width - 20).len() as i32 - 1)
        * plot::line_pitch(plot::TITLE);
    // Each panel's top: below the last, and below its own title's lines.
    let mut tops = Vec::new();
    let mut top = TOP + head - GAP - PANEL_H;
    for row in &data.rows {
        top += PANEL_H + GAP + (title_lines(row, title_w) - 1) * pitch;
        tops.push(top);
    }
    let height = (top + PANEL_H + 28) as u32;
    plot::svg(
        width as u32,
        height,
        meta.caption,
        &data.range_note(),
        |area| {
            plot::title_lines(area, title, (20, 14), width - 20);
            for (row, &top) in data.rows.iter().zip(&tops) {
                draw_panel(area, row, top, plot_w, title_w);
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heap_ticks_never_crowd_each_other_or_the_axis_title() {
        let reserved = plot::text_width(X_TITLE, plot::TEXT);
        for last in [1, 5, 30, 119, 500, 9_999] {
            let plot_w = f64::from(plot::COLUMN as i32 - LEFT - RIGHT);
            let px = plot_w / last as f64;
            let ticks = heap_ticks(last, px, reserved);
            assert_eq!(ticks.first(), Some(&0), "{last}");
            for pair in ticks.windows(2) {
                assert!((pair[1] - pair[0]) as f64 * px >= f64::from(TICK_ROOM));
            }
            let end = *ticks.last().unwrap() as f64 * px;
            assert!(end + f64::from(TICK_ROOM / 2) <= plot_w - f64::from(reserved));
        }
        // 120 heaps over the column, 5.3 px a heap: a tick every 10, the
        // last before the axis title.
        let px = f64::from(plot::COLUMN as i32 - LEFT - RIGHT) / 119.0;
        let ticks: Vec<usize> = (0..=100).step_by(10).collect();
        assert_eq!(heap_ticks(119, px, reserved), ticks);
    }

    /// A claim's `from`, `period` and `saltus` are read with no range: every
    /// sum and product on them is checked instead.
    #[test]
    fn a_claim_at_the_edges_of_its_types_is_judged_without_overflow() {
        for (from, period, saltus) in [
            (usize::MAX, usize::MAX, i64::MAX),
            (usize::MAX, 1, i64::MIN),
            (0, usize::MAX, i64::MIN),
            (1, usize::MAX - 1, 1),
            (usize::MAX - 1, 3, 1 << 62),
        ] {
            let claim = Claim {
                game: "hex:·8".parse().unwrap(),
                from,
                period,
                saltus,
            };
            let data = super::claim(&claim, 300).unwrap();
            assert!(!data.certificate.holds, "{from} {period} {saltus}");
        }
    }
}
