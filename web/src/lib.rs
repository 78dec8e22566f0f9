//! The browser's entry points: one request in, one answer out, both JSON,
//! through the module's memory. The Explore page's worker writes a request
//! (`{"rule": "octal:·137", "values": 2000, "heap": "1000000000000000000"}`)
//! into memory it asks for with [`alloc`], calls [`explore`], and reads the
//! answer back ([`answer_ptr`], [`answer_len`]).
//!
//! Everything the answer says comes from the engine and the drawing the
//! site's build uses, by the same calls `ladder seq` and `ladder value`
//! make: the same rule gives the same words, the same numbers, and for a
//! figure's own rule the same SVG bytes.

use ladder_draw::RenderMeta;
use ladder_draw::plot;
use ladder_draw::plot::cells::recording;
use ladder_draw::strip;
use ladder_engine::budget::check_seq_values_within;
use ladder_engine::games::octal_long_run::fnv1a_64;
use ladder_engine::games::{Rule, report};
#[cfg(feature = "figures")]
use ladder_engine::misere::quotient::Limits;
#[cfg(feature = "figures")]
use ladder_engine::misere::report as misere;
use ladder_engine::numbers::{byte_size, grouped};
use ladder_engine::sequence::DEFAULT_MIN_REPEATS;
use serde::Deserialize;
use serde_json::{Value as Json, json};

#[cfg(feature = "figures")]
mod figures;
#[cfg(feature = "figures")]
mod tables;

/// A figure kind's parameters: read by the figures' module; the engine's
/// module takes them as they come and refuses the kind.
#[cfg(feature = "figures")]
type Params = figures::Params;
/// Skipped unread: read as a JSON value, they would bring serde_json's
/// value parser into the first module (856 bytes more, measured).
#[cfg(not(feature = "figures"))]
type Params = serde::de::IgnoredAny;

/// The memory a run may have here: what a browser gives one module's
/// memory in practice (a 32-bit module can address 4 GiB; a phone's
/// browser gives far less). Named in a refusal as the CLI names its figure.
pub const BROWSER_BYTES: u64 = 1 << 30;
const FROM_BROWSER: &str = "assumed for a browser's module";

/// The bytes a value takes here at the most: the engine's two, and the
/// four of the copy the answer reads (`Rule::analyse` widens the values to
/// `u32`), both held at once.
const BYTES_A_VALUE: u64 = 6;

/// `count` values of `rule`, within the command line's budget for the rule
/// and within what this browser gives the module now: their memory is
/// asked for first, fallibly, and let go, so that a size the browser
/// refuses (`memory.grow` fails past a phone's limit) is an error in words,
/// not a trap that kills the worker, whatever the budget let through.
pub(crate) fn within_browser(rule: &Rule, count: u64) -> Result<usize, String> {
    check_seq_values_within(rule, count, (BROWSER_BYTES, FROM_BROWSER))?;
    let bytes = count.saturating_mul(BYTES_A_VALUE);
    let held = usize::try_from(bytes)
        .ok()
        .filter(|&bytes| Vec::<u8>::new().try_reserve_exact(bytes).is_ok());
    let count = usize::try_from(count).map_err(|e| e.to_string())?;
    match held {
        Some(_) => Ok(count),
        None => Err(format!(
            "{} values of {rule} need {} of memory here ({BYTES_A_VALUE} bytes a value), more \
             than this browser gives the page: ask for fewer, or run `ladder seq` on a computer",
            grouped(count as u64),
            byte_size(bytes)
        )),
    }
}

