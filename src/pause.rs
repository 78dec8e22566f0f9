//! A test-only stop at a named moment of a run: with `LADDER_PAUSE_AT` set
//! to a moment's name, the process says `ladder: paused at NAME` on standard
//! error when it gets there and waits to be killed, so a test can kill it
//! exactly then (a leftover of that moment is what the next run must
//! remove). Unset, it costs one look at the environment per moment.
//!
//! The moments: `staging-created` (a build's staging folder, still empty),
//! `staging-filled` (written, not yet swapped in), `old-site-removing` (the
//! previous site half removed), `leftover-removing` (a leftover half
//! removed), `only-written` (a file of `--only` written beside its place),
//! `cache-written` (a cache entry written beside its place),
//! `checkpoint-written` (a checkpoint written beside its place).

/// The variable naming the moment to stop at.
pub const VARIABLE: &str = "LADDER_PAUSE_AT";

/// Stops here for good if `LADDER_PAUSE_AT` names `moment`.
pub fn at(moment: &str) {
    if std::env::var_os(VARIABLE).is_some_and(|v| v == moment) {
        eprintln!("ladder: paused at {moment}");
        loop {
            std::thread::park();
        }
    }
}
