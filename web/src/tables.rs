//! The essays' tables whose subject is a rule, drawn again for a reader's
//! rules ("Change the rule" under the figure): a coalition class table, two
//! rulesets' lengths of play, the four-player summary, a sum of two-take
//! heaps, a misère quotient. Each is computed and written as HTML by the
//! same `ladder_draw` modules the site's build uses, so the figure's own
//! rules give the build's bytes; the figure's measurement (`search`) stays
//! the author's.

use ladder_draw::coalition::{lengths, summary, table as class_table};
use ladder_draw::html::{note, table as html_table};
use ladder_draw::plain::to_plain;
use ladder_draw::table::Table;
use ladder_draw::{RenderMeta, million_heap, misere_quotient, plot, two_takes};
use ladder_engine::coalition::Ruleset;
use ladder_engine::games::Rule;
use ladder_engine::misere::quotient::Limits;
use ladder_engine::numbers::grouped;
use ladder_engine::wording::typographic;
use serde_json::{Value as Json, json};

use super::figures::Params;
use super::{BROWSER_BYTES, MOST_ENTRIES, seconds, spelt};

/// The kinds answered here.
pub const KINDS: [&str; 5] = [
    "coalition-table",
    "coalition-lengths",
    "coalition-summary",
    "million-heap",
    "misere-quotient",
];

/// The seconds a misère quotient figure may take here: the build's budgets
/// otherwise (so the author's code gives the build's tables: ·07 to 30
/// heaps takes about 5 s in a browser), and a redraw has no Stop.
const QUOTIENT_SECONDS: u64 = 30;

/// The tables of `kind` for `rule`, as figure `id` shows them: their HTML
/// and their notes', with the range note (the line the page prints).
pub fn answer(kind: &str, rule: &str, params: &Params, id: &str) -> Result<Json, String> {
    let search = params.search.unwrap_or_default();
    let meta = RenderMeta {
        id,
        caption: "",
        width: plot::COLUMN,
    };
    let (spelt, range, tables, notes): (String, String, Vec<Table>, Vec<String>) = match kind {
        "coalition-table" => {
            let game: Ruleset = rule.trim().parse()?;
            search.validate()?;
            let data = class_table::table_data(&game, &search)?;
            let (table, notes) = class_table::render(&data, &meta);
            (game.to_string(), data.range_note(), vec![table], notes)
        }
        "coalition-lengths" => {
            let games = rulesets(rule)?;
            let pair: [Ruleset; 2] = games.try_into().map_err(|games: Vec<Ruleset>| {
                format!(
                    "this table compares two rulesets, apart by a space, not {}",
                    games.len()
                )
            })?;
            let data = lengths::compute(&pair, &search)?;
            let (table, notes) = lengths::render(&data, &meta);
            (spelt(&pair), data.range_note(), vec![table], notes)
        }
        "coalition-summary" => {
            let games = rulesets(rule)?;
            let data = summary::compute(&games, &search)?;
            let (table, notes) = summary::render(&data, &meta);
            (spelt(&games), data.range_note(), vec![table], notes)
        }
        "million-heap" => {
            let heaps = sum(rule)?;
            let data = million_heap::compute(&heaps)?;
            let (tables, notes) = million_heap::render(&data, &meta);
            let words: Vec<String> = heaps
                .iter()
                .map(|([a, b], heap)| format!("sub:{a},{b} {heap}"))
                .collect();
            (
                words.join(" "),
                million_heap::range_note(&data),
                tables,
                notes,
            )
        }
        "misere-quotient" => {
            let game: Rule = rule.trim().parse()?;
            let heaps = params
                .heaps
                .ok_or("misere-quotient needs its heaps".to_string())?;
            let limits = Limits::waiting(BROWSER_BYTES / 4, seconds, QUOTIENT_SECONDS);
            let data = misere_quotient::compute(&game, heaps, &limits)?;
            let tables = misere_quotient::render(&data, &meta);
            (game.to_string(), data.range_note(), tables, Vec::new())
        }
        other => return Err(format!("no table of kind `{other}` answers here")),
    };
    let tables = tables
        .iter()
        .enumerate()
        .map(|(i, t)| html_table::to_html(t, id, i, ""))
        .collect::<Result<Vec<_>, _>>()?;
    let notes = notes
        .iter()
        .map(|n| note::to_html(n, ""))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(json!({
        "rule": spelt,
        "kind": kind,
        "lines": [typographic(&to_plain(&range))],
        "tables": tables,
        "notes": notes,
    }))
}

/// Rulesets apart by spaces: at least one, at most [`MOST_ENTRIES`].
fn rulesets(rule: &str) -> Result<Vec<Ruleset>, String> {
    let games = rule
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<Vec<Ruleset>, String>>()?;
    match games.len() {
        0 => Err("name at least one ruleset".to_string()),
        n if n > MOST_ENTRIES => Err(format!(
            "{n} rulesets is too many for one table: at most {MOST_ENTRIES}"
        )),
        _ => Ok(games),
    }
}

