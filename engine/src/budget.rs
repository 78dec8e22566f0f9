//! The work one figure or one command may ask for, checked when the
//! manifest or the command line is read, before anything is computed.
//!
//! Each limit is a constant, set far above what the site uses and below
//! where a run would take minutes or exhaust memory; raising one when a
//! faster engine lands is a one-line change.

use crate::games::{Rule, octal_engine};
use crate::numbers::{byte_size, grouped};
use crate::sequence::Value;

/// The most values `ladder seq` computes of a rule other than an octal
/// code: their values are `u32`, about 400 MB of them, and more in the
/// rules' working space.
pub const MAX_SEQ_VALUES: usize = 100_000_000;

/// The most values of an octal code (`ladder seq`, `ladder solve`): its
/// values are kept as `u16` and the sparse engine lists rare heaps as `u32`,
/// so a run goes to heap 2^32 − 2. A value of 65,536 or more stops the run
/// with an error instead (past [`MAX_SEQ_VALUES`] no other engine can go on).
pub const MAX_OCTAL_VALUES: usize = u32::MAX as usize;

/// What an octal run holds per value, in tenths of a byte: 2 bytes for the
/// value itself and at most half a byte for the engines' lists and the
/// output (measured: the manual, content/manual-long-runs.md).
pub const OCTAL_TENTHS_PER_VALUE: u64 = 25;

/// The memory assumed to be available where `/proc/meminfo` cannot be read:
/// little enough to be there on any machine that runs the site's build.
pub const FALLBACK_AVAILABLE_BYTES: u64 = 2 << 30;

/// The most values of a hexadecimal code with a three-part move. It is set
/// with the engine it bounds (the rules' own lookup reads no further), so
/// the rules need not import this policy module.
pub use crate::games::hexadecimal_values::MAX_THREE_PART_VALUES as MAX_HEX_THREE_PART_VALUES;

pub use crate::games::hexadecimal_values::most_three_part_values as most_hex_three_part_values;

/// The most values the budget allows `rule` to compute, when it has a
/// limit of its own below [`MAX_SEQ_VALUES`]: a hexadecimal code that leaves
/// three heaps (see [`Rule::most_values`]). `ladder value` computes no more
/// than this either.
pub fn most_values(rule: &Rule) -> Option<usize> {
    rule.most_values()
}

/// The most take-reads `ladder seq` may ask of a subtraction or pass game
/// (takes × values): a few seconds' work.
pub const MAX_TAKE_READS: u64 = 4_000_000_000;

/// The most values of an octal code that is not sparse from the start.
/// The dense engine is quadratic at heart (`·007` to 200,000 takes about
/// 2 s, to 10^6 nearly a minute), but a run moves to the sparse engine when
/// its rare share falls (`games::octal_engine`), and ·007 does at 393,216
/// heaps, so 10^7 takes minutes, not hours. A code that stays dense (·4)
/// would take hours to 10^7: such a run is best made with `--checkpoint`,
/// which an interruption does not lose. Codes sparse from the start go to
/// [`MAX_SEQ_VALUES`].
pub const MAX_DENSE_OCTAL_VALUES: usize = 10_000_000;

/// The most values a census may compute, summed over its games: a census
/// of 65,536 subtraction sets of 1,525 values each takes about a second.
pub const MAX_CENSUS_VALUES: u64 = 100_000_000;

/// Whether a census of `games` games with `values` values each is within
/// [`MAX_CENSUS_VALUES`]; `what` names the games in the message.
pub fn check_census(games: u64, values: usize, what: &str) -> Result<(), String> {
    let total = games.saturating_mul(values as u64);
    if total > MAX_CENSUS_VALUES {
        return Err(format!(
            "{} {what} of {} values each is {} values in all; a census computes at most {}",
            grouped(games),
            grouped(values as u64),
            grouped(total),
            grouped(MAX_CENSUS_VALUES)
        ));
    }
    Ok(())
}

