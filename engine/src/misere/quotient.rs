//! The misère quotient of an octal game's heaps up to a bound, found heap
//! by heap as Plambeck and Siegel describe (*Misère quotients for
//! impartial games*, 2008), every step checked by [`super::verify`].
//!
//! For each heap `j` in turn:
//!
//! 1. **The same quotient.** Try each element `x` of the quotient so far as
//!    heap `j`'s image. Two necessary conditions filter them (heap `j`
//!    alone is P exactly when none of its options is; and no `y·x ∈ P` may
//!    have an option `y·Φ(o)` in P); the first that passes the full check
//!    on every sum of heaps up to `j` is kept. The quotient is unchanged:
//!    the check proves it still predicts every outcome.
//! 2. **A new generator.** Otherwise heap `j` is adjoined freely, as a
//!    cyclic monoid `a^4 = a^2`, beside the quotient so far; the product is
//!    marked and reduced ([`super::candidate`]) and checked. When the check
//!    finds a least sum whose outcome is mispredicted, the heaps in that
//!    sum are made free generators in turn (one, then two, …), with powers
//!    long enough to reach the sum, until a candidate predicts that sum
//!    rightly; then the whole check runs again. Each repair fixes the
//!    least failure, so the least failure only grows; the number of
//!    repairs, the product's size and the check's states are bounded, and
//!    past a bound the heap is reported unsettled, with the quotient proved
//!    for the heaps below it.
//!
//! What is reported is only ever a candidate that passed the full check,
//! reduced: by the claim in [`super::verify`] it predicts every outcome,
//! and a reduced monoid that predicts every outcome of a set of sums is
//! that set's misère quotient.

use std::rc::Rc;

use super::candidate::{Candidate, build, option_images};
use super::meter::{Clock, Deadline, Meter};
use super::monoid::{Monoid, Product};
use super::moves::heap_options;
use super::period::{Period, extended, proved_period};
use super::verify::{Failure, Layer, Stop, Verifier};
use crate::games::OctalCode;

/// The memory budget when none is given: 1 GiB. The command line gives
/// what the machine and the process's limits leave instead.
pub const DEFAULT_MOST_BYTES: u64 = 1 << 30;

/// How far the engine may go before it reports a heap unsettled.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Elements of a product tried as a candidate, before reduction.
    pub most_elements: usize,
    /// States of the check (one per class of sums it must tell apart).
    pub most_states: usize,
    /// Repairs of the candidate for one heap.
    pub most_repairs: usize,
    /// Work of all the checks together, in products of two elements (each
    /// state met and heap added costs |Q|): the same on every machine, so
    /// a record repeats, but only roughly time ([`super::meter`]).
    pub most_work: u64,
    /// A time limit, for a person waiting: none in a sweep or a figure,
    /// whose results must not depend on the machine.
    pub time: Option<Deadline>,
    /// Memory the quotient and its check may hold, in bytes
    /// ([`super::memory`]): what would not fit is reported unsettled.
    pub most_bytes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            most_elements: 1 << 20,
            most_states: 4_000_000,
            most_repairs: 400,
            most_work: 100_000_000_000,
            most_bytes: DEFAULT_MOST_BYTES,
            time: None,
        }
    }
}

impl Limits {
    /// The default budgets with `most_bytes` of memory and at most
    /// `seconds` on `clock`: what a person waiting for an answer gets (the
    /// command line, the reader's page).
    pub fn waiting(most_bytes: u64, clock: Clock, seconds: u64) -> Limits {
        Limits {
            most_bytes,
            time: Some(Deadline {
                clock,
                seconds: seconds as f64,
            }),
            ..Limits::default()
        }
    }
}

/// The quotient of the sums of heaps `0..=heaps`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quotient {
    pub heaps: usize,
    pub monoid: Monoid,
    /// Whether each element is in the P-portion.
    pub p: Vec<bool>,
    /// Φ: each heap's element, from heap 0.
    pub pretending: Vec<u32>,
    /// The heaps whose element is not a product of smaller heaps' elements:
    /// where the quotient grew.
    pub generators: Vec<usize>,
    /// The states the last full check kept.
    pub states: usize,
}

