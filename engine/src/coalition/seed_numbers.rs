//! The numbers the coalition page states, each checked against a fresh
//! measurement with the default parameters, and the properties behind them.
//!
//! Where a stated number depends on a convention the test names the
//! convention: the classes are counted with the coalition's own class, and the
//! "positions sharing a key with another class" of subtraction {1, 3} and
//! {2, 3} (6 and 18) are reproduced only by counting the positions whose class
//! differs from the first class met for their key in the census's build order
//! ([`ShapeVerdict::positions_off_first_class`]); the order-free count
//! ([`ShapeVerdict::positions_sharing_a_key`]) gives 7 and 29.

use super::*;

fn analysis_of(ruleset: Ruleset) -> CoalitionAnalysis {
    analyze(&ruleset, &CoalitionParams::default()).unwrap()
}

fn kayles() -> Ruleset {
    Ruleset::Octal(vec![0, 7, 7])
}

fn dawsons_kayles() -> Ruleset {
    Ruleset::Octal(vec![0, 0, 7])
}

fn kind_of(analysis: &CoalitionAnalysis, size: u32) -> HeapKind {
    analysis.heaps[size as usize - 1].kind
}

fn class_of<'a>(analysis: &'a CoalitionAnalysis, heaps: &[u32]) -> &'a CoalitionClass {
    let position = Position::new(heaps.to_vec());
    analysis
        .classes
        .iter()
        .find(|class| class.members.contains(&position))
        .unwrap_or_else(|| panic!("{position} is in no class"))
}

fn positions(list: &[&[u32]]) -> Vec<Position> {
    list.iter()
        .map(|heaps| Position::new(heaps.to_vec()))
        .collect()
}

#[test]
fn nim_census_is_51_and_two_stores_are_the_coalitions() {
    let nim = analysis_of(Ruleset::Nim);
    assert_eq!(nim.tests, 286);
    assert_eq!(nim.census_size, 51);
    assert_eq!(kind_of(&nim, 1), HeapKind::Units { count: 1 });
    assert!((2..=10).all(|size| kind_of(&nim, size) == HeapKind::Flexible));
    assert!(nim.shape.holds);
    // Units modulo three beside no store or one store: six classes, and the coalition's.
    assert_eq!(nim.shape.keys_by_heap_class, 6);
    assert_eq!(nim.class_count, 7);
    assert!(class_of(&nim, &[2, 7]).coalition);
    // One kind of store: every heap from 2 up is in one class.
    assert!(
        nim.heaps
            .iter()
            .skip(1)
            .all(|profile| profile.class == nim.heaps[1].class)
    );
    assert_ne!(nim.heaps[0].class, nim.heaps[1].class);
}

#[test]
fn subtraction_one_two_has_nine_classes_and_the_coalitions() {
    let analysis = analysis_of(Ruleset::Subtraction(vec![1, 2]));
    assert_eq!(analysis.class_count, 10);
    assert_eq!(
        analysis
            .classes
            .iter()
            .filter(|class| !class.coalition)
            .count(),
        9
    );
    assert!(analysis.shape.holds);
    assert_eq!(analysis.shape.keys, 9);
    assert!((4..=10).all(|size| kind_of(&analysis, size) == HeapKind::CoalitionAlone));
    for pair in [[2, 2], [2, 3], [3, 3]] {
        assert!(class_of(&analysis, &pair).coalition, "{pair:?}");
    }
    // The hero table's cells, read alone: a two plays like a unit, a three
    // like two units, yet a unit beside a two is not two units.
    assert_eq!(class_of(&analysis, &[]).results.letters(), "LWL");
    assert_eq!(class_of(&analysis, &[1]).results.letters(), "WLL");
    assert_eq!(class_of(&analysis, &[2]).results.letters(), "WLL");
    assert_eq!(
        class_of(&analysis, &[3]).results,
        class_of(&analysis, &[1, 1]).results
    );
    assert_eq!(class_of(&analysis, &[1, 1]).results.letters(), "LLW");
    assert_eq!(class_of(&analysis, &[1, 2]).results.letters(), "LLL");
    assert!(!class_of(&analysis, &[1, 2]).coalition);
    assert_ne!(class_of(&analysis, &[2]).id, class_of(&analysis, &[1]).id);
}

