//! The palette: every colour a figure may use, declared once with its
//! counterpart in the dark scheme.

use plotters::style::RGBColor;

use ladder_engine::sequence::Value;

// The palette. Every colour a figure may use is declared here once, with its
// counterpart in the dark scheme: `svg` writes a `<style>` that swaps each
// light colour for its dark one under `prefers-color-scheme: dark`, which an
// SVG shown as an `<img>` follows from its page. The hues are Okabe and Ito's
// (2008) colour-blind-safe set; fills that carry text are tints of them in the
// light scheme and shades in the dark, each at least 4.5:1 against the ink
// (see the test `text_contrast_holds_in_both_schemes`).

/// The figure's background: the page's paper.
pub const PAPER: RGBColor = RGBColor(0xfd, 0xfd, 0xfb);
/// Ink for text and lines.
pub const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
/// Quiet ink for heap numbers and notes.
pub const MUTED: RGBColor = RGBColor(0x6b, 0x6b, 0x6b);
/// Hairlines and bands: rules of tables, separators between cells.
pub const RULE: RGBColor = RGBColor(0xdd, 0xdd, 0xdd);
/// The accent for marks the eye should find: windows, chosen heaps
/// (Okabe–Ito vermillion, darkened to read as text on paper).
pub const ACCENT: RGBColor = RGBColor(0xb3, 0x4e, 0x00);
/// A second accent, for a second series (Okabe–Ito blue).
pub const ACCENT_2: RGBColor = RGBColor(0x00, 0x72, 0xb2);

/// Fills for values 0, 1, 2, …: a grey, then tints of the seven Okabe–Ito
/// hues (sky blue, orange, bluish green, yellow, blue, vermillion, reddish
/// purple), light enough for ink on them.
pub(super) const PALETTE: [RGBColor; 8] = [
    RGBColor(0xe8, 0xe8, 0xe8),
    RGBColor(0xa2, 0xd6, 0xf3),
    RGBColor(0xf1, 0xca, 0x73),
    RGBColor(0x73, 0xca, 0xb2),
    RGBColor(0xf7, 0xf0, 0x97),
    RGBColor(0x73, 0xb1, 0xd5),
    RGBColor(0xe8, 0xa6, 0x73),
    RGBColor(0xe3, 0xb5, 0xcf),
];

/// The dark scheme: each colour above and its counterpart (the fills' shades
/// in the same order).
const DARK: [(RGBColor, RGBColor); 14] = [
    (PAPER, RGBColor(0x16, 0x16, 0x16)),
    (INK, RGBColor(0xe6, 0xe6, 0xe6)),
    (MUTED, RGBColor(0xa8, 0xa8, 0xa8)),
    (RULE, RGBColor(0x3a, 0x3a, 0x3a)),
    (ACCENT, RGBColor(0xff, 0x8a, 0x4c)),
    (ACCENT_2, RGBColor(0x56, 0xb4, 0xe9)),
    (PALETTE[0], RGBColor(0x3a, 0x3a, 0x3a)),
    (PALETTE[1], RGBColor(0x2c, 0x52, 0x6a)),
    (PALETTE[2], RGBColor(0x68, 0x4b, 0x0d)),
    (PALETTE[3], RGBColor(0x0d, 0x4a, 0x3a)),
    (PALETTE[4], RGBColor(0x63, 0x5e, 0x25)),
    (PALETTE[5], RGBColor(0x0d, 0x3a, 0x54)),
    (PALETTE[6], RGBColor(0x62, 0x33, 0x0d)),
    (PALETTE[7], RGBColor(0x5e, 0x3e, 0x50)),
];

/// Every colour a figure may draw with, light and dark.
pub fn themed_colours() -> &'static [(RGBColor, RGBColor)] {
    &DARK
}

/// The fill for a value; values past the palette cycle through it (the
/// value is written in its cell, so the colour is never the only cue).
pub fn fill(value: Value) -> RGBColor {
    PALETTE[value as usize % PALETTE.len()]
}

/// The fill for case `index` of a classification (cases 0, 1, …): the
/// value palette without its grey, so every case has a hue.
pub fn case_fill(index: usize) -> RGBColor {
    PALETTE[1 + index % (PALETTE.len() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::{Anchor, TEXT, cell, label, svg};

    /// WCAG's relative luminance.
    fn luminance(c: RGBColor) -> f64 {
        let linear = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2)
    }

    fn contrast(a: RGBColor, b: RGBColor) -> f64 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    fn dark(c: RGBColor) -> RGBColor {
        themed_colours()
            .iter()
            .find(|(light, _)| *light == c)
            .map(|(_, dark)| *dark)
            .expect("every colour has a dark counterpart")
    }

    #[test]
    fn text_contrast_holds_in_both_schemes() {
        let mut grounds = vec![PAPER];
        grounds.extend(PALETTE);
        for ground in grounds {
            assert!(contrast(INK, ground) >= 4.5, "ink on {ground:?}");
            assert!(
                contrast(dark(INK), dark(ground)) >= 4.5,
                "dark ink on {:?}",
                dark(ground)
            );
        }
        for text in [MUTED, ACCENT, ACCENT_2] {
            assert!(contrast(text, PAPER) >= 4.5, "{text:?} on paper");
            assert!(contrast(dark(text), dark(PAPER)) >= 4.5, "{text:?} dark");
        }
        // A planted error fails: the old accent on paper is below 4.5.
        assert!(contrast(RGBColor(0xd5, 0x5e, 0x00), PAPER) < 4.5);
    }

    #[test]
    fn the_dark_scheme_is_darker_and_covers_every_colour_it_swaps() {
        for (light, dark) in themed_colours() {
            if *light == PAPER || light.0 > 0x80 && light.1 > 0x80 {
                assert!(luminance(*dark) < luminance(*light), "{light:?}");
            }
        }
        let svg = svg(100, 40, "t", "d", |area| {
            label(area, "x", (10, 10), TEXT, Anchor::Start, INK);
            cell(area, 30, 10, 22, 3);
        });
        assert!(svg.contains("font-size=\"13\""), "{svg}");
        assert!(svg.contains("[fill=\"#222222\"]{fill:#E6E6E6}"), "{svg}");
        assert!(svg.contains("[fill=\"#FDFDFB\"]{fill:#161616}"), "{svg}");
        assert!(!svg.contains("#C0392B"));
    }
}
