//! What every command shares to print: text gathered and written at once
//! (a closed pipe ends the command quietly), and progress bars that show
//! only on a terminal.

use std::io::{IsTerminal, Write as _};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};

/// Appends a line to the text a command prints (writing to a `String`
/// cannot fail); the text is printed at once by [`emit`].
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}
pub(crate) use say;

/// The reader of our output went away (`ladder seq … | head`): not an
/// error of ours, so the command ends quietly with success.
#[derive(Debug)]
pub struct ClosedPipe;

impl std::fmt::Display for ClosedPipe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for ClosedPipe {}

/// Prints a command's text; a closed pipe becomes [`ClosedPipe`] instead of
/// the panic `println!` would raise.
pub fn emit(text: &str) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(ClosedPipe.into()),
        other => Ok(other?),
    }
}

/// No bars or spinners: in CI, or when standard error is not a terminal.
pub fn quiet() -> bool {
    std::env::var_os("CI").is_some() || !std::io::stderr().is_terminal()
}

/// A progress bar for a long computation, on a terminal only.
pub fn long_run_bar(count: usize) -> ProgressBar {
    if quiet() || count < 200_000 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count as u64);
    if let Ok(style) = ProgressStyle::with_template("computing values {bar:40} {pos}/{len} ({eta})")
    {
        bar.set_style(style);
    }
    bar
}