/// A sum of two-take heaps: each rule followed by its heap
/// (`sub:3,8 1000000 sub:6,7 100`).
fn sum(rule: &str) -> Result<Vec<([u64; 2], u64)>, String> {
    let words: Vec<&str> = rule.split_whitespace().collect();
    if words.is_empty() {
        return Err("name a rule of two takes and its heap: sub:3,8 1000000".to_string());
    }
    if words.len() > 2 * MOST_ENTRIES {
        return Err(format!(
            "{} heaps is too many for one sum: at most {MOST_ENTRIES}",
            words.len().div_ceil(2)
        ));
    }
    words
        .chunks(2)
        .map(|pair| {
            let takes = two_takes::takes(&pair[0].parse()?)?;
            let Some(heap) = pair.get(1) else {
                return Err(format!(
                    "{} needs its heap after it: {} 1000000",
                    pair[0], pair[0]
                ));
            };
            let heap: u64 = heap.parse().map_err(|e| {
                format!(
                    "the heap after {} is a whole number from 0 to {}, not `{heap}`: {e}",
                    pair[0],
                    grouped(u64::MAX)
                )
            })?;
            Ok((takes, heap))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(kind: &str, rule: &str) -> Result<Json, String> {
        answer(kind, rule, &Params::default(), "t")
    }

    #[test]
    fn a_ruleset_gives_its_class_table() {
        let a = ask("coalition-table", "kayles").unwrap();
        assert_eq!(a["rule"], "octal:0.77", "{a}");
        let table = a["tables"][0].as_str().unwrap();
        assert!(table.starts_with("<div class=\"table-frame"), "{table}");
        assert!(table.contains("units mod 3"), "{table}");
        // Kayles' coincidences are named under its table.
        let notes: Vec<&str> = a["notes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap())
            .collect();
        assert!(notes.iter().any(|n| n.contains("Coincidence")), "{notes:?}");
        assert!(a["lines"][0].as_str().unwrap().contains("Census of Kayles"));
    }

    #[test]
    fn refusals_name_what_is_wrong() {
        let e = ask("coalition-table", "hex:0.B7F").unwrap_err();
        assert!(e.contains("no three-way split"), "{e}");
        let e = ask("coalition-lengths", "nim").unwrap_err();
        assert!(e.contains("two rulesets"), "{e}");
        let e = ask("coalition-summary", "").unwrap_err();
        assert!(e.contains("at least one"), "{e}");
        let e = ask("million-heap", "sub:3,8").unwrap_err();
        assert!(e.contains("needs its heap"), "{e}");
        let e = ask("million-heap", "sub:3,8 18446744073709551616").unwrap_err();
        assert!(e.contains("number too large"), "{e}");
        let e = ask("million-heap", "sub:3,80000 5").unwrap_err();
        assert!(e.contains("from 1 to 10,000"), "{e}");
        let e = ask("million-heap", "octal:·137 5").unwrap_err();
        assert!(e.contains("two takes"), "{e}");
    }

    #[test]
    fn a_code_gives_its_misere_quotient() {
        let params = Params {
            heaps: Some(24),
            ..Params::default()
        };
        let a = answer("misere-quotient", "·312", &params, "t").unwrap();
        assert_eq!(a["rule"], "octal:·312", "{a}");
        // The multiplication table (12 elements) and Φ's strip.
        assert_eq!(a["tables"].as_array().unwrap().len(), 2, "{a}");
        let line = a["lines"][0].as_str().unwrap();
        assert!(line.contains("12 elements with 3 in P"), "{line}");
        let e = answer("misere-quotient", "sub:1,2", &params, "t").unwrap_err();
        assert_eq!(e, "sub:1,2 is not an octal code");
        let e = ask("misere-quotient", "·312").unwrap_err();
        assert!(e.contains("needs its heaps"), "{e}");
    }

    #[test]
    fn a_sum_of_heaps_gives_its_winning_moves() {
        let a = ask("million-heap", "sub:3,8 1000000  sub:6,7 100").unwrap();
        assert_eq!(a["rule"], "sub:3,8 1000000 sub:6,7 100", "{a}");
        assert_eq!(a["tables"].as_array().unwrap().len(), 2, "{a}");
        assert!(a["notes"][0].as_str().unwrap().contains("Nim-sum 1"), "{a}");
        let top = ask("million-heap", "sub:1,2 18446744073709551615").unwrap();
        assert!(
            top["tables"][0]
                .as_str()
                .unwrap()
                .contains("18,446,744,073,709,551,615")
        );
    }
}
