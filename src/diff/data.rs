//! Rule changes that the worded keys of `rules.rs` do not cover, found by comparing the two games' data views
//! ([`crate::describe::DescribeJson`], what `describe --json` prints) field by field. The data view names every
//! rule of the compiled game (it destructures the rule structs without `..`), so a rule that no worded key
//! describes is still named here, by its field: `diff` cannot miss a rule that `describe --json` carries.
use super::Change;
use crate::describe::DescribeJson;
use crate::engine::Engine;
use serde_json::{Map, Value};

/// The fields of the data view that the worded keys already compare (`*` stands for one element of a list of
/// pieces, zones, castlings …). A field not listed here is compared by this module.
const WORDED: &[&str] = &[
    // Not rules: the file's name and prose, and the schema tag.
    "schema",
    "variant",
    "title",
    "description",
    "aliases",
    "files",
    "ranks",
    "orientation",
    "start_fen",
    "drops",
    "bonus_turn",
    "zones",
    "castling",
    "explosions",
    "walls",
    "protected_capture",
    "counter_strike",
    "forced_capture",
    "end.stalemate",
    "end.stalemate_by_piece_count",
    "end.repetition",
    "end.perpetual_check_loses",
    "end.move_limit",
    "end.move_limit_reset_by",
    "end.move_limit_reset_by_promotions",
    "end.counting",
    "end.bare_king",
    "end.insufficient_material",
    "pieces.*.royal",
    "pieces.*.moves",
    "pieces.*.promotions",
    "pieces.*.first_moves",
    "pieces.*.drop",
    "pieces.*.burns",
    "pieces.*.captures_unprotected_only",
    // Demotion is worded once for the game (`demotion`), though each promoted piece records it.
    "pieces.*.demotes_in",
];

/// The lists whose elements the worded keys name when one is added or removed (`Pawn (P): piece`).
const WORDED_ELEMENTS: &[&str] = &["pieces"];

/// Is `path` (dotted, list elements as `*`) or a field above it worded?
fn worded(path: &[String]) -> bool {
    (1..=path.len()).any(|len| WORDED.contains(&path[..len].join(".").as_str()))
}

/// Adds a change for every field of the data view that differs and that no worded key compares.
pub(super) fn changes(out: &mut Vec<Change>, old: &Engine, new: &Engine) {
    let old = serde_json::to_value(DescribeJson::new(old)).unwrap_or(Value::Null);
    let new = serde_json::to_value(DescribeJson::new(new)).unwrap_or(Value::Null);
    compare(out, &mut Vec::new(), &mut Vec::new(), &old, &new);
}

/// One list element's name in the change's words and in the worded paths: a piece by its name and symbol, a zone
/// by its name, a castling right by its letter; otherwise its place in the list.
fn element_name(value: &Value, index: usize) -> String {
    let field = |key: &str| value.get(key).and_then(Value::as_str);
    match (field("name"), field("symbol"), value.get("letter")) {
        (Some(name), Some(symbol), _) => format!("{name} ({symbol})"),
        (Some(name), None, _) => name.to_string(),
        (None, _, Some(letter)) => format!("right {}", words(letter)),
        _ => format!("#{}", index + 1),
    }
}

