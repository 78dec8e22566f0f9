//! Whether sharing blocks pays, measured as the run goes.
//!
//! Shared blocks ([`super::blocks`]) let a second thread read ahead while
//! one finishes, but the finishing is serial: where it is most of a heap's
//! work (·354's sparse proof, where `Finish::block` was 41 % of a profile),
//! or where the other core is busy, two threads cost more than one (·354
//! measured 1.55× one thread's wall time). The code's shape does not say
//! which way a run goes, and neither does the heap: the rare splits grow as
//! the run does, and so does what sharing saves. So the run measures: a
//! short trial of each way, then a longer stretch the faster way, then
//! trials again; the way that ran is changed only when two verdicts in a
//! row say so, since a 25 ms trial slowed by something beside the run
//! would otherwise turn a stretch of seconds the wrong way. The values are
//! the same either way (both paths are exact); only the time depends on
//! the choice.
//!
//! The clock reads only the engine's own work (each stretch is timed by
//! itself), so a period search between two extensions does not count
//! against the way that ran before it.

use std::time::{Duration, Instant};

/// How long each way is tried before the two are compared.
const TRIAL: Duration = Duration::from_millis(25);

/// How long the faster way runs before both are tried again: a trial of
/// the slower way then costs at most 1/16 of the time. Each time the same
/// way wins again the stretch doubles, up to [`LONGEST_STRETCH`] times this:
/// a run whose choice holds pays for its trials less and less.
const STRETCH: Duration = Duration::from_millis(800);

/// The most a stretch grows: 16 times [`STRETCH`], so a change in speed is
/// seen within about 13 s.
const LONGEST_STRETCH: u32 = 16;

/// Heaps a trial's step takes at the least: several shared blocks, so that
/// the blocks' overlap (lost at a step's end) is measured as it runs.
const TRIAL_HEAPS: usize = 4096;

/// Where the measuring stands.
#[derive(Debug, Clone, Copy)]
enum Phase {
    /// Trying one way (`shared` or not): the time and heaps so far.
    Trying {
        shared: bool,
        spent: Duration,
        heaps: usize,
    },
    /// Running the faster way, measured at `per_heap`, for `spent` so far
    /// of `length`.
    Running {
        shared: bool,
        per_heap: Duration,
        spent: Duration,
        length: Duration,
    },
}

impl Phase {
    /// A trial of one way, from nothing measured.
    fn trial(shared: bool) -> Phase {
        Phase::Trying {
            shared,
            spent: Duration::ZERO,
            heaps: 0,
        }
    }
}

/// The choice between shared blocks and one thread, with what it measured.
#[derive(Debug, Clone)]
pub(super) struct Pace {
    phase: Phase,
    /// The serial way's time per heap in its last trial.
    serial: Option<Duration>,
    /// The last stretch: which way ran, and for how long.
    last: Option<(bool, Duration)>,
    /// Whether the trials now running check a verdict against the way that
    /// ran last: a way is changed only when two verdicts in a row say so.
    doubting: bool,
    /// Heaps run each way in all (serial, shared): what a test reads.
    heaps: [usize; 2],
}

/// One step of the run: which way, and up to which heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Step {
    pub shared: bool,
    pub end: usize,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            phase: Phase::trial(false),
            serial: None,
            last: None,
            doubting: false,
            heaps: [0; 2],
        }
    }
}

impl Pace {
    /// The next step from heap `heap`, in a run asked to reach `count`.
    pub fn step(&self, heap: usize, count: usize) -> Step {
        let (shared, heaps) = match self.phase {
            Phase::Trying { shared, .. } => (shared, TRIAL_HEAPS),
            Phase::Running {
                shared,
                per_heap,
                spent,
                length,
            } => {
                let left = length.saturating_sub(spent);
                let heaps = left.as_nanos() / per_heap.as_nanos().max(1);
                (shared, usize::try_from(heaps).unwrap_or(usize::MAX))
            }
        };
        Step {
            shared,
            end: heap.saturating_add(heaps.max(TRIAL_HEAPS)).min(count),
        }
    }

