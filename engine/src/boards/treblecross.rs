//! Treblecross: noughts-and-crosses on a strip of cells where both players
//! play crosses, and whoever first makes three crosses in a row wins. A
//! position is the set of cells crossed, a bitmask of a strip of at most
//! [`MOST_CELLS`], with no three in a row yet (a game with three is over).
//! Every move adds a cross, so a position's options are larger numbers and
//! one pass in decreasing order finds every outcome.
//!
//! The search plays the rules as they are: a move that makes three wins at
//! once; a strip filled without three (possible only under three cells)
//! leaves the player to move without a move, who loses.

use super::Outcome;

/// The longest strip searched: 2^24 positions, one byte each.
pub const MOST_CELLS: usize = 24;

/// Whether `crosses` holds three in a row.
pub fn has_three(crosses: usize) -> bool {
    crosses & (crosses >> 1) & (crosses >> 2) != 0
}

/// The outcome of every position of a strip of `cells`, by position (bit
/// `i` set: cell `i` crossed); a position with three in a row is over and
/// marked [`Outcome::Previous`] (the player who made it has won).
pub fn outcomes(cells: usize) -> Result<Vec<Outcome>, String> {
    if cells > MOST_CELLS {
        return Err(format!(
            "a strip of {cells} cells: the search takes at most {MOST_CELLS}"
        ));
    }
    let count = 1usize << cells;
    let mut outcomes = vec![Outcome::Previous; count];
    for position in (0..count).rev() {
        if has_three(position) {
            continue;
        }
        // A move to a finished game wins (that game is marked Previous);
        // so does a move to a position the opponent loses.
        let wins = (0..cells)
            .map(|c| 1usize << c)
            .filter(|&cell| position & cell == 0)
            .any(|cell| outcomes[position | cell] == Outcome::Previous);
        outcomes[position] = if wins {
            Outcome::Next
        } else {
            Outcome::Previous
        };
    }
    Ok(outcomes)
}

/// The outcome of every position of a strip of `cells` in the game where
/// whoever first makes three in a row loses (the convention that turns
/// Treblecross's win into a loss), by position; a position with three in
/// a row is over and marked [`Outcome::Next`] (the player who made it has
/// lost), and a strip filled without three leaves the player to move
/// without a move, who wins.
pub fn avoidance_outcomes(cells: usize) -> Result<Vec<Outcome>, String> {
    if cells > MOST_CELLS {
        return Err(format!(
            "a strip of {cells} cells: the search takes at most {MOST_CELLS}"
        ));
    }
    let count = 1usize << cells;
    let mut outcomes = vec![Outcome::Next; count];
    for position in (0..count).rev() {
        if has_three(position) {
            continue;
        }
        let mut free = (0..cells)
            .map(|c| 1usize << c)
            .filter(|&cell| position & cell == 0)
            .peekable();
        let stuck = free.peek().is_none();
        let wins = stuck || free.any(|cell| outcomes[position | cell] == Outcome::Previous);
        outcomes[position] = if wins {
            Outcome::Next
        } else {
            Outcome::Previous
        };
    }
    Ok(outcomes)
}

/// Whether the player to move can make three at once: two crosses within
/// two cells of each other with the cell that completes them empty.
pub fn wins_at_once(position: usize, cells: usize) -> bool {
    (0..cells)
        .map(|c| 1usize << c)
        .any(|cell| position & cell == 0 && has_three(position | cell))
}

/// The heaps a position without a win at once becomes: each run of empty
/// cells, `k` long, counted `k + w − x` where `w` of its two ends are the
/// strip's ends and `x` are crosses (a cross makes the two cells beside it
/// on that side a gift to the opponent; a strip's end takes nothing). A
/// run that counts 2 or less is a heap with no move of ·007.
pub fn heaps(position: usize, cells: usize) -> Vec<usize> {
    let mut heaps = Vec::new();
    let mut start = 0;
    while start < cells {
        if position >> start & 1 == 1 {
            start += 1;
            continue;
        }
        let mut end = start;
        while end < cells && position >> end & 1 == 0 {
            end += 1;
        }
        let ends = [start == 0, end == cells];
        let walls = ends.iter().filter(|&&wall| wall).count();
        let counted = (end - start + walls).saturating_sub(2 - walls);
        heaps.push(counted);
        start = end;
    }
    heaps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_strips_by_hand() {
        let one = outcomes(1).unwrap();
        // One cell: the first cross leaves the second player no move.
        assert_eq!(one[0], Outcome::Next);
        let two = outcomes(2).unwrap();
        // Two cells: both are crossed and nobody makes three: the first
        // player is then left without a move.
        assert_eq!(two[0], Outcome::Previous);
        let three = outcomes(3).unwrap();
        // Three: the middle cross forces the second player next to it.
        assert_eq!(three[0], Outcome::Next);
        assert_eq!(three[0b010], Outcome::Previous);
        // X_X: the player to move completes it.
        assert_eq!(three[0b101], Outcome::Next);
    }

    #[test]
    fn small_strips_where_three_loses_by_hand() {
        // One cell: the first cross fills the strip, and the second
        // player, without a move, wins.
        assert_eq!(avoidance_outcomes(1).unwrap()[0], Outcome::Previous);
        // Three cells, X_X: the only move makes three, and loses.
        let three = avoidance_outcomes(3).unwrap();
        assert_eq!(three[0b101], Outcome::Previous);
        // XX_: the same.
        assert_eq!(three[0b011], Outcome::Previous);
        // _X_: either move leaves X X_ or _XX, which the other must
        // complete: the player to move wins.
        assert_eq!(three[0b010], Outcome::Next);
        // Four cells, X__X: a cross leaves XX_X or X_XX, whose one free
        // cell makes three: the player to move wins.
        let four = avoidance_outcomes(4).unwrap();
        assert_eq!(four[0b1001], Outcome::Next);
        // Two cells, X_: the last cross fills the strip without three,
        // and the player then without a move wins.
        assert_eq!(avoidance_outcomes(2).unwrap()[0b01], Outcome::Previous);
    }

    #[test]
    fn heaps_count_each_end() {
        // An empty strip of 5: both ends are the strip's.
        assert_eq!(heaps(0, 5), vec![7]);
        // X____ : a run of 4 with a cross on its left.
        assert_eq!(heaps(0b00001, 5), vec![4]);
        // X_____X in 7: a run of 5 between crosses.
        assert_eq!(heaps(0b1000001, 7), vec![3]);
        assert!(has_three(0b0111) && !has_three(0b1011));
        assert!(wins_at_once(0b101, 3) && !wins_at_once(0b1001, 4));
    }
}
