//! Censuses of families of subtraction games. Each family is a list of sets
//! in a fixed order, a function measuring one set on its own, and a summary
//! over the records; the sets are measured in parallel (rayon) and gathered
//! in the listed order, so the output does not depend on the thread count.

pub mod measure;
pub mod pairs;
pub mod sum_family;
pub mod third_take_map;
pub mod triples;
