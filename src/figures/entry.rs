//! A figure as the manifest lists it: its id, its page, its words, its
//! claims and its kind with parameters; and the ids that name pages' and
//! figures' files. The manifest reads these from `figures.yaml`
//! (`crate::manifest`); the figure code computes and draws from them and
//! never reads the manifest itself.

use std::collections::BTreeMap;
use std::fmt;

use super::FigureSpec;
use crate::project::Located;

/// One figure: where it goes, what it says, and what to compute.
#[derive(Debug, Clone)]
pub struct Figure {
    /// The figure's id: names `figures/<id>.svg`, `figures/<id>.phone.svg`,
    /// `figures/<id>.html` and `data/<id>.json`.
    pub id: Id,
    /// The id of the page that shows it.
    pub page: Id,
    /// The caption under the figure (the search range is added to it).
    pub caption: String,
    /// Values the page relies on: each key is a field of the figure's data;
    /// the build fails when the computed value differs.
    pub expect: BTreeMap<String, serde_json::Value>,
    /// What the source essay states (not asserted): copied into the data as
    /// `seed`, so the prose can set the source's number beside ours.
    pub seed: BTreeMap<String, serde_json::Value>,
    /// The kind and its parameters.
    pub spec: FigureSpec,
    /// Where the figure's entry is (its `id:` value), for errors found when
    /// it is computed.
    pub at: Located,
    /// Where its `expect:` is, for a claim the data does not support.
    pub expect_at: Located,
}

impl Figure {
    /// An error about this figure, located at its entry in the manifest.
    pub fn error(&self, message: String) -> Located {
        Located {
            message: format!("figure `{}`: {message}", self.id),
            ..self.at.clone()
        }
    }

    /// An error about this figure's `expect:` claims, located at them.
    pub fn expect_error(&self, message: String) -> Located {
        Located {
            message: format!("figure `{}`: {message}", self.id),
            ..self.expect_at.clone()
        }
    }
}

/// The longest id: `<id>.phone.cells.json`, the longest name an id makes,
/// must fit a file name (255 bytes).
pub const MAX_ID_BYTES: usize = 255 - ".phone.cells.json".len();

/// An id: lower-case letters, digits and hyphens, so it is safe as a file name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Id(pub String);

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Id {
    /// Checks the characters of an id, and its length: it names files up to
    /// `<id>.phone.cells.json`, and a file name may be 255 bytes.
    pub fn parse(text: &str) -> Result<Id, String> {
        if text.len() > MAX_ID_BYTES {
            return Err(format!(
                "an id may be at most {MAX_ID_BYTES} bytes (it names files such as \
                 `<id>.phone.cells.json`), and this one is {}",
                text.len()
            ));
        }
        let ok = !text.is_empty()
            && text
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !text.starts_with('-');
        if ok {
            Ok(Id(text.to_string()))
        } else {
            Err(format!(
                "`{text}` is not a valid id: use lower-case letters, digits and hyphens \
                 (ids name files, so no `/`, `..` or spaces)"
            ))
        }
    }
}
