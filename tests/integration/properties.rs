//! Property tests (issue 14): no rule string, manifest entry or command line
//! makes ladder panic or exit outside 0, 1 and 2, and a build that fails
//! leaves `output/` byte for byte as it was.
//!
//! The case counts are modest so the suite stays quick; the generators aim
//! at the edges that broke before (takes near 2^64, zero, huge sizes, keys
//! given twice, text cut short) rather than at uniform noise.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use ladder::BuildOptions;
use ladder::games::Rule;
use proptest::prelude::*;

use common::{copy_tree, repo};

/// `n` cases, or `LADDER_PROPTEST_CASES` for a longer hunt by hand.
fn cases(n: u32) -> u32 {
    std::env::var("LADDER_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(n)
}

/// Numbers where arithmetic goes wrong, and ordinary ones.
fn edge_number() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..=12,
        13u64..=2_000,
        Just(u64::MAX),
        Just(u64::MAX - 1),
        Just(1 << 32),
        Just(1 << 63),
        any::<u64>(),
    ]
}

/// Rule strings: well formed with edge takes, near misses, and junk.
fn rule_text() -> impl Strategy<Value = String> {
    let takes = || {
        prop::collection::vec(edge_number(), 0..5)
            .prop_map(|t| t.iter().map(u64::to_string).collect::<Vec<_>>().join(","))
    };
    prop_oneof![
        takes().prop_map(|t| format!("sub:{t}")),
        takes().prop_map(|t| format!("pass:{t}")),
        "[0-7]{0,6}".prop_map(|d| format!("octal:·{d}")),
        "[0-4]?[.·]?[0-7]{0,5}".prop_map(|d| format!("octal:{d}")),
        "[0-7A-F]{0,3}".prop_map(|d| format!("hex:.{d}")),
        "[a-z:.·,0-9 -]{0,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(256), ..ProptestConfig::default() })]

    #[test]
    fn no_rule_string_makes_the_library_panic(
        text in rule_text(),
        count in 1usize..600,
        repeats in 1usize..5,
        heap in edge_number(),
    ) {
        let Ok(rule) = text.parse::<Rule>() else { return Ok(()) };
        let (values, analysis) = rule.analyse(count, repeats);
        prop_assert_eq!(values.len(), count);
        if let Some(c) = analysis.certificate
            && c.holds
        {
            // A certificate that holds read only values that were computed.
            prop_assert!(c.values_needed <= count, "{} {:?}", text, c);
        }
        // Large heaps only where a lookup is quick (subtraction and pass).
        let quick = matches!(rule, Rule::Subtraction(_) | Rule::Pass(_));
        let heap = if quick { heap } else { heap % 300 };
        let _ = rule.value_of(heap);
    }
}

/// Every file under `dir`, with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = fs::read(&path).unwrap();
                files.insert(path.strip_prefix(dir).unwrap().to_path_buf(), bytes);
            }
        }
    }
    files
}

