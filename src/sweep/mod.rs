//! Sweeps: many octal codes, each run as `ladder solve` runs it, to a depth
//! and a time limit per code, cut into shards for a cluster's job array.
//! The plan ([`plan`]) is the codes in their standard form, each once, in a
//! fixed order; shard `i` of `n` takes every `n`-th from the `i`-th. A shard
//! keeps its records in a file of JSON lines ([`file`]), rewritten
//! atomically after each code, so a rerun goes on where it stopped; `merge`
//! joins the shards and refuses a sweep with a code missing or twice.
//! A misère sweep ([`misere`]) runs each code's misère quotient the same way.

pub mod file;
pub mod misere;
pub mod plan;
pub mod record;
