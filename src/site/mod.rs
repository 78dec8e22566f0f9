//! The site stage: pages rendered in memory, then written to `output/` in
//! one swap, or compared with what is there.
//!
//! A build writes the new site beside `output/` and swaps it in only when
//! every file is written, so a failed build leaves the previous site whole
//! ([`mod@write`], [`swap`]); it writes only where that deletes nothing it did
//! not write ([`destination`]); it reads only files of the project
//! ([`crate::project`]); `check` and `diff` read a site back without following
//! links ([`tree`]).

pub mod atlas;
pub mod code_links;
pub mod command_line;
pub mod destination;
pub mod explore;
pub mod figure_block;
pub mod figure_image;
pub mod headings;
pub mod json;
pub mod links;
pub mod navigation;
pub mod notes;
pub mod pages;
pub mod placement;
pub mod proof_folds;
pub mod prose_tables;
pub mod provenance;
pub mod references;
pub mod reproduce;
pub mod script;
pub mod search;
pub mod stylesheet;
pub mod swap;
pub mod template_error;
pub mod tree;
pub mod wording;
pub mod write;

use std::collections::BTreeMap;
use std::path::PathBuf;

pub use destination::{MARKER, MARKER_TEXT};
pub use ladder_draw::html::{formula_breaks, inline, math, table, theorems};
pub use tree::{Difference, Tree, compare, read_tree};
pub use write::{Changed, write_atomically, write_changed, write_some};

/// A whole site in memory: relative path → bytes, in sorted order.
pub type Files = BTreeMap<PathBuf, Vec<u8>>;