/// One figure entry: a kind with edge parameters.
fn figure_entry() -> impl Strategy<Value = String> {
    let n = edge_number;
    prop_oneof![
        (rule_text(), n(), n(), 0u64..6).prop_map(|(game, values, shown, repeats)| format!(
            "    strip:\n      game: \"{game}\"\n      values: {}\n      shown: {}\n      min_repeats: {repeats}\n",
            values % 3000,
            shown
        )),
        (rule_text(), n(), n()).prop_map(|(game, heap, shown)| format!(
            "    option-reach:\n      game: \"{game}\"\n      heap: {heap}\n      shown: {shown}\n"
        )),
        (n(), n(), n()).prop_map(|(a, b, shown)| format!(
            "    two-takes-strip:\n      takes: [{a}, {b}]\n      shown: {shown}\n"
        )),
        (n(), n(), n()).prop_map(|(a, b, heap)| format!(
            "    million-heap:\n      components:\n        - {{ takes: [{a}, {b}], heap: {heap} }}\n"
        )),
        n().prop_map(|n| format!("    sum-family:\n      largest_sum: {}\n", n % 400)),
        (n(), n()).prop_map(|(largest, values)| format!(
            "    pair-census:\n      largest: {}\n      values: {values}\n",
            largest % 60
        )),
        (n(), n(), n(), n()).prop_map(|(a, b, c, d)| format!(
            "    third-take-map:\n      smallest: {}\n      first_larger: {}\n      last_larger: {}\n      last_third: {d}\n",
            a % 8, b % 12, c % 20
        )),
        (prop::collection::vec("[0-9A-F]{1,2}", 1..3), n(), n()).prop_map(|(codes, values, shown)| {
            let games: Vec<String> = codes.iter().map(|c| format!("\"hex:·{c}\"")).collect();
            format!(
                "    saltus:\n      games: [{}]\n      values: {values}\n      shown: {shown}\n",
                games.join(", ")
            )
        }),
        (n(), n(), 0usize..3).prop_map(|(digits, values, prefixes)| format!(
            "    saltus-census:\n      prefixes: [{}]\n      digits: {}\n      values: {}\n",
            ["\"0\"", "\"4\"", "\"8\""][prefixes],
            digits % 3,
            values % 200
        )),
        (rule_text(), n(), n()).prop_map(|(game, values, rows)| format!(
            "    period-window:\n      game: \"{game}\"\n      values: {}\n      rows: {rows}\n",
            values % 3000
        )),
        (rule_text(), rule_text(), n(), n(), n()).prop_map(|(a, b, values, shift, shown)| format!(
            "    shifted-pair:\n      game: \"{a}\"\n      shifted: \"{b}\"\n      values: {}\n      largest_shift: {shift}\n      shown: {shown}\n",
            small(values)
        )),
        (rule_text(), rule_text(), n(), n()).prop_map(|(a, b, values, shown)| format!(
            "    same-sequence:\n      game: \"{a}\"\n      other: \"{b}\"\n      values: {}\n      shown: {shown}\n",
            small(values)
        )),
        (rule_text(), prop::collection::vec(n(), 0..4)).prop_map(|(game, points)| {
            let points: Vec<String> = points.iter().map(|p| small(*p).to_string()).collect();
            format!(
                "    value-growth:\n      games: [\"{game}\"]\n      checkpoints: [{}]\n",
                points.join(", ")
            )
        }),
        (rule_text(), n()).prop_map(|(game, values)| format!(
            "    value-spread:\n      game: \"{game}\"\n      values: {}\n",
            small(values)
        )),
        (rule_text(), n()).prop_map(|(game, values)| format!(
            "    certificate-lengths:\n      games:\n        - {{ game: \"{game}\", values: {} }}\n",
            small(values)
        )),
        (n(), n(), n()).prop_map(|(digits, values, rows)| format!(
            "    code-as-nim:\n      digits: {}\n      values: {}\n      rows: {rows}\n",
            digits % 70,
            small(values)
        )),
        (prop::collection::vec((n(), n()), 0..6), n()).prop_map(|(pairs, tail)| {
            let pairs: Vec<String> =
                pairs.iter().map(|(x, y)| format!("[{}, {}]", x % 70, y % 70)).collect();
            format!(
                "    pass-cases:\n      pairs: [{}]\n      tail: {tail}\n",
                pairs.join(", ")
            )
        }),
        (n(), n()).prop_map(|(take, values)| format!(
            "    state-bound:\n      max_take: {}\n      values: {}\n",
            take % 12,
            small(values)
        )),
        n().prop_map(|n| format!("    triple-census:\n      largest: {}\n", n % 24)),
        (
            prop_oneof![Just("nim"), Just("sub:1,2"), Just("octal:0.07"), Just("sub:0")],
            0u64..4,
            0u64..6,
            prop_oneof![0u64..9, Just(u64::MAX)]
        )
            .prop_map(|(game, heaps, sizes, allies)| format!(
                "    coalition-table:\n      game: \"{game}\"\n      search: {{ test_heaps: {heaps}, test_largest_heap: {sizes}, census_heaps: {heaps}, census_largest_heap: {sizes}, allies: {allies} }}\n"
            )),
    ]
}

/// A count of values: small enough to compute quickly, or far out of range.
fn small(n: u64) -> u64 {
    if n > 1 << 40 { n } else { n % 2500 }
}

