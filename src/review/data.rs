//! What changed between two versions of one figure's data, said the way a
//! reviewer asks: which heaps' values differ, which period moved, which
//! record changed class, which certificate appeared or failed.

use serde_json::Value;

/// How many differing positions of a long array are named before "and N more".
const FIRST_FEW: usize = 5;

/// Keys that name a record in a list, tried in order.
const RECORD_NAMES: [&str; 8] = [
    "takes", "code", "set", "max_take", "id", "key", "size", "digits",
];

/// Every difference between `old` and `new`, one sentence each.
pub fn differences(old: &Value, new: &Value) -> Vec<String> {
    let mut out = Vec::new();
    walk("", old, new, &mut out);
    out
}

fn walk(path: &str, old: &Value, new: &Value, out: &mut Vec<String>) {
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
                    None => out.push(format!("{child}: removed (was {})", short(va))),
                }
            }
            for (key, vb) in b.iter().filter(|(k, _)| !a.contains_key(*k)) {
                out.push(format!("{}: added ({})", join(path, key), short(vb)));
            }
        }
        (Value::Array(a), Value::Array(b)) if a.iter().chain(b).all(is_scalar) => {
            out.push(scalar_arrays(here, a, b));
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                out.push(format!("{here}: {} records → {}", a.len(), b.len()));
            }
            for (i, (ra, rb)) in a.iter().zip(b).enumerate() {
                let name =
                    record_name(rb).map_or(format!("{here}[{i}]"), |n| format!("{here}[{n}]"));
                walk(&name, ra, rb, out);
            }
        }
        (Value::Null, _) if path.ends_with("certificate") => {
            out.push(format!("{here}: a certificate appeared ({})", short(new)))
        }
        (Value::Bool(true), Value::Bool(false)) if path.ends_with("holds") => {
            out.push(format!("{here}: the certificate FAILS now (true → false)"))
        }
        _ => out.push(format!("{here}: {} → {}", short(old), short(new))),
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

/// `values: 3 of 2,000 heaps differ, first at 12 (1 → 2), 15 (0 → 3), …`.
fn scalar_arrays(path: &str, a: &[Value], b: &[Value]) -> String {
    let differing: Vec<usize> = (0..a.len().min(b.len()))
        .filter(|&i| a[i] != b[i])
        .collect();
    let mut parts = Vec::new();
    if a.len() != b.len() {
        parts.push(format!("length {} → {}", a.len(), b.len()));
    }
    if !differing.is_empty() {
        let shown: Vec<String> = differing
            .iter()
            .take(FIRST_FEW)
            .map(|&i| format!("{i} ({} → {})", a[i], b[i]))
            .collect();
        let more = differing.len().saturating_sub(FIRST_FEW);
        let tail = if more > 0 {
            format!(", and {more} more")
        } else {
            String::new()
        };
        parts.push(format!(
            "{} of {} entries differ, at {}{tail}",
            differing.len(),
            a.len().min(b.len()),
            shown.join(", ")
        ));
    }
    format!("{path}: {}", parts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_moved_period_and_changed_values_are_named() {
        let old = json!({"period": 7, "values": [0, 1, 0, 1, 2, 3, 2], "certificate": null});
        let new = json!({"period": 8, "values": [0, 1, 0, 1, 2, 3, 3, 4], "certificate": {"holds": true}});
        let d = differences(&old, &new);
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
        let d = differences(&old, &new);
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
