//! What a change did to `records/`: the committed results a build reads
//! and checks but does not compute again (sweeps of hours, the published
//! tables' facts). A consistent edit of a record passes every check a
//! build can make in seconds, so a reviewer must see it: the review names
//! each records file that changed, and in a JSON-lines file each row
//! added, removed or changed, with the fields that changed, old and new.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;

use crate::site::Files;
use crate::text::shown;

/// At most this many rows are named a file; the rest are counted.
pub const ROWS_SHOWN: usize = 12;

/// One records file that differs between the two sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordsChange {
    /// `records/…`, as shown.
    pub file: String,
    /// Added, removed or changed, or `None` for a file that is not JSON
    /// lines (or not valid on one side): it changed as a whole.
    pub rows: Option<Rows>,
}

/// The rows of a JSON-lines file that differ, each named by its key.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rows {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    /// A row's key and its changed fields, `field: old → new`.
    pub changed: Vec<(String, Vec<String>)>,
}

impl Rows {
    pub fn count(&self) -> usize {
        self.added.len() + self.removed.len() + self.changed.len()
    }
}

/// The records files that differ, in path order. `old` and `new` are keyed
/// by their path under `records/`.
pub fn changes(old: &Files, new: &Files) -> Vec<RecordsChange> {
    let mut paths: Vec<&PathBuf> = old.keys().chain(new.keys()).collect();
    paths.sort();
    paths.dedup();
    paths
        .into_iter()
        .filter(|p| old.get(*p) != new.get(*p))
        .map(|path| {
            let file = shown::file(&PathBuf::from("records").join(path));
            let jsonl = path.extension().is_some_and(|e| e == "jsonl");
            let rows = match (old.get(path), new.get(path)) {
                _ if !jsonl => None,
                (a, b) => match (rows(a), rows(b)) {
                    (Some(a), Some(b)) => Some(compare(&a, &b)),
                    _ => None,
                },
            };
            RecordsChange { file, rows }
        })
        .collect()
}

/// A JSON-lines file's rows by key (a missing file has none), or `None`
/// when a line is not a JSON object.
fn rows(bytes: Option<&Vec<u8>>) -> Option<BTreeMap<String, Value>> {
    let Some(bytes) = bytes else {
        return Some(BTreeMap::new());
    };
    let text = std::str::from_utf8(bytes).ok()?;
    let mut rows = BTreeMap::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(line).ok()?;
        let key = key(&value).unwrap_or_else(|| format!("line {}", number + 1));
        // A key given twice: the later row is keyed by its line too.
        let key = if rows.contains_key(&key) {
            format!("{key} (line {})", number + 1)
        } else {
            key
        };
        rows.insert(key, value);
    }
    Some(rows)
}

/// A row's name: its rule, game or code, as the records name them.
fn key(value: &Value) -> Option<String> {
    let object = value.as_object()?;
    ["rule", "game", "code"]
        .iter()
        .find_map(|k| object.get(*k)?.as_str())
        .map(shown::found)
}

fn compare(old: &BTreeMap<String, Value>, new: &BTreeMap<String, Value>) -> Rows {
    let mut rows = Rows::default();
    for (key, value) in new {
        match old.get(key) {
            None => rows.added.push(key.clone()),
            Some(before) if before != value => {
                let mut fields = Vec::new();
                fields_changed("", before, value, &mut fields);
                rows.changed.push((key.clone(), fields));
            }
            Some(_) => {}
        }
    }
    rows.removed = old
        .keys()
        .filter(|k| !new.contains_key(*k))
        .cloned()
        .collect();
    rows
}

/// Each leaf that differs, by its dotted path: `shape.heaps: 4,096 → 8,192`.
fn fields_changed(path: &str, old: &Value, new: &Value, out: &mut Vec<String>) {
    if old == new {
        return;
    }
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                let inner = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                let none = Value::Null;
                fields_changed(
                    &inner,
                    a.get(k).unwrap_or(&none),
                    b.get(k).unwrap_or(&none),
                    out,
                );
            }
        }
        _ => out.push(format!(
            "{}: {} → {}",
            shown::found(path),
            shown::found(&old.to_string()),
            shown::found(&new.to_string())
        )),
    }
}

/// The changes as lines of text: a file, then its rows (at most
/// [`ROWS_SHOWN`] named).
pub fn lines(changes: &[RecordsChange]) -> Vec<String> {
    let mut out = Vec::new();
    for change in changes {
        let Some(rows) = &change.rows else {
            out.push(format!("{}: changed", change.file));
            continue;
        };
        out.push(format!(
            "{}: {} added, {} removed, {} changed",
            change.file,
            rows.added.len(),
            rows.removed.len(),
            rows.changed.len()
        ));
        let named = rows
            .changed
            .iter()
            .map(|(key, fields)| format!("{key}: {}", fields.join("; ")))
            .chain(rows.added.iter().map(|k| format!("{k}: added")))
            .chain(rows.removed.iter().map(|k| format!("{k}: removed")));
        out.extend(named.take(ROWS_SHOWN).map(|l| format!("    {l}")));
        if rows.count() > ROWS_SHOWN {
            out.push(format!("    … and {} more rows", rows.count() - ROWS_SHOWN));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Files {
        list.iter()
            .map(|(p, b)| (PathBuf::from(p), b.as_bytes().to_vec()))
            .collect()
    }

    #[test]
    fn a_consistent_edit_is_named_with_its_fields() {
        let row = |depth: u32| {
            format!(
                "{{\"rule\":\"octal:·6\",\"depth\":{depth},\"values_bytes\":{},\"shape\":{{\"heaps\":{depth}}}}}\n",
                depth * 2
            )
        };
        let other = "{\"rule\":\"octal:·7\",\"depth\":1}\n";
        let old = files(&[
            ("a.jsonl", &(row(4096) + other)),
            ("b.json", "{}"),
            ("same.jsonl", other),
        ]);
        let new = files(&[
            ("a.jsonl", &(row(8192) + "{\"rule\":\"octal:·5\"}\n")),
            ("b.json", "{\"x\":1}"),
            ("same.jsonl", other),
        ]);
        let found = changes(&old, &new);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].file, "records/a.jsonl");
        let rows = found[0].rows.as_ref().unwrap();
        assert_eq!(rows.added, ["octal:·5"]);
        assert_eq!(rows.removed, ["octal:·7"]);
        assert_eq!(
            rows.changed,
            [(
                "octal:·6".to_string(),
                vec![
                    "depth: 4096 → 8192".to_string(),
                    "shape.heaps: 4096 → 8192".to_string(),
                    "values_bytes: 8192 → 16384".to_string()
                ]
            )]
        );
        assert_eq!(found[1].rows, None);
        let text = lines(&found).join("\n");
        assert!(text.starts_with("records/a.jsonl: 1 added, 1 removed, 1 changed"));
        assert!(text.contains("records/b.json: changed"));
    }

    #[test]
    fn unchanged_records_say_nothing_and_many_rows_are_counted() {
        let old = files(&[("a.jsonl", "")]);
        assert!(changes(&old, &old).is_empty());
        let many: String = (0..20)
            .map(|i| format!("{{\"code\":\"·{i}\"}}\n"))
            .collect();
        let found = changes(&old, &files(&[("a.jsonl", &many)]));
        let text = lines(&found);
        assert_eq!(text.len(), 1 + ROWS_SHOWN + 1);
        assert_eq!(text.last().unwrap(), "    … and 8 more rows");
    }
}
