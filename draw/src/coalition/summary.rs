//! `coalition-summary`: several rulesets under one set of parameters, one row
//! each: census, keys, classes, and whether Nim's shape holds. Used for the
//! four-player game, where the allies number three and units count modulo four.

use serde::{Deserialize, Serialize};

use super::table::{self as coalition_table, heap_list};
use crate::RenderMeta;
use crate::table::{Cell, Column, Table};
use ladder_engine::coalition::{CoalitionParams, HeapKind, Ruleset};
use ladder_engine::wording::rule_name;

/// Each ruleset's whole analysis.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub games: Vec<coalition_table::Data>,
}

/// Runs every measurement under `search`: at least one ruleset.
pub fn compute(games: &[Ruleset], search: &CoalitionParams) -> Result<Data, String> {
    if games.is_empty() {
        return Err("games is empty: name at least one ruleset".to_string());
    }
    search.validate()?;
    Ok(Data {
        games: games
            .iter()
            .map(|game| coalition_table::table_data(game, search))
            .collect::<Result<_, _>>()?,
    })
}

impl Data {
    /// The parameters and the size of each search, in one sentence.
    pub fn range_note(&self) -> String {
        format!(
            "{}States solved: {}.",
            self.games[0].analysis.params.describe_if_not_default(),
            coalition_table::states_solved(&self.games)
        )
    }
}

/// One row per ruleset, then what the columns count.
pub fn render(data: &Data, _meta: &RenderMeta) -> (Table, Vec<String>) {
    let mut table = Table::new(vec![
        Column::text("rule").names(),
        Column::number("units mod"),
        Column::number("census"),
        Column::number("key cells"),
        Column::text("classes"),
        Column::text("Nim's shape"),
        Column::text("flexible heaps"),
    ]);
    for g in &data.games {
        let a = &g.analysis;
        let flexible: Vec<u32> = a
            .heaps
            .iter()
            .filter(|h| h.kind == HeapKind::Flexible)
            .map(|h| h.size)
            .collect();
        table.push(vec![
            Cell::text(rule_name(&g.rule)),
            Cell::number(u64::from(a.players)),
            Cell::number(a.census_size as u64),
            Cell::number(a.shape.keys_by_heap_class as u64),
            Cell::text(format!("{} + 1", g.census_classes)),
            Cell::text(if a.shape.holds { "holds" } else { "fails" }).marked(!a.shape.holds),
            Cell::text(heap_list(&flexible)),
        ]);
    }
    let players = data.games[0].analysis.players;
    let legend = format!(
        "{players} players: one alone, {} allied. Key cells: units modulo the number of players \
         beside no flexible heap or one (heaps no test tells apart counted once); classes: those \
         of the census positions, plus the coalition's own.",
        players - 1
    );
    (table, vec![legend])
}
