//! The value of one heap, however large: computed directly when it is
//! within reach, otherwise reduced modulo a certified period. An observed
//! period that is not certified is never used for a reduction.
//!
//! The values may be whole states (a tuple per heap) when a rule's period is
//! that of a state; the caller then picks the component it wants.

use serde::{Deserialize, Serialize};

use super::certificate::CertificateRule;
use super::{DEFAULT_MIN_REPEATS, Value, analyse_certified};
use crate::numbers::{counted, grouped};

/// How a heap's value was obtained.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "method", rename_all = "kebab-case")]
pub enum Method {
    /// The heap lies within the values computed.
    Computed { computed: usize },
    /// A closed form of the rule, proved for every heap.
    ClosedForm { formula: String },
    /// `g(heap) = g(reduced) + saltus·layer`, `heap = reduced + layer·period`,
    /// by a saltus from heap `from` on, certified by `theorem` (Theorem C⁺
    /// from its `base`: the formula checked on heaps `from … base − 1`).
    Saltus {
        from: usize,
        period: usize,
        saltus: i64,
        reduced: usize,
        layer: u64,
        computed: usize,
        #[serde(deserialize_with = "crate::interned::name")]
        theorem: crate::interned::Name,
        base: Option<usize>,
    },
    /// `heap ≡ reduced` modulo the certified period, from the preperiod on.
    Reduced {
        preperiod: usize,
        period: usize,
        reduced: usize,
        computed: usize,
    },
}

/// One heap's value (or state) and how it was found.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Lookup<T = Value> {
    pub heap: u64,
    pub value: T,
    #[serde(flatten)]
    pub method: Method,
}

impl Method {
    /// How the value of `heap` of `rule` was found, in one sentence for a
    /// person, numbers grouped: what `ladder value --explain` prints.
    pub fn explanation(&self, rule: &str, heap: u64) -> String {
        let heap = grouped(heap);
        match self {
            Method::Computed { computed } => format!(
                "heap {heap} of {rule}, computed among {}",
                counted(*computed as u64, "value", "values")
            ),
            Method::ClosedForm { formula } => {
                format!("heap {heap} of {rule}, by the closed form: {formula}")
            }
            Method::Reduced {
                preperiod,
                period,
                reduced,
                ..
            } => format!(
                "heap {heap} of {rule} ≡ heap {}: certified period {} from heap {}",
                grouped(*reduced as u64),
                grouped(*period as u64),
                grouped(*preperiod as u64)
            ),
            Method::Saltus {
                from,
                period,
                saltus,
                reduced,
                layer,
                base,
                ..
            } => format!(
                "heap {heap} of {rule} = heap {reduced} + {layer} × {p}, so its value is \
                 g({reduced}) + {layer} × {saltus}: certified saltus {saltus} every {every} \
                 from heap {from}, by {theorem}",
                reduced = grouped(*reduced as u64),
                layer = grouped(*layer),
                p = grouped(*period as u64),
                every = counted(*period as u64, "heap", "heaps"),
                from = grouped(*from as u64),
                theorem = match base {
                    Some(base) => format!(
                        "Theorem C⁺ from its base (checked on heaps {} to {})",
                        grouped(*from as u64),
                        grouped(base.saturating_sub(1) as u64)
                    ),
                    None => "Theorem C".to_string(),
                },
            ),
        }
    }
}

impl<T> Lookup<T> {
    /// The same lookup with its value mapped (a state to one of its values, say).
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Lookup<U> {
        Lookup {
            heap: self.heap,
            value: f(self.value),
            method: self.method,
        }
    }
}

