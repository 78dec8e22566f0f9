//! An octal code's solve driven to its finish for `ladder solve` and
//! `ladder seq`: grown step by step, its values kept in a checkpoint that
//! is written every so often and on Ctrl-C, and a run that stops short (a
//! value past `u16`, memory refused) said with how far it got.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow};
use ladder::checkpoint;
use ladder::games::OctalCode;
use ladder::games::octal_memory::EngineStop;
use ladder::games::octal_solve::Solver;
use ladder::text::numbers::grouped;
use ladder::text::wording::engine_stop;

/// Where a long run keeps its values, and how often it writes them.
pub(super) struct Keep<'a> {
    pub path: &'a Path,
    pub every: Duration,
    /// The user's key, which tags what is written and trusts what it tagged.
    pub key: Option<checkpoint::Key>,
}

impl<'a> Keep<'a> {
    /// Keeps the values in `path`, written at least every `seconds`.
    pub fn new(path: &'a Path, seconds: u64) -> Result<Keep<'a>> {
        Ok(Keep {
            path,
            every: Duration::from_secs(seconds),
            key: checkpoint::user_key()?,
        })
    }
}

/// How a driven run ended.
pub(super) enum Driven {
    /// Finished (proved, or at its limit); `saved` values came from the checkpoint.
    Finished { solver: Box<Solver>, saved: usize },
    /// Stopped by Ctrl-C after this many values, all written to the checkpoint.
    Interrupted(usize),
}

/// Heaps computed between two looks at the clock and at Ctrl-C.
const STEP: usize = 1 << 16;

/// Grows `code`'s solve to its finish (a proof, or `limit` values), resuming
/// from `keep`'s checkpoint and writing it every so often and on Ctrl-C;
/// `progress` is called as the run grows. The checkpoint is not written at
/// the finish: the caller does, once its values are final ([`keep_final`]).
/// A run that stops short is an error: [`TooWide`] for a value past `u16`,
/// and for memory refused one that says how far the run got ([`stopped`]).
pub(super) fn drive(
    code: &OctalCode,
    rule: &str,
    limit: usize,
    keep: Option<&Keep>,
    progress: &dyn Fn(&Solver),
) -> Result<Driven> {
    let values = match keep {
        Some(keep) => checkpoint::saved_values(code, keep.path, rule, keep.key.as_ref())?,
        None => Vec::new(),
    };
    let saved = values.len();
    let mut solver = Solver::resume(code, values, limit);
    let stop = keep.map(|_| catch_ctrl_c()).transpose()?;
    let mut last_write = Instant::now();
    while solver.finish().is_none() {
        let done = solver.values().len();
        if let (Some(keep), Some(stop)) = (keep, &stop)
            && stop.load(Ordering::SeqCst)
        {
            checkpoint::write(keep.path, rule, solver.values(), keep.key.as_ref())?;
            return Ok(Driven::Interrupted(done));
        }
        if let Err(stop) = solver.grow(done.saturating_add(STEP)) {
            return Err(stopped(rule, &solver, keep, stop));
        }
        progress(&solver);
        if let Some(keep) = keep
            && last_write.elapsed() >= keep.every
            && solver.finish().is_none()
        {
            checkpoint::write(keep.path, rule, solver.values(), keep.key.as_ref())?;
            last_write = Instant::now();
        }
    }
    Ok(Driven::Finished {
        solver: Box::new(solver),
        saved,
    })
}

/// Writes the final values to the checkpoint, unless it already held as
/// many (a shorter run reads a longer file and leaves it whole).
pub(super) fn keep_final(keep: &Keep, rule: &str, values: &[u16], saved: usize) -> Result<()> {
    if values.len() > saved {
        checkpoint::write(keep.path, rule, values, keep.key.as_ref())?;
    }
    Ok(())
}

/// Ctrl-C (and SIGTERM) sets the flag; the run writes its checkpoint and stops.
pub(super) fn catch_ctrl_c() -> Result<Arc<AtomicBool>> {
    let flag = Arc::new(AtomicBool::new(false));
    let set = Arc::clone(&flag);
    ctrlc::set_handler(move || set.store(true, Ordering::SeqCst))
        .map_err(|e| anyhow!("cannot catch Ctrl-C: {e}"))?;
    Ok(flag)
}

/// The engines store values as `u16`: a larger one ended the run (only
/// the plain loop goes on, which `ladder seq` falls back to).
#[derive(Debug)]
pub(super) struct TooWide(String);

impl std::fmt::Display for TooWide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TooWide {}

/// The error for a run that stopped short: [`TooWide`], or memory refused,
/// said with how far the run got (and, with a checkpoint, the values so far
/// written to it, to go on from with more memory).
fn stopped(rule: &str, solver: &Solver, keep: Option<&Keep>, stop: EngineStop) -> anyhow::Error {
    let said = engine_stop(rule, &stop);
    if let EngineStop::ValueTooLarge(_) = stop {
        return TooWide(said).into();
    }
    let done = grouped(solver.values().len() as u64);
    let reached = match solver.candidate() {
        Some(c) => format!(
            "in the {done} values computed, period {} from heap {} was found and its window \
             needs {} values",
            grouped(c.period as u64),
            grouped(c.preperiod as u64),
            grouped(c.values_needed as u64)
        ),
        None => format!("no period is proved in the {done} values computed"),
    };
    let kept = match keep {
        Some(keep) => {
            match checkpoint::write(keep.path, rule, solver.values(), keep.key.as_ref()) {
                Ok(()) => format!(
                    "; they are written to {}",
                    ladder::text::shown::file(keep.path)
                ),
                Err(error) => format!(
                    "; writing them to {} failed: {error:#}",
                    ladder::text::shown::file(keep.path)
                ),
            }
        }
        None => String::new(),
    };
    anyhow!("{said}; {reached}{kept}; ask for fewer values")
}
