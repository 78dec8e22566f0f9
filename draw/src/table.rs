//! Tables: what a figure whose content is a table gives instead of (or
//! beside) a drawing. A table drawn as a picture cannot be searched, read
//! aloud, copied or reflowed on a phone; this model is rendered by the site
//! as an HTML `<table>` ([`crate::html::table`]) and written as CSV beside the
//! figure's JSON, from the same cells, so the two never disagree.
//!
//! A cell holds two texts: what the page shows (which may hold `$…$`
//! formulas, rendered as MathML, and numbers grouped as the prose groups
//! them) and what the CSV holds (plain, numbers ungrouped, for a program).

use serde::{Deserialize, Serialize};

use crate::plot::cells::Cells;
use ladder_engine::numbers::grouped;

/// A table: a header row of columns, then rows of cells.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// A title shown above the table when a figure has more than one part
    /// (the figure's own caption names a lone table).
    pub title: Option<String>,
    /// The columns, left to right.
    pub columns: Vec<Column>,
    /// The rows, top to bottom; each has one cell per column.
    pub rows: Vec<Vec<Cell>>,
    /// A grid of short cells (a multiplication table, Φ heap by heap),
    /// read across and down: on a phone it stays a grid, in smaller type,
    /// where it fits, rather than becoming a card a row (see
    /// [`crate::html::table`]).
    #[serde(default)]
    pub grid: bool,
}

/// A column's heading and alignment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    /// The heading (may hold `$…$`).
    pub title: String,
    /// Numbers are right-aligned, so their digits line up.
    pub numeric: bool,
    /// The column names its row (`<th scope="row">`).
    pub names_row: bool,
}

/// One cell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// What the page shows (may hold `$…$`).
    pub shown: String,
    /// What the CSV holds.
    pub plain: String,
    /// Marked for the eye (a failure, a record): shown in bold, and in the
    /// CSV as it is (the mark is in the data).
    pub marked: bool,
}

impl Column {
    /// A column of text.
    pub fn text(title: &str) -> Column {
        Column {
            title: title.into(),
            numeric: false,
            names_row: false,
        }
    }

    /// A column of numbers, right-aligned.
    pub fn number(title: &str) -> Column {
        Column {
            numeric: true,
            ..Column::text(title)
        }
    }

    /// The column that names each row.
    pub fn names(mut self) -> Column {
        self.names_row = true;
        self
    }
}

impl Cell {
    /// Text, the same on the page and in the CSV (its formulas read as
    /// plain text there).
    pub fn text(shown: impl Into<String>) -> Cell {
        let shown = shown.into();
        Cell {
            plain: crate::plain::to_plain(&shown),
            shown,
            marked: false,
        }
    }

    /// Lines of text, one under the other on the page, joined by a space
    /// in the CSV.
    pub fn lines(lines: &[String]) -> Cell {
        Cell {
            shown: lines.join("\n"),
            plain: lines
                .iter()
                .map(|l| crate::plain::to_plain(l))
                .collect::<Vec<_>>()
                .join(" "),
            marked: false,
        }
    }

    /// A whole number, grouped on the page (`509,621`) and plain in the CSV.
    pub fn number(n: u64) -> Cell {
        Cell {
            shown: grouped(n),
            plain: n.to_string(),
            marked: false,
        }
    }

    /// A whole number too large for `u64`, grouped when it fits.
    pub fn wide(n: u128) -> Cell {
        match u64::try_from(n) {
            Ok(small) => Cell::number(small),
            Err(_) => Cell {
                shown: n.to_string(),
                plain: n.to_string(),
                marked: false,
            },
        }
    }

    /// A formula: MathML on the page, its plain reading in the CSV.
    pub fn math(latex: &str) -> Cell {
        Cell::text(format!("${latex}$"))
    }

    /// Nothing (an empty cell).
    pub fn empty() -> Cell {
        Cell::text("")
    }

    /// The same cell, marked.
    pub fn marked(mut self, marked: bool) -> Cell {
        self.marked = marked;
        self
    }
}

impl Table {
    /// A table with these columns and no rows yet.
    pub fn new(columns: Vec<Column>) -> Table {
        Table {
            title: None,
            columns,
            rows: Vec::new(),
            grid: false,
        }
    }

    /// The same table, read as a grid (see [`Table::grid`]).
    pub fn as_grid(mut self) -> Table {
        self.grid = true;
        self
    }

    /// The same table with a title.
    pub fn titled(mut self, title: impl Into<String>) -> Table {
        self.title = Some(title.into());
        self
    }

    /// Adds a row. A row of the wrong length is a bug in the figure, so it
    /// is padded or cut to the columns rather than breaking the page.
    pub fn push(&mut self, mut row: Vec<Cell>) {
        debug_assert_eq!(row.len(), self.columns.len(), "row length");
        row.resize(self.columns.len(), Cell::empty());
        self.rows.push(row);
    }

