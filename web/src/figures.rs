//! The essays' figures whose subject is a rule, drawn again for a reader's
//! rule ("Change the rule" under the figure): each kind computes and draws
//! through the same `ladder_draw` module the site's build uses, so the
//! figure's own rule gives the build's bytes. A strip is the Explore
//! page's answer ([`super::answer`]); the other kinds are here.

use ladder_draw::RenderMeta;
use ladder_draw::plain::to_plain;
use ladder_draw::plot::{self, cells::recording};
use ladder_draw::{
    board_heaps, certificate_lengths, growth, pass_cases, reach, saltus, same, shift, spread,
    two_takes, window,
};
use ladder_engine::boards::Game;
use ladder_engine::coalition::CoalitionParams;
use ladder_engine::games::Rule;
use ladder_engine::wording::typographic;
use serde::Deserialize;
use serde_json::{Value as Json, json};

use super::{spelt, within_browser};

/// A figure's parameters besides its rule, as `figures.yaml` gives them
/// (each kind reads its own).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// `option-reach`: the heap looked from.
    pub heap: Option<usize>,
    /// `option-reach`, `two-takes-strip`: the cells drawn.
    pub shown: Option<usize>,
    /// `period-window`: the values searched and the rows drawn (and the
    /// values of `value-spread`, `same-sequence`, `shifted-pair`).
    pub values: Option<u64>,
    pub rows: Option<usize>,
    /// `shifted-pair`: the shifts tried.
    pub largest_shift: Option<usize>,
    /// `value-growth`: the counts the largest value is read at.
    pub checkpoints: Option<Vec<usize>>,
    /// `pass-cases`: the tail heaps joined to `g(n + y)`.
    pub tail: Option<usize>,
    /// The coalition tables: the measurement's sizes (the seed's when
    /// absent), which a reader's ruleset keeps.
    pub search: Option<CoalitionParams>,
    /// `saltus`: the claimed saltus tested beside the reader's games.
    pub naive: Option<saltus::Claim>,
    /// `misere-quotient`: the quotient of the heaps 0 to this.
    pub heaps: Option<usize>,
    /// `board-heaps`: the game on its board and the positions drawn, which
    /// a reader's code is read against.
    pub game: Option<Game>,
    pub positions: Option<Vec<String>>,
}

/// A figure's data, ready to draw at a width.
type Drawer = Box<dyn Fn(&RenderMeta) -> String>;

/// The figure of `kind` for `rule`: its SVG for the column and for a
/// phone, with their cells' names, and its range note (the line the page
/// prints under it).
pub fn answer(
    kind: &str,
    rule: &str,
    params: &Params,
    caption: Option<&str>,
) -> Result<Json, String> {
    let (spelt, note, draw) = match kind {
        "option-reach" => option_reach_answer(rule, params)?,
        "two-takes-strip" => two_takes_strip_answer(rule, params)?,
        "period-window" => period_window_answer(rule, params)?,
        "value-growth" => value_growth_answer(rule, params)?,
        "value-spread" => value_spread_answer(rule, params)?,
        "same-sequence" => same_sequence_answer(rule, params)?,
        "shifted-pair" => shifted_pair_answer(rule, params)?,
        "pass-cases" => pass_cases_answer(rule, params)?,
        "saltus" => saltus_answer(rule, params)?,
        "certificate-lengths" => certificate_lengths_answer(rule, params)?,
        "board-heaps" => board_heaps_answer(rule, params)?,
        other => return Err(format!("no figure of kind `{other}` answers here")),
    };
    let caption = caption.map_or_else(|| format!("The figure for {spelt}."), str::to_string);
    let drawing = |width| {
        let meta = RenderMeta {
            id: "answer",
            caption: &caption,
            width,
        };
        recording(|| draw(&meta))
    };
    let (svg, cells) = drawing(plot::COLUMN);
    let (svg_phone, cells_phone) = drawing(plot::PHONE);
    Ok(json!({
        "rule": spelt,
        "kind": kind,
        // The note's formulas as the drawing's description reads them: the
        // page prints the line as text.
        "lines": [typographic(&to_plain(&note))],
        "svg": svg,
        "svg_phone": svg_phone,
        "cells": cells.to_value(),
        "cells_phone": cells_phone.to_value(),
    }))
}

