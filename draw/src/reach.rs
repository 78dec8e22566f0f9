//! Option reach: why a subtraction certificate's window is as long as the
//! largest take. One heap, its options drawn back to the heaps they reach,
//! and the span of the furthest one marked. The site's `option-reach`
//! figures and a reader's rule, redrawn in the page, draw through here.

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::plot::{self, ACCENT, Anchor, INK};
use ladder_engine::games::Rule;
use ladder_engine::sequence::{CertificateRule, Value};
use ladder_engine::wording::rule_name;

/// One heap's options and how far back they reach.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// The game, canonically spelled.
    pub rule: String,
    /// The heap looked from.
    pub heap: usize,
    /// Its value.
    pub value: Value,
    /// The heaps reachable in one move, nearest first.
    pub options: Vec<usize>,
    /// How far back the furthest option lies: the certificate's window.
    pub reach: usize,
    /// The values of heaps `0 .. shown`.
    pub values: Vec<Value>,
}

/// Whether `game`, `heap` and `shown` make a figure: a subtraction game,
/// a heap past its largest take (so the window below it is drawn), and a
/// strip that holds the heap and fits a phone's column.
pub fn check(game: &Rule, heap: usize, shown: usize) -> Result<(), String> {
    let Some(set) = game.subtraction_set() else {
        return Err(format!("{game} is not a subtraction game"));
    };
    let largest = set.largest();
    if heap < largest {
        return Err(format!(
            "heap ({heap}) must be at least the largest take ({largest}), so the window of the \
             values below it is drawn"
        ));
    }
    if shown <= heap {
        return Err(format!(
            "shown ({shown}) must be larger than heap ({heap}) so the heap is drawn"
        ));
    }
    if shown > MOST_SHOWN {
        return Err(format!(
            "shown must be at most {MOST_SHOWN}, the cells that fit a phone's column, not {shown}"
        ));
    }
    Ok(())
}

/// Computes the heap's options from the rule.
pub fn compute(game: &Rule, heap: usize, shown: usize) -> Result<Data, String> {
    check(game, heap, shown)?;
    let Some(set) = game.subtraction_set() else {
        return Err(format!("{game} is not a subtraction game"));
    };
    let CertificateRule::Window { length: reach } = game.certificate_rule() else {
        return Err(format!("{game} has no finite window to draw"));
    };
    let values = game.values(shown);
    Ok(Data {
        rule: game.to_string(),
        heap,
        value: values[heap],
        options: set.options(heap),
        reach,
        values,
    })
}

impl Data {
    /// What the figure shows, in one sentence.
    pub fn range_note(&self) -> String {
        let options: Vec<String> = self.options.iter().map(usize::to_string).collect();
        format!(
            "Heap {} of {} has options {}; the furthest lies {} back, the largest take, \
             so the window must hold {} values.",
            self.heap,
            rule_name(&self.rule),
            options.join(", "),
            self.reach,
            self.reach
        )
    }
}

const CELL: i32 = 24;
/// The narrowest cell that still holds a legible value (12 px text).
const MIN_CELL: i32 = 20;
const LEFT: i32 = 20;
/// The most cells that fit a phone's column at the narrowest legible cell:
/// the options' lines join cells of one row, so the strip cannot wrap.
pub const MOST_SHOWN: usize = ((plot::PHONE as i32 - 2 * LEFT) / MIN_CELL) as usize;
/// The vertical step between one option's line and the next, room for a
/// 13 px label between them.
const RISE: i32 = 18;

/// Draws the strip with lines from the heap to each option. The range note
/// is the SVG's description, printed once in the caption.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let room = meta.width as i32 - 2 * LEFT;
    let cell = (room / data.values.len().max(1) as i32).clamp(MIN_CELL, CELL);
    let width = (2 * LEFT + cell * data.values.len() as i32)
        .max(420)
        .min(meta.width as i32) as u32;
    let strip_y = 40 + RISE * data.options.len() as i32 + 10;
    let height = (strip_y + cell + 40) as u32;
    let centre = |heap: usize| LEFT + heap as i32 * cell + cell / 2;
    plot::svg(width, height, meta.caption, &data.range_note(), |area| {
        let title = format!(
            "{}: heap {} and its options",
            rule_name(&data.rule),
            data.heap
        );
        plot::title(area, &title, (LEFT, 14));
        plot::strip(area, LEFT, strip_y, cell, 0, &data.values, "");
        let x = centre(data.heap);
        let corner = (x + cell / 2, strip_y + cell);
        plot::outline(area, (x - cell / 2, strip_y), corner, ACCENT, 3);
        for (i, &option) in data.options.iter().enumerate() {
            let xo = centre(option);
            let rise = strip_y - 22 - RISE * i as i32;
            plot::line(
                area,
                &[(x, strip_y - 14), (x, rise), (xo, rise), (xo, strip_y - 14)],
                ACCENT,
                2,
            );
            plot::dot(area, (xo, strip_y - 14), 3, ACCENT);
            let take = format!("−{}", data.heap - option);
            plot::label(
                area,
                &take,
                ((x + xo) / 2, rise - 8),
                plot::TEXT,
                Anchor::Middle,
                ACCENT,
            );
        }
        let from = LEFT + (data.heap - data.reach) as i32 * cell;
        let to = LEFT + data.heap as i32 * cell;
        let y = strip_y + cell + 10;
        plot::line(
            area,
            &[
                (from + 1, y - 5),
                (from + 1, y),
                (to - 1, y),
                (to - 1, y - 5),
            ],
            INK,
            1,
        );
        let reach = format!("reach {} = largest take", data.reach);
        plot::heading(area, &reach, ((from + to) / 2, y + 14), Anchor::Middle);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strip_fits_a_phone_with_legible_cells() {
        let data = compute(&"sub:1,3,4".parse().unwrap(), 10, 15).unwrap();
        let meta = |width| RenderMeta {
            id: "r",
            caption: "c",
            width,
        };
        let phone = render(&data, &meta(plot::PHONE));
        // 15 cells of 21 px and the margins, no wider than the phone.
        assert!(phone.contains("width=\"358\""), "{}", &phone[..200]);
        assert!(render(&data, &meta(plot::COLUMN)).contains("width=\"420\""));
    }

    #[test]
    fn every_strip_accepted_fits_the_column() {
        assert!(2 * LEFT + MIN_CELL * MOST_SHOWN as i32 <= plot::PHONE as i32);
        let game = "sub:1,3,4".parse().unwrap();
        assert!(
            check(&game, 10, MOST_SHOWN + 1)
                .unwrap_err()
                .contains("at most")
        );
        assert!(check(&game, 3, 14).unwrap_err().contains("largest take"));
        assert!(check(&"octal:·137".parse().unwrap(), 10, 14).is_err());
    }
}
