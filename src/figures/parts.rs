//! The parts of a figure made of independent parts (the solved games, the
//! frontier's codes, the saltus census's games), each cached on its own:
//! changing one game of a table recomputes that game alone.
//!
//! A kind asks [`Parts::get_or`] for a part by a key that holds everything
//! the part's computation reads besides the kind's code (the game and the
//! number of values, say); the store adds the code's fingerprint. The
//! computation stays pure: without a store (a test, a caller of the
//! library) every part is computed.

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Where parts are kept: the figure cache, or nothing.
pub trait PartStore: Sync {
    /// The value stored for `key` of `module`, if any.
    fn get(&self, module: &str, key: &str) -> Option<serde_json::Value>;
    /// Stores a value; a failure only costs time later.
    fn put(&self, module: &str, key: &str, value: serde_json::Value);
}

/// A figure module's view of the store.
#[derive(Clone, Copy)]
pub struct Parts<'a> {
    store: Option<&'a dyn PartStore>,
    module: &'static str,
}

impl<'a> Parts<'a> {
    /// Parts of `module` kept in `store`.
    pub fn new(store: &'a dyn PartStore, module: &'static str) -> Parts<'a> {
        Parts {
            store: Some(store),
            module,
        }
    }

    /// No store: every part is computed.
    pub fn none() -> Parts<'static> {
        Parts {
            store: None,
            module: "",
        }
    }

    /// The part named `key`, from the store or computed (and then stored).
    /// An error is not stored.
    pub fn get_or<T, K>(
        &self,
        key: &K,
        compute: impl FnOnce() -> Result<T, String>,
    ) -> Result<T, String>
    where
        T: Serialize + DeserializeOwned,
        K: Debug + ?Sized,
    {
        let Some(store) = self.store else {
            return compute();
        };
        let key = format!("{key:?}");
        if let Some(value) = store.get(self.module, &key)
            && let Ok(part) = serde_json::from_value(value)
        {
            return Ok(part);
        }
        let part = compute()?;
        if let Ok(value) = serde_json::to_value(&part) {
            store.put(self.module, &key, value);
        }
        Ok(part)
    }
}