/// A figure's rule as spelt back, its range note and its drawing.
type Answer = (String, String, Drawer);

/// A parameter the kind needs, or what is missing.
fn need(kind: &str, value: Option<usize>, name: &str) -> Result<usize, String> {
    value.ok_or(format!("{kind} needs its {name}"))
}

fn option_reach_answer(rule: &str, params: &Params) -> Result<Answer, String> {
    let game: Rule = rule.trim().parse()?;
    let data = reach::compute(
        &game,
        need("option-reach", params.heap, "heap")?,
        need("option-reach", params.shown, "shown")?,
    )?;
    Ok((
        game.to_string(),
        data.range_note(),
        Box::new(move |m| reach::render(&data, m)),
    ))
}

fn two_takes_strip_answer(rule: &str, params: &Params) -> Result<Answer, String> {
    let game: Rule = rule.trim().parse()?;
    let data = two_takes::compute(
        two_takes::takes(&game)?,
        need("two-takes-strip", params.shown, "shown")?,
    )?;
    let note = two_takes::range_note(&data);
    Ok((
        game.to_string(),
        note,
        Box::new(move |m| two_takes::render(&data, m)),
    ))
}

fn period_window_answer(rule: &str, params: &Params) -> Result<Answer, String> {
    let game: Rule = rule.trim().parse()?;
    let count = counted(&[&game], params.values)?;
    let data = window::compute(&game, count, params.rows.unwrap_or(6))?;
    Ok((
        game.to_string(),
        data.range_note(),
        Box::new(move |m| window::render(&data, m)),
    ))
}

fn value_growth_answer(rule: &str, params: &Params) -> Result<Answer, String> {
    // Several codes, one series each: the rules apart by spaces.
    let games = rule
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<Vec<Rule>, String>>()?;
    let checkpoints = params.checkpoints.clone().unwrap_or_default();
    growth::check(&games, &checkpoints)?;
    let last = checkpoints.last().copied().unwrap_or(0) as u64;
    for game in &games {
        within_browser(game, last)?;
    }
    let data = growth::compute(&games, &checkpoints)?;
    let spelt: Vec<String> = games.iter().map(Rule::to_string).collect();
    Ok((
        spelt.join(" "),
        data.range_note(),
        Box::new(move |m| growth::render(&data, m)),
    ))
}

fn value_spread_answer(rule: &str, params: &Params) -> Result<Answer, String> {
    let game: Rule = rule.trim().parse()?;
    let count = counted(&[&game], params.values)?;
    let data = spread::compute(&game, count)?;
    Ok((
        game.to_string(),
        data.range_note(),
        Box::new(move |m| spread::render(&data, m)),
    ))
}

fn same_sequence_answer(rule: &str, params: &Params) -> Result<Answer, String> {
    let [game, other] = two(rule)?;
    let values = counted(&[&game, &other], params.values)?;
    let input = same::Input {
        game,
        other,
        values,
        shown: need("same-sequence", params.shown, "shown")?,
    };
    let spelt = format!("{} {}", input.game, input.other);
    let data = same::compute(&input)?;
    Ok((
        spelt,
        data.range_note(),
        Box::new(move |m| same::render(&data, m)),
    ))
}

fn shifted_pair_answer(rule: &str, params: &Params) -> Result<Answer, String> {
    let [game, shifted] = two(rule)?;
    let values = counted(&[&game, &shifted], params.values)?;
    let largest_shift = need("shifted-pair", params.largest_shift, "largest_shift")?;
    let shown = need("shifted-pair", params.shown, "shown")?;
    let input = shift::Input {
        game,
        shifted,
        values,
        largest_shift,
        shown,
    };
    let spelt = format!("{} {}", input.game, input.shifted);
    let data = shift::compute(&input)?;
    Ok((
        spelt,
        data.range_note(),
        Box::new(move |m| shift::render(&data, m)),
    ))
}

