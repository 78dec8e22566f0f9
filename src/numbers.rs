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

#[cfg(test)]
mod tests {
    use super::grouped;

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
