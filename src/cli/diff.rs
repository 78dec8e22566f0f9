//! `ladder diff BASE`: what changed since BASE, figure by figure, as text or
//! as a pull-request comment, and optionally a review page.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Result, bail};
use ladder::review;

use super::print::emit;

#[derive(clap::Args)]
pub struct Args {
    /// A folder, or a git revision whose output/ is read through git.
    base: String,
    /// `text` for a terminal, `markdown` for a pull-request comment.
    #[arg(long, default_value = "text", value_parser = ["text", "markdown"])]
    format: String,
    /// Also write a review page (old and new figures side by side) into DIR.
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
    /// The address where DIR (of --html) is served: the comment shows each
    /// changed figure's old and new drawing from there, and links the review
    /// page (URL/index.html). With --format markdown.
    #[arg(long, value_name = "URL", requires = "html")]
    images: Option<String>,
    /// Where the comment links the review page, when URL/index.html is not
    /// shown as a page (a host that serves HTML as text).
    #[arg(long, value_name = "URL", requires = "images")]
    page: Option<String>,
}

/// Exit 1 when anything changed: a change is what a review is for.
pub fn run(args: Args, root: &Path) -> Result<ExitCode> {
    let markdown = args.format == "markdown";
    let images = match &args.images {
        Some(_) if !markdown => bail!("--images is for --format markdown (the comment's images)"),
        Some(url) => Some(
            review::markdown::Images::new(url, args.page.as_deref()).map_err(anyhow::Error::msg)?,
        ),
        None => None,
    };
    let old = review::read_base(&args.base, root)?;
    let new = ladder::site::read_tree(&root.join("output"))?;
    let mut review = review::review(old, new);
    if let Some(old) = review::read_base_records(&args.base, root)? {
        let folder = root.join("records");
        let new = if folder.is_dir() {
            ladder::site::read_tree(&folder)?.files
        } else {
            Default::default()
        };
        review.records = review::records::changes(&old, &new);
    }
    let text = if markdown {
        review::markdown::format(&review, images.as_ref())
    } else {
        review::format(&review)
    };
    emit(&text)?;
    if let Some(dir) = args.html {
        review::html::write(&review, &dir)?;
        eprintln!(
            "review page written to {}",
            dir.join("index.html").display()
        );
    }
    Ok(if review.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