/// What the page asks.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The rule in the site's notation (`sub:1,3,4`, `octal:·137`, …).
    pub rule: String,
    /// How many values to compute and search (`--values`): a `u64`, so
    /// that a count past this 32-bit module's `usize` is refused in the
    /// budget's words, not the decoder's.
    #[serde(default = "default_values")]
    pub values: u64,
    /// A heap to value, as decimal text (up to 2^64 − 1).
    #[serde(default)]
    pub heap: Option<String>,
    /// Cells to draw (a figure's `shown`; unless asked, as many as the
    /// column holds).
    #[serde(default)]
    pub shown: Option<usize>,
    /// The drawing's title (a figure's caption) and width.
    #[serde(default)]
    pub caption: Option<String>,
    #[serde(default)]
    pub width: Option<u32>,
    /// An essay's figure to draw for the rule, by its kind
    /// (`option-reach`, …), with its parameters; a strip when absent.
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub params: Params,
    /// The misère quotient of heaps 0 to this (an octal code only), as
    /// `ladder misere --heaps N --json` gives it.
    #[serde(default)]
    pub misere: Option<u64>,
    /// The figure's id, for a table's ids and labels (`fig-ID-table-1`).
    /// (`id` is the worker's own: the question an answer belongs to.)
    #[serde(default)]
    pub figure: Option<String>,
}

fn default_values() -> u64 {
    2000
}

/// Answers one request: the answer's JSON, `{"error": …}` when the request
/// is refused (with the command line's own words).
pub fn answer(request: &str) -> Json {
    match serde_json::from_str::<Request>(request) {
        Ok(request) => run(&request).unwrap_or_else(|error| json!({ "error": error })),
        Err(error) => json!({ "error": format!("a bad request: {error}") }),
    }
}

fn run(request: &Request) -> Result<Json, String> {
    if let Some(kind) = request.kind.as_deref().filter(|&kind| kind != "strip") {
        return figure(kind, request);
    }
    let rule: Rule = request.rule.trim().parse()?;
    let count = within_browser(&rule, request.values)?;
    let shown = request
        .shown
        .unwrap_or(strip::MOST_SHOWN)
        .clamp(1, strip::MOST_SHOWN);
    // A pass game's state is the pair (g, h), as `ladder seq` says.
    let state = if matches!(rule, Rule::Pass(_)) {
        "(g, h)"
    } else {
        "g"
    };
    let (values, analysis) = rule.analyse(count, DEFAULT_MIN_REPEATS);
    let hash = fnv1a_64(&values);
    let head: Vec<_> = values.iter().take(60).copied().collect();
    let lines = report::period_lines(&rule, &values, &analysis, state);
    let arithmetic = analysis
        .period
        .found()
        .is_none()
        .then(|| report::arithmetic(&rule, &values, DEFAULT_MIN_REPEATS));
    let data = strip::from_analysis(&rule, values, &analysis, shown)?;
    let spelt = rule.to_string();
    let caption = request
        .caption
        .clone()
        .unwrap_or_else(|| format!("The values of {spelt}."));
    let drawing = |width: u32| {
        let meta = RenderMeta {
            id: "explore",
            caption: &caption,
            width,
        };
        recording(|| strip::render(&data, &meta))
    };
    let (svg, cells) = drawing(request.width.unwrap_or(plot::COLUMN));
    let (svg_phone, cells_phone) = drawing(plot::PHONE);
    let found = analysis.period.found();
    let mut answer = json!({
        "rule": spelt,
        "computed": analysis.computed,
        "min_repeats": analysis.min_repeats,
        "period": found.map(|(_, p)| p),
        "preperiod": found.map(|(s, _)| s),
        "certificate": analysis.certificate,
        "corroborated": analysis.corroborated,
        "no_move": rule.has_no_move(),
        "values_hash": format!("{hash:016x}"),
        "head": head,
        "shown": data.shown,
        "lines": lines,
        "svg": svg,
        "svg_phone": svg_phone,
        "cells": cells.to_value(),
        "cells_phone": cells_phone.to_value(),
        "command": format!("ladder seq {} --values {count}", quoted(&spelt)),
    });
    if let Some(arithmetic) = arithmetic {
        answer["arithmetic"] = json!(arithmetic);
    }
    if let Some(heap) = &request.heap {
        answer["heap"] = heap_answer(&rule, &spelt, heap);
    }
    if let Some(heaps) = request.misere {
        answer["misere"] = misere_answer(&rule, &spelt, heaps);
    }
    Ok(answer)
}

