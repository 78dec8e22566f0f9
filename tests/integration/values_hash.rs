//! The solved page's values hash, recomputed from the published data file
//! by the recipe the page gives, written here from its words alone (not by
//! calling the program's hash): FNV-1a with 64 bits, offset basis
//! `cbf29ce484222325`, prime `100000001b3`, over heaps `0 .. values_needed`
//! in heap order, each value as four bytes, least significant first. A
//! negative control: the same values hashed another plausible way (two
//! bytes a value, or four most significant first), or one value changed,
//! do not give the published hash.

use std::fs;

use serde_json::Value;

use crate::common::repo;

/// The page's recipe: FNV-1a 64 over each value as a 32-bit little-endian word.
fn recipe(values: &[u64], bytes: impl Fn(u32) -> Vec<u8>) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &value in values {
        for byte in bytes(u32::try_from(value).unwrap()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

fn little_endian(v: u32) -> Vec<u8> {
    v.to_le_bytes().to_vec()
}

#[test]
fn the_published_values_hash_is_fnv1a_64_over_32_bit_little_endian_words() {
    let text = fs::read_to_string(repo().join("output/data/solved-octal.json")).unwrap();
    let data: Value = serde_json::from_str(&text).unwrap();
    let published = &data["proof_values"];
    let code = published["code"].as_str().unwrap();
    let values: Vec<u64> = published["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let row = data["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["code"] == code)
        .unwrap();
    let hash = row["values_hash"].as_str().unwrap();
    assert_eq!(values.len() as u64, row["values_needed"].as_u64().unwrap());
    assert_eq!(recipe(&values, little_endian), hash, "{code}");

    // The window the row names holds over the published values.
    let at = |key: &str| row[key].as_u64().unwrap() as usize;
    let (start, period, end) = (at("preperiod"), at("period"), at("window_end"));
    assert!((start..end).all(|n| values[n] == values[n + period]));

    // Negative controls: another encoding, or one value changed.
    assert_ne!(recipe(&values, |v| v.to_be_bytes().to_vec()), hash);
    assert_ne!(recipe(&values, |v| (v as u16).to_le_bytes().to_vec()), hash);
    let mut changed = values.clone();
    changed[start] += 1;
    assert_ne!(recipe(&changed, little_endian), hash);
    assert_ne!(recipe(&values[..values.len() - 1], little_endian), hash);
}