/// Compares two values at `path` (the data view's field names, for [`WORDED`]) and `key` (the words of the
/// change: field names with spaces, list elements by name).
fn compare(
    out: &mut Vec<Change>,
    path: &mut Vec<String>,
    key: &mut Vec<String>,
    old: &Value,
    new: &Value,
) {
    if old == new || worded(path) {
        return;
    }
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            for (field, empty) in fields(a, b) {
                path.push(field.clone());
                // In the words of the worded keys: `end: check limit`, `Knight (N) may not capture`.
                key.push(match (path.len(), field.as_str()) {
                    (1, "end") => "end:".into(),
                    (1, "pieces") => String::new(),
                    _ => field.replace('_', " "),
                });
                let (x, y) = (
                    a.get(&field).unwrap_or(&empty),
                    b.get(&field).unwrap_or(&empty),
                );
                compare(out, path, key, x, y);
                path.pop();
                key.pop();
            }
        }
        (Value::Array(a), Value::Array(b)) if is_keyed(a) && is_keyed(b) => {
            let named = |list: &Vec<Value>| -> Vec<(String, Value)> {
                list.iter()
                    .enumerate()
                    .map(|(i, v)| (element_name(v, i), v.clone()))
                    .collect()
            };
            let (a, b) = (named(a), named(b));
            let mut names: Vec<&String> = a.iter().map(|(n, _)| n).collect();
            names.extend(
                b.iter()
                    .map(|(n, _)| n)
                    .filter(|n| !a.iter().any(|(m, _)| m == *n)),
            );
            for name in names {
                let find = |list: &[(String, Value)]| {
                    list.iter()
                        .find(|(n, _)| n == name)
                        .map_or(Value::Null, |(_, v)| v.clone())
                };
                let (x, y) = (find(&a), find(&b));
                if (x.is_null() || y.is_null())
                    && WORDED_ELEMENTS.contains(&path.join(".").as_str())
                {
                    continue;
                }
                path.push("*".into());
                key.push(name.clone());
                compare(out, path, key, &x, &y);
                path.pop();
                key.pop();
            }
        }
        _ => {
            let words: Vec<&str> = key
                .iter()
                .map(String::as_str)
                .filter(|w| !w.is_empty())
                .collect();
            out.push(change(&words.join(" "), old, new))
        }
    }
}

/// The union of two objects' fields, in the first's order then the second's, each with the empty value of its
/// kind to stand for it where it is absent (the data view leaves out some fields that are off).
fn fields(a: &Map<String, Value>, b: &Map<String, Value>) -> Vec<(String, Value)> {
    let empty = |v: &Value| match v {
        Value::Bool(_) => Value::Bool(false),
        Value::Array(_) => Value::Array(Vec::new()),
        _ => Value::Null,
    };
    let mut out: Vec<(String, Value)> = a.iter().map(|(k, v)| (k.clone(), empty(v))).collect();
    for (k, v) in b {
        if !a.contains_key(k) {
            out.push((k.clone(), empty(v)));
        }
    }
    out
}

/// A list compared element by element: objects (pieces, zones, rights), not a list of names.
fn is_keyed(list: &[Value]) -> bool {
    !list.is_empty() && list.iter().all(Value::is_object)
}

fn is_off(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        _ => false,
    }
}

fn change(key: &str, old: &Value, new: &Value) -> Change {
    match (is_off(old), is_off(new)) {
        (true, false) => Change {
            mark: '+',
            text: format!("{key}: {}", words(new)),
        },
        (false, true) => Change {
            mark: '-',
            text: format!("{key}: {}", words(old)),
        },
        _ => Change {
            mark: '~',
            text: format!("{key}: {} → {}", words(old), words(new)),
        },
    }
}

/// A value in words: `none`, `yes`/`no`, a list joined by spaces, an object as `field value; …`.
fn words(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::Bool(true) => "yes".into(),
        Value::Bool(false) => "no".into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Array(a) if a.is_empty() => "none".into(),
        Value::Array(a) if a.iter().all(Value::is_array) => {
            a.iter().map(words).collect::<Vec<_>>().join(", ")
        }
        Value::Array(a) if a.iter().all(Value::is_object) => a
            .iter()
            .map(|v| format!("({})", words(v)))
            .collect::<Vec<_>>()
            .join(" "),
        Value::Array(a) => a.iter().map(words).collect::<Vec<_>>().join(" "),
        Value::Object(o) => o
            .iter()
            .filter(|(_, v)| !is_off(v))
            .map(|(k, v)| format!("{} {}", k.replace('_', " "), words(v)))
            .collect::<Vec<_>>()
            .join("; "),
    }
}