/// The seconds a reader waits for a misère quotient at the most: past them
/// the heaps reached are answered and the next is unsettled, as `ladder
/// misere --max-seconds` does (some codes' quotients run for minutes).
#[cfg(feature = "figures")]
const MISERE_SECONDS: u64 = 5;

/// The page's clock, in seconds: `performance.now()`, which the worker
/// gives the module (a module has no clock of its own).
#[cfg(all(feature = "figures", target_arch = "wasm32"))]
pub(crate) fn seconds() -> f64 {
    #[link(wasm_import_module = "page")]
    unsafe extern "C" {
        fn now() -> f64;
    }
    // SAFETY: an import of no arguments that returns a number.
    unsafe { now() / 1000.0 }
}

/// The same clock for the native tests.
#[cfg(all(feature = "figures", not(target_arch = "wasm32")))]
pub(crate) use ladder_engine::misere::meter::since_first_reading as seconds;

/// The misère quotient of heaps 0 to `heaps`, as `ladder misere --json`
/// gives it (its object, under `json`), with the command's lines; or why
/// there is none, in the command's words. The engine's budgets are the
/// command's but for time ([`MISERE_SECONDS`]); memory is a quarter of what
/// the module may have, as the command takes a quarter of the machine's.
/// In the second module only: the misère engine and its referee are 41 KB
/// gzipped, more than the first module can carry.
#[cfg(feature = "figures")]
fn misere_answer(rule: &Rule, spelt: &str, heaps: u64) -> Json {
    let command = format!(
        "ladder misere {} --heaps {heaps} --max-seconds {MISERE_SECONDS} --json",
        quoted(spelt)
    );
    let (code, heaps) = match misere::octal_code_of(rule)
        .and_then(|code| misere::heaps_within(heaps).map(|heaps| (code, heaps)))
    {
        Ok(found) => found,
        Err(error) => return json!({ "error": error, "command": command }),
    };
    let limits = Limits::waiting(BROWSER_BYTES / 4, seconds, MISERE_SECONDS);
    let note = format!(
        " (a quarter of the {} {FROM_BROWSER})",
        byte_size(BROWSER_BYTES)
    );
    match misere::run(code, heaps, &limits, &note, &mut |_| ()) {
        Ok(report) => json!({
            "json": misere::json(spelt, &report),
            "lines": misere::lines(spelt, &report, code.largest_take()),
            "command": command,
        }),
        Err(error) => json!({ "error": error, "command": command }),
    }
}

/// The engine's module leaves misère play to the second module (the worker
/// sends it a request that asks for a quotient).
#[cfg(not(feature = "figures"))]
fn misere_answer(_: &Rule, _: &str, _: u64) -> Json {
    json!({ "error": "the misère quotient is computed by the figures' module (ladder.wasm), not the engine's" })
}

/// An essay's figure or table of kind `kind`, drawn for the request's rule.
#[cfg(feature = "figures")]
fn figure(kind: &str, request: &Request) -> Result<Json, String> {
    if tables::KINDS.contains(&kind) {
        let id = request.figure.as_deref().unwrap_or("answer");
        return tables::answer(kind, &request.rule, &request.params, id);
    }
    figures::answer(
        kind,
        &request.rule,
        &request.params,
        request.caption.as_deref(),
    )
}

/// The engine's module draws strips only: a figure kind is the figures'
/// module's (the worker sends it there).
#[cfg(not(feature = "figures"))]
fn figure(kind: &str, _: &Request) -> Result<Json, String> {
    Err(format!(
        "the figure kind {kind} is drawn by the figures' module (ladder.wasm), not the engine's"
    ))
}

