//! Legends: a key is a swatch (a fill with an optional mark, or a mark
//! alone) and its text; keys are set in a row, a column, or rows that
//! wrap at the width the figure has, so a legend that fits one line on a
//! desktop stacks on a phone instead of running off the figure.

use super::{Anchor, Area, Colour, MUTED, TEXT, block, heading, outline, text_width};

/// The pitch of a legend's lines.
pub const LINE: i32 = 22;
/// The side of a fill's swatch.
pub const SWATCH: i32 = 16;
/// Room between a swatch and its text.
const PAD: i32 = 6;

/// A mark drawn in ink, centred at the point it is given.
pub type Mark<'a> = &'a dyn Fn(&Area, (i32, i32));

/// What stands for a series or a class in the legend.
#[derive(Clone, Copy)]
pub enum Swatch<'a> {
    /// A [`SWATCH`]-px square of the fill, outlined, and the mark (if any)
    /// at its centre: the second cue beside the colour.
    Fill(Colour, Option<Mark<'a>>),
    /// A mark alone, in room `width` px wide.
    Mark(i32, Mark<'a>),
}

/// One entry of a legend.
#[derive(Clone)]
pub struct Key<'a> {
    pub swatch: Swatch<'a>,
    pub text: String,
}

impl<'a> Key<'a> {
    /// A fill's swatch with an optional mark, and its text.
    pub fn fill(colour: Colour, mark: Option<Mark<'a>>, text: impl Into<String>) -> Key<'a> {
        Key {
            swatch: Swatch::Fill(colour, mark),
            text: text.into(),
        }
    }

    /// A mark alone in room `width` px wide, and its text.
    pub fn mark(width: i32, mark: Mark<'a>, text: impl Into<String>) -> Key<'a> {
        Key {
            swatch: Swatch::Mark(width, mark),
            text: text.into(),
        }
    }

    /// The swatch's width.
    fn swatch_width(&self) -> i32 {
        match self.swatch {
            Swatch::Fill(..) => SWATCH,
            Swatch::Mark(width, _) => width,
        }
    }

    /// The key's width, swatch and text.
    pub fn width(&self) -> i32 {
        self.swatch_width() + PAD + text_width(&self.text, TEXT)
    }
}

/// Draws `key` from its left edge at `(x, y)` (its centre line); returns the
/// x just past its text.
pub fn key(area: &Area, (x, y): (i32, i32), key: &Key) -> i32 {
    match key.swatch {
        Swatch::Fill(colour, mark) => {
            let half = SWATCH / 2;
            block(area, (x, y - half), (x + SWATCH, y + half), colour);
            outline(area, (x, y - half), (x + SWATCH, y + half), MUTED, 1);
            if let Some(mark) = mark {
                mark(area, (x + half, y));
            }
        }
        Swatch::Mark(width, mark) => mark(area, (x + width / 2, y)),
    }
    let text_x = x + key.swatch_width() + PAD;
    heading(area, &key.text, (text_x, y), Anchor::Start);
    text_x + text_width(&key.text, TEXT)
}

/// Keys side by side from `(x, y)`, `gap` px apart; returns the x just past
/// the last.
pub fn row(area: &Area, (x, y): (i32, i32), gap: i32, keys: &[Key]) -> i32 {
    let mut x = x;
    for (i, k) in keys.iter().enumerate() {
        if i > 0 {
            x += gap;
        }
        x = key(area, (x, y), k);
    }
    x
}

/// Keys one under another from the top `top`, a [`LINE`] each; returns the
/// y just below the last line.
pub fn column(area: &Area, (x, top): (i32, i32), keys: &[Key]) -> i32 {
    for (i, k) in keys.iter().enumerate() {
        key(area, (x, top + LINE / 2 + i as i32 * LINE), k);
    }
    top + LINE * keys.len() as i32
}

/// How [`flow`] sets `keys` in `width` px from the left: each key's line
/// (0, 1, …) and its left edge's offset, `gap` px between keys of a line.
pub fn flow_layout(keys: &[Key], width: i32, gap: i32) -> Vec<(usize, i32)> {
    let mut places = Vec::with_capacity(keys.len());
    let (mut line, mut x) = (0, 0);
    for k in keys {
        if x > 0 && x + gap + k.width() > width {
            line += 1;
            x = 0;
        }
        let left = if x == 0 { 0 } else { x + gap };
        places.push((line, left));
        x = left + k.width();
    }
    places
}

/// The lines [`flow`] takes for `keys` in `width` px.
pub fn flow_lines(keys: &[Key], width: i32, gap: i32) -> usize {
    flow_layout(keys, width, gap)
        .last()
        .map_or(0, |&(line, _)| line + 1)
}

/// Keys in lines of at most `width` px from `(x, top)`, wrapping before a
/// key that would pass the width; returns the y just below the last line.
pub fn flow(area: &Area, (x, top): (i32, i32), width: i32, gap: i32, keys: &[Key]) -> i32 {
    let places = flow_layout(keys, width, gap);
    for (k, &(line, left)) in keys.iter().zip(&places) {
        key(area, (x + left, top + LINE / 2 + line as i32 * LINE), k);
    }
    top + LINE * flow_lines(keys, width, gap) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(texts: &[&str]) -> Vec<Key<'static>> {
        texts
            .iter()
            .map(|t| Key::fill(super::super::INK, None, *t))
            .collect()
    }

    #[test]
    fn a_flow_wraps_before_a_key_that_would_pass_the_width() {
        let three = keys(&["a + b (12 pairs)", "2a (30 pairs)", "no sum of two takes"]);
        let widths: Vec<i32> = three.iter().map(Key::width).collect();
        let one_line: i32 = widths.iter().sum::<i32>() + 2 * 18;
        assert_eq!(flow_lines(&three, one_line, 18), 1);
        assert_eq!(flow_lines(&three, one_line - 1, 18), 2);
        assert_eq!(flow_lines(&three, 1, 18), 3);
        // Every key starts inside the width unless it is wider on its own.
        for width in [120, 200, 358, 704] {
            for (k, (_, left)) in three.iter().zip(flow_layout(&three, width, 18)) {
                assert!(left == 0 || left + k.width() <= width, "{width}");
            }
        }
    }
}
