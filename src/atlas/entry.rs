//! One code's answer from the atlas: both plays, its equivalent, and the
//! commands that compute it again. `ladder atlas --json` writes it as one
//! object, with the fields `solve --json` and `misere --json` use.

use serde::Serialize;

use super::Atlas;
use super::classes::Equivalent;
use crate::games::octal_shape::Sparse;
use crate::games::{OctalCode, Rule};
use crate::sweep::misere::{Record as Misere, Status as MisereStatus, Stop};
use crate::sweep::record::{Record as Normal, Status};
use crate::text::numbers::grouped;

/// The help's account of the JSON fields.
pub const FIELDS: &str = "JSON fields (one object a code): rule (the standard form); code (as the\n\
     essays write it); normal: status (proved or not-proved), through (null, or the rule whose\n\
     proof gives the period: the rules make the two one game, and this code's own run did not\n\
     prove it), stopped_by (time, depth or engine: why its own run stopped; null when that run\n\
     proved it), preperiod and period (null unless proved), window (Theorem P's: argument, end,\n\
     values_needed; null unless its own run proved it), computed (values its own run computed),\n\
     max_values,\n\
     max_seconds, values_hash (FNV-1a 64 of the values computed), largest_value,\n\
     largest_value_heap, sparse (masks, rare_mask, rare_heaps, last_rare_heap; null for a code\n\
     that never splits); misere: status (proved or unsettled), order (|Q|), p_size (|P|), tame,\n\
     preperiod and period of Φ (null unless proved by Theorem M), heaps (the quotient is proved\n\
     for heaps 0 to this), unsettled (null, or heap and why), max_heaps, max_work, quotient_hash;\n\
     equivalent: null, or rule, offset (g(n) = g_rule(n + offset)), proof (structural, periodic or\n\
     observed), compared (values compared after the leading zeros), misere_too (one game in\n\
     misère play too); reproduce: normal and misere, the commands that compute each again.\n";

/// Normal play's part of an entry.
#[derive(Debug, Clone, Serialize)]
pub struct NormalPart {
    pub status: &'static str,
    pub through: Option<String>,
    pub stopped_by: Option<&'static str>,
    pub preperiod: Option<usize>,
    pub period: Option<usize>,
    pub window: Option<Window>,
    pub computed: usize,
    pub max_values: usize,
    pub max_seconds: u64,
    pub values_hash: String,
    pub largest_value: u32,
    pub largest_value_heap: usize,
    pub sparse: Option<Sparse>,
}

/// Theorem P's window for a proved period.
#[derive(Debug, Clone, Serialize)]
pub struct Window {
    pub argument: &'static str,
    pub end: usize,
    pub values_needed: Option<usize>,
}

/// Misère play's part of an entry.
#[derive(Debug, Clone, Serialize)]
pub struct MiserePart {
    pub status: &'static str,
    pub order: usize,
    pub p_size: usize,
    pub tame: bool,
    pub preperiod: Option<usize>,
    pub period: Option<usize>,
    pub heaps: usize,
    pub unsettled: Option<Stop>,
    pub max_heaps: usize,
    pub max_work: u64,
    pub quotient_hash: String,
}

/// The commands that compute the entry again.
#[derive(Debug, Clone, Serialize)]
pub struct Reproduce {
    pub normal: String,
    pub misere: String,
}

/// One code's entry.
#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    pub rule: String,
    pub code: String,
    pub normal: Option<NormalPart>,
    pub misere: Option<MiserePart>,
    pub equivalent: Option<Equivalent>,
    pub reproduce: Reproduce,
}

fn normal_part(code: &OctalCode, r: &Normal) -> NormalPart {
    let window = match (r.preperiod, r.period) {
        (Some(preperiod), Some(period)) => {
            crate::games::octal_certificate::theorem_p_window(code, preperiod, period)
                .ok()
                .map(|(argument, end, values_needed)| Window {
                    argument,
                    end,
                    values_needed,
                })
        }
        _ => None,
    };
    NormalPart {
        status: if r.status == Status::Proved {
            "proved"
        } else {
            "not-proved"
        },
        through: None,
        stopped_by: match r.status {
            Status::Proved => None,
            Status::Time => Some("time"),
            Status::Depth => Some("depth"),
            Status::Stopped => Some("engine"),
        },
        preperiod: r.preperiod,
        period: r.period,
        window,
        computed: r.depth,
        max_values: r.max_values,
        max_seconds: r.max_seconds,
        values_hash: r.values_hash.clone(),
        largest_value: r.shape.largest_value,
        largest_value_heap: r.shape.largest_value_heap,
        sparse: r.shape.sparse.clone(),
    }
}

fn misere_part(r: &Misere) -> MiserePart {
    MiserePart {
        status: match r.status {
            MisereStatus::Proved => "proved",
            MisereStatus::Unsettled => "unsettled",
        },
        order: r.order,
        p_size: r.p_size,
        tame: r.tame,
        preperiod: r.preperiod,
        period: r.period,
        heaps: r.heaps,
        unsettled: r.unsettled.clone(),
        max_heaps: r.max_heaps,
        max_work: r.max_work,
        quotient_hash: r.quotient_hash.clone(),
    }
}

