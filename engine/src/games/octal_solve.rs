//! Solving an octal code: its values grown until a period is proved, the
//! way published solvers run (reporting as the run doubles, stopping at the
//! proof), instead of a count guessed in advance.
//!
//! **The checks.** The run is searched for a period, and a found period's
//! certificate (the window of Theorem P, [`crate::games::octal_certificate`])
//! is checked at every count up to 8, then at every power of two and each
//! quarter of the way to the next (8, 10, 12, 14, 16, 20, …), and as soon as
//! the values reach the window of the period last found. The search asks two
//! repeats ([`CERTIFIED_MIN_REPEATS`]): the window, not the repeats, is the
//! proof, and for a code that splits the window holds two periods past the
//! preperiod. So a period from heap `s` is seen at the first check at or
//! past `s + 2p` (less than a quarter past it), and proved at its window, or
//! at that check if the window lies inside: the run stops at the first check
//! where a certificate holds, less than a quarter past the window's values
//! (a code that never splits: a quarter past `s + 2p`). A period found too
//! early, which breaks before its window, is refuted there and the search
//! goes on. A check is a search and a window, each near-linear in the values
//! for any period ([`crate::sequence::period`]), and the check points grow
//! geometrically, so all the checks cost a few searches of the final run.
//!
//! **Where the run stops does not depend on how it was cut.** The check
//! points follow from the values alone, so a run resumed from a checkpoint
//! replays the checks the values already pass (each a search over a prefix)
//! and stops where a straight run stops, with the same values and hash.
//!
//! The values grow by [`OctalRun`] (which engine pays, at each heap), as
//! `u16`: a value of 65,536 or more stops the run, as does memory the
//! machine or a limit refuses ([`EngineStop`]), with the values so far kept.

use serde::{Deserialize, Serialize};

use crate::games::octal::OctalCode;
use crate::games::octal_engine::{EngineKind, OctalRun, RunWork};
use crate::games::octal_long_run::{CertificateRecord, certificate_record, fnv1a_64};
use crate::games::octal_memory::EngineStop;
use crate::games::octal_moves::MoveTable;
use crate::games::octal_shape::{Shape, shape};
use crate::sequence::{
    Analysis, CERTIFIED_MIN_REPEATS, Certificate, CertificateRule, CertificateStatus,
    DEFAULT_MIN_REPEATS, analyse_certified, certify, find_period_counted,
};

/// The first check point.
const FIRST_CHECK: usize = 1;

/// A period found by search, with the values its window needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct Candidate {
    pub preperiod: usize,
    pub period: usize,
    /// Values the certificate reads: the run grows to this many to check it.
    pub values_needed: usize,
}

/// One check: the values searched, the period found and its certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct Check {
    /// Heaps `0 .. at` were searched.
    pub at: usize,
    /// The period checked (found by search, or the candidate whose window
    /// this check reached), if any.
    pub candidate: Option<Candidate>,
    /// Its certificate: holds, fails at a heap, or needs more values.
    pub certificate: Option<Certificate>,
}

/// How a solve ended, if it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    /// A certificate held at this check: the period is proved.
    Proved(Check),
    /// The limit was reached with no certificate that holds.
    NotProved { limit: usize },
}

/// The grid of check points: the next after `done` (every count to 8,
/// then the powers of two and the quarters between them).
pub fn next_grid_point(done: usize) -> usize {
    if done < FIRST_CHECK {
        return FIRST_CHECK;
    }
    let step = ((1usize << done.ilog2()) / 4).max(1);
    (done / step).saturating_add(1).saturating_mul(step)
}

/// What the checks have found so far: the schedule follows from it.
#[derive(Debug, Clone)]
struct Checks {
    rule: CertificateRule,
    limit: usize,
    candidate: Option<Candidate>,
    made: Vec<Check>,
    finish: Option<Finish>,
    /// The comparisons the period searches made, in all: the work a test
    /// bounds (each check searches its values afresh).
    compared: u64,
}

impl Checks {
    /// The next check point after `done` values.
    fn next_after(&self, done: usize) -> usize {
        let mut next = next_grid_point(done).min(self.limit);
        if let Some(candidate) = self.candidate
            && candidate.values_needed > done
        {
            next = next.min(candidate.values_needed);
        }
        next
    }

