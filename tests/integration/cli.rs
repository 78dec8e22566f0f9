//! The command line as a script uses it (issue 16, item 5): `value` prints
//! the value alone and has `--json`; every subcommand that takes a rule
//! lists every rule kind with an example; `coalition` takes the names of the
//! games; counts agree with their nouns; completions and a man page come from
//! the CLI's definition.

use std::process::Output;

fn ladder(args: &[&str]) -> Output {
    crate::common::command()
        .arg("--root")
        .arg(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .env("CI", "true")
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn value_prints_the_value_alone_and_json_on_request() {
    let out = ladder(&["value", "hex:.8", "1000000000000000000"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "333333333333333333\n");
    let out = ladder(&["value", "hex:.8", "1000000000000000000", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rule"], "hex:·8");
    assert_eq!(json["value"], 333_333_333_333_333_333u64);
    assert_eq!(json["method"], "saltus");
    assert_eq!(
        (&json["from"], &json["period"], &json["saltus"]),
        (&1.into(), &3.into(), &1.into())
    );
    assert!(json["explanation"].as_str().unwrap().contains("Theorem C"));
    // --explain and --json do not go together.
    let out = ladder(&["value", "sub:1,2", "5", "--json", "--explain"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn value_computes_no_more_than_the_budget_before_refusing() {
    // 30 three-part takes: the budget allows 2,027 values (issue 26: `value`
    // computed 5,000 of them three times, 51 s, before refusing). ·FFF…F
    // itself is now certified by Theorem C⁺ within the budget, so the
    // refusal is shown on a code whose values settle into neither a period
    // nor a certified saltus in 2,027 values.
    let many = "hex:·D8D8D8D8D8D8D8D8D8D8D8D8D8D8D8";
    let out = ladder(&["value", many, "100000"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("no certified period in 2,027 values"),
        "{said}"
    );
    let out = ladder(&["seq", many, "--values", "2028"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("at most 2,027 values with its 30 three-part takes"),
        "{said}"
    );
    // Below the budget a heap is computed as before.
    let out = ladder(&["value", many, "40"]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), "24\n".into()));
    // And ·FFF…F, past the budget too, is answered off its C⁺ certificate.
    let out = ladder(&["value", "hex:·FFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "100000"]);
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(0), "100000\n".into())
    );
}

#[test]
fn every_rule_kind_is_in_the_help_with_an_example() {
    for command in ["seq", "value"] {
        let help = stdout(&ladder(&[command, "--help"]));
        for example in ["sub:1,3,4", "pass:1,3,4", "octal:.137", "hex:.8"] {
            assert!(help.contains(example), "{command}: {example}\n{help}");
        }
        assert!(help.contains("Examples:"), "{help}");
    }
    let help = stdout(&ladder(&["coalition", "--help"]));
    for name in ["nim", "kayles", "dawsons-kayles", "sub:1,2", "octal:.77"] {
        assert!(help.contains(name), "{name}\n{help}");
    }
    assert!(help.contains("not taken"), "{help}");
}

#[test]
fn coalition_takes_the_names_of_games() {
    let named = ladder(&["coalition", "kayles", "--json"]);
    let coded = ladder(&["coalition", "octal:.77", "--json"]);
    assert_eq!(named.status.code(), Some(0));
    assert_eq!(stdout(&named), stdout(&coded));
    let out = ladder(&["coalition", "hex:.8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no three-way split"));
}

#[test]
fn counts_agree_with_their_nouns() {
    let text = stdout(&ladder(&["coalition", "kayles"]));
    assert!(text.contains(", 1 unit\n"), "{text}");
    assert!(
        !text.contains("(s)") && !text.contains("(1 positions)"),
        "{text}"
    );
    let text = stdout(&ladder(&["seq", "sub:1,3,4", "--min-repeats", "1"]));
    assert!(text.contains("at least 1 repeat)"), "{text}");
    assert!(text.contains("searched in 2,000 values"), "{text}");
    let how = ladder(&["value", "octal:.77", "5"]);
    assert_eq!(
        String::from_utf8_lossy(&how.stderr),
        "heap 5 of octal:·77, computed among 6 values\n"
    );
}

#[test]
fn completions_and_the_man_page_come_from_the_definition() {
    for (shell, mark) in [
        ("bash", "_ladder()"),
        ("zsh", "#compdef ladder"),
        ("fish", "complete -c ladder"),
    ] {
        let out = ladder(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = stdout(&out);
        assert!(script.contains(mark), "{shell}: {script}");
        for command in ["seq", "value", "coalition", "diff"] {
            assert!(script.contains(command), "{shell}: {command}");
        }
    }
    let page = stdout(&ladder(&["man"]));
    assert!(page.contains(".TH ladder 1"), "{page}");
    assert!(page.contains("coalition"), "{page}");
    assert_eq!(ladder(&["completions", "tcsh"]).status.code(), Some(2));
}

/// `value` searches a sparse-space octal code as `solve` does: ·56's period
/// is proved at 653,569 values (past the page's 2^19), and any heap up to
/// 2^64 − 1 answers; at the page's bound it is refused in words that say
/// how to go on.
#[test]
fn value_reaches_a_period_solve_proves() {
    let out = ladder(&["value", "octal:.56", "18446744073709551615", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["method"], "reduced", "{json}");
    assert_eq!(json["preperiod"], 326_640, "{json}");
    assert_eq!(json["period"], 144, "{json}");
    assert_eq!(json["computed"], 653_569, "{json}");
    let reduced = json["reduced"].as_u64().unwrap();
    assert_eq!((u64::MAX - 326_640) % 144, reduced - 326_640);
    // The value is the one the run computed straight gives at that heap.
    let seq = ladder(&[
        "seq",
        "octal:.56",
        "--values",
        &(reduced + 1).to_string(),
        "--json",
    ]);
    let seq: serde_json::Value = serde_json::from_slice(&seq.stdout).unwrap();
    assert_eq!(json["value"], seq["values"][reduced as usize], "{json}");
    let out = ladder(&["value", "octal:.56", "1000000000", "--max-values", "524288"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("no period proved in 524,288 values"),
        "{said}"
    );
    assert!(said.contains("--max-values"), "{said}");
}

/// Issue 50, point 5: what a refusal repeats of its input is cut and
/// escaped: a 100,000-character rule comes back as its first characters
/// and a count, and a rule with a newline stays on one line.
#[test]
fn a_refusal_repeats_its_input_cut_and_escaped() {
    let long = format!("sub:{}x", "1,".repeat(50_000));
    for args in [
        vec!["seq", long.as_str()],
        vec!["atlas", long.as_str()],
        vec!["value", long.as_str(), "5"],
    ] {
        let out = crate::common::command().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.len() < 1_000, "{} bytes: {}", said.len(), &said[..200]);
        assert!(said.contains("more characters"), "{said}");
    }
    let out = crate::common::command()
        .args(["seq", "sub:1\n2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("sub:1\\n2"), "{said}");
    assert!(!said.contains("sub:1\n2"), "{said}");
}
