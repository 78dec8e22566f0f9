//! One game computed, searched and certified: the summary every octal
//! figure embeds, so each prints the same words for the same facts.
//!
//! A period is *certified* when its window agrees within the values
//! computed, *observed* when the search found it but the window reaches
//! past them (observed, not proven), and *not found* otherwise, always with
//! the count searched. A window that disagrees stops the build.

use serde::{Deserialize, Serialize};

use super::{Certificate, CertificateStatus, PeriodStatus, Value};
use crate::games::Rule;
use crate::numbers::grouped;
use crate::wording::rule_name;

/// What the search and the certificate say about one game's values.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct RunSummary {
    /// The rule, canonically spelled: `octal:·137`.
    pub rule: String,
    /// Values computed and searched (heaps `0 .. computed`).
    pub computed: usize,
    /// Full periods a found period had to cover.
    pub min_repeats: usize,
    /// The period found, or null.
    pub period: Option<usize>,
    /// Its preperiod, or null.
    pub preperiod: Option<usize>,
    /// Certified, observed or not found.
    pub status: PeriodStatus,
    /// The window checked for the period found.
    pub certificate: Option<Certificate>,
    /// Whether the period holds at every value computed.
    pub corroborated: bool,
    /// The largest value computed.
    pub largest_value: Value,
}

/// Computes `count` values of `rule`, searches and certifies them; an error
/// when a found period's window disagrees.
pub fn run(
    rule: &Rule,
    count: usize,
    min_repeats: usize,
) -> Result<(Vec<Value>, RunSummary), String> {
    let (values, analysis) = rule.analyse(count, min_repeats);
    if let Some(c) = analysis.certificate
        && let CertificateStatus::Fails { heap } = c.status
    {
        return Err(format!(
            "{rule}: the certificate for period {} from heap {} fails at heap {heap}",
            c.period, c.start
        ));
    }
    let found = analysis.period.found();
    let summary = RunSummary {
        rule: rule.to_string(),
        computed: count,
        min_repeats,
        period: found.map(|(_, p)| p),
        preperiod: found.map(|(s, _)| s),
        status: analysis.status(),
        certificate: analysis.certificate,
        corroborated: analysis.corroborated,
        largest_value: values.iter().copied().max().unwrap_or(0),
    };
    Ok((values, summary))
}

impl RunSummary {
    /// The period and its standing in one clause: "period 34 from heap 52,
    /// certified by 89 pairs (175 values needed) in 2,000 values".
    pub fn clause(&self) -> String {
        let searched = grouped(self.computed as u64);
        let rule = rule_name(&self.rule);
        match (self.period, self.preperiod, self.certificate, self.status) {
            (Some(p), Some(s), Some(c), PeriodStatus::Certified) => format!(
                "{rule}: period {p} from heap {s}, certified by {} pairs ({} values needed) in {searched} values",
                c.length,
                grouped(c.values_needed as u64)
            ),
            (Some(p), Some(s), _, _) => format!(
                "{rule}: period {p} from heap {s} observed in {searched} values, not proven"
            ),
            _ => format!("{rule}: no period in {searched} values"),
        }
    }

    /// The period and its standing without the count searched, for a note
    /// that names the heaps searched once for several games: "period 3 from
    /// heap 0, certified by 2 pairs (5 values needed)", "no period found".
    pub fn standing(&self) -> String {
        match (self.period, self.preperiod, self.certificate, self.status) {
            (Some(p), Some(s), Some(c), PeriodStatus::Certified) => format!(
                "period {p} from heap {s}, certified by {} pairs ({} values needed)",
                c.length,
                grouped(c.values_needed as u64)
            ),
            (Some(p), Some(s), _, _) => format!("period {p} from heap {s} observed, not proven"),
            _ => "no period found".to_string(),
        }
    }
}