/// The value of `heap`, computing `first` values and then four times as
/// many until a period is certified or `limit` values have been tried
/// (never more than `limit`, even at first).
pub fn value_of<T: PartialEq + Clone>(
    heap: u64,
    compute: impl Fn(usize) -> Vec<T>,
    rule: CertificateRule,
    first: usize,
    limit: usize,
) -> Result<Lookup<T>, String> {
    let mut count = first.min(limit).max(1);
    loop {
        if heap < count as u64 {
            let n = heap as usize;
            let mut values = compute(n + 1);
            let method = Method::Computed { computed: n + 1 };
            return Ok(Lookup {
                heap,
                value: values.swap_remove(n),
                method,
            });
        }
        let values = compute(count);
        let analysis = analyse_certified(&values, DEFAULT_MIN_REPEATS, rule);
        if let (true, Some((preperiod, period))) =
            (analysis.is_certified(), analysis.period.found())
        {
            let reduced = preperiod + ((heap - preperiod as u64) % period as u64) as usize;
            let method = Method::Reduced {
                preperiod,
                period,
                reduced,
                computed: count,
            };
            return Ok(Lookup {
                heap,
                value: values[reduced].clone(),
                method,
            });
        }
        if count >= limit {
            return Err(format!(
                "no certified period in {}, so heap {} cannot be reduced; \
                 `ladder seq` with more --values shows what the search finds",
                counted(count as u64, "value", "values"),
                grouped(heap)
            ));
        }
        count = count.saturating_mul(4).min(limit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A subtraction game, written here so the machinery is tested without
    /// the rules: each heap's value is the mex of the values a take leaves.
    struct Takes(Vec<usize>);

    impl Takes {
        fn parse(list: &str) -> Option<Takes> {
            list.split(',')
                .map(|t| t.parse().ok())
                .collect::<Option<_>>()
                .map(Takes)
        }

        fn values(&self, count: usize) -> Vec<Value> {
            let mut values: Vec<Value> = Vec::with_capacity(count);
            for heap in 0..count {
                let options: Vec<Value> = self
                    .0
                    .iter()
                    .filter(|&&take| take <= heap)
                    .map(|&take| values[heap - take])
                    .collect();
                values.push(crate::sequence::mex(options));
            }
            values
        }

        fn certificate_rule(&self) -> CertificateRule {
            let largest = self.0.iter().copied().max().unwrap_or(0);
            CertificateRule::Window { length: largest }
        }
    }

    #[test]
    fn a_huge_heap_reduces_modulo_the_certified_period() {
        let set = Takes::parse("1,3,4").unwrap();
        let heap = 1_000_000_000_000_000_000u64;
        let found = value_of(
            heap,
            |n| set.values(n),
            set.certificate_rule(),
            2000,
            1 << 20,
        )
        .unwrap();
        // 10^18 mod 7 = 1 (10 ≡ 3, 3^6 ≡ 1, 18 ≡ 0 mod 6), and g(1) = 1.
        assert_eq!(found.value, 1);
        assert_eq!(
            found.method,
            Method::Reduced {
                preperiod: 0,
                period: 7,
                reduced: 1,
                computed: 2000
            }
        );
    }

    #[test]
    fn a_small_heap_is_computed() {
        let set = Takes::parse("2,5,6").unwrap();
        let found = value_of(12, |n| set.values(n), set.certificate_rule(), 2000, 1 << 20).unwrap();
        assert_eq!(found.value, set.values(13)[12]);
        assert_eq!(found.method, Method::Computed { computed: 13 });
    }

    #[test]
    fn a_take_beyond_the_values_computed_certifies_nothing() {
        // The window of {2, 4, 7, 2^64 − 1} is 2^64 − 1 pairs long: no values
        // computed can hold it, so a huge heap is refused, not "reduced".
        let set = Takes::parse("2,4,7,18446744073709551615").unwrap();
        let err = value_of(
            u64::MAX,
            |n| set.values(n),
            set.certificate_rule(),
            2000,
            1 << 14,
        )
        .unwrap_err();
        assert!(err.contains("no certified period"), "{err}");
    }

    #[test]
    fn without_a_certificate_a_huge_heap_is_refused() {
        let growing = |n: usize| (0..n as Value).collect::<Vec<_>>();
        let err = value_of(1 << 40, growing, CertificateRule::None, 100, 400).unwrap_err();
        assert!(err.contains("no certified period in 400 values"), "{err}");
    }
}
