//! What a move from one heap of an octal game leaves: the rule read once,
//! shared by the exact search and the quotient engine.

use crate::games::OctalCode;
use crate::games::octal::may_leave;

/// Every distinct position one move from a heap of `heap` counters
/// leaves: no heap, one heap, or two (the smaller first), each once and in
/// order. Empty when the heap allows no move.
pub fn heap_options(code: &OctalCode, heap: usize) -> Vec<Vec<usize>> {
    let mut options: Vec<Vec<usize>> = Vec::new();
    for take in 0..=heap.min(code.largest_take()) {
        let digit = code.digit(take);
        let rest = heap - take;
        if may_leave(digit, 0) && rest == 0 && take > 0 {
            options.push(Vec::new());
        }
        if may_leave(digit, 1) && rest >= 1 && take > 0 {
            options.push(vec![rest]);
        }
        if may_leave(digit, 2) && rest >= 2 {
            for a in 1..=rest / 2 {
                options.push(vec![a, rest - a]);
            }
        }
    }
    options.sort();
    options.dedup();
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_takes_one_or_two_and_may_split() {
        let kayles = OctalCode::parse(".77").unwrap();
        assert_eq!(heap_options(&kayles, 0), Vec::<Vec<usize>>::new());
        assert_eq!(heap_options(&kayles, 1), vec![Vec::<usize>::new()]);
        assert_eq!(heap_options(&kayles, 2), vec![vec![], vec![1usize]]);
        assert_eq!(
            heap_options(&kayles, 4),
            vec![vec![1, 1], vec![1, 2], vec![2], vec![3]]
        );
        // ·07 (Dawson's Kayles) takes two, never one.
        let dawson = OctalCode::parse(".07").unwrap();
        assert!(heap_options(&dawson, 1).is_empty());
        assert_eq!(heap_options(&dawson, 2), vec![Vec::<usize>::new()]);
        // 4·07 may split without taking.
        let split = OctalCode::parse("4.07").unwrap();
        assert_eq!(heap_options(&split, 2), vec![vec![], vec![1usize, 1]]);
    }
}
