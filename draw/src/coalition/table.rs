//! `coalition-table`: one ruleset's classes under the fixed alliance, laid
//! out by the key: a row per count of units modulo the number of players, a
//! column per kind of flexible heap (heaps no test tells apart share a
//! column), each cell holding the class of its positions and the three
//! results. The coalition's own class is named under the grid, then the
//! coincidences (keys that land on one class) and, when the shape fails, the
//! evidence.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::RenderMeta;
use crate::table::{Cell, Column, Table};
use ladder_engine::coalition::{
    CoalitionAnalysis, CoalitionParams, HeapKind, Outcome, Ruleset, analyze,
};
use ladder_engine::numbers::grouped;
use ladder_engine::wording::rule_name;

/// A column of the grid: the flexible heaps of one heap class, or none.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct GridColumn {
    /// The flexible heap sizes in this column, ascending; empty for the
    /// column of positions with no flexible heap.
    pub heaps: Vec<u32>,
    /// The class of each of these heaps alone (`None` for the empty column).
    pub heap_class: Option<usize>,
}

/// One cell: the key `(units, column)` and the classes of its positions.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct GridCell {
    /// Units modulo the number of players.
    pub units: u32,
    /// The column's index in [`Grid::columns`].
    pub column: usize,
    /// Class ids of the census positions with this key, ascending: one when
    /// the key decides the class, none when no census position has the key.
    pub classes: Vec<usize>,
    /// The results of the (single) class with no test added, one per phase.
    pub results: Option<Outcome>,
}

/// The key table laid out as rows of units and columns of flexible heap kinds.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Grid {
    pub columns: Vec<GridColumn>,
    /// Row by row (units 0, 1, …), column by column.
    pub cells: Vec<GridCell>,
    /// Filled cells that name a class another filled cell already names: the
    /// coincidences counted with heaps named by their class.
    pub coincidences: usize,
    /// For each class named by more than one cell, those cells as
    /// `[units, column]` pairs.
    pub coincident_cells: BTreeMap<usize, Vec<[usize; 2]>>,
}

/// The analysis of one ruleset, and its grid.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// The ruleset, canonically spelled.
    pub rule: String,
    /// Heap kinds and lengths, census, classes with members and results, key
    /// table, the verdict on the shape, and the number of solved states.
    #[serde(flatten)]
    pub analysis: CoalitionAnalysis,
    /// Classes not counting the coalition's.
    pub census_classes: usize,
    pub grid: Grid,
    /// The heap sizes of each kind, for the prose.
    pub kinds: KindLists,
}

/// Heap sizes by kind, ascending, so a sentence can name them from data.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct KindLists {
    pub dead: Vec<u32>,
    /// Heaps worth exactly one unit.
    pub one_unit: Vec<u32>,
    /// Heaps worth more than one unit, as `[size, units]`.
    pub several_units: Vec<[u32; 2]>,
    pub flexible: Vec<u32>,
    pub coalition_alone: Vec<u32>,
    /// The same lists in words ("2 and 3", "4 to 10", "none"), for the prose.
    #[serde(deserialize_with = "ladder_engine::interned::keys")]
    pub text: BTreeMap<ladder_engine::interned::Name, String>,
}

/// Sizes in words: runs of consecutive sizes become "4 to 10".
pub fn in_words(sizes: &[u32]) -> String {
    let mut runs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sizes.len() {
        let mut j = i;
        while j + 1 < sizes.len() && sizes[j + 1] == sizes[j] + 1 {
            j += 1;
        }
        runs.push(match j - i {
            0 => sizes[i].to_string(),
            1 => format!("{} and {}", sizes[i], sizes[j]),
            _ => format!("{} to {}", sizes[i], sizes[j]),
        });
        i = j + 1;
    }
    match runs.len() {
        0 => "none".to_string(),
        1 => runs.remove(0),
        n => format!("{} and {}", runs[..n - 1].join(", "), runs[n - 1]),
    }
}

