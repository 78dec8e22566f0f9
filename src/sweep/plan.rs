//! What a sweep runs: codes in their standard form, each once, and the
//! shard of them this process takes.

use crate::games::Rule;

/// The most codes one sweep plans: `0.????` is 4,096.
pub const MAX_CODES: usize = 1 << 16;

/// The codes of a family written with `?` for each free digit (`0.???`,
/// `4.???`, `0.????`), every digit 0 to 7, in counting order.
pub fn family(pattern: &str) -> Result<Vec<String>, String> {
    let free = pattern.matches('?').count();
    let valid = pattern
        .chars()
        .all(|c| c == '?' || c == '.' || c.is_ascii_digit());
    if free == 0 || !valid || !pattern.contains('.') {
        return Err(format!(
            "a family is an octal code with `?` for each free digit, like 0.??? or 4.???, not `{pattern}`"
        ));
    }
    if 8usize
        .checked_pow(free as u32)
        .is_none_or(|n| n > MAX_CODES)
    {
        return Err(format!(
            "a family of {free} free digits has more than {MAX_CODES} codes"
        ));
    }
    let mut codes = vec![String::new()];
    for c in pattern.chars() {
        codes = match c {
            '?' => codes
                .iter()
                .flat_map(|code| (0..8).map(move |d| format!("{code}{d}")))
                .collect(),
            _ => codes.into_iter().map(|code| format!("{code}{c}")).collect(),
        };
    }
    Ok(codes)
}

/// The rules to run: each code read as an octal rule and written in its
/// standard form, the first of each form kept, in the order given.
pub fn standard(codes: &[String]) -> Result<Vec<Rule>, String> {
    let mut seen = std::collections::HashSet::new();
    let mut rules = Vec::new();
    for code in codes {
        let text = if code.contains(':') {
            code.clone()
        } else {
            format!("octal:{code}")
        };
        let rule: Rule = text.parse()?;
        if rule.octal_code().is_none() {
            return Err(format!("a sweep runs octal codes, not {rule}"));
        }
        if seen.insert(rule.to_string()) {
            rules.push(rule);
        }
    }
    if rules.len() > MAX_CODES {
        return Err(format!(
            "a sweep plans at most {MAX_CODES} codes, not {}",
            rules.len()
        ));
    }
    Ok(rules)
}

/// Shard `index` of `count`, as given or as a cluster's job array sets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// The shard: `--shard`/`--of` where given, else Slurm's array task
    /// (`SLURM_ARRAY_TASK_ID` less `SLURM_ARRAY_TASK_MIN`, of
    /// `SLURM_ARRAY_TASK_COUNT`), else a Kubernetes Indexed Job's
    /// `JOB_COMPLETION_INDEX` (with `--of`), else the whole sweep.
    pub fn from(
        shard: Option<usize>,
        of: Option<usize>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Shard, String> {
        let number = |name: &str| -> Result<Option<usize>, String> {
            env(name)
                .map(|v| {
                    v.trim()
                        .parse::<usize>()
                        .map_err(|_| format!("{name}={v} is not a count"))
                })
                .transpose()
        };
        let (index, count) = match (shard, of) {
            (Some(i), Some(n)) => (i, n),
            (Some(_), None) => return Err("--shard needs --of, the number of shards".into()),
            (None, of) => {
                if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
                    let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
                    let count = match of {
                        Some(n) => n,
                        None => number("SLURM_ARRAY_TASK_COUNT")?
                            .ok_or("SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT")?,
                    };
                    let index = id.checked_sub(min).ok_or(format!(
                        "SLURM_ARRAY_TASK_ID {id} is below SLURM_ARRAY_TASK_MIN {min}"
                    ))?;
                    (index, count)
                } else if let Some(index) = number("JOB_COMPLETION_INDEX")? {
                    let count =
                        of.ok_or("JOB_COMPLETION_INDEX is set: give --of, the Job's completions")?;
                    (index, count)
                } else {
                    (0, of.unwrap_or(1))
                }
            }
        };
        if count == 0 || index >= count {
            return Err(format!(
                "shard {index} of {count}: a shard is from 0 to one less than the number of shards"
            ));
        }
        Ok(Shard { index, count })
    }

    /// This shard's share of `rules`: every `count`-th from the `index`-th.
    pub fn take<T: Clone>(&self, rules: &[T]) -> Vec<T> {
        rules
            .iter()
            .skip(self.index)
            .step_by(self.count)
            .cloned()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_family_counts_its_codes_and_standard_forms_run_once() {
        let codes = family("0.???").unwrap();
        assert_eq!(codes.len(), 512);
        assert_eq!((codes[0].as_str(), codes[511].as_str()), ("0.000", "0.777"));
        // Within a family every code is its own game; 0.120, 0.12 and ·12
        // given together are one, run once, as the first spelling given.
        assert_eq!(standard(&codes).unwrap().len(), 512);
        let same: Vec<String> = ["0.120", "0.12", ".12", "0.13"].map(String::from).to_vec();
        let rules = standard(&same).unwrap();
        let spelt: Vec<String> = rules.iter().map(ToString::to_string).collect();
        assert_eq!(spelt, ["octal:·12", "octal:·13"]);
        assert!(family("0.?x?").is_err() && family("0.123").is_err());
        assert!(standard(&["sub:1,2".into()]).is_err());
    }

    #[test]
    fn shards_cover_the_plan_once_from_flags_or_a_job_array() {
        let none = |_: &str| None;
        let all: Vec<usize> = (0..10).collect();
        let mut taken: Vec<usize> = (0..3)
            .flat_map(|i| Shard::from(Some(i), Some(3), &none).unwrap().take(&all))
            .collect();
        taken.sort();
        assert_eq!(taken, all);
        let slurm = |name: &str| match name {
            "SLURM_ARRAY_TASK_ID" => Some("5".to_string()),
            "SLURM_ARRAY_TASK_MIN" => Some("4".to_string()),
            "SLURM_ARRAY_TASK_COUNT" => Some("3".to_string()),
            _ => None,
        };
        assert_eq!(
            Shard::from(None, None, &slurm).unwrap(),
            Shard { index: 1, count: 3 }
        );
        let k8s = |name: &str| (name == "JOB_COMPLETION_INDEX").then(|| "2".to_string());
        assert_eq!(
            Shard::from(None, Some(4), &k8s).unwrap(),
            Shard { index: 2, count: 4 }
        );
        assert!(Shard::from(None, None, &k8s).unwrap_err().contains("--of"));
        assert!(Shard::from(Some(3), Some(3), &none).is_err());
        assert_eq!(
            Shard::from(None, None, &none).unwrap(),
            Shard { index: 0, count: 1 }
        );
    }
}