    /// The table as CSV (RFC 4180: fields quoted when they hold a comma,
    /// quote or line break; lines end in CRLF), headings first.
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        let mut line = |fields: Vec<String>| {
            let quoted: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
            out.push_str(&quoted.join(","));
            out.push_str("\r\n");
        };
        line(
            self.columns
                .iter()
                .map(|c| crate::plain::to_plain(&c.title))
                .collect(),
        );
        for row in &self.rows {
            line(row.iter().map(|c| c.plain.clone()).collect());
        }
        out
    }
}

fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

/// What a figure's renderer gives: a drawing, tables, or both (a chart with
/// a side table), in the order the page shows them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawing {
    /// The SVG, if the figure draws one, drawn for the page's column.
    pub svg: Option<String>,
    /// The same figure drawn for a phone's column ([`crate::plot::PHONE`]),
    /// when that drawing differs from the column's.
    #[serde(default)]
    pub phone_svg: Option<String>,
    /// What each cell of the drawing is, and of the phone's drawing
    /// ([`crate::plot::cells`]): empty for a drawing with no cells.
    #[serde(default)]
    pub cells: Cells,
    #[serde(default)]
    pub phone_cells: Cells,
    /// Tables shown after the SVG.
    pub tables: Vec<Table>,
    /// Short paragraphs shown after the tables, for what a table's cells
    /// cannot say (which class is the coalition's, why a shape fails); `!`
    /// at the start marks a finding the eye should not miss.
    pub notes: Vec<String>,
}

impl From<String> for Drawing {
    fn from(svg: String) -> Drawing {
        Drawing {
            svg: Some(svg),
            ..Drawing::default()
        }
    }
}

impl From<Table> for Drawing {
    fn from(table: Table) -> Drawing {
        Drawing {
            tables: vec![table],
            ..Drawing::default()
        }
    }
}

impl From<Vec<Table>> for Drawing {
    fn from(tables: Vec<Table>) -> Drawing {
        Drawing {
            tables,
            ..Drawing::default()
        }
    }
}

impl From<(String, Table)> for Drawing {
    fn from((svg, table): (String, Table)) -> Drawing {
        Drawing {
            svg: Some(svg),
            tables: vec![table],
            ..Drawing::default()
        }
    }
}

impl From<(Table, Vec<String>)> for Drawing {
    fn from((table, notes): (Table, Vec<String>)) -> Drawing {
        Drawing {
            tables: vec![table],
            notes,
            ..Drawing::default()
        }
    }
}

impl From<(Vec<Table>, Vec<String>)> for Drawing {
    fn from((tables, notes): (Vec<Table>, Vec<String>)) -> Drawing {
        Drawing {
            tables,
            notes,
            ..Drawing::default()
        }
    }
}

impl Drawing {
    /// Every table as one CSV: the tables one after another, each after a
    /// line naming it when there are several, separated by a blank line.
    pub fn csv(&self) -> Option<String> {
        match self.tables.as_slice() {
            [] => None,
            [one] => Some(one.to_csv()),
            many => Some(
                many.iter()
                    .enumerate()
                    .map(|(i, t)| {
                        let name = t
                            .title
                            .clone()
                            .unwrap_or_else(|| format!("table {}", i + 1));
                        format!(
                            "{}\r\n{}",
                            csv_field(&crate::plain::to_plain(&name)),
                            t.to_csv()
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\r\n"),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_what_needs_quoting_and_ungroups_numbers() {
        let mut t = Table::new(vec![Column::text("case").names(), Column::number("pairs")]);
        t.push(vec![Cell::text("q even, r = 0"), Cell::number(12_345)]);
        t.push(vec![Cell::text("say \"hi\""), Cell::number(7)]);
        t.push(vec![Cell::math("2^{x}"), Cell::number(0)]);
        assert_eq!(
            t.to_csv(),
            "case,pairs\r\n\"q even, r = 0\",12345\r\n\"say \"\"hi\"\"\",7\r\n2^(x),0\r\n"
        );
        assert_eq!(t.rows[0][1].shown, "12,345");
    }

    #[test]
    fn several_tables_are_named_in_one_csv() {
        let mut a = Table::new(vec![Column::number("n")]).titled("first");
        a.push(vec![Cell::number(1)]);
        let b = Table::new(vec![Column::number("m")]);
        let d = Drawing::from(vec![a, b]);
        assert_eq!(d.csv().unwrap(), "first\r\nn\r\n1\r\n\r\ntable 2\r\nm\r\n");
        assert_eq!(Drawing::from(String::from("<svg/>")).csv(), None);
    }
}
