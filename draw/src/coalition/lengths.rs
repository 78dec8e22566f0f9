//! `coalition-lengths`: two rulesets whose heaps offer the same menus of
//! lengths of play, heap by heap, set beside their different class tables.
//! If a coalition read only the lengths a heap can last, the two tables would
//! agree; the figure shows where they do not.

use serde::{Deserialize, Serialize};

use super::table::{self as coalition_table, heap_list};
use crate::RenderMeta;
use crate::table::{Cell, Column, Table};
use ladder_engine::coalition::{CoalitionParams, HeapKind, HeapProfile, Ruleset};
use ladder_engine::wording::rule_name;

/// The two analyses, and where they agree.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    /// Each ruleset's whole analysis (heap kinds, lengths, census, classes,
    /// key table, grid).
    pub games: Vec<coalition_table::Data>,
    /// Whether every heap `1..=census_largest_heap` offers the same lengths in both.
    pub equal_lengths: bool,
    /// The heaps whose kind differs between the two.
    pub kinds_differ: Vec<u32>,
}

/// Runs both measurements under `search`.
pub fn compute(pair: &[Ruleset; 2], search: &CoalitionParams) -> Result<Data, String> {
    search.validate()?;
    let games: Vec<coalition_table::Data> = pair
        .iter()
        .map(|game| coalition_table::table_data(game, search))
        .collect::<Result<_, _>>()?;
    let (first, second) = (&games[0].analysis.heaps, &games[1].analysis.heaps);
    let equal_lengths = first
        .iter()
        .zip(second)
        .all(|(a, b)| a.lengths == b.lengths);
    let kinds_differ = first
        .iter()
        .zip(second)
        .filter(|(a, b)| a.kind != b.kind)
        .map(|(a, _)| a.size)
        .collect();
    Ok(Data {
        games,
        equal_lengths,
        kinds_differ,
    })
}

impl Data {
    /// The parameters and the size of each search, in one sentence.
    pub fn range_note(&self) -> String {
        format!(
            "{}Lengths of heaps 1 to {}. States solved: {}.",
            self.games[0].analysis.params.describe_if_not_default(),
            self.games[0].analysis.params.census_largest_heap,
            coalition_table::states_solved(&self.games)
        )
    }
}

/// `dead`, `1 unit`, `2 units`, `flexible`, `coalition's`.
pub fn kind_name(profile: &HeapProfile) -> String {
    match profile.kind {
        HeapKind::Dead => "dead".to_string(),
        HeapKind::Units { count: 1 } => "1 unit".to_string(),
        HeapKind::Units { count } => format!("{count} units"),
        HeapKind::Flexible => "flexible".to_string(),
        HeapKind::CoalitionAlone => "coalition's".to_string(),
    }
}

/// Draws the heaps as rows: lengths (shared or not), then each ruleset's kind.
pub fn render(data: &Data, _meta: &RenderMeta) -> (Table, Vec<String>) {
    let (a, b) = (&data.games[0], &data.games[1]);
    let mut table = Table::new(vec![
        Column::number("heap").names(),
        Column::text("lengths of play"),
        Column::text(&format!("kind in {}", rule_name(&a.rule))),
        Column::text(&format!("kind in {}", rule_name(&b.rule))),
    ]);
    let lengths = |p: &HeapProfile| {
        let list: Vec<String> = p.lengths.iter().map(u32::to_string).collect();
        format!("$\\{{{}\\}}$", list.join(", "))
    };
    for (x, y) in a.analysis.heaps.iter().zip(&b.analysis.heaps) {
        let shared = if x.lengths == y.lengths {
            Cell::text(lengths(x))
        } else {
            Cell::text(format!("{} vs {}", lengths(x), lengths(y))).marked(true)
        };
        let differ = x.kind != y.kind;
        table.push(vec![
            Cell::number(u64::from(x.size)),
            shared,
            Cell::text(kind_name(x)).marked(differ),
            Cell::text(kind_name(y)).marked(differ),
        ]);
    }
    let summary = |g: &coalition_table::Data| {
        let holds = if g.analysis.shape.holds {
            "holds"
        } else {
            "fails"
        };
        Cell::text(format!("{} classes, shape {holds}", g.analysis.class_count)).marked(true)
    };
    table.push(vec![
        Cell::text("the whole table"),
        Cell::empty(),
        summary(a),
        summary(b),
    ]);
    let agree = if data.equal_lengths {
        "Every heap offers the same lengths in both rulesets".to_string()
    } else {
        "The lengths differ".to_string()
    };
    let differ = if data.kinds_differ.is_empty() {
        "and every heap has the same kind.".to_string()
    } else if let [heap] = data.kinds_differ[..] {
        format!("yet heap {heap} is of a different kind in each (in bold).")
    } else {
        format!(
            "yet the kinds of heaps {} differ (in bold).",
            heap_list(&data.kinds_differ)
        )
    };
    (table, vec![format!("{agree}, {differ}")])
}
