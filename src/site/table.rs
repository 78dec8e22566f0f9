//! A figure's table as HTML: a header row of `<th scope="col">`, a column
//! that names its rows as `<th scope="row">`, numbers right-aligned in
//! tabular figures, formulas as MathML, a theorem named in a cell linked to
//! its statement (a table is shown only on its page). The table sits in a frame that
//! scrolls sideways on a narrow screen, so the page itself never does; the
//! frame is focusable and labelled by its own caption (when it has one)
//! and the figure's, so a keyboard can scroll it and a screen reader names
//! each of a figure's tables apart. A header that is only a formula also
//! carries its plain reading, which every reader can name it by.

use crate::site::inline;
use crate::table::Table;
use crate::text::plain::to_plain;
use crate::text::wording::typographic;

/// Table `index` of figure `id` as HTML, inside its frame. A formula that
/// does not render is an error for the caller to locate.
pub fn to_html(table: &Table, id: &str, index: usize) -> Result<String, String> {
    let caption_id = format!("fig-{id}-table-{}", index + 1);
    let labels = match table.title {
        Some(_) => format!("{caption_id} fig-{id}-caption"),
        None => format!("fig-{id}-caption"),
    };
    let mut html = format!(
        "<div class=\"table-frame\" role=\"region\" tabindex=\"0\" aria-labelledby=\"{labels}\">\n<table>\n"
    );
    if let Some(title) = &table.title {
        let title = inline::to_html(title, "")?;
        html.push_str(&format!("<caption id=\"{caption_id}\">{title}</caption>\n"));
    }
    html.push_str("<thead><tr>");
    for column in &table.columns {
        let class = if column.numeric { " class=\"num\"" } else { "" };
        html.push_str(&format!(
            "<th scope=\"col\"{class}>{}</th>",
            cell_html(&column.title)?
        ));
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    for row in &table.rows {
        html.push_str("<tr>");
        for (column, cell) in table.columns.iter().zip(row) {
            // A line break in a cell is kept: `class 3` over `W L L`.
            let lines = cell
                .shown
                .split('\n')
                .map(cell_html)
                .collect::<Result<Vec<_>, _>>()?;
            let mut text = lines.join("<br>");
            if cell.marked {
                text = format!("<strong>{text}</strong>");
            }
            let class = if column.numeric { " class=\"num\"" } else { "" };
            if column.names_row {
                html.push_str(&format!("<th scope=\"row\"{class}>{text}</th>"));
            } else {
                html.push_str(&format!("<td{class}>{text}</td>"));
            }
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody>\n</table>\n</div>");
    Ok(html)
}

/// A cell's text as HTML; one that is only a formula (a header such as
/// `$N$`, a row named `$\equiv 0$`) also gets its plain reading as text for
/// assistive technology, the MathML shown beside it.
fn cell_html(title: &str) -> Result<String, String> {
    let html = inline::to_html(&typographic_text(title), "")?;
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
        assert_eq!(cell_html("Nim's shape").unwrap(), "Nim’s shape");
        assert_eq!(cell_html("the coalition's").unwrap(), "the coalition’s");
        let with_prime = cell_html("Nim's $g'$").unwrap();
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
        let html = to_html(&t, "x", 0).unwrap();
        assert!(
            html.contains(
                "<th scope=\"col\" class=\"num\"><span class=\"visually-hidden\">N</span>\
                 <span aria-hidden=\"true\"><math"
            ),
            "{html}"
        );
        assert!(
            html.contains("<th scope=\"row\">a &lt;b&gt;</th>"),
            "{html}"
        );
        assert!(
            html.contains("<td class=\"num\"><strong>1,234</strong></td>"),
            "{html}"
        );
        assert!(html.contains("aria-labelledby=\"fig-x-caption\""));
        assert!(
            !html.contains("\n\n"),
            "a blank line would end the Markdown HTML block"
        );
    }

    #[test]
    fn a_broken_formula_is_an_error() {
        let mut t = Table::new(vec![Column::text("a")]);
        t.push(vec![Cell::text("$x")]);
        assert!(to_html(&t, "x", 0).is_err());
    }

    #[test]
    fn each_titled_table_of_a_figure_is_labelled_apart() {
        let titled = |title: &str| Table::new(vec![Column::text("a")]).titled(title);
        let first = to_html(&titled("One"), "x", 0).unwrap();
        let second = to_html(&titled("Two"), "x", 1).unwrap();
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
        assert!(!to_html(&mixed, "x", 0).unwrap().contains("visually-hidden"));
    }
}
