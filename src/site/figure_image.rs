//! What a figure's `<img>` needs from its SVG: its size and its description.
//!
//! The size goes into `width` and `height`, so the browser reserves the
//! figure's box before the image arrives and the page does not shift.
//!
//! The description (the SVG's `<desc>`, which says what the figure shows and
//! the range searched) becomes the image's alt text, so a screen reader hears
//! what the drawing shows rather than the caption, which it reads anyway
//! from the `<figcaption>`. The range note the caption repeats visually is
//! then hidden from assistive technology (`aria-hidden`) when the
//! description already holds it, so nothing is heard twice.

/// A figure's image, as read from its SVG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// The SVG's `width` attribute, in pixels.
    pub width: String,
    /// The SVG's `height` attribute, in pixels.
    pub height: String,
    /// The SVG's `<desc>`, as plain text (unescaped; the template escapes it).
    pub description: String,
}

/// Reads the size and description of an SVG as `plot::svg` writes it.
pub fn read(svg: &str) -> Image {
    let head = svg.find('>').map_or(svg, |end| &svg[..end]);
    let attribute = |name: &str| {
        let key = format!(" {name}=\"");
        head.find(&key)
            .map(|at| &head[at + key.len()..])
            .and_then(|rest| rest.find('"').map(|end| rest[..end].to_string()))
            .unwrap_or_default()
    };
    let description = svg
        .find("<desc>")
        .and_then(|at| {
            let rest = &svg[at + "<desc>".len()..];
            rest.find("</desc>").map(|end| &rest[..end])
        })
        .map(super::headings::text_of)
        .unwrap_or_default();
    Image {
        width: attribute("width"),
        height: attribute("height"),
        description,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_and_description_come_from_the_svg() {
        let svg = "<svg role=\"img\" width=\"712\" height=\"202\" viewBox=\"0 0 712 202\">\n\
                   <title>T</title>\n<desc>Values of sub:1,3,4 &amp; more.</desc><rect width=\"9\"/>";
        let image = read(svg);
        assert_eq!(image.width, "712");
        assert_eq!(image.height, "202");
        assert_eq!(image.description, "Values of sub:1,3,4 & more.");
    }
}