/// A manifest around one figure, sometimes damaged: a key twice, cut short,
/// or a stray character.
fn manifest_text() -> impl Strategy<Value = String> {
    let base = "site:\n  title: t\n  summary: s\npages:\n  - id: page\n    title: A page\n    summary: One figure.\n    content: page.md\nfigures:\n  - id: f\n    page: page\n    caption: c\n";
    (
        figure_entry(),
        0u8..8,
        any::<prop::sample::Index>(),
        "[\\[\\]{}:#'\"&\\- a-z0-9\n]",
    )
        .prop_map(move |(entry, damage, at, junk)| {
            let text = format!("{base}{entry}");
            let cut = at.index(text.len() + 1);
            let cut = (0..=cut)
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            match damage {
                0 => format!("{text}    caption: twice\n"),
                1 => text[..cut].to_string(),
                2 => format!("{}{junk}{}", &text[..cut], &text[cut..]),
                _ => text,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    #[test]
    fn a_failed_build_leaves_output_as_it_was(manifest in manifest_text()) {
        let dir = tempfile::tempdir().unwrap();
        copy_tree(&repo().join("templates"), &{
            let t = dir.path().join("templates");
            fs::create_dir_all(&t).unwrap();
            t
        });
        fs::create_dir_all(dir.path().join("content")).unwrap();
        fs::write(dir.path().join("content/page.md"), "Prose.\n\n{{ figure(id=\"f\") }}\n").unwrap();
        fs::write(dir.path().join("figures.yaml"), &manifest).unwrap();
        let out = dir.path().join("output");
        fs::create_dir_all(out.join("figures")).unwrap();
        fs::write(out.join("index.html"), "the previous site").unwrap();
        fs::write(out.join("figures/old.svg"), "<svg/>").unwrap();
        let before = snapshot(&out);
        let options = BuildOptions {
            root: dir.path().to_path_buf(),
            only: Vec::new(),
            progress: false,
            cache: false,
            force: true,
            announce: None,
        };
        match ladder::build(&options, &out) {
            Ok(_) => prop_assert!(out.join("page.html").is_file()),
            Err(e) => {
                let message = format!("{e:#}");
                prop_assert!(!message.is_empty());
                prop_assert_eq!(snapshot(&out), before, "{}", message);
            }
        }
    }
}

/// A command line for `seq`, `value` or `coalition`, with edge arguments.
fn command_line() -> impl Strategy<Value = Vec<String>> {
    let flag_number = || prop_oneof![0u64..6, 6u64..3000, Just(u64::MAX), Just(1_000_000_000_000)];
    prop_oneof![
        (rule_text(), flag_number(), 0u64..6, any::<bool>()).prop_map(
            |(rule, values, repeats, json)| {
                let values = if values > 3000 && values < 1 << 40 {
                    values
                } else {
                    values % 3000
                };
                let mut args = vec![
                    "seq".to_string(),
                    rule,
                    "--values".into(),
                    values.to_string(),
                    "--min-repeats".into(),
                    repeats.to_string(),
                ];
                if json {
                    args.push("--json".into());
                }
                args
            }
        ),
        (rule_text(), edge_number()).prop_map(|(rule, heap)| {
            let quick = rule.starts_with("sub:") || rule.starts_with("pass:");
            let heap = if quick { heap } else { heap % 300 };
            vec!["value".to_string(), rule, heap.to_string()]
        }),
        (
            prop_oneof![
                Just("nim".to_string()),
                Just("sub:1,2".to_string()),
                Just("octal:0.77".to_string()),
                "[a-z:.0-9,]{0,8}"
            ],
            0u64..5,
            0u64..8,
            prop_oneof![0u64..9, Just(u64::MAX)],
            any::<bool>()
        )
            .prop_map(|(rule, heaps, sizes, allies, json)| {
                let mut args = vec![
                    "coalition".to_string(),
                    rule,
                    "--test-heaps".into(),
                    heaps.to_string(),
                    "--test-sizes".into(),
                    sizes.to_string(),
                    "--census-heaps".into(),
                    heaps.min(3).to_string(),
                    "--census-sizes".into(),
                    sizes.to_string(),
                    "--allies".into(),
                    allies.to_string(),
                ];
                if json {
                    args.push("--json".into());
                }
                args
            }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(48), ..ProptestConfig::default() })]

    #[test]
    fn no_command_line_panics(args in command_line()) {
        let out = crate::common::command()
            .args(&args)
            .env("CI", "true")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        prop_assert!(matches!(out.status.code(), Some(0..=2)), "{:?}: {:?} {}", args, out.status, stderr);
        prop_assert!(!stderr.contains("panicked"), "{:?}: {}", args, stderr);
    }
}
