//! `ladder sweep`: shards from flags or a job array's variables, merged,
//! equal record for record (time aside) to the sweep run in one process; a
//! rerun skips what is done; a sweep with a shard or code missing, or a
//! code twice, is refused.

use std::fs;
use std::path::Path;
use std::process::Output;

use crate::common;

fn sweep(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = common::command();
    command.current_dir(dir).env("CI", "true");
    for name in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_COUNT",
        "JOB_COMPLETION_INDEX",
    ] {
        command.env_remove(name);
    }
    command.envs(env.iter().copied());
    command.arg("sweep").args(args).output().unwrap()
}

fn said(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The records of a merged sweep without their time.
fn results(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|line| {
            let mut record: serde_json::Value = serde_json::from_str(line).unwrap();
            record.as_object_mut().unwrap().remove("seconds");
            record
        })
        .collect()
}

const PLAN: [&str; 7] = [
    "--family",
    "0.??",
    "--max-values",
    "20000",
    "--max-seconds",
    "30",
    "--out",
];

#[test]
fn shards_of_a_job_array_merge_into_the_one_process_sweep() {
    let dir = tempfile::tempdir().unwrap();
    let run = |out: &str, env: &[(&str, &str)], extra: &[&str]| {
        let mut args: Vec<&str> = PLAN.to_vec();
        args.push(out);
        args.extend_from_slice(extra);
        let done = sweep(dir.path(), &args, env);
        assert!(done.status.success(), "{}", said(&done));
        done
    };
    run("one", &[], &[]);
    // Slurm's array 1-3: tasks 1, 2, 3 of 3, from the variables alone.
    for id in ["1", "2", "3"] {
        let env = [
            ("SLURM_ARRAY_TASK_ID", id),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ];
        run("slurm", &env, &[]);
    }
    // A Kubernetes Indexed Job of two completions.
    for index in ["0", "1"] {
        run("k8s", &[("JOB_COMPLETION_INDEX", index)], &["--of", "2"]);
    }
    let merged = |folder: &str| {
        let out = sweep(dir.path(), &["merge", folder], &[]);
        assert!(out.status.success(), "{}", said(&out));
        results(&String::from_utf8_lossy(&out.stdout))
    };
    let one = merged("one");
    assert_eq!(one.len(), 64);
    assert_eq!(one[0]["rule"], "octal:·0");
    // ·07, Dawson's Kayles: ·137 shifted by one heap (the octal page's
    // dawson-07-shift), so period 34 from heap 53.
    let kayles = one.iter().find(|r| r["rule"] == "octal:·07").unwrap();
    assert_eq!(
        (&kayles["status"], &kayles["period"], &kayles["preperiod"]),
        (&"proved".into(), &34.into(), &53.into()),
        "{kayles}"
    );
    assert_eq!(merged("slurm"), one);
    assert_eq!(merged("k8s"), one);

    // A rerun finds every code done and computes nothing: its file unchanged.
    let file = dir.path().join("slurm/shard-0-of-3.jsonl");
    let before = fs::read(&file).unwrap();
    // Readable by the group that shares the folder, not a temporary file's 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o644, "{mode:o}");
    }
    let env = [
        ("SLURM_ARRAY_TASK_ID", "1"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "3"),
    ];
    run("slurm", &env, &[]);
    assert_eq!(fs::read(&file).unwrap(), before);

    // A code twice (a record copied into another shard) is refused, and so
    // is a shard missing.
    let text = String::from_utf8(before.clone()).unwrap();
    let first = text.lines().nth(1).unwrap();
    let other = dir.path().join("slurm/shard-1-of-3.jsonl");
    let mut planted = fs::read_to_string(&other).unwrap();
    planted.push_str(first);
    planted.push('\n');
    fs::write(&other, planted).unwrap();
    let out = sweep(dir.path(), &["merge", "slurm"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(said(&out).contains("1 twice (octal:·0)"), "{}", said(&out));
    fs::remove_file(&other).unwrap();
    let out = sweep(dir.path(), &["merge", "slurm"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(said(&out).contains("shard 1 is missing"), "{}", said(&out));

    // Another sweep's limits in the same folder are refused, not mixed.
    let out = sweep(
        dir.path(),
        &["--family", "0.??", "--max-values", "1000", "--out", "one"],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        said(&out).contains("a shard of another sweep"),
        "{}",
        said(&out)
    );
}

/// A crafted shard file (a plan of 2^60 shards, a line that is not JSON)
/// is refused in words, located, never a crash.
#[test]
fn a_crafted_shard_file_is_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let shards = dir.path().join("crafted");
    fs::create_dir_all(&shards).unwrap();
    let plan = r#"{"sweep":{"codes":["octal:·7"],"shard":0,"of":1152921504606846976,"max_values":10,"max_seconds":1}}"#;
    fs::write(shards.join("shard-0-of-1.jsonl"), format!("{plan}\n")).unwrap();
    let out = sweep(dir.path(), &["merge", "crafted"], &[]);
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    assert!(
        said(&out).contains("shards is not one this program writes"),
        "{}",
        said(&out)
    );
    let plan =
        r#"{"sweep":{"codes":["octal:·7"],"shard":0,"of":1,"max_values":10,"max_seconds":1}}"#;
    fs::write(
        shards.join("shard-0-of-1.jsonl"),
        format!("{plan}\n{{not json\n"),
    )
    .unwrap();
    let out = sweep(dir.path(), &["merge", "crafted"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        said(&out).contains("shard-0-of-1.jsonl:2:"),
        "{}",
        said(&out)
    );
}

#[test]
fn a_dense_code_in_a_deep_sweep_runs_to_the_depth_asked_within_its_time() {
    let dir = tempfile::tempdir().unwrap();
    let deep = (1u64 << 28).to_string();
    let args = [
        ".364",
        ".6",
        "--max-values",
        &deep,
        "--max-seconds",
        "1",
        "--out",
        "deep",
    ];
    let done = sweep(dir.path(), &args, &[]);
    assert!(done.status.success(), "{}", said(&done));
    let out = sweep(dir.path(), &["merge", "deep"], &[]);
    let records = results(&String::from_utf8_lossy(&out.stdout));
    let limits: Vec<(&str, u64)> = records
        .iter()
        .map(|r| {
            (
                r["rule"].as_str().unwrap(),
                r["max_values"].as_u64().unwrap(),
            )
        })
        .collect();
    // The time bounds the dense engine's work: no cap of its own, and the
    // sweep is not refused.
    assert_eq!(
        limits,
        [("octal:·364", 1 << 28), ("octal:·6", 1 << 28)],
        "{records:?}"
    );
    assert!(records.iter().all(|r| r["status"] == "time"), "{records:?}");
}

/// Two sweeps of different plans started together into one folder: one
/// runs, the other is refused by name (the shard file's lock), and every
/// record of the one that ran is in the folder. Repeated, since a race
/// shows only sometimes.
#[test]
fn two_sweeps_into_one_folder_never_lose_a_record() {
    let dir = tempfile::tempdir().unwrap();
    for round in 0..20 {
        let out = format!("race-{round}");
        let start = |depth: &str| {
            let mut command = common::command();
            command.current_dir(dir.path()).env("CI", "true");
            command
                .args(["sweep", "--family", "0.?", "--max-values", depth])
                .args(["--max-seconds", "30", "--out", &out])
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (first, second) = (start("3000"), start("4000"));
        let outcomes = [
            first.wait_with_output().unwrap(),
            second.wait_with_output().unwrap(),
        ];
        let ran: Vec<&Output> = outcomes.iter().filter(|o| o.status.success()).collect();
        for refused in outcomes.iter().filter(|o| !o.status.success()) {
            assert_eq!(refused.status.code(), Some(2), "{}", said(refused));
            assert!(
                said(refused).contains("another sweep is writing")
                    || said(refused).contains("a shard of another sweep"),
                "{}",
                said(refused)
            );
        }
        assert!(!ran.is_empty(), "round {round}: neither sweep ran");
        let merged = sweep(dir.path(), &["merge", &out], &[]);
        assert!(merged.status.success(), "{}", said(&merged));
        let records = results(&String::from_utf8_lossy(&merged.stdout));
        assert_eq!(records.len(), 8, "round {round}");
        let depths: std::collections::BTreeSet<u64> = records
            .iter()
            .map(|r| r["max_values"].as_u64().unwrap())
            .collect();
        assert_eq!(depths.len(), 1, "round {round}: records of two plans");
    }
}

/// `merge` never writes into the folder it reads, and reads only regular
/// files: a FIFO named like a shard is refused, not waited on.
#[test]
fn merge_writes_outside_its_folder_and_reads_only_plain_files() {
    let dir = tempfile::tempdir().unwrap();
    let done = sweep(dir.path(), &[".1", ".2", "--out", "s"], &[]);
    assert!(done.status.success(), "{}", said(&done));
    let shard = dir.path().join("s/shard-0-of-1.jsonl");
    let before = fs::read(&shard).unwrap();
    for target in ["s/shard-0-of-1.jsonl", "s/joined.jsonl", "s"] {
        let out = sweep(dir.path(), &["merge", "s", "--out", target], &[]);
        assert_eq!(out.status.code(), Some(2), "{target}: {}", said(&out));
        assert!(said(&out).contains("inside"), "{}", said(&out));
    }
    assert_eq!(fs::read(&shard).unwrap(), before);
    let out = sweep(dir.path(), &["merge", "s", "--out", "joined.jsonl"], &[]);
    assert!(out.status.success(), "{}", said(&out));
    #[cfg(unix)]
    {
        let fifo = dir.path().join("s/shard-1-of-2.jsonl");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let out = sweep(dir.path(), &["merge", "s"], &[]);
        assert_eq!(out.status.code(), Some(2), "{}", said(&out));
        assert!(said(&out).contains("not a regular file"), "{}", said(&out));
    }
}

/// Zero limits are refused as `solve` refuses them; a record that says
/// proved with no period is refused by `merge` with its file and line.
#[test]
fn zero_limits_and_a_self_contradicting_record_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (flag, value) in [("--max-values", "0"), ("--max-seconds", "0")] {
        let out = sweep(dir.path(), &[".1", flag, value, "--out", "z"], &[]);
        assert_eq!(out.status.code(), Some(2), "{flag}: {}", said(&out));
    }
    let done = sweep(dir.path(), &[".137", ".1", "--out", "p"], &[]);
    assert!(done.status.success(), "{}", said(&done));
    let shard = dir.path().join("p/shard-0-of-1.jsonl");
    let text = fs::read_to_string(&shard).unwrap();
    let planted = text.replacen("\"period\":34", "\"period\":null", 1);
    assert_ne!(planted, text);
    fs::write(&shard, planted).unwrap();
    let out = sweep(dir.path(), &["merge", "p"], &[]);
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    assert!(
        said(&out).contains("shard-0-of-1.jsonl:2:1"),
        "{}",
        said(&out)
    );
}

/// A misère sweep writes one record a code in the same shard files, merged
/// with `merge --misere`; its records agree with `ladder misere --json`.
#[test]
fn a_misere_sweep_agrees_with_ladder_misere() {
    let dir = tempfile::tempdir().unwrap();
    let args = [".312", ".07", ".3", "--misere", "--max-heaps", "40"];
    let done = sweep(dir.path(), &[&args[..], &["--out", "m"]].concat(), &[]);
    assert!(done.status.success(), "{}", said(&done));
    let out = sweep(dir.path(), &["merge", "--misere", "m"], &[]);
    assert!(out.status.success(), "{}", said(&out));
    let records = results(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(records.len(), 3);
    let r312 = &records[0];
    assert_eq!(
        (
            &r312["status"],
            &r312["order"],
            &r312["p_size"],
            &r312["period"]
        ),
        (&"proved".into(), &12.into(), &3.into(), &2.into()),
        "{r312}"
    );
    // The same folder read as a normal sweep is another kind of sweep.
    let out = sweep(dir.path(), &["merge", "m"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        said(&out).contains("another kind of sweep"),
        "{}",
        said(&out)
    );
    // Each record against the command line's quotient of its heaps.
    for record in &records {
        let mut command = common::command();
        let heaps = record["heaps"].to_string();
        let rule = record["rule"].as_str().unwrap();
        let json = command
            .args(["misere", rule, "--heaps", &heaps, "--json"])
            .output()
            .unwrap();
        let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        for field in ["order", "p_size", "tame", "period", "preperiod"] {
            assert_eq!(json[field], record[field], "{rule}: {field}");
        }
    }
}
