//! A candidate quotient built from a product of monoids: the P-portion
//! marked by play, then reduced to the classes no sum can tell apart.
//!
//! **Marking.** Sums are visited in the order that compares the largest
//! heap's multiplicity first, and an element of the product takes its
//! P-status from the first sum that reaches it: P when that sum has a move
//! and no option's element is P. Every option of a sum comes before it, so
//! its element is already marked. A sum whose element was reached before
//! is skipped, and every larger sum on the same branch with it, since
//! adding heaps keeps the order (and the same elements). Nothing here
//! claims the marking is right: [`super::verify`] decides.
//!
//! **Reduction.** Two elements are kept apart exactly when some product of
//! heap images sends one into P and the other out (Moore's partition
//! refinement, the heap images as the alphabet). This is a congruence, so
//! the classes form a monoid; it is the misère quotient itself once the
//! candidate predicts every outcome (Plambeck and Siegel, 2008: the
//! quotient is the candidate modulo indistinguishability).

use super::memory;
use super::meter::Meter;
use super::monoid::{Monoid, Product};

/// An explicit candidate: the reduced monoid, its P-portion, and the image
/// of every heap from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub monoid: Monoid,
    pub p: Vec<bool>,
    pub pretending: Vec<u32>,
}

const UNMARKED: u8 = 0;
const NOT_P: u8 = 1;
const IS_P: u8 = 2;

/// The images of a heap's options: each option's parts multiplied.
pub fn option_images<T: Copy + Ord>(
    product: impl Fn(T, T) -> T,
    identity: T,
    pretending: &[T],
    options: &[Vec<usize>],
) -> Vec<T> {
    let mut images: Vec<T> = options
        .iter()
        .map(|parts| {
            parts
                .iter()
                .fold(identity, |x, &part| product(x, pretending[part]))
        })
        .collect();
    images.sort();
    images.dedup();
    images
}

struct Marking<'a> {
    product: &'a Product<'a>,
    pretending: &'a [usize],
    images: &'a [Vec<usize>],
    status: Vec<u8>,
    meter: &'a Meter,
}

impl Marking<'_> {
    fn visit(
        &mut self,
        heap: usize,
        element: usize,
        has_move: bool,
        options: &[usize],
    ) -> Result<(), String> {
        if heap == 0 {
            if self.status[element] != UNMARKED {
                return Ok(());
            }
            let mut p = has_move;
            for &o in options {
                match self.status[o] {
                    UNMARKED => return Err("an option was not marked before its sum".into()),
                    IS_P => p = false,
                    _ => {}
                }
            }
            self.status[element] = if p { IS_P } else { NOT_P };
            return Ok(());
        }
        if self.images[heap].is_empty() {
            return self.visit(heap - 1, element, has_move, options);
        }
        let image = self.pretending[heap];
        let mut element = element;
        let mut has_move = has_move;
        let mut options = options.to_vec();
        loop {
            self.visit(heap - 1, element, has_move, &options)?;
            let mut next: Vec<usize> = options
                .iter()
                .map(|&o| self.product.product(o, image))
                .collect();
            next.extend(
                self.images[heap]
                    .iter()
                    .map(|&o| self.product.product(element, o)),
            );
            self.meter.spend(next.len() as u64 + 1)?;
            next.sort_unstable();
            next.dedup();
            element = self.product.product(element, image);
            has_move = true;
            if self.status[element] != UNMARKED {
                return Ok(());
            }
            options = next;
        }
    }
}