impl Quotient {
    /// The same quotient with Φ continued by a proved `period` to heap
    /// `heaps` (Theorem M's conclusion), for the referee to play heaps past
    /// the bound. The monoid, P and the generators are unchanged.
    pub fn continued(&self, period: Period, heaps: usize) -> Quotient {
        let mut q = self.clone();
        q.pretending = (0..=heaps.max(self.heaps))
            .map(|h| extended(&self.pretending, period, h))
            .collect();
        q.heaps = heaps.max(self.heaps);
        q
    }

    /// The element of a sum given as heap sizes.
    pub fn element(&self, heaps: &[usize]) -> Option<u32> {
        heaps.iter().try_fold(0u32, |x, &h| {
            self.pretending.get(h).map(|&e| self.monoid.product(x, e))
        })
    }

    /// Whether the quotient predicts a P-position (a loss for the player
    /// to move) for a sum of heaps up to its bound.
    pub fn predicts_p(&self, heaps: &[usize]) -> Option<bool> {
        self.element(heaps).map(|x| self.p[x as usize])
    }

    /// |P|.
    pub fn p_size(&self) -> usize {
        self.p.iter().filter(|&&p| p).count()
    }

    /// Each element's normal form: the exponents of the generators (the
    /// images of [`Quotient::generators`] in order) in the first word that
    /// reaches it when a breadth-first walk from the identity multiplies by
    /// each generator in turn.
    fn normal_forms(&self) -> Vec<Option<Vec<u32>>> {
        let size = self.monoid.size();
        let mut exponents: Vec<Option<Vec<u32>>> = vec![None; size];
        exponents[0] = Some(vec![0; self.generators.len()]);
        let mut queue = std::collections::VecDeque::from([0u32]);
        while let Some(x) = queue.pop_front() {
            for (at, &heap) in self.generators.iter().enumerate() {
                let y = self.monoid.product(x, self.pretending[heap]) as usize;
                if exponents[y].is_none() {
                    let mut word = exponents[x as usize].clone().unwrap_or_default();
                    word[at] += 1;
                    exponents[y] = Some(word);
                    queue.push_back(y as u32);
                }
            }
        }
        exponents
    }

    /// Each element written as its normal form in the generators `a`, `b`,
    /// `c`, … (`1` the identity, `ab²`).
    pub fn names(&self) -> Vec<String> {
        self.normal_forms()
            .into_iter()
            .enumerate()
            .map(|(x, word)| match word {
                Some(word) => spell(&word),
                None => format!("#{x}"),
            })
            .collect()
    }

    /// A presentation in those generators: each relation `(word, equal)`
    /// says that a word which is not a normal form, though every word it
    /// contains is, equals the normal form of its element. With the
    /// generators commuting, these give back the whole table: rewriting by
    /// them takes any word to the normal form of its element.
    pub fn relations(&self) -> Vec<(String, String)> {
        let forms = self.normal_forms();
        let normal: std::collections::HashMap<Vec<u32>, usize> = forms
            .iter()
            .enumerate()
            .filter_map(|(x, w)| w.clone().map(|w| (w, x)))
            .collect();
        let mut found = std::collections::BTreeSet::new();
        let mut relations = Vec::new();
        for (x, word) in forms.iter().enumerate() {
            let Some(word) = word else { continue };
            for (at, &heap) in self.generators.iter().enumerate() {
                let mut next = word.clone();
                next[at] += 1;
                if normal.contains_key(&next) || found.contains(&next) {
                    continue;
                }
                let minimal = (0..next.len()).filter(|&j| next[j] > 0).all(|j| {
                    let mut smaller = next.clone();
                    smaller[j] -= 1;
                    normal.contains_key(&smaller)
                });
                if minimal {
                    let y = self.monoid.product(x as u32, self.pretending[heap]) as usize;
                    let equal = forms[y].as_deref().map_or_else(|| format!("#{y}"), spell);
                    relations.push((spell(&next), equal));
                    found.insert(next);
                }
            }
        }
        relations
    }
}