#[test]
fn kayles_folds_twelve_keys_onto_nine_classes() {
    let analysis = analysis_of(kayles());
    assert!(analysis.shape.holds);
    assert_eq!(analysis.shape.keys, 12);
    assert_eq!(analysis.shape.keyed_classes, 9);
    assert_eq!(analysis.shape.coincidences, 3);
    assert!((2..=4).all(|size| kind_of(&analysis, size) == HeapKind::Flexible));
    assert!((5..=10).all(|size| kind_of(&analysis, size) == HeapKind::CoalitionAlone));
    // The coincidences are one fact: a row of three is a row of two and a unit.
    let class_of_key = |units, flexible| {
        let entry = analysis
            .key_table
            .iter()
            .find(|entry| entry.key == PositionKey { units, flexible });
        entry.expect("every key occurs").classes.clone()
    };
    for units in 0..3 {
        assert_eq!(
            class_of_key(units, Some(3)),
            class_of_key((units + 1) % 3, Some(2))
        );
        assert_ne!(
            class_of_key(units, Some(4)),
            class_of_key((units + 1) % 3, Some(3))
        );
    }
}

#[test]
fn dawsons_kayles_census_266_and_thirteen_classes() {
    let analysis = analysis_of(dawsons_kayles());
    assert_eq!(analysis.census_size, 266);
    assert_eq!(analysis.class_count, 13);
    assert!(analysis.shape.holds);
    assert_eq!(analysis.shape.coincidences, 6);
    assert_eq!(kind_of(&analysis, 1), HeapKind::Dead);
    assert_eq!(kind_of(&analysis, 2), HeapKind::Units { count: 1 });
    assert_eq!(kind_of(&analysis, 3), HeapKind::Units { count: 1 });
    assert_eq!(kind_of(&analysis, 5), HeapKind::Units { count: 2 });
    assert!(
        analysis
            .heaps
            .iter()
            .all(|profile| profile.kind != HeapKind::CoalitionAlone)
    );
}

#[test]
fn subtraction_two_three_census_392_and_28_classes() {
    let analysis = analysis_of(Ruleset::Subtraction(vec![2, 3]));
    assert_eq!(analysis.census_size, 392);
    assert_eq!(analysis.class_count, 28);
    assert!(!analysis.shape.holds);
    assert_eq!(
        analysis.shape.smallest_two_flexible[0],
        Position::new(vec![4, 8])
    );
    assert_eq!(analysis.shape.positions_off_first_class, 18);
    assert_eq!(analysis.shape.positions_sharing_a_key, 29);
    assert_eq!(analysis.shape.colliding_keys, 2);
    assert_eq!(analysis.shape.classes_beyond_one_flexible.len(), 10);
}

#[test]
fn subtraction_one_three_fails_at_three_and_five() {
    let analysis = analysis_of(Ruleset::Subtraction(vec![1, 3]));
    assert!(!analysis.shape.holds);
    assert_eq!(
        analysis.shape.smallest_two_flexible,
        positions(&[&[3, 5], &[4, 5], &[5, 5]])
    );
    assert_eq!(class_of(&analysis, &[3, 5]).results.letters()[..1], *"W");
    assert_eq!(analysis.shape.positions_off_first_class, 6);
    assert_eq!(analysis.shape.positions_sharing_a_key, 7);
    assert_eq!(analysis.shape.colliding_keys, 1);
    assert_eq!(analysis.shape.classes_beyond_one_flexible.len(), 3);
}

