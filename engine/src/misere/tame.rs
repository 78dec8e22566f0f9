//! Whether a quotient is tame: the quotient of misère Nim on the heaps
//! below some power of two, `T_m`, of order 1, 2, or `2^m + 2` with two
//! P-positions (Plambeck and Siegel, 2008: a set of games is tame exactly
//! when its quotient is one of these). `T_m` is found by the same engine
//! from Nim's code and the two are compared as bipartite monoids.

use super::monoid::Monoid;
use super::quotient::{Limits, quotient};
use crate::games::OctalCode;

/// The `m` whose `T_m` has `order` elements, if any.
fn nim_exponent(order: usize) -> Option<u32> {
    match order {
        1 => Some(0),
        2 => Some(1),
        _ => (2..usize::BITS - 1).find(|&m| (1usize << m) + 2 == order),
    }
}

/// `T_m`: misère Nim's quotient on the heaps below `2^m`.
pub fn nim_quotient(m: u32) -> Result<(Monoid, Vec<bool>), String> {
    if m == 0 {
        return Ok((Monoid::trivial(), vec![false]));
    }
    let heaps = (1usize << m) - 1;
    let code =
        OctalCode::parse(&format!(".{}", "3".repeat(heaps))).map_err(|e| format!("{e:?}"))?;
    let q = quotient(&code, heaps, &Limits::default(), &mut |_| {}).map_err(|u| u.why)?;
    Ok((q.monoid, q.p))
}

/// Whether `(monoid, p)` is some `T_m`.
pub fn is_tame(monoid: &Monoid, p: &[bool]) -> Result<bool, String> {
    let Some(m) = nim_exponent(monoid.size()) else {
        return Ok(false);
    };
    if m > 8 {
        return Err(format!("T_{m} is past what this check builds"));
    }
    let (nim, nim_p) = nim_quotient(m)?;
    Ok(isomorphic(monoid, p, &nim, &nim_p))
}

/// Elements that generate `monoid`, chosen greedily in index order.
fn generators(monoid: &Monoid) -> Vec<u32> {
    let mut chosen = Vec::new();
    let mut reached = monoid.generated_by(&chosen);
    for x in 1..monoid.size() as u32 {
        if !reached[x as usize] {
            chosen.push(x);
            reached = monoid.generated_by(&chosen);
        }
    }
    chosen
}

/// Whether there is a bijection carrying products to products and P to P.
pub fn isomorphic(a: &Monoid, pa: &[bool], b: &Monoid, pb: &[bool]) -> bool {
    let size = a.size();
    if size != b.size() || pa.iter().filter(|&&x| x).count() != pb.iter().filter(|&&x| x).count() {
        return false;
    }
    let gens = generators(a);
    let mut images = Vec::with_capacity(gens.len());
    search(a, pa, b, pb, &gens, &mut images)
}

fn search(
    a: &Monoid,
    pa: &[bool],
    b: &Monoid,
    pb: &[bool],
    gens: &[u32],
    images: &mut Vec<u32>,
) -> bool {
    let Some(map) = extend(a, pa, b, pb, &gens[..images.len()], images) else {
        return false;
    };
    if images.len() == gens.len() {
        let size = a.size();
        let mut hit = vec![false; size];
        for &y in &map {
            if y == u32::MAX || std::mem::replace(&mut hit[y as usize], true) {
                return false;
            }
        }
        return (0..size as u32).all(|x| {
            (0..size as u32).all(|y| {
                map[a.product(x, y) as usize] == b.product(map[x as usize], map[y as usize])
            })
        });
    }
    let g = gens[images.len()];
    let shape = a.index_and_period(g);
    for candidate in 0..b.size() as u32 {
        if pb[candidate as usize] != pa[g as usize] || b.index_and_period(candidate) != shape {
            continue;
        }
        images.push(candidate);
        if search(a, pa, b, pb, gens, images) {
            return true;
        }
        images.pop();
    }
    false
}

/// The map the generators' images force on what they generate, or `None`
/// when it is not well defined or does not keep P.
fn extend(
    a: &Monoid,
    pa: &[bool],
    b: &Monoid,
    pb: &[bool],
    gens: &[u32],
    images: &[u32],
) -> Option<Vec<u32>> {
    let mut map = vec![u32::MAX; a.size()];
    map[0] = 0;
    let mut frontier = vec![0u32];
    while let Some(x) = frontier.pop() {
        for (&g, &image) in gens.iter().zip(images) {
            let y = a.product(x, g);
            let fy = b.product(map[x as usize], image);
            if map[y as usize] == u32::MAX {
                if pa[y as usize] != pb[fy as usize] {
                    return None;
                }
                map[y as usize] = fy;
                frontier.push(y);
            } else if map[y as usize] != fy {
                return None;
            }
        }
    }
    Some(map)
}