#[cfg(test)]
pub(crate) fn spell_for_tests(word: &[u32]) -> String {
    spell(word)
}

/// A word in the generators, `a²b` (`1` for none).
fn spell(word: &[u32]) -> String {
    if word.iter().all(|&e| e == 0) {
        return "1".to_string();
    }
    word.iter()
        .enumerate()
        .filter(|&(_, &e)| e > 0)
        .map(|(at, &e)| format!("{}{}", letter(at), power(e)))
        .collect()
}

/// The name of generator `at`: `a` to `z`, then `g27`, ….
fn letter(at: usize) -> String {
    match u8::try_from(at) {
        Ok(at) if at < 26 => char::from(b'a' + at).to_string(),
        _ => format!("g{}", at + 1),
    }
}

/// An exponent in superscript digits (none for 1).
fn power(e: u32) -> String {
    if e == 1 {
        return String::new();
    }
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    e.to_string()
        .bytes()
        .map(|d| DIGITS[(d - b'0') as usize])
        .collect()
}

/// The heaps whose element is not a product of the elements of smaller
/// heaps: where the quotient grew, and the generators it is written in.
fn generating_heaps(monoid: &Monoid, pretending: &[u32]) -> Vec<usize> {
    let mut chosen: Vec<usize> = Vec::new();
    let mut reached = monoid.generated_by(&[]);
    for (heap, &x) in pretending.iter().enumerate().skip(1) {
        if !reached[x as usize] {
            chosen.push(heap);
            let images: Vec<u32> = chosen.iter().map(|&h| pretending[h]).collect();
            reached = monoid.generated_by(&images);
        }
    }
    chosen
}

/// Where the engine stopped: the quotient proved below `heap`, and why
/// `heap` was not settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsettled {
    pub below: Quotient,
    pub heap: usize,
    pub why: String,
}

/// The misère quotient of `code`'s heaps up to `heaps`, or where it
/// stopped. `progress` is told each heap as it starts.
pub fn quotient(
    code: &OctalCode,
    heaps: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(usize),
) -> Result<Quotient, Box<Unsettled>> {
    grow(code, heaps, limits, progress, &|_| false)
}

/// The quotient grown heap by heap until Φ's period is proved
/// ([`proved_period`]) or `most_heaps` is reached, whichever comes first.
pub fn settle(
    code: &OctalCode,
    most_heaps: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(usize),
) -> Result<Quotient, Box<Unsettled>> {
    let k = code.largest_take();
    grow(code, most_heaps, limits, progress, &|phi| {
        proved_period(phi, k).is_some()
    })
}

fn grow(
    code: &OctalCode,
    heaps: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(usize),
    done: &dyn Fn(&[u32]) -> bool,
) -> Result<Quotient, Box<Unsettled>> {
    let options: Vec<Vec<Vec<usize>>> = (0..=heaps).map(|h| heap_options(code, h)).collect();
    let steps = Rc::new(Meter::new(limits.most_work, limits.time));
    let mut verifier = Verifier::new(
        Monoid::trivial(),
        vec![false],
        limits.most_states,
        limits.most_bytes,
        steps.clone(),
    );
    let mut pretending: Vec<u32> = vec![0];
    let mut reached = 0;
    while reached < heaps && !done(&pretending) {
        let j = reached + 1;
        progress(j);
        let stop = |verifier: &Verifier, pretending: &[u32], why: String| {
            Box::new(Unsettled {
                below: Quotient {
                    heaps: j - 1,
                    monoid: verifier.monoid().clone(),
                    p: verifier.p().to_vec(),
                    pretending: pretending.to_vec(),
                    generators: generating_heaps(verifier.monoid(), pretending),
                    states: verifier.states(),
                },
                heap: j,
                why,
            })
        };
        reached = j;
        if options[j].is_empty() {
            pretending.push(0);
            continue;
        }
        let monoid = verifier.monoid();
        let images = option_images(|a, b| monoid.product(a, b), 0, &pretending, &options[j]);
        match same_quotient(&verifier, &pretending, j, &images) {
            Ok(Some((x, layer))) => {
                verifier.keep(layer);
                pretending.push(x);
                continue;
            }
            Ok(None) => {}
            Err(why) => return Err(stop(&verifier, &pretending, why)),
        }
        match adjoin(
            verifier.monoid(),
            &pretending,
            j,
            &options[..=j],
            limits,
            &steps,
        ) {
            Ok((candidate, checked)) => {
                pretending = candidate.pretending;
                verifier = checked;
            }
            Err(why) => return Err(stop(&verifier, &pretending, why)),
        }
    }
    Ok(Quotient {
        heaps: reached,
        generators: generating_heaps(verifier.monoid(), &pretending),
        monoid: verifier.monoid().clone(),
        p: verifier.p().to_vec(),
        pretending,
        states: verifier.states(),
    })
}

