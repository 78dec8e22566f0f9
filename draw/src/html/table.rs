//! A figure's table as HTML: a header row of `<th scope="col">`, a column
//! that names its rows as `<th scope="row">`, numbers right-aligned in
//! tabular figures, formulas as MathML, a theorem named in a cell linked to
//! its statement (a table is shown only on its page). The table sits in a frame that
//! scrolls sideways on a narrow screen, so the page itself never does; the
//! frame is focusable and labelled by its own caption (when it has one)
//! and the figure's, so a keyboard can scroll it and a screen reader names
//! each of a figure's tables apart. A header that is only a formula also
//! carries its plain reading, which every reader can name it by.
//!
//! A table too wide for the smallest phone's column (estimated from its
//! longest line in each column: the page cannot measure before it is shown)
//! is marked `stacks`: on a phone each of its rows becomes a block, each
//! cell a line that its column's heading labels (`data-label`, read by the
//! stylesheet), so every column is on the screen and none scrolls. A grid
//! ([`Table::grid`], a multiplication table) that fits the narrowest
//! phone in the grid's smaller type (estimated the same way) is marked
//! `grid` too: it stays a grid on every phone.

use super::inline;
use crate::plain::to_plain;
use crate::table::Table;
use ladder_engine::wording::typographic;

/// Table `index` of figure `id` as HTML, inside its frame. A formula that
/// does not render is an error for the caller to locate.
pub fn to_html(table: &Table, id: &str, index: usize, root: &str) -> Result<String, String> {
    let caption_id = format!("fig-{id}-table-{}", index + 1);
    let labels = match table.title {
        Some(_) => format!("{caption_id} fig-{id}-caption"),
        None => format!("fig-{id}-caption"),
    };
    let stacks = natural_width(table) > NARROWEST_COLUMN;
    let grid = stacks && table.grid && grid_width(table) <= GRID_COLUMN;
    let class = match (stacks, grid, table.rows.len() > LONG) {
        (true, true, _) => "table-frame stacks grid",
        (true, false, true) => "table-frame stacks long",
        (true, false, false) => "table-frame stacks",
        (false, ..) => "table-frame",
    };
    let mut html = format!(
        "<div class=\"{class}\" role=\"region\" tabindex=\"0\" aria-labelledby=\"{labels}\">\n<table>\n"
    );
    let column_labels: Vec<String> = table
        .columns
        .iter()
        .map(|c| crate::plot::escape(to_plain(&c.title).trim()))
        .collect();
    if let Some(title) = &table.title {
        let title = inline::to_html(title, root)?;
        html.push_str(&format!("<caption id=\"{caption_id}\">{title}</caption>\n"));
    }
    html.push_str("<thead><tr>");
    for column in &table.columns {
        let class = if column.numeric { " class=\"num\"" } else { "" };
        html.push_str(&format!(
            "<th scope=\"col\"{class}>{}</th>",
            cell_html(&column.title, root)?
        ));
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    for row in &table.rows {
        html.push_str("<tr>");
        for ((column, cell), label) in table.columns.iter().zip(row).zip(&column_labels) {
            // A line break in a cell is kept: `class 3` over `W L L`.
            let lines = cell
                .shown
                .split('\n')
                .map(|line| cell_html(line, root))
                .collect::<Result<Vec<_>, _>>()?;
            let mut text = lines.join("<br>");
            if cell.marked {
                text = format!("<strong>{text}</strong>");
            }
            if stacks {
                // One box beside the label, however many words and formulas.
                text = format!("<span>{text}</span>");
            }
            let class = if column.numeric { " class=\"num\"" } else { "" };
            let label = format!(" data-label=\"{label}\"");
            if column.names_row {
                html.push_str(&format!("<th scope=\"row\"{class}{label}>{text}</th>"));
            } else {
                html.push_str(&format!("<td{class}{label}>{text}</td>"));
            }
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody>\n</table>\n");
    if stacks && !grid && table.rows.len() > LONG {
        // On a phone a long table shows its first rows and this box, which
        // shows the rest: no script, and the keyboard reaches it.
        let rows = table.rows.len();
        html.push_str(&format!(
            "<input type=\"checkbox\" class=\"fold\" id=\"{caption_id}-all\">\
             <label for=\"{caption_id}-all\">Show all {rows} rows</label>\n"
        ));
    }
    html.push_str("</div>");
    Ok(html)
}

/// A stacked table of more rows than this reads each row as a short
/// paragraph on a phone (its cells' labels and values running on), not a
/// line a cell: the frontier's 91 rows would be 38,000 px tall. Even so
/// they are 10,000 px: on a phone such a table shows its first 6 rows
/// (the stylesheet's `nth-child(n + 7)`) until the reader asks for all of
/// them, so that no essay is screens of one table without a way past it.
const LONG: usize = 12;

/// The smallest phone's column in CSS px: a 320 px screen less the page's
/// padding.
const NARROWEST_COLUMN: f64 = 288.0;

/// The room a grid has on the narrowest phone: a 320 px screen less 4 px a
/// side (under 375 px the stylesheet lets a grid into the page's margins).
const GRID_COLUMN: f64 = 312.0;

/// The width a table takes with every cell on one line, estimated in CSS
/// px: each column's longest line (heading or cell, formulas by their plain
/// reading) at the table's 0.9 rem sans-serif, about 8.4 px a character,
/// plus the cell's padding of 0.7 rem each side.
fn natural_width(table: &Table) -> f64 {
    width_at(table, 8.4, 22.4)
}

/// The same for a grid on the narrowest phone: 12 px type, about 7.2 px a
/// character (0.6 em: ·312's cells, `ab³` in bold, measure 7 px a
/// character), and 0.05 rem of padding a side.
fn grid_width(table: &Table) -> f64 {
    width_at(table, 7.2, 1.6)
}

fn width_at(table: &Table, per_char: f64, padding: f64) -> f64 {
    let longest = |text: &str| -> usize {
        to_plain(text)
            .split('\n')
            .map(|line| line.chars().count())
            .max()
            .unwrap_or(0)
    };
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, column)| {
            let cells = table.rows.iter().filter_map(|r| r.get(i));
            let chars = cells
                .map(|c| longest(&c.shown))
                .chain([longest(&column.title)])
                .max()
                .unwrap_or(0);
            chars as f64 * per_char + padding
        })
        .sum()
}

/// A cell's text as HTML; one that is only a formula (a header such as
/// `$N$`, a row named `$\equiv 0$`) also gets its plain reading as text for
/// assistive technology, the MathML shown beside it.
fn cell_html(title: &str, root: &str) -> Result<String, String> {
    let html = inline::to_html(&typographic_text(title), root)?;
    let only_math = title.contains('$') && title.split('$').step_by(2).all(|t| t.trim().is_empty());
    Ok(if only_math {
        let plain = crate::plot::escape(&to_plain(title));
        format!(
            "<span class=\"visually-hidden\">{plain}</span><span aria-hidden=\"true\">{html}</span>"
        )
    } else {
        html
    })
}

/// A cell's straight quotes made typographic (`Nim's` as `Nim’s`) outside
/// its formulas, where a `'` is a prime. The CSV keeps the cell as written.
fn typographic_text(cell: &str) -> String {
    cell.split('$')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 0 {
                typographic(part)
            } else {
                part.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("$")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Cell, Column};

    #[test]
    fn a_cell_has_typographic_apostrophes_and_its_formula_keeps_its_prime() {
        assert_eq!(cell_html("Nim's shape", "").unwrap(), "Nim’s shape");
        assert_eq!(cell_html("the coalition's", "").unwrap(), "the coalition’s");
        let with_prime = cell_html("Nim's $g'$", "").unwrap();
        assert!(with_prime.starts_with("Nim’s "), "{with_prime}");
        assert_eq!(
            with_prime,
            format!("Nim’s {}", inline::to_html("$g'$", "").unwrap())
        );
    }

    #[test]
    fn headers_scopes_alignment_and_formulas() {
        let mut t = Table::new(vec![Column::text("case").names(), Column::number("$N$")]);
        t.push(vec![Cell::text("a <b>"), Cell::number(1234).marked(true)]);
        let html = to_html(&t, "x", 0, "").unwrap();
        assert!(
            html.contains(
                "<th scope=\"col\" class=\"num\"><span class=\"visually-hidden\">N</span>\
                 <span aria-hidden=\"true\"><math"
            ),
            "{html}"
        );
        assert!(
            html.contains("<th scope=\"row\" data-label=\"case\">a &lt;b&gt;</th>"),
            "{html}"
        );
        assert!(
            html.contains("<td class=\"num\" data-label=\"N\"><strong>1,234</strong></td>"),
            "{html}"
        );
        assert!(html.contains("aria-labelledby=\"fig-x-caption\""));
        assert!(
            !html.contains("\n\n"),
            "a blank line would end the Markdown HTML block"
        );
    }

    #[test]
    fn a_table_wider_than_the_smallest_phone_stacks_there_each_cell_labelled() {
        let mut narrow = Table::new(vec![Column::text("n").names(), Column::number("$g(n)$")]);
        narrow.push(vec![Cell::text("1"), Cell::number(1)]);
        let html = to_html(&narrow, "x", 0, "").unwrap();
        assert!(html.starts_with("<div class=\"table-frame\" "), "{html}");
        assert!(
            html.contains(
                "<th scope=\"row\" data-label=\"n\">1</th><td class=\"num\" data-label=\"g(n)\">"
            ),
            "{html}"
        );
        let mut wide = Table::new(vec![
            Column::text("rule").names(),
            Column::text("why the \"shape\" fails"),
            Column::number("values"),
        ]);
        wide.push(vec![
            Cell::text("·137"),
            Cell::text("a long explanation of thirty characters"),
            Cell::number(1_000_000),
        ]);
        let html = to_html(&wide, "x", 0, "").unwrap();
        assert!(
            html.starts_with("<div class=\"table-frame stacks\" "),
            "{html}"
        );
        assert!(
            html.contains("data-label=\"why the &quot;shape&quot; fails\""),
            "a label cannot end its attribute: {html}"
        );
        for _ in 0..LONG {
            wide.push(vec![Cell::text("·1"), Cell::text("a"), Cell::number(1)]);
        }
        let long = to_html(&wide, "x", 0, "").unwrap();
        assert!(
            long.starts_with("<div class=\"table-frame stacks long\" "),
            "{long}"
        );
        assert!(
            long.ends_with(
                "</table>\n<input type=\"checkbox\" class=\"fold\" id=\"fig-x-table-1-all\">\
                 <label for=\"fig-x-table-1-all\">Show all 13 rows</label>\n</div>"
            ),
            "{long}"
        );
        assert!(
            !html.contains("class=\"fold\""),
            "a short table has no fold"
        );
    }

    /// A Cayley table of `order` elements named by up to three characters,
    /// as a misère quotient's.
    fn cayley(order: usize, name: &str) -> Table {
        let mut columns = vec![Column::text("×").names()];
        columns.extend((0..order).map(|_| Column::text(name)));
        let mut table = Table::new(columns).as_grid();
        for _ in 0..order {
            table.push(vec![Cell::text(name); order + 1]);
        }
        table
    }

    #[test]
    fn a_grid_that_fits_a_phone_stays_a_grid_there_and_a_wider_one_stacks() {
        // ·312's twelve elements (names like `ab³`) fit; sixteen of four
        // characters do not, nor does a grid that is not marked one.
        let fits = to_html(&cayley(12, "ab³"), "x", 0, "").unwrap();
        assert!(
            !fits.contains("class=\"fold\""),
            "a grid is never folded: {fits}"
        );
        assert!(
            fits.starts_with("<div class=\"table-frame stacks grid\" "),
            "{fits}"
        );
        let wide = to_html(&cayley(16, "ab²c"), "x", 0, "").unwrap();
        assert!(
            wide.starts_with("<div class=\"table-frame stacks long\" "),
            "{wide}"
        );
        let mut plain = cayley(12, "ab³");
        plain.grid = false;
        let plain = to_html(&plain, "x", 0, "").unwrap();
        assert!(
            plain.starts_with("<div class=\"table-frame stacks\" "),
            "{plain}"
        );
        // A grid narrow enough for the smallest phone needs no class at all.
        let small = to_html(&cayley(2, "a"), "x", 0, "").unwrap();
        assert!(small.starts_with("<div class=\"table-frame\" "), "{small}");
    }

    #[test]
    fn a_broken_formula_is_an_error() {
        let mut t = Table::new(vec![Column::text("a")]);
        t.push(vec![Cell::text("$x")]);
        assert!(to_html(&t, "x", 0, "").is_err());
    }

    #[test]
    fn each_titled_table_of_a_figure_is_labelled_apart() {
        let titled = |title: &str| Table::new(vec![Column::text("a")]).titled(title);
        let first = to_html(&titled("One"), "x", 0, "").unwrap();
        let second = to_html(&titled("Two"), "x", 1, "").unwrap();
        assert!(
            first.contains("aria-labelledby=\"fig-x-table-1 fig-x-caption\""),
            "{first}"
        );
        assert!(
            second.contains("<caption id=\"fig-x-table-2\">Two</caption>"),
            "{second}"
        );
        // A header that mixes words and a formula needs no second reading.
        let mixed = Table::new(vec![Column::text("value of $h$")]);
        assert!(
            !to_html(&mixed, "x", 0, "")
                .unwrap()
                .contains("visually-hidden")
        );
    }
}