fn kind_lists(analysis: &CoalitionAnalysis) -> KindLists {
    let mut lists = KindLists::default();
    for heap in &analysis.heaps {
        match heap.kind {
            HeapKind::Dead => lists.dead.push(heap.size),
            HeapKind::Units { count: 1 } => lists.one_unit.push(heap.size),
            HeapKind::Units { count } => lists.several_units.push([heap.size, count]),
            HeapKind::Flexible => lists.flexible.push(heap.size),
            HeapKind::CoalitionAlone => lists.coalition_alone.push(heap.size),
        }
    }
    let several: Vec<u32> = lists.several_units.iter().map(|[size, _]| *size).collect();
    lists.text = [
        ("dead", in_words(&lists.dead)),
        ("one_unit", in_words(&lists.one_unit)),
        ("several_units", in_words(&several)),
        ("flexible", in_words(&lists.flexible)),
        ("coalition_alone", in_words(&lists.coalition_alone)),
    ]
    .into();
    lists
}

/// The analysis and grid of one ruleset, under the measurement `search`
/// (shared with the other coalition kinds).
pub fn table_data(game: &Ruleset, search: &CoalitionParams) -> Result<Data, String> {
    let analysis = analyze(game, search).map_err(|e| format!("{game}: {e}"))?;
    let census_classes = analysis.classes.iter().filter(|c| !c.coalition).count();
    Ok(Data {
        rule: game.to_string(),
        grid: grid(&analysis),
        kinds: kind_lists(&analysis),
        census_classes,
        analysis,
    })
}

fn grid(analysis: &CoalitionAnalysis) -> Grid {
    let mut columns = vec![GridColumn {
        heaps: Vec::new(),
        heap_class: None,
    }];
    let mut column_of_heap: BTreeMap<u32, usize> = BTreeMap::new();
    for heap in analysis
        .heaps
        .iter()
        .filter(|h| h.kind == HeapKind::Flexible)
    {
        let at = match columns.iter().position(|c| c.heap_class == heap.class) {
            Some(at) => at,
            None => {
                columns.push(GridColumn {
                    heaps: Vec::new(),
                    heap_class: heap.class,
                });
                columns.len() - 1
            }
        };
        columns[at].heaps.push(heap.size);
        column_of_heap.insert(heap.size, at);
    }
    let mut classes: BTreeMap<(u32, usize), Vec<usize>> = BTreeMap::new();
    for entry in &analysis.key_table {
        let column = entry.key.flexible.map_or(0, |heap| column_of_heap[&heap]);
        let cell = classes.entry((entry.key.units, column)).or_default();
        cell.extend(&entry.classes);
        cell.sort_unstable();
        cell.dedup();
    }
    let mut cells = Vec::new();
    let mut cells_of_class: BTreeMap<usize, Vec<[usize; 2]>> = BTreeMap::new();
    for units in 0..analysis.players {
        for column in 0..columns.len() {
            let found = classes.remove(&(units, column)).unwrap_or_default();
            let results = match found[..] {
                [class] => {
                    cells_of_class
                        .entry(class)
                        .or_default()
                        .push([units as usize, column]);
                    Some(analysis.classes[class].results)
                }
                _ => None,
            };
            cells.push(GridCell {
                units,
                column,
                classes: found,
                results,
            });
        }
    }
    cells_of_class.retain(|_, cells| cells.len() > 1);
    Grid {
        columns,
        coincidences: cells_of_class.values().map(|c| c.len() - 1).sum(),
        coincident_cells: cells_of_class,
        cells,
    }
}

impl Data {
    /// The parameters and the size of the search, in one sentence.
    pub fn range_note(&self) -> String {
        format!(
            "{}Census of {}: {} positions; {} states solved.",
            self.analysis.params.describe_if_not_default(),
            game_name(&self.rule),
            grouped(self.analysis.census_size as u64),
            grouped(self.analysis.solved_states as u64)
        )
    }
}

/// Each ruleset's states solved, for a range note: `{2, 3} 1,234, ·07 5,678`.
pub fn states_solved(games: &[Data]) -> String {
    let states: Vec<String> = games
        .iter()
        .map(|g| {
            format!(
                "{} {}",
                rule_name(&g.rule),
                grouped(g.analysis.solved_states as u64)
            )
        })
        .collect();
    states.join(", ")
}

