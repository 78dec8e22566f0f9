//! What changed between two versions of one figure's data, said the way a
//! reviewer asks: which heaps' values differ, which period moved, which
//! record changed class, which certificate appeared or failed.
//!
//! A difference keeps the site's values apart from our words: the new site
//! is a pull request's, so whatever it holds may be markup, and each output
//! (text, Markdown comment, HTML page) escapes the values its own way.

use std::fmt;

use serde_json::Value;

/// How many differing positions of a long array are named before "and N more".
const FIRST_FEW: usize = 5;

/// Keys that name a record in a list, tried in order.
const RECORD_NAMES: [&str; 8] = [
    "takes", "code", "set", "max_take", "id", "key", "size", "digits",
];

/// One difference: where in the data, and what happened there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The path to it (`certificate.holds`, `records[takes [1,2]].class`),
    /// made of the site's keys and values: escape it. Empty for the whole file.
    pub at: String,
    /// What happened, in parts.
    pub change: Vec<Part>,
}

/// A piece of a change's sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Our words and our counts: safe as they are.
    Words(String),
    /// A value read from a site (JSON, shortened): escape it.
    Datum(String),
}

impl fmt::Display for Difference {
    /// The plain sentence, `at: change`, as `ladder diff` prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.at.is_empty() {
            write!(f, "{}: ", self.at)?;
        }
        self.change.iter().try_for_each(|part| match part {
            Part::Words(s) | Part::Datum(s) => f.write_str(s),
        })
    }
}

pub(super) fn words(s: impl Into<String>) -> Part {
    Part::Words(s.into())
}

fn datum(v: &Value) -> Part {
    Part::Datum(short(v))
}

pub(super) fn difference(at: &str, change: Vec<Part>) -> Difference {
    Difference {
        at: at.to_string(),
        change,
    }
}

/// Every difference between `old` and `new`, one sentence each.
pub fn differences(old: &Value, new: &Value) -> Vec<Difference> {
    let mut out = Vec::new();
    walk("", old, new, &mut out);
    out
}

fn walk(path: &str, old: &Value, new: &Value, out: &mut Vec<Difference>) {
    if old == new {
        return;
    }
    let here = if path.is_empty() { "(top)" } else { path };
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, va) in a {
                let child = join(path, key);
                match b.get(key) {
                    Some(vb) => walk(&child, va, vb, out),
                    None => out.push(difference(
                        &child,
                        vec![words("removed (was "), datum(va), words(")")],
                    )),
                }
            }
            for (key, vb) in b.iter().filter(|(k, _)| !a.contains_key(*k)) {
                out.push(difference(
                    &join(path, key),
                    vec![words("added ("), datum(vb), words(")")],
                ));
            }
        }
        (Value::Array(a), Value::Array(b)) if a.iter().chain(b).all(is_scalar) => {
            out.push(scalar_arrays(here, a, b));
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                let count = format!("{} records → {}", a.len(), b.len());
                out.push(difference(here, vec![words(count)]));
            }
            for (i, (ra, rb)) in a.iter().zip(b).enumerate() {
                let name =
                    record_name(rb).map_or(format!("{here}[{i}]"), |n| format!("{here}[{n}]"));
                walk(&name, ra, rb, out);
            }
        }
        (Value::Null, _) if path.ends_with("certificate") => out.push(difference(
            here,
            vec![words("a certificate appeared ("), datum(new), words(")")],
        )),
        (Value::Bool(true), Value::Bool(false)) if path.ends_with("holds") => out.push(difference(
            here,
            vec![words("the certificate FAILS now (true → false)")],
        )),
        _ => out.push(difference(here, vec![datum(old), words(" → "), datum(new)])),
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn is_scalar(v: &Value) -> bool {
    !matches!(v, Value::Array(_) | Value::Object(_))
}

fn record_name(record: &Value) -> Option<String> {
    RECORD_NAMES
        .iter()
        .find_map(|key| record.get(*key).map(|v| format!("{key} {}", short(v))))
}

/// A value in a few characters: long arrays and objects are summarised.
fn short(v: &Value) -> String {
    match v {
        Value::Array(items) if items.len() > 8 => format!("[{} items]", items.len()),
        Value::Object(map) if map.len() > 4 => format!("{{{} fields}}", map.len()),
        other => other.to_string(),
    }
}

/// `values: 3 of 2000 entries differ, at 12 (1 → 2), 15 (0 → 3), …`.
fn scalar_arrays(path: &str, a: &[Value], b: &[Value]) -> Difference {
    let differing: Vec<usize> = (0..a.len().min(b.len()))
        .filter(|&i| a[i] != b[i])
        .collect();
    let mut change = Vec::new();
    if a.len() != b.len() {
        change.push(words(format!("length {} → {}", a.len(), b.len())));
    }
    if !differing.is_empty() {
        if !change.is_empty() {
            change.push(words("; "));
        }
        change.push(words(format!(
            "{} of {} entries differ, at ",
            differing.len(),
            a.len().min(b.len())
        )));
        for (n, &i) in differing.iter().take(FIRST_FEW).enumerate() {
            let sep = if n == 0 { "" } else { ", " };
            change.push(words(format!("{sep}{i} (")));
            change.extend([datum(&a[i]), words(" → "), datum(&b[i]), words(")")]);
        }
        let more = differing.len().saturating_sub(FIRST_FEW);
        if more > 0 {
            change.push(words(format!(", and {more} more")));
        }
    }
    difference(path, change)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_moved_period_and_changed_values_are_named() {
        let old = json!({"period": 7, "values": [0, 1, 0, 1, 2, 3, 2], "certificate": null});
        let new = json!({"period": 8, "values": [0, 1, 0, 1, 2, 3, 3, 4], "certificate": {"holds": true}});
        let d: Vec<String> = differences(&old, &new)
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(
            d,
            [
                "certificate: a certificate appeared ({\"holds\":true})",
                "period: 7 → 8",
                "values: length 7 → 8; 1 of 7 entries differ, at 6 (2 → 3)",
            ]
        );
    }

    #[test]
    fn records_are_named_by_their_key_and_failures_stand_out() {
        let old =
            json!({"records": [{"takes": [1, 2], "class": "a+b"}], "certificate": {"holds": true}});
        let new = json!({"records": [{"takes": [1, 2], "class": "none"}], "certificate": {"holds": false}});
        let d: Vec<String> = differences(&old, &new)
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(
            d,
            [
                "certificate.holds: the certificate FAILS now (true → false)",
                "records[takes [1,2]].class: \"a+b\" → \"none\"",
            ]
        );
    }

    #[test]
    fn equal_data_has_no_differences() {
        let v = json!({"a": [1, 2, {"b": null}]});
        assert!(differences(&v, &v).is_empty());
    }
}