/// Whether `count` values of `rule` are within the budget; the error says
/// which limit, and how far the rule may go.
pub fn check_values(rule: &Rule, count: usize) -> Result<(), String> {
    if let Some(most) = most_values(rule)
        && count > most
    {
        let takes = match rule {
            Rule::Hex(code) => code.digits().iter().filter(|&&d| d & 8 != 0).count(),
            _ => 0,
        };
        let many = if most < MAX_HEX_THREE_PART_VALUES {
            format!(" with its {takes} three-part takes")
        } else {
            String::new()
        };
        return Err(format!(
            "{rule} leaves three heaps, and its values cost time quadratic in the heap and in \
             their size: at most {} values{many}, not {}",
            grouped(most as u64),
            grouped(count as u64)
        ));
    }
    // A code that never leaves three heaps is computed as the octal code it is.
    if let Rule::Hex(code) = rule
        && let Some(octal) = code.as_octal()
    {
        return check_values(&Rule::Octal(octal), count);
    }
    let takes = match rule {
        Rule::Subtraction(set) => Some(set.takes().len()),
        Rule::Pass(game) => Some(game.takes().len()),
        Rule::Octal(_) | Rule::Hex(_) => None,
    };
    if let Some(takes) = takes
        && (takes as u64).saturating_mul(count as u64) > MAX_TAKE_READS
    {
        return Err(format!(
            "{} takes over {} values is more work than a run may ask (at most {} take-reads)",
            grouped(takes as u64),
            grouped(count as u64),
            grouped(MAX_TAKE_READS)
        ));
    }
    if let Rule::Octal(code) = rule
        && count > MAX_DENSE_OCTAL_VALUES
        && !octal_engine::is_sparse(code)
    {
        return Err(format!(
            "{rule} has values that are not sparse, and its engine is quadratic: at most {} \
             values, not {}",
            grouped(MAX_DENSE_OCTAL_VALUES as u64),
            grouped(count as u64)
        ));
    }
    Ok(())
}

/// Values a code that is not sparse computes toward a proof when more than
/// [`MAX_DENSE_OCTAL_VALUES`] are asked: a second or two of its quadratic
/// engine (·007 to 131,072 takes about one).
pub const DENSE_PROBE_VALUES: usize = 1 << 17;

/// Of `count` values of `rule` asked of `ladder seq`, how many it computes
/// at most: all of them, except for an octal code that is not sparse asked
/// for more than [`MAX_DENSE_OCTAL_VALUES`], which computes
/// [`DENSE_PROBE_VALUES`] and gives the rest only if a period is proved in
/// them (read off it); otherwise the run is refused, with the budget's
/// message, after that second or two.
pub fn computed_limit(rule: &Rule, count: usize) -> usize {
    match rule {
        Rule::Octal(code) if count > MAX_DENSE_OCTAL_VALUES && !octal_engine::is_sparse(code) => {
            DENSE_PROBE_VALUES
        }
        _ => count,
    }
}

/// The most values `ladder seq` and `ladder solve` may compute of `rule`:
/// [`MAX_OCTAL_VALUES`] for an octal code, [`MAX_SEQ_VALUES`] otherwise.
pub fn max_values(rule: &Rule) -> usize {
    match rule {
        Rule::Octal(_) => MAX_OCTAL_VALUES,
        _ => MAX_SEQ_VALUES,
    }
}

/// The memory an octal run of `count` values may hold, in bytes.
pub fn octal_run_bytes(count: usize) -> u64 {
    (count as u64).saturating_mul(OCTAL_TENTHS_PER_VALUE) / 10
}

/// Whether an octal run of `count` values fits in the memory `available`
/// (bytes, `source` saying where the figure comes from); the error gives
/// both figures.
pub fn check_octal_memory(count: usize, available: (u64, &str)) -> Result<(), String> {
    let needed = octal_run_bytes(count);
    if needed > available.0 {
        return Err(format!(
            "{} values of an octal code need up to {} (2.5 bytes a value), but only {} is \
             available ({}): ask for at most {}",
            grouped(count as u64),
            byte_size(needed),
            byte_size(available.0),
            available.1,
            grouped(most_that_fit(available.0) as u64)
        ));
    }
    Ok(())
}

