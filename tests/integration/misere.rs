//! `ladder misere` as a script reads it (issue 35, item 4): the JSON
//! fields, a prediction made from the table alone and checked by the exact
//! search, and the refusals.

use std::process::Output;

use ladder::games::OctalCode;
use ladder::misere::outcome::{Outcomes, Play};

fn ladder(args: &[&str]) -> Output {
    crate::common::command()
        .args(args)
        .env("CI", "true")
        .output()
        .unwrap()
}

fn indices(value: &serde_json::Value) -> Vec<usize> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as usize)
        .collect()
}

#[test]
fn the_json_is_enough_to_predict_any_sum() {
    let out = ladder(&["misere", "octal:.312", "--heaps", "24", "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rule"], "octal:·312");
    assert_eq!(json["heaps"], 24);
    assert_eq!(
        (&json["period"], &json["preperiod"]),
        (&2.into(), &5.into())
    );
    assert_eq!(json["tame"], false);
    assert_eq!(json["unsettled"], serde_json::Value::Null);
    assert_eq!(json["refereed"]["differences"], 0);
    let order = json["order"].as_u64().unwrap() as usize;
    let table: Vec<Vec<usize>> = json["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(indices)
        .collect();
    assert_eq!(table.len(), order);
    assert!(table.iter().all(|row| row.len() == order));
    let pretending = indices(&json["pretending"]);
    assert_eq!(pretending.len(), 25, "heaps 0 to 24");
    let p_portion = indices(&json["p_portion"]);
    assert_eq!(p_portion.len(), json["p_size"].as_u64().unwrap() as usize);
    // A reader's own prediction, from the JSON only, against play.
    let mut search = Outcomes::new(&OctalCode::parse(".312").unwrap(), Play::Misere);
    for a in 1..=24 {
        for b in 0..=a {
            for c in 0..=b.min(30 - a) {
                if a + b + c > 40 {
                    continue;
                }
                let x = table[table[pretending[a]][pretending[b]]][pretending[c]];
                let predicted_p = p_portion.contains(&x);
                let p = !search.first_player_wins(&[a, b, c]).unwrap();
                assert_eq!(predicted_p, p, "{a}+{b}+{c}");
            }
        }
    }
}

#[test]
fn nim_is_tame_and_the_text_says_so() {
    let out = ladder(&["misere", "octal:.3333333", "--heaps", "7"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("misère quotient of 10 elements, 2 in P (tame)"),
        "{text}"
    );
    assert!(text.contains("all as predicted"), "{text}");
}

#[test]
fn what_is_not_an_octal_code_or_past_the_bound_is_refused() {
    for args in [
        vec!["misere", "sub:1,2"],
        vec!["misere", "octal:.07", "--heaps", "0"],
        vec!["misere", "octal:.07", "--heaps", "2001"],
        vec!["misere", "octal:.07", "--heaps", "-3"],
        vec!["misere", "octal:.07", "--heaps", "99999999999999999999999"],
        vec!["misere", "octal:.07", "--max-seconds", "0"],
        vec!["misere", "octal:.07", "--max-seconds", "99999999999"],
    ] {
        let out = ladder(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("error"),
            "{args:?}"
        );
    }
}

/// A wide quotient stops at the time limit with what it proved (4·337 ran
/// for more than six minutes and 5.8 GB without one): the work count
/// charges its check's states far less than they cost.
#[test]
fn a_wide_quotient_stops_at_the_time_limit() {
    let out = ladder(&[
        "misere",
        "octal:4·337",
        "--heaps",
        "7",
        "--max-seconds",
        "1",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["unsettled"]["why"], "the time limit of 1 s ran out");
    // Heap 7 on this machine; a slower one stops sooner.
    let heap = json["unsettled"]["heap"].as_u64().unwrap();
    assert!((2..=7).contains(&heap), "{json}");
    assert_eq!(json["heaps"].as_u64(), Some(heap - 1));
    assert_eq!(json["refereed"]["differences"], 0);
}
