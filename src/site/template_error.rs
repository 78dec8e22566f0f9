//! A Tera error located in its template, for every part of the site that
//! renders one (pages, figures, Explore, the atlas): here, below them all,
//! so none of them imports another for it.

use std::path::Path;

use anyhow::anyhow;
use tera::ErrorKind;

use crate::project::Located;
use crate::text::shown;

/// A Tera error as `file:line:column: message`, the line and column those
/// of the template's source (Tera's one-off templates are otherwise named
/// `__tera_one_off`, and its messages nest a second "error:").
pub(super) fn located(file: &Path, error: &tera::Error) -> anyhow::Error {
    let at = |line, column, message: &str| Located {
        file: file.to_path_buf(),
        line,
        column,
        message: message.to_string(),
    };
    let found = match error.kind() {
        ErrorKind::SyntaxError(report) | ErrorKind::RenderingError(report) => {
            let span = report.span();
            Some(at(span.start_line, span.start_col + 1, report.message()))
        }
        _ => {
            // Reference checks come as text: "error: MESSAGE\n --> NAME:LINE:COLUMN".
            let text = error.to_string();
            let message = text.lines().next().unwrap_or("");
            let message = message.strip_prefix("error: ").unwrap_or(message);
            text.lines()
                .find_map(|l| l.trim_start().strip_prefix("--> "))
                .and_then(|place| {
                    let mut parts = place.rsplitn(3, ':');
                    let column = parts.next()?.parse().ok()?;
                    let line = parts.next()?.parse().ok()?;
                    Some(at(line, column, message))
                })
        }
    };
    match found {
        Some(located) => anyhow!("{located}"),
        None => anyhow!("{}: {error}", shown::file(file)),
    }
}