/// A heap's value, or why there is none, as `ladder value --json` gives it.
fn heap_answer(rule: &Rule, spelt: &str, text: &str) -> Json {
    let command = format!("ladder value {} {}", quoted(spelt), text.trim());
    let heap: u64 = match text.trim().parse() {
        Ok(heap) => heap,
        // clap's words for the command line's HEAP, from the same parser.
        Err(error) => {
            return json!({
                "error": format!("invalid value '{}' for '<HEAP>': {error}", text.trim()),
                "command": command,
            });
        }
    };
    match report::heap_value(rule, heap) {
        Ok((value, method, explanation)) => {
            let mut object = json!({
                "heap": heap.to_string(),
                "value": value.to_string(),
                "explanation": explanation,
                "command": command,
            });
            if let (Some(object), Json::Object(method)) = (object.as_object_mut(), method) {
                object.extend(method);
            }
            object
        }
        Err(error) => json!({ "error": error, "command": command }),
    }
}

/// Rules (or rulesets) apart by spaces, each in its standard spelling.
#[cfg(feature = "figures")]
fn spelt<T: ToString>(games: &[T]) -> String {
    let words: Vec<String> = games.iter().map(ToString::to_string).collect();
    words.join(" ")
}

/// The most rulesets, or heaps of a sum, one table takes: as many as the
/// site's manifest lets a figure list.
pub const MOST_ENTRIES: usize = 64;

/// A rule as a shell reads it: quoted when it holds `·` or a space.
fn quoted(rule: &str) -> String {
    if rule
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || ":,.-+".contains(c))
    {
        rule.to_string()
    } else {
        format!("'{rule}'")
    }
}

// ---- the module's interface: memory in, memory out ----

thread_local! {
    static ANSWER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Memory for a request of `len` bytes (the caller writes it, then calls
/// [`explore`], which frees it).
#[unsafe(no_mangle)]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut buffer = Vec::<u8>::with_capacity(len.max(1));
    let pointer = buffer.as_mut_ptr();
    std::mem::forget(buffer);
    pointer
}

/// Answers the request of `len` bytes at `pointer` (from [`alloc`]); the
/// answer is then at [`answer_ptr`], [`answer_len`] bytes long.
///
/// # Safety
/// `pointer` must come from [`alloc`]`(len)` with `len` bytes written.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn explore(pointer: *mut u8, len: usize) {
    // SAFETY: the caller passes back what `alloc(len)` gave, filled.
    let bytes = unsafe { Vec::from_raw_parts(pointer, len, len.max(1)) };
    let text = String::from_utf8_lossy(&bytes);
    let answer = answer(&text).to_string().into_bytes();
    ANSWER.with(|slot| *slot.borrow_mut() = answer);
}

/// Where the last answer is.
#[unsafe(no_mangle)]
pub extern "C" fn answer_ptr() -> *const u8 {
    ANSWER.with(|slot| slot.borrow().as_ptr())
}