/// The most values of an octal run that fit in `bytes`.
pub fn most_that_fit(bytes: u64) -> usize {
    usize::try_from(bytes.saturating_mul(10) / OCTAL_TENTHS_PER_VALUE).unwrap_or(usize::MAX)
}

/// Checks a `ladder seq` count: from 1 to [`max_values`], within the rule's
/// budget, and with the memory for the values there to be had: for an octal
/// code, 2.5 bytes a value within what the machine and the process's
/// limits leave (`available`: the bytes and where that figure comes from,
/// which the caller reads; refused with both figures before anything is
/// computed); for another rule, a fallible reservation
/// ([`check_wide_values`]), so a size the machine cannot give is an error,
/// not an abort. The count is a `u64`, so that a count past a 32-bit
/// machine's `usize` (the browser's module) is refused in the same words.
pub fn check_seq_values_within(
    rule: &Rule,
    count: u64,
    available: (u64, &str),
) -> Result<(), String> {
    let most = max_values(rule);
    let Some(count) = usize::try_from(count)
        .ok()
        .filter(|count| (1..=most).contains(count))
    else {
        return Err(format!(
            "--values must be from 1 to {}{}, not {}",
            grouped(most as u64),
            if most == MAX_SEQ_VALUES {
                " for this rule (an octal code goes to 4,294,967,295)"
            } else {
                ""
            },
            grouped(count)
        ));
    };
    // An octal code's run stops computing at its proof (the rest is read off
    // the period), so the engine's budget bounds the values computed, not
    // those asked for: see `computed_limit`.
    if rule.octal_code().is_some() {
        return check_octal_memory(count, available);
    }
    check_values(rule, count)?;
    check_wide_values(count)
}