/// A ruleset as a reader knows it: Kayles and Dawson's Kayles by their
/// names (their codes beside them), any other as [`rule_name`] writes it.
fn game_name(rule: &str) -> String {
    match rule_name(rule).as_str() {
        "·77" => "Kayles (·77)".to_string(),
        "·07" => "Dawson’s Kayles (·07)".to_string(),
        other => other.to_string(),
    }
}

/// `2`, `2, 3`, `2 to 10`: a list of heap sizes, runs of three or more shortened.
pub fn heap_list(heaps: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut start = 0;
    while start < heaps.len() {
        let mut end = start;
        while end + 1 < heaps.len() && heaps[end + 1] == heaps[end] + 1 {
            end += 1;
        }
        if end >= start + 2 {
            parts.push(format!("{} to {}", heaps[start], heaps[end]));
        } else {
            parts.extend(heaps[start..=end].iter().map(u32::to_string));
        }
        start = end + 1;
    }
    parts.join(", ")
}

/// A column's heading.
fn column_label(column: &GridColumn) -> String {
    match column.heaps.len() {
        0 => "no flexible heap".to_string(),
        1 => format!("heap {}", column.heaps[0]),
        _ => format!("heaps {}", heap_list(&column.heaps)),
    }
}

/// The notes under the grid: the coalition's class, coincidences, failures.
fn footer(data: &Data) -> Vec<(String, bool)> {
    let analysis = &data.analysis;
    let mut lines = Vec::new();
    if let Some(class) = analysis.classes.iter().find(|c| c.coalition) {
        let alone: Vec<u32> = analysis
            .heaps
            .iter()
            .filter(|h| h.kind == HeapKind::CoalitionAlone)
            .map(|h| h.size)
            .collect();
        let owned: Vec<String> = class
            .members
            .iter()
            .filter(|p| p.heap_count() > 1)
            .take(4)
            .map(ToString::to_string)
            .collect();
        let mut text = format!(
            "Class {}, the coalition's: the lone player loses from every phase against every test.",
            class.id
        );
        if !alone.is_empty() {
            text += &match alone[..] {
                [heap] => format!(" Heap {heap} is the coalition's alone."),
                _ => format!(" Heaps {} are the coalition's alone.", heap_list(&alone)),
            };
        }
        if !owned.is_empty() {
            text += &format!(
                " Owned positions met in the census include {}.",
                owned.join(", ")
            );
        }
        lines.push((text, false));
    }
    // A cell as the table names it: its row (units modulo the players)
    // and its column (the flexible heap, or none).
    let cell_name = |&[units, column]: &[usize; 2]| {
        let heaps = &data.grid.columns[column].heaps;
        match heaps.len() {
            0 => format!("(units $\\equiv {units}$, no flexible heap)"),
            1 => format!("(units $\\equiv {units}$, heap {})", heap_list(heaps)),
            _ => format!("(units $\\equiv {units}$, heaps {})", heap_list(heaps)),
        }
    };
    for (class, cells) in &data.grid.coincident_cells {
        let names: Vec<String> = cells.iter().map(cell_name).collect();
        let all = if names.len() == 2 { "both" } else { "all" };
        let text = format!(
            "Coincidence: the cells {} are {all} class {class}.",
            names.join(" and ")
        );
        lines.push((text, false));
    }
    let shape = &analysis.shape;
    if !shape.holds {
        let smallest: Vec<String> = shape
            .smallest_two_flexible
            .iter()
            .map(ToString::to_string)
            .collect();
        lines.push((
            format!(
                "The shape fails: {} census positions hold two flexible heaps (the smallest: {}); \
                 {} more than one class, shared by {} positions ({} differ from the \
                 first class met for their key in build order); {} classes have no member with \
                 fewer than two flexible heaps.",
                shape.two_flexible_positions,
                smallest.join(", "),
                match shape.colliding_keys {
                    1 => "1 key carries".to_string(),
                    n => format!("{n} keys carry"),
                },
                shape.positions_sharing_a_key,
                shape.positions_off_first_class,
                shape.classes_beyond_one_flexible.len()
            ),
            false,
        ));
    }
    lines
}