    /// The check at `values.len()` values: the candidate whose window is
    /// reached is certified first; then the values are searched afresh.
    fn check(&mut self, values: &[u16]) {
        let at = values.len();
        if let Some(candidate) = self.candidate
            && candidate.values_needed <= at
        {
            self.candidate = None;
            let certificate = certify(self.rule, values, candidate.preperiod, candidate.period);
            let check = self.record(at, Some(candidate), certificate);
            if certificate.is_some_and(|c| c.holds) {
                self.finish = Some(Finish::Proved(check));
                return;
            }
        }
        let (found, compared) = find_period_counted(values, CERTIFIED_MIN_REPEATS);
        self.compared += compared;
        let found = found.found();
        let certificate = found.and_then(|(s, p)| certify(self.rule, values, s, p));
        let candidate = found.zip(certificate).map(|((s, p), c)| Candidate {
            preperiod: s,
            period: p,
            values_needed: c.values_needed,
        });
        let check = self.record(at, candidate, certificate);
        match certificate.map(|c| c.status) {
            Some(CertificateStatus::Holds) => self.finish = Some(Finish::Proved(check)),
            Some(CertificateStatus::NeedsMoreValues { .. }) => self.candidate = candidate,
            Some(CertificateStatus::Fails { .. }) | None => {}
        }
        if self.finish.is_none() && at >= self.limit {
            self.finish = Some(Finish::NotProved { limit: self.limit });
        }
    }

    fn record(
        &mut self,
        at: usize,
        candidate: Option<Candidate>,
        certificate: Option<Certificate>,
    ) -> Check {
        let check = Check {
            at,
            candidate,
            certificate,
        };
        self.made.push(check);
        check
    }
}

/// An octal code's run, growing toward a proof.
#[derive(Debug, Clone)]
pub struct Solver {
    run: OctalRun,
    checks: Checks,
}

impl Solver {
    /// A solve of `code` from heap 0 that stops at `limit` values at most.
    pub fn new(code: &OctalCode, limit: usize) -> Solver {
        Solver::resume(code, Vec::new(), limit)
    }

    /// A solve that goes on from `values` (heaps `0 .. values.len()`, any
    /// engine's): the checks those values pass are replayed, so the solve
    /// stops where a straight one does, and values past that stop are
    /// dropped.
    pub fn resume(code: &OctalCode, mut values: Vec<u16>, limit: usize) -> Solver {
        let mut checks = Checks {
            rule: code.certificate_rule(),
            limit: limit.max(1),
            candidate: None,
            made: Vec::new(),
            finish: None,
            compared: 0,
        };
        let mut done = 0;
        while checks.finish.is_none() {
            let next = checks.next_after(done);
            if next > values.len() {
                break;
            }
            checks.check(&values[..next]);
            done = next;
        }
        if checks.finish.is_some() {
            values.truncate(done);
        }
        Solver {
            run: OctalRun::resume(MoveTable::of(code), values, true),
            checks,
        }
    }

    /// The values computed so far, heap 0 first.
    pub fn values(&self) -> &[u16] {
        self.run.values()
    }

    /// The values, handed over without a copy.
    pub fn into_values(self) -> Vec<u16> {
        self.run.into_values()
    }

    /// The most values this solve computes.
    pub fn limit(&self) -> usize {
        self.checks.limit
    }

    /// How the solve ended, once it has.
    pub fn finish(&self) -> Option<Finish> {
        self.checks.finish
    }

    /// The period last found whose window the run has not reached yet.
    pub fn candidate(&self) -> Option<Candidate> {
        self.checks.candidate
    }

    /// The comparisons of one value with another its period searches
    /// made, in all checks so far.
    pub fn period_compared(&self) -> u64 {
        self.checks.compared
    }

    /// The engines' work so far: values computed and split pairs read.
    pub fn work(&self) -> RunWork {
        self.run.work()
    }

    /// Every check made, in order.
    pub fn checks(&self) -> &[Check] {
        &self.checks.made
    }