#[test]
fn equal_lengths_different_tables() {
    let subtraction = analysis_of(Ruleset::Subtraction(vec![2, 3]));
    let dawson = analysis_of(dawsons_kayles());
    let lengths = |analysis: &CoalitionAnalysis| -> Vec<Vec<u32>> {
        analysis
            .heaps
            .iter()
            .map(|profile| profile.lengths.clone())
            .collect()
    };
    assert_eq!(lengths(&subtraction), lengths(&dawson));
    assert_eq!(kind_of(&subtraction, 9), HeapKind::CoalitionAlone);
    let coalition_class = subtraction
        .classes
        .last()
        .filter(|class| class.coalition)
        .map(|class| class.id);
    assert_eq!(subtraction.heaps[8].class, coalition_class);
    assert_eq!(kind_of(&dawson, 9), HeapKind::Flexible);
    assert_ne!(subtraction.class_count, dawson.class_count);
}

#[test]
fn the_sweep_has_thirteen_with_the_shape_and_seven_without() {
    let report = sweep(sweep::LARGEST_TAKE, &CoalitionParams::default()).unwrap();
    assert_eq!((report.holding, report.failing), (13, 7));
    let failing: Vec<Vec<u32>> = report
        .entries
        .iter()
        .filter(|entry| !entry.holds)
        .map(|entry| entry.takes.clone())
        .collect();
    let expected = [
        &[1, 3][..],
        &[1, 4],
        &[1, 5],
        &[2, 3],
        &[2, 5],
        &[1, 3, 5],
        &[1, 4, 5],
    ];
    assert_eq!(failing, expected.map(<[u32]>::to_vec));
    // Every failure holds positions with two flexible heaps the coalition does not own.
    assert!(
        report
            .entries
            .iter()
            .all(|entry| entry.holds == (entry.two_flexible_positions == 0))
    );
}

#[test]
fn subtraction_two_four_is_one_two_with_glued_counters() {
    // A heap of 2k or 2k + 1 under {2, 4} plays as a heap of k under {1, 2}.
    let mut halved = Solver::new(&Ruleset::Subtraction(vec![1, 2]), 5, 2);
    let mut glued = Solver::new(&Ruleset::Subtraction(vec![2, 4]), 11, 2);
    for position in Position::all_up_to(3, 5) {
        let doubled: Vec<u32> = position
            .heaps()
            .iter()
            .map(|&heap| 2 * heap + heap % 2)
            .collect();
        assert_eq!(
            glued.outcome(&Position::new(doubled)),
            halved.outcome(&position),
            "{position}"
        );
    }
}

#[test]
fn four_players_keep_the_shape_with_units_modulo_four() {
    let params = CoalitionParams {
        allies: 3,
        ..CoalitionParams::default()
    };
    let nim = analyze(&Ruleset::Nim, &params).unwrap();
    assert_eq!(nim.players, 4);
    assert!(nim.shape.holds);
    assert_eq!(nim.census_size, 51);
    assert_eq!((nim.shape.keys_by_heap_class, nim.class_count), (8, 9));
    let subtraction = analyze(&Ruleset::Subtraction(vec![1, 2]), &params).unwrap();
    assert!(subtraction.shape.holds);
    assert_eq!((subtraction.shape.keys, subtraction.class_count), (12, 13));
}

#[test]
fn more_tests_only_split_classes() {
    // Classes under the three-heap tests refine those under one-heap tests.
    let ruleset = Ruleset::Subtraction(vec![2, 3]);
    let census = analysis_of(ruleset.clone());
    let small = CoalitionParams {
        test_heaps: 1,
        ..CoalitionParams::default()
    };
    let mut coarse = classes::Tester::new(Solver::new(&ruleset, 10, 2), &small);
    let mut coarse_of_fine = std::collections::BTreeMap::new();
    for class in census.classes.iter().filter(|class| !class.coalition) {
        for member in &class.members {
            let coarse_signature = coarse.signature(member);
            let seen = coarse_of_fine
                .entry(class.id)
                .or_insert_with(|| coarse_signature.clone());
            assert_eq!(*seen, coarse_signature, "{member}");
        }
    }
    let coarse_classes: std::collections::BTreeSet<_> = coarse_of_fine.values().collect();
    assert!(
        coarse_classes.len() < coarse_of_fine.len(),
        "one-heap tests should merge some classes"
    );
}
