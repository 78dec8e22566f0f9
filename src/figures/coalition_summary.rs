//! `coalition-summary`: several rulesets under one set of parameters, one row
//! each: census, keys, classes, and whether Nim's shape holds. Used for the
//! four-player game, where the allies number three and units count modulo four.

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::CheckParams;
use super::coalition_table::{self, heap_list};
use crate::coalition::{CoalitionParams, HeapKind, Ruleset};
use crate::numbers::grouped;
use crate::plot::{self, Anchor, INK, MUTED};

/// Parameters: the rulesets and the sizes of the measurement.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The rulesets, one row each.
    #[serde(deserialize_with = "super::bounds::few")]
    pub games: Vec<Ruleset>,
    /// Test and census sizes and the number of allies (defaults: the seed's).
    #[serde(default)]
    pub search: CoalitionParams,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        if self.games.is_empty() {
            return Err("games is empty: name at least one ruleset".to_string());
        }
        self.search.validate()
    }
}

/// Each ruleset's whole analysis.
#[derive(Debug, Clone, Serialize)]
pub struct Data {
    pub games: Vec<coalition_table::Data>,
}

/// Runs every measurement.
pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    Ok(Data {
        games: params
            .games
            .iter()
            .map(|game| coalition_table::table_data(game, &params.search))
            .collect(),
    })
}

impl Data {
    /// The parameters and the size of each search, in one sentence.
    pub fn range_note(&self) -> String {
        let states: Vec<String> = self
            .games
            .iter()
            .map(|g| format!("{} {}", g.rule, grouped(g.analysis.solved_states as u64)))
            .collect();
        format!(
            "{} States solved: {}.",
            self.games[0].analysis.params.describe(),
            states.join(", ")
        )
    }
}

const LEFT: i32 = 20;

/// Draws one row per ruleset.
pub fn render(data: &Data, meta: &RenderMeta) -> String {
    let width = 680;
    let columns = [0, 80, 170, 250, 330, 420, 520];
    let header: Vec<String> = [
        "rule",
        "units mod",
        "census",
        "key cells",
        "classes",
        "shape",
        "flexible heaps",
    ]
    .map(String::from)
    .to_vec();
    let rows: Vec<Vec<String>> = data
        .games
        .iter()
        .map(|g| {
            let a = &g.analysis;
            let flexible: Vec<u32> = a
                .heaps
                .iter()
                .filter(|h| h.kind == HeapKind::Flexible)
                .map(|h| h.size)
                .collect();
            vec![
                g.rule.clone(),
                a.players.to_string(),
                a.census_size.to_string(),
                a.shape.keys_by_heap_class.to_string(),
                format!("{} + 1", g.census_classes),
                if a.shape.holds {
                    "holds".into()
                } else {
                    "!fails".into()
                },
                heap_list(&flexible),
            ]
        })
        .collect();
    let text_width = width - 2 * LEFT;
    let legend = "key cells: units modulo the number of players beside no flexible heap or one \
                  (heaps no test tells apart counted once); classes: those of the census \
                  positions, plus the coalition's own.";
    let lines = (plot::wrap(&data.range_note(), (text_width / 6) as usize).len()
        + plot::wrap(legend, (text_width / 6) as usize).len()) as i32;
    let table_bottom = 40 + 20 * (rows.len() as i32 + 1);
    let height = table_bottom + 40 + 15 * lines;
    let players = data.games[0].analysis.players;
    plot::svg(
        width as u32,
        height as u32,
        meta.caption,
        &data.range_note(),
        |area| {
            let title = format!("{players} players: one alone, {} allied", players - 1);
            plot::label(area, &title, (LEFT, 16), 14, Anchor::Start, INK);
            let bottom = plot::text_table(area, (LEFT, 40), &columns, text_width, &header, &rows);
            let y = plot::note(area, legend, (LEFT, bottom + 16), text_width, INK);
            plot::note(area, &data.range_note(), (LEFT, y + 8), text_width, MUTED);
        },
    )
}