/// The first element of the quotient so far that heap `j` may be, with
/// the states it adds, if one passes the check.
fn same_quotient(
    verifier: &Verifier,
    pretending: &[u32],
    j: usize,
    images: &[u32],
) -> Result<Option<(u32, Layer)>, String> {
    let monoid = verifier.monoid();
    let p = verifier.p();
    let alone_p = images.iter().all(|&o| !p[o as usize]);
    // The smaller heaps' elements first, the nearest first: a pretending
    // function that is settling into a period finds its element at once.
    let mut order: Vec<u32> = pretending.iter().rev().copied().collect();
    order.extend(0..monoid.size() as u32);
    let mut tried = vec![false; monoid.size()];
    for x in order {
        if std::mem::replace(&mut tried[x as usize], true) {
            continue;
        }
        if p[x as usize] != alone_p {
            continue;
        }
        let moves_into_p = (0..monoid.size() as u32).any(|y| {
            p[monoid.product(y, x) as usize]
                && images.iter().any(|&o| p[monoid.product(y, o) as usize])
        });
        if moves_into_p {
            continue;
        }
        match verifier.layer(j, x, images, true) {
            Ok(layer) => return Ok(Some((x, layer))),
            Err(Stop::Fails(_)) => {}
            Err(Stop::Budget(why)) => return Err(why),
        }
    }
    Ok(None)
}

/// A product to try: a base monoid with each heap's image in it, and heaps
/// made free cyclic generators (heap, index, period).
struct Shape {
    base: Monoid,
    pretending: Vec<u32>,
    free: Vec<(usize, usize, usize)>,
}

fn candidate(
    shape: &Shape,
    options: &[Vec<Vec<usize>>],
    limits: &Limits,
    steps: &Meter,
) -> Result<Candidate, String> {
    let cyclic = shape.free.iter().map(|&(_, t, p)| (t, p)).collect();
    let product = Product::new(&shape.base, cyclic, limits.most_elements).ok_or_else(|| {
        format!(
            "a candidate would have more than {} elements before reduction",
            limits.most_elements
        )
    })?;
    let pretending: Vec<usize> = (0..options.len())
        .map(
            |h| match shape.free.iter().position(|&(heap, _, _)| heap == h) {
                Some(factor) => product.generator(factor),
                None if options[h].is_empty() => 0,
                None => product.base(shape.pretending[h]),
            },
        )
        .collect();
    build(&product, &pretending, options, steps, limits.most_bytes)
}