    /// A step of `heaps` heaps took `took` (the way it was given): the
    /// phase moves on when its time is up.
    pub fn ran(&mut self, shared: bool, heaps: usize, took: Duration) {
        self.heaps[usize::from(shared)] += heaps;
        self.phase = match self.phase {
            Phase::Trying {
                shared,
                spent,
                heaps: before,
            } => {
                let (spent, heaps) = (spent + took, before + heaps);
                if spent < TRIAL || heaps == 0 {
                    Phase::Trying {
                        shared,
                        spent,
                        heaps,
                    }
                } else {
                    let per_heap = spent / u32::try_from(heaps).unwrap_or(u32::MAX);
                    match (shared, self.serial) {
                        (false, _) => {
                            self.serial = Some(per_heap);
                            Phase::trial(true)
                        }
                        (true, serial) => {
                            let serial = serial.unwrap_or(Duration::MAX);
                            let shared = per_heap < serial;
                            match self.last {
                                // A trial is short: one slowed by something
                                // beside the run would turn a long stretch
                                // the wrong way. Both are tried again first.
                                Some((before, _)) if before != shared && !self.doubting => {
                                    self.doubting = true;
                                    Phase::trial(false)
                                }
                                last => {
                                    self.doubting = false;
                                    let length = match last {
                                        Some((before, length)) if before == shared => {
                                            (length * 2).min(STRETCH * LONGEST_STRETCH)
                                        }
                                        _ => STRETCH,
                                    };
                                    Phase::Running {
                                        shared,
                                        per_heap: per_heap.min(serial),
                                        spent: Duration::ZERO,
                                        length,
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Phase::Running {
                shared,
                per_heap,
                spent,
                length,
            } => {
                let spent = spent + took;
                if spent < length {
                    Phase::Running {
                        shared,
                        per_heap,
                        spent,
                        length,
                    }
                } else {
                    self.last = Some((shared, length));
                    Phase::trial(false)
                }
            }
        };
    }

    /// Heaps run on one thread and in shared blocks, in all (what the
    /// tests read).
    #[cfg(test)]
    pub fn heaps(&self) -> [usize; 2] {
        self.heaps
    }
}

/// Times `run`, which computes the step's heaps.
pub(super) fn timed<T>(run: impl FnOnce() -> T) -> (T, Duration) {
    let begun = Instant::now();
    let out = run();
    (out, begun.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `pace` steps whose time is `per_heap(shared)` a heap, until
    /// `heaps` heaps have run; returns the heaps run each way.
    fn run(per_heap: impl Fn(bool) -> Duration, heaps: usize) -> [usize; 2] {
        let mut pace = Pace::default();
        let mut heap = 0;
        while heap < heaps {
            let step = pace.step(heap, heaps);
            let done = step.end - heap;
            pace.ran(step.shared, done, per_heap(step.shared) * done as u32);
            heap = step.end;
        }
        pace.heaps()
    }

    #[test]
    fn the_faster_way_runs_most_of_the_heaps() {
        let ns = Duration::from_nanos;
        // Sharing 1.7× faster (·6 on a quiet machine): most heaps shared.
        let [serial, shared] = run(|s| if s { ns(300) } else { ns(510) }, 50_000_000);
        assert!(shared > 30 * serial, "{serial} serial, {shared} shared");
        // Sharing 1.55× slower (·354): most heaps on one thread.
        let [serial, shared] = run(|s| if s { ns(775) } else { ns(500) }, 50_000_000);
        assert!(serial > 30 * shared, "{serial} serial, {shared} shared");
    }

    #[test]
    fn one_slow_trial_does_not_turn_a_stretch() {
        // Sharing 1.8× faster, but every other shared trial after the first
        // stretch slowed by something beside the run: the serial way runs
        // only its trials, never a stretch.
        let ns = Duration::from_nanos;
        let mut pace = Pace::default();
        let (mut heap, count) = (0, 50_000_000);
        let mut shared_trials = 0;
        while heap < count {
            let step = pace.step(heap, count);
            let done = step.end - heap;
            if let Phase::Trying {
                shared: true,
                heaps: 0,
                ..
            } = pace.phase
            {
                shared_trials += 1;
            }
            let trying = matches!(pace.phase, Phase::Trying { .. });
            let slowed = trying && pace.last.is_some() && shared_trials % 2 == 1;
            let per_heap = match (step.shared, slowed) {
                (true, true) => ns(900),
                (true, false) => ns(280),
                (false, _) => ns(500),
            };
            pace.ran(step.shared, done, per_heap * done as u32);
            heap = step.end;
        }
        let [serial, shared] = pace.heaps();
        // The serial trials: some 50 steps of 4096 heaps a cycle, a few
        // dozen cycles; one serial stretch of 0.8 s is 1.6 million heaps.
        assert!(serial < 1_500_000, "{serial} serial, {shared} shared");
    }

    #[test]
    fn a_change_in_speed_is_followed() {
        // Sharing slower for the first third, faster after.
        let mut pace = Pace::default();
        let (mut heap, half, count) = (0, 40_000_000, 120_000_000);
        let mut late = [0; 2];
        while heap < count {
            let step = pace.step(heap, if heap < half { half } else { count });
            let done = step.end - heap;
            let per_heap = match (step.shared, heap < half) {
                (true, true) | (false, false) => 800,
                _ => 500,
            };
            pace.ran(
                step.shared,
                done,
                Duration::from_nanos(per_heap) * done as u32,
            );
            if heap >= half {
                late[usize::from(step.shared)] += done;
            }
            heap = step.end;
        }
        // The slower way runs on at most to the end of the longest stretch,
        // at 800 ns a heap, and in the trials after.
        let longest = (STRETCH * LONGEST_STRETCH).as_nanos() as usize / 800;
        assert!(late[0] < longest + 4 * TRIAL_HEAPS, "{late:?}");
        assert!(late[1] > count - half - longest - 1_000_000, "{late:?}");
    }
}