    /// The heaps at which the run changed engine, and to which.
    pub fn switches(&self) -> &[(usize, EngineKind)] {
        self.run.switches()
    }

    /// The values at which the next check is made.
    pub fn next_check(&self) -> usize {
        self.checks.next_after(self.values().len())
    }

    /// Grows the run toward `until` values, stopping at the next check
    /// point (and making the check) if that comes first.
    pub fn grow(&mut self, until: usize) -> Result<(), EngineStop> {
        if self.checks.finish.is_some() {
            return Ok(());
        }
        let next = self.next_check();
        let target = until.clamp(self.values().len(), next);
        self.run.extend_to(target)?;
        if target == next {
            self.checks.check(self.run.values());
        }
        Ok(())
    }

    /// Grows the run to its finish: a proof, or the limit.
    pub fn solve(&mut self) -> Result<Finish, EngineStop> {
        loop {
            if let Some(finish) = self.checks.finish {
                return Ok(finish);
            }
            self.grow(usize::MAX)?;
        }
    }

    /// Plants a claimed period as the candidate (tests: a wrong claim must
    /// be refused at its window).
    #[cfg(test)]
    fn plant(&mut self, preperiod: usize, period: usize) {
        let values_needed = certify(self.checks.rule, &[] as &[u16], preperiod, period)
            .map_or(usize::MAX, |c| c.values_needed);
        self.checks.candidate = Some(Candidate {
            preperiod,
            period,
            values_needed,
        });
    }
}

/// What a finished solve says: the search and certificate as `ladder seq`
/// reports them over the same values, the record anyone can check, and
/// the run's shape.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Summary {
    /// Values computed: heaps `0 .. computed`.
    pub computed: usize,
    /// Whether a certificate held (the solve stopped at its proof).
    pub proved: bool,
    /// The search (default repeats, then two if that proves more) and the
    /// certificate, as `ladder seq --values computed` gives them.
    pub analysis: Analysis,
    /// The window, the values it reads and their hash, for a found period.
    pub record: Option<CertificateRecord>,
    /// FNV-1a 64 of every value computed (see [`fnv1a_64`]).
    pub values_hash: String,
    /// Largest value and sparse structure.
    pub shape: Shape,
    /// How many checks the run made.
    pub checks: usize,
}

/// The summary of `solver`'s values (a finished solve's, or any).
pub fn summarise(code: &OctalCode, solver: &Solver) -> Summary {
    let values = solver.values();
    let analysis = analyse_certified(values, DEFAULT_MIN_REPEATS, code.certificate_rule());
    let record = analysis
        .period
        .found()
        .map(|(preperiod, period)| certificate_record(code, values, preperiod, period));
    Summary {
        computed: values.len(),
        proved: matches!(solver.finish(), Some(Finish::Proved(_))),
        analysis,
        record,
        values_hash: format!("{:016x}", fnv1a_64(values)),
        shape: shape(code, values),
        checks: solver.checks().len(),
    }
}

