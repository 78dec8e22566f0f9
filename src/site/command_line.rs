//! The command line's reference, for the manual's page of it: a content
//! template writes `{{ command_line_reference() }}` and the build puts in
//! every command's help as the running `ladder` prints it. So a change to a
//! command's help changes the manual at the next build, with no edit to the
//! manual (issue 54).
//!
//! The command line is defined in the binary (`src/cli/`), above this
//! library, so the binary hands its reference down once, at start
//! ([`provide`]); a build run from the library alone (the tests' fixtures)
//! has none, and a page that asks for it is refused with the reason.

use std::sync::OnceLock;

use tera::{Kwargs, State, Tera};

/// What makes the reference: the binary's Markdown of its commands.
static REFERENCE: OnceLock<fn() -> String> = OnceLock::new();

/// Gives the builds of this process the command line's reference (the
/// first one given is kept).
pub fn provide(make: fn() -> String) {
    let _ = REFERENCE.set(make);
}

/// Registers `command_line_reference()` on `tera`.
pub fn register(tera: &mut Tera) {
    tera.register_function(
        "command_line_reference",
        |_: Kwargs, _: &State| -> tera::TeraResult<String> {
            REFERENCE.get().map(|make| make()).ok_or_else(|| {
                tera::Error::message(
                    "no command-line reference in this build: only the `ladder` command \
                     has one (run `ladder build`)",
                )
            })
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page shows whatever the command line gives at build time: a
    /// planted help text comes through with no edit to the content.
    #[test]
    fn the_reference_is_the_command_lines_at_build_time() {
        fn planted() -> String {
            "### `ladder seq`\n\nA planted help line.\n".to_string()
        }
        let mut tera = Tera::default();
        register(&mut tera);
        let content = "Before.\n\n{{ command_line_reference() }}\nAfter.\n";
        // This test's process never had the binary's reference.
        let refused = tera.render_str(content, &tera::Context::new(), false);
        if REFERENCE.get().is_none() {
            let error = refused.unwrap_err();
            assert!(
                format!("{error:?}").contains("no command-line reference in this build"),
                "{error:?}"
            );
        }
        provide(planted);
        let page = tera
            .render_str(content, &tera::Context::new(), false)
            .unwrap();
        assert_eq!(
            page,
            "Before.\n\n### `ladder seq`\n\nA planted help line.\n\nAfter.\n"
        );
    }
}