/// The full check of a candidate on every sum of heaps `0..options.len()`.
fn check(
    candidate: &Candidate,
    options: &[Vec<Vec<usize>>],
    limits: &Limits,
    steps: &Rc<Meter>,
) -> Result<Verifier, Stop> {
    if candidate.p[0] {
        return Err(Stop::Fails(Failure {
            sum: vec![0],
            predicted_p: true,
        }));
    }
    let mut verifier = Verifier::new(
        candidate.monoid.clone(),
        candidate.p.clone(),
        limits.most_states,
        limits.most_bytes,
        steps.clone(),
    );
    for (h, heap_options) in options.iter().enumerate().skip(1) {
        if heap_options.is_empty() {
            continue;
        }
        let monoid = &candidate.monoid;
        let images = option_images(
            |a, b| monoid.product(a, b),
            0,
            &candidate.pretending,
            heap_options,
        );
        let layer = verifier.layer(h, candidate.pretending[h], &images, false)?;
        verifier.keep(layer);
    }
    Ok(verifier)
}

/// Heap `j` adjoined as a new generator, repaired until the check passes.
fn adjoin(
    base: &Monoid,
    pretending: &[u32],
    j: usize,
    options: &[Vec<Vec<usize>>],
    limits: &Limits,
    steps: &Rc<Meter>,
) -> Result<(Candidate, Verifier), String> {
    let mut shape = Shape {
        base: base.clone(),
        pretending: pretending.iter().copied().chain([0]).collect(),
        free: vec![(j, 2, 2)],
    };
    for _ in 0..limits.most_repairs {
        let tried = candidate(&shape, options, limits, steps)?;
        match check(&tried, options, limits, steps) {
            Ok(verifier) => return Ok((tried, verifier)),
            Err(Stop::Budget(why)) => return Err(why),
            Err(Stop::Fails(failure)) => {
                shape = repair(&tried, &failure, options, limits, steps)?;
            }
        }
    }
    Err(format!(
        "no candidate passed the check after {} repairs",
        limits.most_repairs
    ))
}

/// A shape whose candidate predicts `failure`'s sum rightly: the least
/// set of the heaps in that sum made free generators.
fn repair(
    tried: &Candidate,
    failure: &Failure,
    options: &[Vec<Vec<usize>>],
    limits: &Limits,
    steps: &Meter,
) -> Result<Shape, String> {
    let should_be_p = !failure.predicted_p;
    let mut refused: Option<String> = None;
    let involved: Vec<usize> = (1..options.len())
        .filter(|&h| failure.sum.get(h).copied().unwrap_or(0) > 0)
        .collect();
    for (extra, size) in [0, 2]
        .into_iter()
        .flat_map(|extra| (1..=involved.len()).map(move |size| (extra, size)))
    {
        for chosen in combinations(&involved, size) {
            let free = chosen
                .iter()
                .map(|&h| {
                    let (index, period) = tried.monoid.index_and_period(tried.pretending[h]);
                    let reach = failure.sum[h].saturating_sub(1) as usize;
                    let period = period.max(2).next_multiple_of(2);
                    (h, index.max(reach).max(1) + extra, period)
                })
                .collect();
            let shape = Shape {
                base: tried.monoid.clone(),
                pretending: tried
                    .pretending
                    .iter()
                    .enumerate()
                    .map(|(h, &x)| if chosen.contains(&h) { 0 } else { x })
                    .collect(),
                free,
            };
            let repaired = match candidate(&shape, options, limits, steps) {
                Ok(repaired) => repaired,
                Err(why) if steps.spent() => return Err(why),
                Err(why) => {
                    // Too large for the memory: another repair may fit; if
                    // none predicts the sum, memory is the reason given.
                    if why.starts_with("memory") {
                        refused.get_or_insert(why);
                    }
                    continue;
                }
            };
            let element = failure.sum.iter().enumerate().fold(0u32, |x, (h, &m)| {
                (0..m).fold(x, |x, _| repaired.monoid.product(x, repaired.pretending[h]))
            });
            if repaired.p[element as usize] == should_be_p {
                return Ok(shape);
            }
        }
    }
    Err(refused.unwrap_or_else(|| "no repair predicts the least mispredicted sum".to_string()))
}

/// The subsets of `items` of `size` elements, in lexicographic order.
fn combinations(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (at, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[at + 1..], size - 1) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}