/// How long the last answer is, in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn answer_len() -> usize {
    ANSWER.with(|slot| slot.borrow().len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dawson_s_chess_has_period_34_from_heap_52() {
        let a = answer(r#"{"rule": "octal:·137", "values": 2000, "heap": "1000000000000000000"}"#);
        assert_eq!(a["period"], 34, "{a}");
        assert_eq!(a["preperiod"], 52, "{a}");
        assert_eq!(a["certificate"]["holds"], true, "{a}");
        assert!(a["svg"].as_str().unwrap().starts_with("<svg"), "{a}");
        let cells = a["cells"]["cells"].as_array().unwrap();
        assert_eq!(
            cells[20][4],
            format!("heap 20: value {}", a["head"][20]),
            "{a}"
        );
        assert!(a["heap"]["value"].as_str().is_some(), "{a}");
        assert_eq!(a["command"], "ladder seq 'octal:·137' --values 2000");
    }

    #[cfg(feature = "figures")]
    #[test]
    fn an_essay_s_figure_answers_for_another_rule() {
        let a =
            answer(r#"{"rule": "sub:2,5", "kind": "two-takes-strip", "params": {"shown": 21}}"#);
        assert_eq!(a["rule"], "sub:2,5", "{a}");
        assert!(a["svg"].as_str().unwrap().contains("{2, 5}"), "{a}");
        let a = answer(
            r#"{"rule": "sub:2,5", "kind": "two-takes-strip", "params": {"shown": 1000000000}}"#,
        );
        assert!(
            a["error"]
                .as_str()
                .unwrap()
                .contains("from 1 to 10,000, not 1,000,000,000"),
            "{a}"
        );
        let a =
            answer(r#"{"rule": "octal:·137", "kind": "two-takes-strip", "params": {"shown": 21}}"#);
        assert!(a["error"].as_str().unwrap().contains("two takes"), "{a}");
        let a = answer(
            r#"{"rule": "sub:1,2", "kind": "period-window", "params": {"values": 1000000000}}"#,
        );
        assert!(a["error"].as_str().unwrap().contains("--values"), "{a}");
        let a = answer(
            r#"{"rule": "octal:·33", "kind": "same-sequence", "params": {"values": 100, "shown": 20}}"#,
        );
        assert!(a["error"].as_str().unwrap().contains("two rules"), "{a}");
        let a = answer(
            r#"{"rule": "octal:·33 sub:1,2", "kind": "same-sequence", "params": {"values": 100, "shown": 20}}"#,
        );
        assert_eq!(a["rule"], "octal:·33 sub:1,2", "{a}");
        // The pass pair: pass rules of two takes, one panel each, the
        // note's formulas read as plain text.
        let a = answer(
            r#"{"rule": "pass:3,5  pass:2,9", "kind": "pass-cases", "params": {"tail": 6}}"#,
        );
        assert_eq!(a["rule"], "pass:3,5 pass:2,9", "{a}");
        let line = a["lines"][0].as_str().unwrap();
        assert!(
            line.contains("for both pairs drawn") && !line.contains('$'),
            "{a}"
        );
        let a = answer(r#"{"rule": "sub:3,5", "kind": "pass-cases", "params": {"tail": 6}}"#);
        assert!(
            a["error"].as_str().unwrap().contains("not a pass rule"),
            "{a}"
        );
        let a = answer(r#"{"rule": "sub:1,2", "kind": "pie-chart"}"#);
        assert!(a["error"].as_str().unwrap().contains("pie-chart"), "{a}");
    }

    #[cfg(feature = "figures")]
    #[test]
    fn the_saltus_and_the_certificates_answer_for_other_codes() {
        let naive = r#""naive": {"game": "hex:·18", "from": 2, "period": 5, "saltus": 2}"#;
        let a = answer(&format!(
            r#"{{"rule": "hex:·8  hex:·3F", "kind": "saltus", "params": {{"values": 1000, "shown": 120, {naive}}}}}"#
        ));
        assert_eq!(a["rule"], "hex:·8 hex:·3F", "{a}");
        let line = a["lines"][0].as_str().unwrap();
        assert!(line.contains("certified (Theorem C)"), "{line}");
        assert!(line.contains("not a power of two"), "{line}");
        let a = answer(&format!(
            r#"{{"rule": "hex:·8", "kind": "saltus", "params": {{"values": 1000000, "shown": 120, {naive}}}}}"#
        ));
        assert!(
            a["error"]
                .as_str()
                .unwrap()
                .contains("at most 5,000 values"),
            "{a}"
        );
        let a = answer(r#"{"rule": "sub:1,3,4  octal:·137 2000", "kind": "certificate-lengths"}"#);
        assert_eq!(a["rule"], "sub:1,3,4 2000 octal:·137 2000", "{a}");
        assert!(a["svg"].as_str().unwrap().starts_with("<svg"), "{a}");
        // ·16 needs 520,000 values for its proof; 2,000 do not hold one.
        let a = answer(r#"{"rule": "octal:·16", "kind": "certificate-lengths"}"#);
        assert!(
            a["error"].as_str().unwrap().contains("no certified period"),
            "{a}"
        );
    }

    #[cfg(feature = "figures")]
    #[test]
    fn a_board_is_read_as_the_reader_s_code() {
        let ask = |code: &str| {
            answer(&format!(
                r#"{{"rule": "{code}", "kind": "board-heaps", "params": {{"game": "kayles", "positions": ["||.|||.||"]}}}}"#
            ))
        };
        let a = ask("·77");
        assert_eq!(a["rule"], "octal:·77", "{a}");
        assert!(a["svg"].as_str().unwrap().starts_with("<svg"), "{a}");
        let line = a["lines"][0].as_str().unwrap();
        assert!(
            line.contains(
                "1 of 1 positions have the code’s outcome in normal play; 1 of 1 in misère"
            ),
            "{line}"
        );
        // Dawson's Kayles is not Kayles: on this position the two agree in
        // normal play and not in misère play.
        let line = ask("·07")["lines"][0].as_str().unwrap().to_string();
        assert!(
            line.contains(
                "1 of 1 positions have the code’s outcome in normal play; 0 of 1 in misère"
            ),
            "{line}"
        );
        let a = ask("sub:1,2");
        assert_eq!(a["error"], "sub:1,2 is not an octal code", "{a}");
    }

    #[test]
    fn a_bad_rule_is_refused_with_the_parser_s_words() {
        let a = answer(r#"{"rule": "sub:0"}"#);
        let error = a["error"].as_str().unwrap();
        let parser = "sub:0".parse::<Rule>().unwrap_err();
        assert_eq!(error, parser);
        let a = answer(r#"{"rule": "sub:1,2", "values": 1000000000}"#);
        assert!(a["error"].as_str().unwrap().contains("--values"), "{a}");
    }

    #[cfg(feature = "figures")]
    #[test]
    fn the_misere_quotient_is_the_command_s() {
        let a = answer(r#"{"rule": "·312", "values": 100, "misere": 20}"#);
        let m = &a["misere"];
        assert_eq!(m["json"]["order"], 12, "{a}");
        assert_eq!(m["json"]["rule"], "octal:·312", "{a}");
        assert_eq!(
            m["command"],
            "ladder misere 'octal:·312' --heaps 20 --max-seconds 5 --json"
        );
        let first = m["lines"][0].as_str().unwrap();
        assert!(
            first.starts_with("octal:·312, heaps 0 to 20: misère quotient of 12 elements"),
            "{first}"
        );
        let a = answer(r#"{"rule": "sub:1,2", "values": 100, "misere": 20}"#);
        let error = a["misere"]["error"].as_str().unwrap();
        assert_eq!(error, "misere takes an octal code (octal:.07), not sub:1,2");
        let a = answer(r#"{"rule": "·07", "values": 100, "misere": 2001}"#);
        let error = a["misere"]["error"].as_str().unwrap();
        assert_eq!(
            error,
            "--heaps 2001: the quotient is computed for 1 to 2,000 heaps"
        );
        // A quotient that runs for minutes is cut short at the reader's
        // time limit, with the heaps it reached.
        let a = answer(r#"{"rule": "4·337", "values": 100, "misere": 7}"#);
        let unsettled = &a["misere"]["json"]["unsettled"];
        assert_eq!(unsettled["why"], "the time limit of 5 s ran out", "{a}");
    }

    #[test]
    fn a_heap_past_2_to_the_64_is_refused() {
        let a = answer(r#"{"rule": "sub:1,2", "values": 100, "heap": "18446744073709551616"}"#);
        let error = a["heap"]["error"].as_str().unwrap();
        assert!(error.contains("number too large"), "{a}");
        let a = answer(r#"{"rule": "sub:1,2", "values": 100, "heap": "18446744073709551615"}"#);
        assert_eq!(a["heap"]["value"], "0", "{a}");
    }
}
