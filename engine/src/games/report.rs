//! What a run found, in the words `ladder seq` prints and the Explore page
//! shows: the period (or a saltus when there is none), the certificate's
//! verdict, and what the saltus theorems say. One wording, so the page and
//! the command line can be compared line for line.

use super::Rule;
use super::arithmetic::Arithmetic;
use crate::numbers::{counted, grouped};
use crate::sequence::{Analysis, find_arithmetic_period};

/// The arithmetic search reads the values at their stored width; only a
/// found saltus (which needs its certificate) widens them.
pub fn arithmetic<T: Copy + Into<u32> + Into<i64>>(
    rule: &Rule,
    values: &[T],
    min_repeats: usize,
) -> Option<Arithmetic> {
    find_arithmetic_period(values, min_repeats)?;
    let wide: Vec<u32> = values.iter().map(|&v| Into::<u32>::into(v)).collect();
    rule.arithmetic(&wide, min_repeats)
}

/// The period found (or a saltus when there is none) and the certificate's verdict.
pub fn period_lines<T: Copy + Into<u32> + Into<i64>>(
    rule: &Rule,
    values: &[T],
    analysis: &Analysis,
    state: &str,
) -> Vec<String> {
    let mut out = Vec::new();
    let (count, min_repeats) = (values.len(), analysis.min_repeats);
    let found = analysis.period.found();
    match found {
        Some((s, p)) => out.push(format!(
            "period {} from heap {} of {state} (earliest start, then smallest period, at least {}), \
             searched in {}",
            grouped(p as u64),
            grouped(s as u64),
            counted(min_repeats as u64, "repeat", "repeats"),
            counted(count as u64, "value", "values")
        )),
        None => {
            out.push(format!(
                "no period found in the {} searched",
                counted(count as u64, "value", "values")
            ));
            if let Some(a) = arithmetic(rule, values, min_repeats) {
                out.push(format!(
                    "arithmetic period: g(n + {}) = g(n) + {} from heap {}, {}",
                    a.found.period,
                    a.found.saltus,
                    grouped(a.found.preperiod as u64),
                    saltus_verdict(&a)
                ));
            }
        }
    }
    match &analysis.certificate {
        Some(c) if c.holds => out.push(format!(
            "certificate: {} {state}(k) = {state}(k + {}) for k = {}..{} {}; the period is proven{}",
            counted(c.length as u64, "pair", "pairs"),
            grouped(c.period as u64),
            grouped(c.start as u64),
            grouped(c.start.saturating_add(c.length).saturating_sub(1) as u64),
            if c.length == 1 { "holds" } else { "hold" },
            if analysis.corroborated {
                ", and checked at every value computed"
            } else {
                ""
            }
        )),
        Some(c) => out.push(format!(
            "certificate: not proven ({})",
            serde_json::to_string(&c.status).unwrap_or_default()
        )),
        None if found.is_some() => {
            out.push("certificate: this rule has no finite window".to_string())
        }
        None => {}
    }
    out
}

/// What the saltus theorems say of a found saltus.
pub fn saltus_verdict(a: &Arithmetic) -> String {
    match &a.certificate {
        Some(c) if c.holds => format!(
            "certified by {}{} from heap {}, reading the first {} values",
            saltus_theorem(c.theorem),
            match c.period / a.found.period {
                1 => String::new(),
                times => format!(
                    " read over {times} periods (g(n + {}) = g(n) + {})",
                    c.period, c.saltus
                ),
            },
            c.from,
            grouped(c.values_needed as u64)
        ),
        Some(c) => {
            let tried: Vec<String> = c
                .attempts
                .iter()
                .map(|t| {
                    let theorem = saltus_theorem(t.theorem);
                    format!("{theorem} over {}: `{}`", t.period, t.condition)
                })
                .collect();
            format!(
                "observed, not certified ({}; {})",
                tried.join(", "),
                serde_json::to_string(&c.verdict).unwrap_or_default()
            )
        }
        None => "observed, not certified: this rule has no saltus theorem".to_string(),
    }
}

/// A saltus theorem's name for a person.
fn saltus_theorem(id: &str) -> &'static str {
    if id == super::saltus_certificate::THEOREM_C_PLUS {
        "Theorem C⁺"
    } else {
        "Theorem C"
    }
}

/// The value of one heap, its method as JSON fields, and the sentence that
/// explains it: what the Explore page prints (a sparse-space octal code
/// searched to [`super::SPARSE_LOOKUP_LIMIT`] values).
pub fn heap_value(rule: &Rule, heap: u64) -> Result<(u128, serde_json::Value, String), String> {
    heap_value_within(rule, heap, super::SPARSE_LOOKUP_LIMIT, &mut |_| {})
}

/// [`heap_value`] with a sparse-space octal code searched to `sparse_limit`
/// values, as `ladder solve` searches: what `ladder value` prints.
pub fn heap_value_within(
    rule: &Rule,
    heap: u64,
    sparse_limit: usize,
    progress: &mut dyn FnMut(&super::octal_solve::Solver),
) -> Result<(u128, serde_json::Value, String), String> {
    if rule.has_no_move() {
        let why = format!(
            "heap {} of {rule}: the code allows no move, so every heap is worth 0",
            grouped(heap)
        );
        return Ok((0, serde_json::json!({ "method": "no-move" }), why));
    }
    let lookup = rule.value_within(heap, sparse_limit, progress)?;
    let why = lookup.method.explanation(&rule.to_string(), heap);
    let method = serde_json::to_value(&lookup.method).map_err(|e| e.to_string())?;
    Ok((lookup.value, method, why))
}
