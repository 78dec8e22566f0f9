//! The coalition figures' data and tables: one ruleset's class table
//! ([`table`]), two rulesets' lengths of play beside their kinds
//! ([`lengths`]), several rulesets a row each ([`summary`]). Computed and
//! drawn here so that the site's build and the reader's page (a ruleset
//! typed under the figure) give the same table, byte for byte.

pub mod lengths;
pub mod summary;
pub mod table;
