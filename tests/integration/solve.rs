//! `ladder solve RULE` (issue 25): it stops at the first proof, says "not
//! proved in N values" at its limit, prints its JSON without the values, goes
//! on after a kill to the hash of a straight run, and `ladder check --deep`
//! finds a planted difference in a committed record.

use crate::common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{ladder as ladder_in, site, stderr, stdout};

fn ladder(args: &[&str]) -> Output {
    crate::common::command()
        .args(args)
        .env("CI", "true")
        .output()
        .unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(out)))
}

#[test]
fn solve_stops_at_the_proof_with_what_seq_prints_and_the_shape() {
    let out = ladder(&["solve", "octal:.16"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    for line in [
        "octal:·16: first 60 of 509,621 values",
        "period 149,459 from heap 105,351 of g",
        "the period is proven",
        "values hash: b9c8d114c400e009 (FNV-1a 64 over heaps 0..509621",
        "solved: proved at 509,621 values",
        "largest value: 23, first at heap 229,790",
        "sparse: rare mask 1e, 53 of 509,621 heaps rare (heap 0 counted), the last at heap 13,935",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    // What seq prints for the same count, line for line, comes first.
    let seq = ladder(&["seq", "octal:.16", "--values", "509621"]);
    let seq_text = stdout(&seq);
    let seq_lines: Vec<&str> = seq_text.lines().take(4).collect();
    assert_eq!(text.lines().take(4).collect::<Vec<_>>(), seq_lines);
}

#[test]
fn solve_json_has_the_result_and_statistics_but_no_values() {
    let out = ladder(&["solve", "octal:.137", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let object = json(&out);
    assert!(object.get("values").is_none(), "no values in solve's JSON");
    assert_eq!(object["status"], "proved");
    assert_eq!(object["computed"], 174);
    assert_eq!(
        (&object["preperiod"], &object["period"]),
        (&52.into(), &34.into())
    );
    assert_eq!(object["certificate"]["holds"], true);
    assert_eq!(object["certificate_record"]["values_hashed"], 174);
    assert_eq!(
        object["values_hash"],
        object["certificate_record"]["values_hash"]
    );
    assert_eq!(object["largest_value"], 9);
    assert_eq!(object["sparse"]["rare_mask"], "6+pos");
    let checks = object["checks"].as_array().unwrap();
    assert_eq!(checks.last().unwrap()["at"], 174);
    assert!(
        checks[..checks.len() - 1]
            .iter()
            .all(|c| c["certificate"]["holds"] != true)
    );
}

#[test]
fn solve_says_not_proved_at_its_limit_and_refuses_what_it_cannot_do() {
    let out = ladder(&["solve", "octal:.007", "--max-values", "5000"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("not proved in 5,000 values"), "{text}");
    assert!(!text.contains("aperiodic"), "{text}");
    let out = ladder(&["solve", "octal:.007", "--max-values", "5000", "--json"]);
    assert_eq!(json(&out)["status"], "not-proved");
    for (args, message) in [
        (&["solve", "sub:1,3,4"][..], "grows an octal code's run"),
        (
            &["solve", "octal:.6", "--max-values", "0"],
            "from 1 to 4,294,967,295",
        ),
        (
            &["solve", "octal:.6", "--max-values", "4294967296"],
            "from 1 to 4,294,967,295",
        ),
        (
            &["solve", "octal:.007", "--max-values", "20000000"],
            "quadratic",
        ),
    ] {
        let out = ladder(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
}

/// Everything but the line with the run's time.
fn without_time(out: &Output) -> String {
    stdout(out)
        .lines()
        .filter(|l| !l.starts_with("solved:") && !l.starts_with("not proved"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn solve_kept(max: &str, file: &Path) -> Output {
    let file = file.to_str().unwrap();
    ladder(&[
        "solve",
        "octal:.6",
        "--max-values",
        max,
        "--checkpoint",
        file,
    ])
}

#[test]
fn a_killed_solve_goes_on_from_its_checkpoint_to_the_straight_hash() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("six.ckpt");
    let child = crate::common::command()
        .args([
            "solve",
            "octal:·6",
            "--max-values",
            "90000000",
            "--checkpoint",
        ])
        .arg(&file)
        .args(["--checkpoint-every", "0"])
        .env("CI", "true")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once the file holds 100,000 values, the run is well under way.
    let clock = Instant::now();
    let size = |file: &Path| std::fs::metadata(file).map_or(0, |m| m.len());
    while size(&file) < 200_000 && clock.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let signal = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signal.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert!(stderr(&out).contains("interrupted: "), "{}", stderr(&out));
    let resumed = solve_kept("300000", &file);
    let straight = solve_kept("300000", &folder.path().join("straight"));
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert_eq!(without_time(&resumed), without_time(&straight));
    assert!(stdout(&resumed).contains("values hash: "));
    assert!(stdout(&resumed).contains("not proved in 300,000 values"));
}

#[test]
fn a_checkpoint_of_a_longer_run_gives_the_proof_where_a_straight_solve_stops() {
    // A seq run past ·16's proof leaves 600,000 values; solve replays its
    // checks over them, stops at 509,621 and leaves the file whole.
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("sixteen.ckpt");
    let shown = file.to_str().unwrap();
    let seq = ladder(&[
        "seq",
        "octal:.16",
        "--values",
        "600000",
        "--checkpoint",
        shown,
    ]);
    assert_eq!(seq.status.code(), Some(0), "{}", stderr(&seq));
    let before = std::fs::read(&file).unwrap();
    let resumed = ladder(&["solve", "octal:.16", "--checkpoint", shown]);
    let straight = ladder(&["solve", "octal:.16"]);
    assert_eq!(without_time(&resumed), without_time(&straight));
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[test]
fn seq_reads_the_values_past_a_proof_off_the_period() {
    let out = ladder(&["seq", "octal:.137", "--values", "1000000", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let object = json(&out);
    assert_eq!(object["values_read_off_from"], 174);
    let values = object["values"].as_array().unwrap();
    assert_eq!(values.len(), 1_000_000);
    // Past the proof the values repeat with the period.
    assert!((174..1_000_000).all(|n| values[n] == values[n - 34]));
    let plain = ladder(&["seq", "octal:.137", "--values", "2000", "--json"]);
    assert_eq!(json(&plain)["values"], serde_json::json!(values[..2000]));
    // A code not sparse, with no proof in its probe, is refused at once.
    let out = ladder(&["seq", "octal:.007", "--values", "20000000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no period is proved in its first 131,072 values"));
}

#[test]
fn check_deep_solves_a_record_again_and_finds_a_planted_difference() {
    let dir = site("deep-record");
    let build = ladder_in(dir.path(), &["build"]);
    assert!(build.status.success(), "{}", stderr(&build));
    let deep = ladder_in(dir.path(), &["check", "--deep"]);
    assert_eq!(deep.status.code(), Some(0), "{}", stderr(&deep));
    assert!(stderr(&deep).contains("every record is what a fresh solve finds"));
    // A record with a planted hash: the build reads it (its window is the
    // theorem's), the plain check agrees with that build, the deep one does not.
    let manifest = dir.path().join("figures.yaml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(
        &manifest,
        text.replace("4eb19a7be79c771d", "4eb19a7be79c771e"),
    )
    .unwrap();
    assert!(ladder_in(dir.path(), &["build"]).status.success());
    assert_eq!(ladder_in(dir.path(), &["check"]).status.code(), Some(0));
    let deep = ladder_in(dir.path(), &["check", "--deep"]);
    assert_eq!(deep.status.code(), Some(1), "{}", stderr(&deep));
    assert_eq!(
        stdout(&deep),
        "solved: octal:·137: the record says values_hash = \"4eb19a7be79c771e\", the solve \
         finds \"4eb19a7be79c771d\"\n"
    );
    // A planted period is refused by the build itself: not the theorem's window.
    std::fs::write(&manifest, text.replace("period: 34", "period: 17")).unwrap();
    let build = ladder_in(dir.path(), &["build"]);
    assert_eq!(build.status.code(), Some(2));
    assert!(
        stderr(&build).contains("not Theorem P's"),
        "{}",
        stderr(&build)
    );
}

/// `ladder value` reduces a heap by a period the manifest's record proves
/// when its search would stop short of the proof, and says so; the value
/// is the one the search itself finds where it reaches the proof. A
/// planted period in the record gives another heap, and the explanation
/// names the record, so a reader knows what to check (`check --deep`).
#[test]
fn value_reads_a_committed_record_past_its_search() {
    let dir = site("deep-record");
    let manifest = dir.path().join("figures.yaml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let record = "        - game: octal:·56
          record:
            preperiod: 326640
            period: 144
            window_end: 653425
            values_needed: 653569
            certificate_kind: guy-smith-k2
            values_hash: 05017f611e7f2427
            largest_value: 64
            largest_value_heap: 22778
            rare_mask: 5b
            rare_heaps: 46
            last_rare_heap: 1795
            last_exception_pair: [26, 16]
";
    let with_record = text.replace(
        "        - game: octal:·137\n",
        &format!("{record}        - game: octal:·137\n"),
    );
    assert_ne!(with_record, text);
    std::fs::write(&manifest, &with_record).unwrap();
    let heap = "18446744073709551615";
    let ask = |extra: &[&str]| {
        let mut args = vec!["value", "octal:.56", heap, "--json"];
        args.extend_from_slice(extra);
        let out = ladder_in(dir.path(), &args);
        assert!(out.status.success(), "{}", stderr(&out));
        json(&out)
    };
    // Searched to 2^20 values, past ·56's proof: the record is not read.
    let searched = ask(&["--max-values", "1048576"]);
    assert_eq!(searched["method"], "reduced", "{searched}");
    // Searched to 2^19, short of it: the record is.
    let recorded = ask(&["--max-values", "524288"]);
    assert_eq!(recorded["method"], "recorded", "{recorded}");
    assert_eq!(recorded["figure"], "solved", "{recorded}");
    assert_eq!(recorded["reduced"], searched["reduced"], "{recorded}");
    assert_eq!(recorded["value"], searched["value"], "{recorded}");
    let why = recorded["explanation"].as_str().unwrap();
    assert!(
        why.contains("proved by the solve recorded in figures.yaml"),
        "{why}"
    );
    assert!(why.contains("period 144 from heap 326,640"), "{why}");
    // Outside the project there is no record: the search's refusal.
    let out = ladder(&["value", "octal:.56", heap, "--max-values", "524288"]);
    assert_eq!(out.status.code(), Some(2));
    // A planted period reduces to another heap: what check --deep refuses.
    std::fs::write(&manifest, with_record.replace("period: 144", "period: 145")).unwrap();
    let planted = ask(&["--max-values", "524288"]);
    assert_ne!(planted["reduced"], searched["reduced"], "{planted}");
}
