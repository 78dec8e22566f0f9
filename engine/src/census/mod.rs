//! Censuses of families of subtraction games. Each family is a list of sets
//! in a fixed order, a function measuring one set on its own, and a summary
//! over the records; the sets are measured in parallel (rayon) and gathered
//! in the listed order, so the output does not depend on the thread count.
//! Two worked examples are measured the census's way too and set beside
//! the closed form: the strip of one two-take set, and a sum of heaps.

pub mod heap_sums;
pub mod measure;
pub mod pairs;
pub mod sum_family;
pub mod third_take_map;
pub mod triples;
pub mod two_take_strip;