/// Extends `values` to `count` by a proved period: heap `n ≥ preperiod +
/// period` takes the value of `n − period`. Returns the first heap read off
/// the period, or `None` when the values already reach `count`; an error
/// when the memory cannot be had.
pub fn fill_from_period(
    values: &mut Vec<u16>,
    preperiod: usize,
    period: usize,
    count: usize,
) -> Result<Option<usize>, String> {
    let from = values.len();
    if from >= count {
        return Ok(None);
    }
    if period == 0 || from < preperiod.saturating_add(period) {
        return Err(format!(
            "{from} values do not hold one period of {period} from heap {preperiod}"
        ));
    }
    values
        .try_reserve_exact(count - from)
        .map_err(|_| format!("cannot reserve memory for {count} values"))?;
    for heap in from..count {
        let value = values[heap - period];
        values.push(value);
    }
    Ok(Some(from))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal_engine::narrow_values;
    use crate::sequence::holds_throughout;

    fn code(text: &str) -> OctalCode {
        OctalCode::parse(text).unwrap()
    }

    fn proved(finish: Finish) -> Check {
        match finish {
            Finish::Proved(check) => check,
            Finish::NotProved { limit } => panic!("not proved in {limit}"),
        }
    }

    #[test]
    fn the_grid_is_the_powers_of_two_and_their_quarters() {
        let mut points = vec![];
        let mut done = 0;
        while done < 300 {
            done = next_grid_point(done);
            points.push(done);
        }
        assert_eq!(
            points,
            [
                1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96,
                112, 128, 160, 192, 224, 256, 320
            ]
        );
        assert_eq!(next_grid_point(100), 112);
        assert_eq!(next_grid_point(usize::MAX / 2), usize::MAX / 2 + 1);
    }

    /// The work of a solve, bounded (issue 51): each value computed once,
    /// the split pairs read held near what the sparse engine reads today,
    /// and the period searches' comparisons. Pairs read, measured on one
    /// thread and two: ·56 120,726,831; ·376 7,706,307,477 and
    /// 7,729,564,736; ·354 6,898,361,516 and 6,967,767,626; ·104's first
    /// 2^24 values 1,016,196,046 (not proved there); the bounds are some 15 %
    /// above. Reading each take's common pairs in blocks of the largest size
    /// from the start reads 727,912,180 on ·56 (6 times as many) and fails.
    ///
    /// The searches' comparisons: a search of a run that is periodic but
    /// for rare heaps walked every multiple of the period back to the last
    /// rare heap, at every check. Counted at each step (`MOST_NEAR` 0 gives
    /// the first search): ·56 to its proof at 653,569 values, 17,171,208
    /// comparisons at first, 1,878,408 once a multiple walked only below the
    /// period's stretch, 2,325,447 now that the heaps below it are read once
    /// for every multiple; ·376 at 4,536,506: 19,437,202,265, then
    /// 3,844,194,769, now 20,563,578; ·354 at 20,126,194: 2,847,266,892, then
    /// 82,586,400, now 95,538,129 (the heaps below a stretch are read once a
    /// search, where a multiple's walk stopped at its first mismatch); ·104
    /// to 2^24, 60,423,120. Each bound fails the first search; ·376's fails
    /// the second too.
    ///
    /// Counted on one thread: with two, the helpers' reading ahead depends
    /// on what the pace measures, and a loaded machine's CI read ·354's
    /// pairs 9,607,485,967 times (39 % over one thread's), so a bound there
    /// would test the machine's load, not the engine.
    #[test]
    fn a_solve_computes_each_value_once_and_reads_few_pairs() {
        #[cfg(feature = "parallel")]
        rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(solves_within_their_work);
        #[cfg(not(feature = "parallel"))]
        solves_within_their_work();
    }

    fn solves_within_their_work() {
        for (text, limit, pairs, compared) in [
            ("·56", 25_000_000, 140_000_000u64, 4_000_000u64),
            ("·376", 25_000_000, 8_800_000_000, 40_000_000),
            ("·354", 25_000_000, 8_000_000_000, 150_000_000),
            ("·104", 1 << 24, 1_170_000_000, 70_000_000),
        ] {
            let mut solver = Solver::new(&code(text), limit);
            let finish = solver.solve().unwrap();
            assert_eq!(matches!(finish, Finish::Proved(_)), text != "·104");
            let work = solver.work();
            assert_eq!(work.computed, solver.values().len() as u64, "{text}");
            assert!(work.pairs_read <= pairs, "{text}: {work:?}");
            assert!(work.pairs_read >= pairs / 2, "{text}: counted? {work:?}");
            let now = solver.period_compared();
            assert!(now <= compared, "{text}: {now} comparisons");
        }
    }

    /// Known periods (Winning Ways; Gangolli and Plambeck; Czajka's table):
    /// each solve stops at its proof, at the window or at the first check
    /// that sees the period, and at no earlier check does a certificate hold.
    #[test]
    fn a_solve_stops_at_the_first_proof() {
        for (text, preperiod, period) in [
            ("·137", 52, 34),
            ("·77", 71, 12),
            ("·45", 498, 20),
            ("·156", 3479, 349),
            ("·16", 105_351, 149_459),
            ("·33", 0, 3),
        ] {
            let game = code(text);
            let mut solver = Solver::new(&game, 10_000_000);
            let check = proved(solver.solve().unwrap());
            let found = check.candidate.unwrap();
            assert_eq!(
                (found.preperiod, found.period),
                (preperiod, period),
                "{text}"
            );
            let needed = found.values_needed;
            let seen = next_grid_point(preperiod + 2 * period - 1);
            assert!(
                check.at >= needed && check.at <= needed.max(seen),
                "{text} {check:?}"
            );
            assert!(
                check.at <= 2 * needed,
                "{text}: at most one doubling past the window"
            );
            assert_eq!(solver.values().len(), check.at);
            let values = narrow_values(&game, check.at, &|_| ()).unwrap();
            assert_eq!(solver.values(), &values[..], "{text}");
            for earlier in &solver.checks()[..solver.checks().len() - 1] {
                assert!(
                    !earlier.certificate.is_some_and(|c| c.holds),
                    "{text} {earlier:?}"
                );
            }
            assert!(holds_throughout(&values, preperiod, period));
        }
    }

    #[test]
    fn a_planted_wrong_period_is_refused_at_its_window_and_the_run_goes_on() {
        let dawson = code("·137");
        let mut solver = Solver::new(&dawson, 10_000);
        while solver.values().len() < 128 {
            solver.grow(128).unwrap();
        }
        // The claim's window reads 140 values: the next check is there.
        solver.plant(52, 17);
        assert_eq!(solver.next_check(), 140);
        let check = proved(solver.solve().unwrap());
        let refused = solver
            .checks()
            .iter()
            .find(|c| c.candidate.is_some_and(|f| f.period == 17))
            .expect("the planted period is checked");
        assert!(matches!(
            refused.certificate.unwrap().status,
            CertificateStatus::Fails { .. }
        ));
        assert_eq!(check.candidate.map(|c| c.period), Some(34));
        // Planted as the true period, it is proved at its window, 174 values.
        let mut solver = Solver::new(&dawson, 10_000);
        while solver.values().len() < 128 {
            solver.grow(128).unwrap();
        }
        solver.plant(52, 34);
        assert_eq!(proved(solver.solve().unwrap()).at, 174);
    }

    #[test]
    fn a_code_without_a_period_in_the_limit_is_not_proved() {
        let mut solver = Solver::new(&code("·007"), 5000);
        assert_eq!(solver.solve().unwrap(), Finish::NotProved { limit: 5000 });
        assert_eq!(solver.values().len(), 5000);
        assert_eq!(solver.checks().last().unwrap().at, 5000);
    }

    #[test]
    fn a_resumed_solve_stops_where_a_straight_one_does() {
        let sixteen = code("·16");
        let mut straight = Solver::new(&sixteen, 1_000_000);
        let finish = straight.solve().unwrap();
        for cut in [1000, 300_000, 458_752, 458_753, 509_621, 600_000] {
            let values = narrow_values(&sixteen, cut, &|_| ()).unwrap();
            let mut resumed = Solver::resume(&sixteen, values, 1_000_000);
            assert_eq!(resumed.solve().unwrap(), finish, "cut at {cut}");
            assert_eq!(resumed.values(), straight.values(), "cut at {cut}");
            assert_eq!(resumed.checks(), straight.checks(), "cut at {cut}");
        }
        // A limit below the proof: the values stop at the limit.
        let values = narrow_values(&sixteen, 400_000, &|_| ()).unwrap();
        let mut short = Solver::resume(&sixteen, values, 300_000);
        assert_eq!(short.solve().unwrap(), Finish::NotProved { limit: 300_000 });
        assert_eq!(short.values().len(), 300_000);
    }

    #[test]
    fn values_past_a_proof_are_read_off_the_period() {
        let dawson = code("·137");
        let mut solver = Solver::new(&dawson, 100_000);
        let check = proved(solver.solve().unwrap());
        let mut values = solver.into_values();
        let from = fill_from_period(&mut values, 52, 34, 20_000).unwrap();
        assert_eq!(from, Some(check.at));
        assert_eq!(values, narrow_values(&dawson, 20_000, &|_| ()).unwrap());
        assert_eq!(fill_from_period(&mut values, 52, 34, 100), Ok(None));
        let mut short = values[..60].to_vec();
        assert!(fill_from_period(&mut short, 52, 34, 100).is_err());
    }
}
