//! What a quotient's computation may still spend: work, counted in
//! products of two elements the same way on every machine (so a sweep's
//! records repeat), and, when the caller gives a clock, time.
//!
//! Work tracks time only roughly: on the atlas's codes 10^8 products took
//! from 0.4 to 28 seconds (the check's states and the candidates' classes
//! cost more on wide quotients than the count charges). A person waiting at
//! a terminal or a page needs the time itself bounded, so the command line
//! and the browser's module give a clock as well. The engine's steps read
//! only the clock they are given: the browser's module has none in `std`.

use std::cell::Cell;

/// Seconds from any fixed origin.
pub type Clock = fn() -> f64;

/// A time limit: the clock to read and the seconds allowed from the start.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    pub clock: Clock,
    pub seconds: f64,
}

/// A clock for a native caller: seconds since its first reading. (A
/// browser's module gives the page's `performance.now()` instead.)
#[cfg(not(target_arch = "wasm32"))]
pub fn since_first_reading() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}

/// Work charged between two readings of the clock: about a millisecond.
const LOOK_EVERY: u64 = 1 << 17;

/// The work and time left to one computation, shared by all its steps.
#[derive(Debug)]
pub struct Meter {
    work_left: Cell<u64>,
    /// The clock, when it passes, and the seconds the limit gave.
    deadline: Option<(Clock, f64, f64)>,
    since_look: Cell<u64>,
}

impl Meter {
    /// A meter with `work` to spend, and `deadline` from now if given.
    pub fn new(work: u64, deadline: Option<Deadline>) -> Meter {
        Meter {
            work_left: Cell::new(work),
            deadline: deadline.map(|d| (d.clock, (d.clock)() + d.seconds, d.seconds)),
            since_look: Cell::new(0),
        }
    }

    /// Takes `cost` from the work left, or says why it cannot: the work or
    /// the time ran out. Once spent, every later step stops too.
    pub fn spend(&self, cost: u64) -> Result<(), String> {
        let left = self.work_left.get();
        if left < cost {
            self.work_left.set(0);
            return Err("the work budget ran out".into());
        }
        self.work_left.set(left - cost);
        let since = self.since_look.get().saturating_add(cost);
        if since < LOOK_EVERY {
            self.since_look.set(since);
            return Ok(());
        }
        self.since_look.set(0);
        self.look()
    }

    /// Reads the clock: an error once the time limit has passed.
    pub fn look(&self) -> Result<(), String> {
        match self.deadline {
            Some((clock, until, seconds)) if clock() > until => {
                self.work_left.set(0);
                Err(format!("the time limit of {seconds} s ran out"))
            }
            _ => Ok(()),
        }
    }

    /// Whether nothing is left: a stop that no other attempt can avoid.
    pub fn spent(&self) -> bool {
        self.work_left.get() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_runs_out_and_stays_out() {
        let meter = Meter::new(10, None);
        assert_eq!(meter.spend(4), Ok(()));
        assert_eq!(meter.spend(6), Ok(()));
        assert!(meter.spent());
        assert_eq!(meter.spend(1), Err("the work budget ran out".to_string()));
        let meter = Meter::new(10, None);
        assert!(meter.spend(11).is_err());
        assert!(meter.spent(), "a refused step spends the rest");
    }

    /// A clock that has moved a minute on by the second reading.
    fn late() -> f64 {
        use std::sync::atomic::{AtomicU32, Ordering};
        static READS: AtomicU32 = AtomicU32::new(0);
        f64::from(READS.fetch_add(1, Ordering::Relaxed)) * 60.0
    }

    fn stopped() -> f64 {
        0.0
    }

    #[test]
    fn the_clock_is_read_about_every_millisecond_of_work() {
        let meter = Meter::new(
            u64::MAX,
            Some(Deadline {
                clock: late,
                seconds: 30.0,
            }),
        );
        assert_eq!(meter.spend(LOOK_EVERY - 1), Ok(()), "not read yet");
        assert_eq!(
            meter.spend(1),
            Err("the time limit of 30 s ran out".to_string())
        );
        assert!(meter.spent());
        let meter = Meter::new(
            u64::MAX,
            Some(Deadline {
                clock: stopped,
                seconds: 30.0,
            }),
        );
        for _ in 0..10 {
            assert_eq!(meter.spend(LOOK_EVERY), Ok(()));
        }
        assert_eq!(meter.look(), Ok(()));
    }
}
