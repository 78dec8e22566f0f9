//! Static strings read back from the figure cache. Some computed data name
//! their theorem or condition with a `&'static str` (one of a few fixed
//! names); reading them back keeps one copy of each distinct name for the
//! life of the process, so a server that rebuilds all day does not grow.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

use serde::{Deserialize, Deserializer};

/// A fixed name in computed data. An alias, so serde's derive does not
/// take the field for a borrowed one (it would tie every reader's input
/// to `'static`).
pub type Name = &'static str;

/// Distinct names kept at most: past it, the entry is not served (and is
/// computed again), so a crafted cache cannot grow the process.
const MOST_NAMES: usize = 4096;

fn intern<E: serde::de::Error>(text: String) -> Result<&'static str, E> {
    static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&name) = names.get(text.as_str()) {
        return Ok(name);
    }
    if names.len() >= MOST_NAMES {
        return Err(E::custom("too many distinct names in the cache"));
    }
    let name: &'static str = Box::leak(text.into_boxed_str());
    names.insert(name);
    Ok(name)
}

/// `#[serde(deserialize_with = "crate::interned::name")]`
pub fn name<'de, D: Deserializer<'de>>(d: D) -> Result<crate::interned::Name, D::Error> {
    intern(String::deserialize(d)?)
}

/// The same for an `Option<&'static str>`.
pub fn optional<'de, D: Deserializer<'de>>(d: D) -> Result<Option<&'static str>, D::Error> {
    Option::<String>::deserialize(d)?.map(intern).transpose()
}

/// The same for a `BTreeMap<&'static str, V>`'s keys.
pub fn keys<'de, D, V>(d: D) -> Result<BTreeMap<&'static str, V>, D::Error>
where
    D: Deserializer<'de>,
    V: Deserialize<'de>,
{
    BTreeMap::<String, V>::deserialize(d)?
        .into_iter()
        .map(|(k, v)| Ok((intern::<D::Error>(k)?, v)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_copy_of_each_name() {
        let a: &'static str = intern::<serde_json::Error>("Theorem C".into()).unwrap();
        let b: &'static str = intern::<serde_json::Error>(String::from("Theorem C")).unwrap();
        assert_eq!(a, "Theorem C");
        assert!(std::ptr::eq(a, b));
    }
}
