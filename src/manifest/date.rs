//! The date of the sources' revision (`site.updated`), as the colophon and
//! each page's footer print it.
//!
//! The build cannot know it: the site is computed from files, not from git,
//! and a date taken from the clock or from git would differ between two
//! builds of the same sources. The author sets it when publishing; it is
//! checked to be a real calendar date, written `YYYY-MM-DD`.

use serde::de::{Deserialize, Deserializer};

use super::ParsedString;

/// A calendar date from 1900 to 9999.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

impl Date {
    /// Reads `YYYY-MM-DD`; refuses any other shape and a day the month
    /// does not have (30 February, 31 April, 29 February 2025).
    pub fn parse(text: &str) -> Result<Date, String> {
        let refuse = || {
            format!(
                "`{}` is not a date: write it as YYYY-MM-DD",
                text.escape_debug()
            )
        };
        let parts: Vec<&str> = text.split('-').collect();
        let [year, month, day] = parts.as_slice() else {
            return Err(refuse());
        };
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !(digits(year, 4) && digits(month, 2) && digits(day, 2)) {
            return Err(refuse());
        }
        let (year, month, day): (u16, u8, u8) = (
            year.parse().map_err(|_| refuse())?,
            month.parse().map_err(|_| refuse())?,
            day.parse().map_err(|_| refuse())?,
        );
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return Err(format!("`{text}` has no month {month}")),
        };
        if year < 1900 || day == 0 || day > days {
            return Err(format!("`{text}` is not a day of the calendar"));
        }
        Ok(Date { year, month, day })
    }

    /// "2 December 2026".
    pub fn written(&self) -> String {
        format!(
            "{} {} {}",
            self.day,
            MONTHS[usize::from(self.month) - 1],
            self.year
        )
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(ParsedString("a date such as `2026-12-02`", Date::parse))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_is_read_and_written_out() {
        assert_eq!(
            Date::parse("2026-12-02").unwrap().written(),
            "2 December 2026"
        );
        assert_eq!(
            Date::parse("2024-02-29").unwrap().written(),
            "29 February 2024"
        );
    }

    #[test]
    fn what_is_not_a_day_is_refused() {
        for bad in [
            "2025-02-29",
            "2026-04-31",
            "2026-13-01",
            "2026-00-10",
            "2026-12-00",
            "26-12-02",
            "2026-1-02",
            "2026/12/02",
            "",
            "2026-12-02-01",
            "+202-12-02",
            "1899-12-31",
        ] {
            assert!(Date::parse(bad).is_err(), "{bad}");
        }
    }
}
