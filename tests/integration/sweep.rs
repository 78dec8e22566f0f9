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
