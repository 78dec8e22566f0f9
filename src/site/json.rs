//! The JSON written to `output/data/`: objects indented one key a line,
//! arrays of plain numbers or strings kept on one line, so a pull request's
//! diff shows a changed period on its own line and a long run of values
//! as one line rather than two thousand.

use serde_json::Value;

/// Writes `value` in the layout above, ending with a newline.
pub fn to_string(value: &Value) -> String {
    let mut out = String::new();
    write(&mut out, value, 0);
    out.push('\n');
    out
}

fn is_scalar(value: &Value) -> bool {
    !matches!(value, Value::Array(_) | Value::Object(_))
}

fn write(out: &mut String, value: &Value, depth: usize) {
    let pad = "  ".repeat(depth + 1);
    let close = "  ".repeat(depth);
    match value {
        Value::Object(map) if !map.is_empty() => {
            out.push_str("{\n");
            for (i, (key, item)) in map.iter().enumerate() {
                out.push_str(&pad);
                out.push_str(&Value::String(key.clone()).to_string());
                out.push_str(": ");
                write(out, item, depth + 1);
                out.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
            }
            out.push_str(&close);
            out.push('}');
        }
        Value::Array(items) if !items.is_empty() && !items.iter().all(is_scalar) => {
            out.push_str("[\n");
            for (i, item) in items.iter().enumerate() {
                out.push_str(&pad);
                write(out, item, depth + 1);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            out.push_str(&close);
            out.push(']');
        }
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(Value::to_string).collect();
            out.push('[');
            out.push_str(&parts.join(", "));
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars_inline_objects_indented_and_round_trips() {
        let value =
            serde_json::json!({"b": [1, 2, 3], "a": {"x": null, "y": []}, "c": [{"k": "v"}]});
        let text = to_string(&value);
        assert_eq!(
            text,
            "{\n  \"a\": {\n    \"x\": null,\n    \"y\": []\n  },\n  \"b\": [1, 2, 3],\n  \"c\": [\n    {\n      \"k\": \"v\"\n    }\n  ]\n}\n"
        );
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), value);
    }
}