/// The candidate from `product` with heap images `pretending` (heaps
/// 0..=n) and each heap's options' parts, marked and reduced: the
/// elements a game reaches are marked P or N, merged into the coarsest
/// classes the heaps respect, numbered, and multiplied out.
pub fn build(
    product: &Product,
    pretending: &[usize],
    options: &[Vec<Vec<usize>>],
    meter: &Meter,
    most_bytes: u64,
) -> Result<Candidate, String> {
    let top = pretending.len() - 1;
    let alphabet = alphabet(pretending, options);
    let marking_bytes = memory::product_bytes(product.size(), alphabet.len());
    if marking_bytes > most_bytes {
        return Err(memory::refusal(
            &format!("a product of {} elements", product.size()),
            marking_bytes,
            most_bytes,
        ));
    }
    let images: Vec<Vec<usize>> = options
        .iter()
        .map(|o| option_images(|a, b| product.product(a, b), 0, pretending, o))
        .collect();
    let mut marking = Marking {
        product,
        pretending,
        images: &images,
        status: vec![UNMARKED; product.size()],
        meter,
    };
    marking.visit(top, 0, false, &[])?;
    let status = marking.status;
    let reached: Vec<usize> = (0..product.size())
        .filter(|&x| status[x] != UNMARKED)
        .collect();
    // Each reached element's product with each letter, made once: the
    // classes are refined over and over (30 rounds and more on ·07's
    // candidates), and the product's divisions were a third of the time.
    let mut moves: Vec<usize> = Vec::new();
    moves
        .try_reserve_exact(reached.len().saturating_mul(alphabet.len()))
        .map_err(|_| memory::refusal("the moves of a product", marking_bytes, 0))?;
    for &x in &reached {
        moves.extend(alphabet.iter().map(|&g| product.product(x, g)));
    }
    let (class, classes) = refine(&status, &reached, &moves, alphabet.len(), meter)?;
    let (number, representative) = numbered(product, pretending, options, &class, classes);
    let size = representative.len();
    let needed = memory::quotient_bytes(size).saturating_add(marking_bytes);
    if needed > most_bytes {
        return Err(memory::refusal(
            &format!("a quotient of {size} elements"),
            needed,
            most_bytes,
        ));
    }
    let mut table = Vec::new();
    table
        .try_reserve_exact(size * size)
        .map_err(|_| memory::refusal(&format!("a quotient of {size} elements"), needed, 0))?;
    for &a in &representative {
        for &b in &representative {
            table.push(number[class[product.product(a, b)] as usize]);
        }
    }
    let monoid = Monoid::from_table_unchecked(size, table);
    let p = representative.iter().map(|&x| status[x] == IS_P).collect();
    let pretending = pretending
        .iter()
        .enumerate()
        .map(|(h, &x)| {
            if options[h].is_empty() {
                0
            } else {
                number[class[x] as usize]
            }
        })
        .collect();
    Ok(Candidate {
        monoid,
        p,
        pretending,
    })
}

/// The heaps' distinct images (heaps with a move): the letters a class's
/// signature reads.
fn alphabet(pretending: &[usize], options: &[Vec<Vec<usize>>]) -> Vec<usize> {
    let mut a: Vec<usize> = (1..pretending.len())
        .filter(|&h| !options[h].is_empty())
        .map(|h| pretending[h])
        .collect();
    a.sort_unstable();
    a.dedup();
    a
}

/// The reached elements split by outcome, then refined by their products
/// with each letter (`moves`, a row of `letters` for each reached element)
/// until no class splits: each element's class, and how many classes.
fn refine(
    status: &[u8],
    reached: &[usize],
    moves: &[usize],
    letters: usize,
    meter: &Meter,
) -> Result<(Vec<u32>, usize), String> {
    let mut class = vec![u32::MAX; status.len()];
    for &x in reached {
        class[x] = u32::from(status[x] == IS_P);
    }
    let mut classes = 0;
    loop {
        let mut signatures: std::collections::HashMap<Vec<u32>, u32> =
            std::collections::HashMap::new();
        let mut next = vec![u32::MAX; status.len()];
        for (i, &x) in reached.iter().enumerate() {
            let mut signature = Vec::with_capacity(letters + 1);
            signature.push(class[x]);
            for &to in &moves[i * letters..(i + 1) * letters] {
                let y = class[to];
                if y == u32::MAX {
                    return Err("the marked elements are not closed under the heaps".into());
                }
                signature.push(y);
            }
            let fresh = signatures.len() as u32;
            next[x] = *signatures.entry(signature).or_insert(fresh);
        }
        meter.spend((reached.len() * (letters + 1)) as u64)?;
        let count = signatures.len();
        class = next;
        if count == classes {
            return Ok((class, classes));
        }
        classes = count;
    }
}

/// The classes numbered as a breadth-first walk from the identity meets
/// them, heaps in increasing size, so the same quotient is always written
/// the same way: each class's number, and the element that stands for each
/// number.
fn numbered(
    product: &Product,
    pretending: &[usize],
    options: &[Vec<Vec<usize>>],
    class: &[u32],
    classes: usize,
) -> (Vec<u32>, Vec<usize>) {
    let mut number = vec![u32::MAX; classes];
    let mut representative = Vec::with_capacity(classes);
    number[class[0] as usize] = 0;
    representative.push(0usize);
    let mut at = 0;
    while at < representative.len() {
        let x = representative[at];
        for h in 1..pretending.len() {
            if options[h].is_empty() {
                continue;
            }
            let y = product.product(x, pretending[h]);
            let c = class[y] as usize;
            if number[c] == u32::MAX {
                number[c] = representative.len() as u32;
                representative.push(y);
            }
        }
        at += 1;
    }
    (number, representative)
}
