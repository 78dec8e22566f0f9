//! The integration tests, one binary (linking each file's tests apart
//! took a link of the whole library apiece): the command line, the site and
//! its guarantees, end to end. `common` holds the helpers they share.

mod common;

mod atlas;
mod cache;
mod checkpoint;
mod cli;
mod editorial;
mod input;
mod leaks;
mod leftovers;
mod legible;
mod manual;
mod math;
mod memory;
mod misere;
mod navigation;
mod numbers;
mod out_folder;
mod properties;
mod readers;
mod references;
mod review;
mod search;
mod serve;
mod site;
mod solve;
mod sweep;
mod theorems;
mod values_hash;
