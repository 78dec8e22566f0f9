//! The manual (issue 54): its command-line reference is every command's
//! help as the command line prints it, and every example in it runs as shown.
//!
//! An example is a ```console block of the manual's content: each line
//! `$ ladder ARGS…` is run (arguments split at spaces, from the project's
//! folder), and the lines under it up to the next `$` are its standard
//! output, exactly; a line `...` stands for any lines, as trycmd reads it.
//! A command the manual only shows (a ```sh block: a sweep of hours, a
//! cluster's job) is not run, but its command and every `--option` it
//! gives must be in the reference, so a renamed option fails here.

use std::fs;
use std::path::Path;

fn manual_pages() -> Vec<(String, String)> {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let mut pages: Vec<(String, String)> = fs::read_dir(&content)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.starts_with("manual-").then(|| {
                (
                    name.clone(),
                    fs::read_to_string(content.join(&name)).unwrap(),
                )
            })
        })
        .collect();
    pages.sort();
    pages
}

/// An example: the page, the command's arguments, the output shown.
struct Example {
    page: String,
    args: Vec<String>,
    shown: Vec<String>,
}

fn examples(page: &str, text: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("```") {
            inside = line.trim() == "```console";
            continue;
        }
        if !inside {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
            assert_eq!(
                words[0], "ladder",
                "{page}: an example runs ladder, not `{command}`"
            );
            out.push(Example {
                page: page.to_string(),
                args: words[1..].to_vec(),
                shown: Vec::new(),
            });
        } else if let Some(example) = out.last_mut() {
            example.shown.push(line.to_string());
        }
    }
    out
}

/// Whether `actual` reads as `shown`, a line `...` standing for any lines.
fn matches(shown: &[String], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line == first && matches(rest, more)),
    }
}

/// HTML's escaping of a listing's text, as the page writes `<` `>` `&`.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[test]
fn the_reference_page_holds_every_commands_help() {
    let page = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("output/manual-reference.html"),
    )
    .unwrap();
    let commands = [
        "build",
        "serve",
        "check",
        "diff",
        "seq",
        "value",
        "solve",
        "sweep",
        "sweep merge",
        "misere",
        "atlas",
        "completions",
        "man",
        "coalition",
    ];
    for command in commands {
        let mut args: Vec<&str> = command.split(' ').collect();
        args.push("--help");
        let out = crate::common::command().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{command}");
        let help = String::from_utf8_lossy(&out.stdout);
        // Every line of the help, as printed, is on the page (escaped, in
        // the listing under the command's heading).
        let heading = format!("<code>ladder {command}</code>");
        assert!(page.contains(&heading), "no heading {heading}");
        for line in help.lines().map(str::trim_end).filter(|l| !l.is_empty()) {
            assert!(
                page.contains(&escaped(line)),
                "`ladder {command} --help` prints {line:?}, which the manual's reference lacks"
            );
        }
    }
}

#[test]
fn every_example_in_the_manual_runs_as_shown() {
    let root = env!("CARGO_MANIFEST_DIR");
    let all: Vec<Example> = manual_pages()
        .iter()
        .flat_map(|(page, text)| examples(page, text))
        .collect();
    assert!(all.len() >= 5, "the manual shows {} examples", all.len());
    for example in &all {
        let out = crate::common::command()
            .current_dir(root)
            .args(&example.args)
            .env("CI", "true")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let actual: Vec<&str> = stdout.lines().collect();
        assert!(
            out.status.success() && matches(&example.shown, &actual),
            "{}: `ladder {}` printed (exit {:?}):\n{stdout}\nbut the manual shows:\n{}",
            example.page,
            example.args.join(" "),
            out.status.code(),
            example.shown.join("\n")
        );
    }
}

#[test]
fn a_wrong_output_is_caught() {
    let shown = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&shown(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&shown(&["a", "..."]), &["a"]));
    assert!(!matches(&shown(&["a", "...", "e"]), &["a", "b", "c", "d"]));
    assert!(!matches(&shown(&["7"]), &["6"]));
    let planted = examples(
        "planted",
        "```console\n$ ladder value octal:·6 10\n7\n```\n",
    );
    assert_eq!(planted.len(), 1);
    let out = crate::common::command()
        .args(&planted[0].args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!matches(
        &planted[0].shown,
        &stdout.lines().collect::<Vec<_>>()
    ));
}

/// The reference's help text of each command, by its name (`ladder sweep
/// merge`), as `ladder man --markdown` prints it.
fn reference() -> Vec<(String, String)> {
    let out = crate::common::command()
        .args(["man", "--markdown"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.starts_with('#')
            && let Some(name) = line.trim_start_matches('#').strip_prefix(" `")
        {
            out.push((name.trim_end_matches('`').to_string(), String::new()));
            continue;
        }
        if let Some((_, help)) = out.last_mut() {
            help.push_str(line);
            help.push('\n');
        }
    }
    out
}

/// What is wrong with a shown command line, by the reference: its command
/// unknown, or an option its command does not take.
fn unknown_in(reference: &[(String, String)], line: &str) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let start = words.iter().position(|w| *w == "ladder")?;
    let words = &words[start..];
    // The longest command name the words begin with.
    let (name, help) = reference
        .iter()
        .filter(|(name, _)| {
            let parts: Vec<&str> = name.split(' ').collect();
            words.len() >= parts.len() && words[..parts.len()] == parts[..]
        })
        .max_by_key(|(name, _)| name.len())?;
    if name == "ladder" && words.get(1).is_some_and(|w| !w.starts_with('-')) {
        return Some(format!("no command `ladder {}`", words[1]));
    }
    words
        .iter()
        .filter(|w| w.starts_with("--"))
        .map(|w| w.split('=').next().unwrap_or(w))
        .find(|option| {
            ![" ", "\n", " <", ","]
                .iter()
                .any(|after| help.contains(&format!("{option}{after}")))
        })
        .map(|option| format!("`{name}` takes no {option}"))
}

#[test]
fn every_command_shown_is_one_the_reference_has() {
    let reference = reference();
    assert!(reference.len() >= 15, "{} commands", reference.len());
    let mut shown = 0;
    for (page, text) in manual_pages() {
        let mut lang = None;
        for line in text.lines() {
            if let Some(fence) = line.strip_prefix("```") {
                lang = if lang.is_none() {
                    Some(fence.trim().to_string())
                } else {
                    None
                };
                continue;
            }
            if lang.as_deref() == Some("sh") && line.trim_start().starts_with("ladder ") {
                shown += 1;
                if let Some(wrong) = unknown_in(&reference, line) {
                    panic!("{page}: `{}`: {wrong}", line.trim());
                }
            }
        }
    }
    assert!(shown >= 5, "{shown} commands shown");
    // Planted: an option renamed, and a command that is not one.
    assert!(
        unknown_in(
            &reference,
            "ladder sweep --family 0.?? --max-value 5 --out x"
        )
        .is_some()
    );
    assert!(unknown_in(&reference, "ladder sweeps --out x").is_some());
    assert!(unknown_in(&reference, "ladder sweep merge a --over b --out c").is_none());
}