/// Whether `count` values as [`Value`] (`u32`, the plain loops' values) can
/// be had: a fallible reservation, let go at once, so a size the machine or
/// a limit cannot give is an error here, not an abort when a loop asks.
pub fn check_wide_values(count: usize) -> Result<(), String> {
    let mut probe: Vec<Value> = Vec::new();
    probe.try_reserve_exact(count).map_err(|_| {
        format!(
            "cannot reserve memory for {} values ({}, 4 bytes a value): the machine or a limit \
             (ulimit -v, a cgroup) refuses it",
            grouped(count as u64),
            byte_size((count as u64).saturating_mul(4))
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_three_part_hex_code_has_a_budget() {
        let eight: Rule = "hex:·8".parse().unwrap();
        assert!(check_values(&eight, MAX_HEX_THREE_PART_VALUES).is_ok());
        let error = check_values(&eight, MAX_HEX_THREE_PART_VALUES + 1).unwrap_err();
        assert!(
            error.contains("leaves three heaps") && error.contains("5,000"),
            "{error}"
        );
        assert!(check_values(&"hex:·3F".parse().unwrap(), 5_001).is_err());
        // A code that never leaves three heaps has the budget of its octal twin.
        let two_parts: Rule = "hex:·47".parse().unwrap();
        let octal: Rule = "octal:·47".parse().unwrap();
        assert!(check_values(&two_parts, 100_000).is_ok());
        for count in [1_000_000, 2_000_000] {
            assert_eq!(
                check_values(&two_parts, count),
                check_values(&octal, count).map_err(|e| e.replace("octal:", "hex:"))
            );
        }
    }

    #[test]
    fn more_three_part_takes_get_fewer_values() {
        assert_eq!(most_hex_three_part_values(1), MAX_HEX_THREE_PART_VALUES);
        assert_eq!(most_hex_three_part_values(2), MAX_HEX_THREE_PART_VALUES);
        assert_eq!(most_hex_three_part_values(16), 2_500);
        assert_eq!(most_hex_three_part_values(30), 2_027);
        let many: Rule = "hex:·FFFFFFFFFFFFFFFFFFFFFFFFFFFFFF".parse().unwrap();
        assert_eq!(most_values(&many), Some(2_027));
        assert!(check_values(&many, 2_027).is_ok());
        let error = check_values(&many, 2_028).unwrap_err();
        assert!(
            error.contains("at most 2,027 values with its 30 three-part takes, not 2,028"),
            "{error}"
        );
        assert_eq!(most_values(&"hex:C·F".parse().unwrap()), Some(5_000));
        assert_eq!(most_values(&"hex:·47".parse().unwrap()), None);
        assert_eq!(most_values(&"octal:·6".parse().unwrap()), None);
    }

    #[test]
    fn long_runs_of_slow_rules_are_refused() {
        let many: Rule = format!(
            "sub:{}",
            (1..=1000)
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(",")
        )
        .parse()
        .unwrap();
        assert!(check_values(&many, 1_000_000).is_ok());
        assert!(
            check_values(&many, 100_000_000)
                .unwrap_err()
                .contains("take-reads")
        );
        let dense: Rule = "octal:·007".parse().unwrap();
        assert!(check_values(&dense, 10_000_000).is_ok());
        assert!(
            check_values(&dense, 20_000_000)
                .unwrap_err()
                .contains("quadratic")
        );
        let sparse: Rule = "octal:·6".parse().unwrap();
        assert!(check_values(&sparse, 10_000_000).is_ok());
    }

    #[test]
    fn a_census_has_a_budget() {
        assert!(check_census(780, 1200, "pairs").is_ok());
        let error = check_census(19_900, 1_000_000, "pairs").unwrap_err();
        assert!(error.contains("19,900 pairs"), "{error}");
        assert!(check_census(u64::MAX, usize::MAX, "sets").is_err());
    }

    /// A machine with 16 GiB free: every count below needs less.
    fn check_seq_values(rule: &Rule, count: usize) -> Result<(), String> {
        check_seq_values_within(rule, count as u64, (16 << 30, "a test's 16 GiB"))
    }

    #[test]
    fn seq_counts_are_bounded() {
        let rule: Rule = "sub:1,3,4".parse().unwrap();
        assert!(check_seq_values(&rule, 0).is_err());
        assert!(check_seq_values(&rule, 2000).is_ok());
        let error = check_seq_values(&rule, 1_000_000_000_000).unwrap_err();
        assert!(error.contains("100,000,000"), "{error}");
        // An octal code goes to 2^32 − 1 values, not one more.
        let six: Rule = "octal:·6".parse().unwrap();
        let error = check_seq_values(&six, MAX_OCTAL_VALUES + 1).unwrap_err();
        assert!(error.contains("4,294,967,295"), "{error}");
        assert_eq!(max_values(&six), 4_294_967_295);
    }

    #[test]
    fn a_dense_code_computes_its_budget_and_reads_the_rest_off_a_proof() {
        let dawson: Rule = "octal:·137".parse().unwrap();
        assert!(check_seq_values(&dawson, 100_000_000).is_ok());
        assert_eq!(computed_limit(&dawson, 100_000_000), DENSE_PROBE_VALUES);
        assert_eq!(computed_limit(&dawson, 5_000_000), 5_000_000);
        let sparse: Rule = "octal:·6".parse().unwrap();
        assert_eq!(computed_limit(&sparse, 100_000_000), 100_000_000);
    }

    #[test]
    fn an_octal_run_that_would_not_fit_is_refused_with_the_figures() {
        let one_gigabyte = (1_000_000_000, "MemAvailable in /proc/meminfo");
        assert!(check_octal_memory(400_000_000, one_gigabyte).is_ok());
        let error = check_octal_memory(400_000_001, one_gigabyte).unwrap_err();
        assert!(
            error.contains("400,000,001 values")
                && error.contains("1.0 GB (2.5 bytes a value)")
                && error.contains("only 1.0 GB is available (MemAvailable")
                && error.contains("at most 400,000,000"),
            "{error}"
        );
        assert_eq!(octal_run_bytes(usize::MAX), u64::MAX / 10);
        assert_eq!(most_that_fit(1000), 400);
        assert_eq!(most_that_fit(u64::MAX), (u64::MAX / 25) as usize);
    }
}
