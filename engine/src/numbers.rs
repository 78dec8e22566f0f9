//! Number formatting, fixed in one place: every figure, caption and page
//! writes numbers through these functions, so `2,000` looks the same
//! everywhere and does not depend on the machine's locale.

/// `2000` → `2,000`; `117649` → `117,649`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count and its noun, the noun's number agreeing: `1 value`,
/// `2,000 values`, `0 values`.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", grouped(n))
    }
}

/// Bytes as people read them, in decimal units: `830 MB` (rounded up, so
/// a few bytes are not `0 MB`), `1.1 GB`.
pub fn byte_size(bytes: u64) -> String {
    if bytes >= 1_000_000_000 {
        format!("{:.1} GB", bytes as f64 / 1e9)
    } else {
        format!("{} MB", grouped(bytes.div_ceil(1_000_000)))
    }
}

#[cfg(test)]
mod tests {
    use super::{byte_size, counted, grouped};

    #[test]
    fn byte_sizes_round_up_to_a_megabyte_then_show_gigabytes() {
        assert_eq!(byte_size(0), "0 MB");
        assert_eq!(byte_size(12_700_000), "13 MB");
        assert_eq!(byte_size(500_000_000), "500 MB");
        assert_eq!(byte_size(1_000_000_000), "1.0 GB");
        assert_eq!(byte_size(10_737_418_237), "10.7 GB");
    }

    #[test]
    fn a_count_agrees_with_its_noun() {
        assert_eq!(counted(1, "unit", "units"), "1 unit");
        assert_eq!(counted(0, "unit", "units"), "0 units");
        assert_eq!(counted(12_000, "position", "positions"), "12,000 positions");
    }

    #[test]
    fn groups_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(2000), "2,000");
        assert_eq!(grouped(117_649), "117,649");
        assert_eq!(
            grouped(1_000_000_000_000_000_000),
            "1,000,000,000,000,000,000"
        );
    }
}
