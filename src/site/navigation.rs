//! Where a page sits among the others: its neighbours in reading order and
//! whether it gets an "On this page" list.
//!
//! The reading order is the order of `pages:` in the manifest, the order the
//! nav and the index list them in, so one list decides all three.

use super::headings::{Section, TOC_MIN_SECTIONS};

/// The pages before and after the `index`-th of `count`, in reading order.
pub fn neighbours(index: usize, count: usize) -> (Option<usize>, Option<usize>) {
    let previous = index.checked_sub(1);
    let next = Some(index + 1).filter(|&n| n < count);
    (previous, next)
}

/// The sections an "On this page" list shows: all of them on a page with
/// [`TOC_MIN_SECTIONS`] or more, none on a shorter page.
pub fn contents(sections: &[Section]) -> &[Section] {
    if sections.len() >= TOC_MIN_SECTIONS {
        sections
    } else {
        &[]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sections(n: usize) -> Vec<Section> {
        (0..n)
            .map(|i| Section {
                id: format!("s{i}"),
                html: format!("S{i}"),
            })
            .collect()
    }

    #[test]
    fn a_list_only_with_four_sections_or_more() {
        assert!(contents(&sections(0)).is_empty());
        assert!(contents(&sections(3)).is_empty());
        assert_eq!(contents(&sections(4)).len(), 4);
        assert_eq!(contents(&sections(10)).len(), 10);
    }

    #[test]
    fn the_first_page_has_no_previous_and_the_last_no_next() {
        assert_eq!(neighbours(0, 3), (None, Some(1)));
        assert_eq!(neighbours(1, 3), (Some(0), Some(2)));
        assert_eq!(neighbours(2, 3), (Some(1), None));
        assert_eq!(neighbours(0, 1), (None, None));
    }
}