/// The commands that compute `rule`'s records again: `solve` to the depth
/// the record reached (a proof stops where the sweep's did), `misere` to
/// the heaps its quotient is proved for.
fn reproduce(rule: &str, normal: Option<&Normal>, misere: Option<&Misere>) -> Reproduce {
    Reproduce {
        normal: match normal {
            Some(r) if r.status == Status::Proved => format!("ladder solve {rule}"),
            Some(r) => format!("ladder solve {rule} --max-values {}", r.depth.max(1)),
            None => format!("ladder solve {rule}"),
        },
        misere: match misere {
            Some(r) => format!("ladder misere {rule} --heaps {}", r.heaps.max(1)),
            None => format!("ladder misere {rule}"),
        },
    }
}

impl Atlas {
    /// `rule`'s entry, or `None` when the atlas does not hold it.
    pub fn entry(&self, rule: &Rule) -> Option<Entry> {
        let code = rule.octal_code()?;
        let key = rule.to_string();
        let normal = self.normal.get(&key);
        let misere = self.misere.get(&key);
        if normal.is_none() && misere.is_none() {
            return None;
        }
        let class = self.classes.get(&key);
        let mut normal_part = normal.map(|r| normal_part(code, r));
        if let (Some(part), Some(own), Some(c)) = (normal_part.as_mut(), normal, class) {
            let first = c.equivalent.as_ref().and_then(|e| self.normal.get(&e.rule));
            if let Some((pre, per)) = first.and_then(|f| super::classes::through(c, own, f)) {
                part.status = "proved";
                part.through = first.map(|f| f.rule.clone());
                (part.preperiod, part.period) = (Some(pre), Some(per));
            }
        }
        Some(Entry {
            code: code.to_string(),
            normal: normal_part,
            misere: misere.map(misere_part),
            equivalent: class.and_then(|c| c.equivalent.clone()),
            reproduce: reproduce(&key, normal, misere),
            rule: key,
        })
    }
}

/// What stopped a run, in words: `the time limit, 2 s`.
fn stopped_words(n: &NormalPart) -> String {
    match n.stopped_by {
        Some("time") => format!("the time limit, {} s", n.max_seconds),
        Some("depth") => "the depth asked".to_string(),
        _ => "the engine".to_string(),
    }
}

impl Entry {
    /// The entry as a person reads it, a few lines.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n", self.rule);
        if let Some(e) = &self.equivalent {
            let shown = e.rule.trim_start_matches("octal:");
            let offset = match e.offset {
                0 => "the same values".to_string(),
                k if k > 0 => format!("heap n plays as its heap n + {k}"),
                k => format!("heap n plays as its heap n − {}", -k),
            };
            let proof = match e.proof {
                super::classes::Proof::Structural => "proved from the rules (Lemma D, Lemma Z)",
                super::classes::Proof::Periodic => "proved: both periods proved, equal values",
                super::classes::Proof::Observed => "observed, not proved",
            };
            out.push_str(&format!(
                "  equivalent to {shown}: {offset}; {proof}{}\n",
                if e.misere_too {
                    "; one game in misère play too"
                } else {
                    ""
                }
            ));
        }
        match &self.normal {
            Some(n @ NormalPart { through: Some(through), .. }) => out.push_str(&format!(
                "  normal play: proved through {}, the same game: period {} from heap {}; its own run stopped at {} values ({})\n",
                through.trim_start_matches("octal:"),
                grouped(n.period.unwrap_or(0) as u64),
                grouped(n.preperiod.unwrap_or(0) as u64),
                grouped(n.computed as u64),
                stopped_words(n)
            )),
            Some(n) if n.status == "proved" => {
                let window = n.window.as_ref().and_then(|w| w.values_needed);
                out.push_str(&format!(
                    "  normal play: proved, period {} from heap {} (Theorem P's window reads {} values), largest value {} at heap {}\n",
                    grouped(n.period.unwrap_or(0) as u64),
                    grouped(n.preperiod.unwrap_or(0) as u64),
                    window.map_or("uncountably many".into(), |v| grouped(v as u64)),
                    n.largest_value,
                    grouped(n.largest_value_heap as u64)
                ));
            }
            Some(n) => out.push_str(&format!(
                "  normal play: not proved in {} values (stopped by {}), largest value {} at heap {}\n",
                grouped(n.computed as u64),
                stopped_words(n),
                n.largest_value,
                grouped(n.largest_value_heap as u64)
            )),
            None => out.push_str("  normal play: no record\n"),
        }
        match &self.misere {
            Some(m) => {
                let kind = if m.tame { "tame" } else { "wild" };
                let settled = match (m.period, m.preperiod) {
                    (Some(p), Some(from)) => format!(
                        "Φ proved periodic by Theorem M, period {p} from heap {from}: the whole game's quotient"
                    ),
                    _ => match &m.unsettled {
                        Some(stop) => format!(
                            "unsettled at heap {}: {}; the quotient is proved for heaps 0 to {}",
                            stop.heap, stop.why, m.heaps
                        ),
                        None => format!("Φ not proved periodic within {} heaps", m.heaps),
                    },
                };
                out.push_str(&format!(
                    "  misère play: quotient of {} elements, {} in P ({kind}); {settled}\n",
                    grouped(m.order as u64),
                    grouped(m.p_size as u64)
                ));
            }
            None => out.push_str("  misère play: no record\n"),
        }
        out.push_str(&format!(
            "  again: {}\n         {}\n",
            self.reproduce.normal, self.reproduce.misere
        ));
        out
    }
}