fn pass_cases_answer(rule: &str, params: &Params) -> Result<Answer, String> {
    // One to five pass rules of two takes, apart by spaces; each
    // pair's values are a few dozen, far within the budget.
    let pairs = rule
        .split_whitespace()
        .map(|r| pass_cases::takes(&r.parse()?))
        .collect::<Result<Vec<[usize; 2]>, String>>()?;
    let data = pass_cases::compute(&pairs, need("pass-cases", params.tail, "tail")?)?;
    let spelt: Vec<String> = pairs.iter().map(|[x, y]| format!("pass:{x},{y}")).collect();
    Ok((
        spelt.join(" "),
        data.range_note(),
        Box::new(move |m| pass_cases::render(&data, m)),
    ))
}

fn saltus_answer(rule: &str, params: &Params) -> Result<Answer, String> {
    // Take-and-break codes apart by spaces, each searched in the
    // figure's values, beside the figure's own claim.
    let games = rule
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<Vec<Rule>, String>>()?;
    let naive = params.naive.as_ref().ok_or("saltus needs its claim")?;
    if games.is_empty() {
        return Err("name at least one code: hex:·8".to_string());
    }
    let values = counted(
        &games.iter().chain([&naive.game]).collect::<Vec<_>>(),
        params.values,
    )?;
    let data = saltus::compute(&saltus::Input {
        games: &games,
        values,
        shown: need("saltus", params.shown, "shown")?,
        naive,
    })?;
    Ok((
        spelt(&games),
        data.range_note(),
        Box::new(move |m| saltus::render(&data, m)),
    ))
}

fn certificate_lengths_answer(rule: &str, params: &Params) -> Result<Answer, String> {
    // Rules apart by spaces, each followed by its count of values
    // if not the figure's (`sub:1,3,4 octal:·16 520000`).
    let games = counted_rules(rule, params.values.unwrap_or(2000))?;
    let data = certificate_lengths::compute(&games)?;
    let words: Vec<String> = games.iter().map(|(g, n)| format!("{g} {n}")).collect();
    Ok((
        words.join(" "),
        data.range_note(),
        Box::new(move |m| certificate_lengths::render(&data, m)),
    ))
}

fn board_heaps_answer(rule: &str, params: &Params) -> Result<Answer, String> {
    let game: Rule = rule.trim().parse()?;
    let board = params.game.ok_or("board-heaps needs its game")?;
    let positions = params
        .positions
        .as_deref()
        .ok_or("board-heaps needs its positions")?;
    let data = board_heaps::compute(board, &game, positions)?;
    Ok((
        game.to_string(),
        data.range_note(),
        Box::new(move |m| board_heaps::render(&data, m)),
    ))
}

/// The values asked for, within the budget for each rule (in the command
/// line's words) and within this module's `usize`.
fn counted(rules: &[&Rule], values: Option<u64>) -> Result<usize, String> {
    let values = values.ok_or("this figure needs its values")?;
    for rule in rules {
        within_browser(rule, values)?;
    }
    usize::try_from(values).map_err(|e| e.to_string())
}

/// Rules apart by spaces, each followed by its count of values or given
/// `default`, each count within the budget for its rule.
fn counted_rules(text: &str, default: u64) -> Result<Vec<(Rule, usize)>, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut games = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let game: Rule = words[i].parse()?;
        let count = match words.get(i + 1) {
            Some(word) if word.bytes().all(|b| b.is_ascii_digit()) => {
                i += 1;
                word.parse::<u64>().map_err(|e| {
                    format!("the count after {game} is a whole number, not `{word}`: {e}")
                })?
            }
            _ => default,
        };
        games.push((game.clone(), counted(&[&game], Some(count))?));
        i += 1;
    }
    if games.is_empty() {
        return Err("name at least one rule: sub:1,3,4 2000".to_string());
    }
    Ok(games)
}

/// Two rules apart by spaces, as a figure of two rules takes them.
fn two(rule: &str) -> Result<[Rule; 2], String> {
    let rules: Vec<&str> = rule.split_whitespace().collect();
    match rules.as_slice() {
        [a, b] => Ok([a.parse()?, b.parse()?]),
        _ => Err(format!(
            "this figure compares two rules, apart by a space, not {}",
            rules.len()
        )),
    }
}
