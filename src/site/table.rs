//! A figure's table as HTML: a header row of `<th scope="col">`, a column
//! that names its rows as `<th scope="row">`, numbers right-aligned in
//! tabular figures, formulas as MathML. The table sits in a frame that
//! scrolls sideways on a narrow screen, so the page itself never does; the
//! frame is focusable and labelled by the figure's caption, so a keyboard
//! can scroll it and a screen reader names it.

use crate::site::inline;
use crate::table::Table;

/// The table as HTML, inside figure `id`'s frame. A formula that does not
/// render is an error for the caller to locate.
pub fn to_html(table: &Table, id: &str) -> Result<String, String> {
    let mut html = format!(
        "<div class=\"table-frame\" role=\"region\" tabindex=\"0\" aria-labelledby=\"fig-{id}-caption\">\n<table>\n"
    );
    if let Some(title) = &table.title {
        html.push_str(&format!("<caption>{}</caption>\n", inline::to_html(title)?));
    }
    html.push_str("<thead><tr>");
    for column in &table.columns {
        let class = if column.numeric { " class=\"num\"" } else { "" };
        html.push_str(&format!(
            "<th scope=\"col\"{class}>{}</th>",
            inline::to_html(&column.title)?
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
                .map(inline::to_html)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Cell, Column};

    #[test]
    fn headers_scopes_alignment_and_formulas() {
        let mut t = Table::new(vec![Column::text("case").names(), Column::number("$N$")]);
        t.push(vec![Cell::text("a <b>"), Cell::number(1234).marked(true)]);
        let html = to_html(&t, "x").unwrap();
        assert!(
            html.contains("<th scope=\"col\" class=\"num\"><math"),
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
        assert!(to_html(&t, "x").is_err());
    }
}