/// The grid as a table, a row per count of units and a column per kind of
/// flexible heap, then the footer's findings as notes.
pub fn render(data: &Data, _meta: &RenderMeta) -> (Table, Vec<String>) {
    let players = data.analysis.players;
    let mut columns = vec![Column::text(&format!("units mod {players}")).names()];
    columns.extend(
        data.grid
            .columns
            .iter()
            .map(|c| Column::text(&column_label(c))),
    );
    let mut table = Table::new(columns);
    for units in 0..players {
        let mut row = vec![Cell::text(format!("$\\equiv {units}$"))];
        for cell in data.grid.cells.iter().filter(|c| c.units == units) {
            row.push(grid_cell(cell));
        }
        table.push(row);
    }
    let notes = footer(data)
        .into_iter()
        .map(|(text, alarm)| if alarm { format!("!{text}") } else { text })
        .collect();
    (table, notes)
}

/// One cell: its class over the lone player's results (`class 3`, `W L L`);
/// a key that does not decide its class is marked and says so.
fn grid_cell(cell: &GridCell) -> Cell {
    let classes: Vec<String> = cell.classes.iter().map(usize::to_string).collect();
    match (&cell.results, cell.classes.len()) {
        (Some(results), _) => {
            let marks: Vec<&str> = results
                .results()
                .into_iter()
                .map(|win| if win { "W" } else { "L" })
                .collect();
            Cell::lines(&[format!("class {}", classes[0]), marks.join(" ")])
        }
        (None, 0) => Cell::text("no position"),
        (None, _) => Cell::lines(&[
            format!("classes {}", classes.join(", ")),
            "key does not decide".to_string(),
        ])
        .marked(true),
    }
}

#[cfg(test)]
mod words {
    use super::in_words;

    #[test]
    fn sizes_read_as_runs() {
        assert_eq!(in_words(&[]), "none");
        assert_eq!(in_words(&[1]), "1");
        assert_eq!(in_words(&[2, 3]), "2 and 3");
        assert_eq!(in_words(&[4, 5, 6, 7]), "4 to 7");
        assert_eq!(in_words(&[2, 3, 5, 7, 8, 9]), "2 and 3, 5 and 7 to 9");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heap_lists_shorten_runs() {
        assert_eq!(heap_list(&[2]), "2");
        assert_eq!(heap_list(&[2, 3]), "2, 3");
        assert_eq!(heap_list(&[2, 3, 4, 5, 9]), "2 to 5, 9");
    }

    #[test]
    fn the_hero_grid_of_one_two_has_nine_cells_of_nine_classes() {
        let data = table_data(&"sub:1,2".parse().unwrap(), &CoalitionParams::default()).unwrap();
        let columns: Vec<&[u32]> = data.grid.columns.iter().map(|c| &c.heaps[..]).collect();
        assert_eq!(columns, [&[][..], &[2], &[3]]);
        assert_eq!(data.grid.cells.len(), 9);
        assert!(data.grid.cells.iter().all(|c| c.classes.len() == 1));
        assert_eq!(data.grid.coincidences, 0);
        // Negative control: Kayles folds its rows of three onto rows of two.
        let kayles =
            table_data(&"octal:0.77".parse().unwrap(), &CoalitionParams::default()).unwrap();
        assert_eq!(kayles.grid.coincidences, 3);
        assert_eq!(kayles.grid.coincident_cells.len(), 3);
    }

    #[test]
    fn coincident_cells_are_named_by_their_row_and_column() {
        let data = table_data(&"kayles".parse().unwrap(), &CoalitionParams::default()).unwrap();
        let notes: Vec<String> = footer(&data).into_iter().map(|(text, _)| text).collect();
        let coincidences: Vec<&String> = notes
            .iter()
            .filter(|t| t.starts_with("Coincidence"))
            .collect();
        assert!(!coincidences.is_empty(), "{notes:?}");
        for text in coincidences {
            assert!(text.contains("(units $\\equiv "), "{text}");
            assert!(
                !text.contains(" units +") && !text.contains("1 units"),
                "{text}"
            );
        }
    }
}
