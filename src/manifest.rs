//! `figures.yaml` → a typed, validated [`Manifest`]; every error located.
//!
//! This is the one module that reads YAML (through `serde_yaml_ng`, a
//! maintained fork of the frozen `serde_yaml`). Errors name the file, the
//! 1-based line and column, and what was expected. Checks that serde cannot
//! make (duplicate ids, a page that does not exist) are located by finding
//! the offending `key: value` line in the source text.
//!
//! # Format
//!
//! ```yaml
//! site:
//!   title: ladder
//!   summary: One line under the title.
//! pages:
//!   - id: certificates            # lower-case letters, digits, hyphens
//!     title: Four values settle a sequence
//!     summary: One line for the index.
//!     content: certificates.md    # a file in content/
//! figures:
//!   - id: cert-1-3-4
//!     page: certificates
//!     caption: The values of {1,3,4}.
//!     expect: { period: 7 }       # optional: fields of the data the prose relies on
//!     seed: { period: 7 }         # optional: what the source essay says, shown beside ours
//!     strip:                      # the kind, holding its parameters
//!       game: sub:1,3,4
//!       values: 2000
//! ```

//!
//! # Why it imports the figure code
//!
//! A figure's parameters are typed and checked as they are read (each
//! kind's `Params`, with its ranges and its work budget), so an error points
//! at the very number in `figures.yaml`. The parameters are defined beside
//! the code that uses them, one file per kind ([`crate::figures`]), and this
//! module reads them through the list of kinds there (`FigureSpec`, `KINDS`)
//! and fills in [`Figure`] entries. The figure code never imports the
//! manifest, so the two do not form a circle.

pub mod date;
pub mod shape;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};

use crate::figures::entry::{Figure, Id};
use crate::figures::{FigureSpec, KINDS};
use crate::project::{Located, Project};

/// The whole site: pages in reading order and their figures.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The site's title and one-line summary.
    pub site: Site,
    /// The essays, in reading order.
    pub pages: Vec<Page>,
    /// Every figure and table, each placed on one page.
    pub figures: Vec<Figure>,
}

/// The site's own title and summary, shown on the index.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Site {
    /// The title of the site.
    pub title: String,
    /// One line under the title on the index page.
    pub summary: String,
    /// The repository the site is built from (a URL), linked from every
    /// page's footer. Optional: without it the footer names the sources'
    /// revision and links nowhere, since no address is better than a made-up
    /// one.
    #[serde(default)]
    pub repository: Option<String>,
    /// Who wrote the essays and the program, as a citation names them: the
    /// colophon, a page's `author` meta and the cite blocks print it.
    #[serde(default)]
    pub author: Option<String>,
    /// The date of this revision of the sources (`YYYY-MM-DD`), set by the
    /// author when publishing; the colophon and the footer print it.
    #[serde(default)]
    pub updated: Option<date::Date>,
    /// Whether the site has the Explore page (`explore.html`: the engine
    /// in the reader's browser, from `templates/explore.html` and the files
    /// of `templates/explore/`), linked from every page's navigation.
    #[serde(default)]
    pub explore: bool,
}

/// One essay page.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    /// The page's id; it is also the HTML file name (`<id>.html`), so it
    /// may not be a name the site writes itself ([`RESERVED_PAGE_IDS`]).
    #[serde(deserialize_with = "page_id")]
    pub id: Id,
    /// The page's title.
    pub title: String,
    /// Its label in the navigation, when the title is too long for a
    /// phone's row of links (the title when absent).
    #[serde(default)]
    pub nav: Option<String>,
    /// Which part of the site the page belongs to: an essay (the default),
    /// in the navigation and the index, or a page of the manual, in the
    /// manual's own contents.
    #[serde(default)]
    pub part: Part,
    /// One line on the index.
    pub summary: String,
    /// The Markdown file in `content/` holding the prose.
    pub content: String,
    /// Link the first mention of each octal code of up to four digits in
    /// the prose to its row in the atlas (a site with an `atlas` figure).
    #[serde(default)]
    pub link_codes: bool,
}

/// The parts of a site: the essays a reader reads in order, and the
/// manual an author or researcher looks things up in. Each has its own
/// order (previous and next stay within it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Part {
    #[default]
    Essays,
    Manual,
}

/// Page ids the site writes itself: `index.html` is the site's index, and
/// `figures/`, `data/` and `review/` are its folders (a page `data` would
/// sit beside the folder `data/`, one `.html` away from a clash); `explore`
/// is the Explore page and its folder.
pub const RESERVED_PAGE_IDS: [&str; 7] = [
    "index", "figures", "data", "review", "style", "explore", "search",
];

fn page_id<'de, D: Deserializer<'de>>(d: D) -> Result<Id, D::Error> {
    let id = Id::deserialize(d)?;
    if RESERVED_PAGE_IDS.contains(&id.0.as_str()) {
        return Err(de::Error::custom(format!(
            "`{id}` is a name the site writes itself ({}): choose another page id",
            RESERVED_PAGE_IDS.join(", ")
        )));
    }
    Ok(id)
}

/// Every error found in a manifest, each on its own line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestErrors(pub Vec<Located>);

impl fmt::Display for ManifestErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(Located::to_string).collect();
        f.write_str(&lines.join("\n"))
    }
}

impl std::error::Error for ManifestErrors {}

/// Reads and validates the project's `figures.yaml`; each page's content
/// must be a file of the project's `content/`.
pub fn load(project: &Project) -> anyhow::Result<Manifest> {
    let path = &project.path("figures.yaml");
    let source = read_yaml(path, path, "the manifest")?;
    let manifest = parse(&source, path, project)?;
    Ok(manifest)
}

/// Reads a YAML file of the project (`path`, named `shown` in messages and
/// `what` in sentences) as the manifest is read: at most one byte past
/// [`shape::MAX_BYTES`], so a huge file is refused by its size rather than
/// read into memory, and UTF-8, a stray byte located.
pub fn read_yaml(path: &Path, shown: &Path, what: &str) -> anyhow::Result<String> {
    use std::io::Read as _;
    let cannot =
        |e: std::io::Error| anyhow::anyhow!("cannot read {}: {e}", crate::text::shown::file(shown));
    let mut bytes = Vec::new();
    crate::input::open(path)
        .map_err(cannot)?
        .take(shape::MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    match String::from_utf8(bytes) {
        Ok(source) => Ok(source),
        // Past the size limit the cut may split a character: the size is the error.
        Err(e) if e.as_bytes().len() > shape::MAX_BYTES => {
            Ok(String::from_utf8_lossy(e.as_bytes()).into_owned())
        }
        Err(e) => {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let valid = std::str::from_utf8(valid).unwrap_or_default();
            let line = valid.matches('\n').count() + 1;
            let column = valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            let error = Located {
                file: shown.to_path_buf(),
                line,
                column,
                message: format!("this byte is not UTF-8: {what} must be UTF-8 text"),
            };
            Err(ManifestErrors(vec![error]).into())
        }
    }
}

/// The manifest's look at a YAML text before it is parsed ([`shape`]): its
/// size and how deep it nests, the first excess located in `shown`.
pub fn prescan(source: &str, shown: &Path, what: &str) -> Result<(), ManifestErrors> {
    shape::check(source, what).map_err(|(line, column, message)| {
        ManifestErrors(vec![Located {
            file: shown.to_path_buf(),
            line,
            column,
            message,
        }])
    })
}

/// A YAML error as a located one: serde_yaml_ng's line and column (the top
/// of the file when it has none), its own copy of them left out.
pub fn yaml_error(error: &serde_yaml_ng::Error, shown: &Path) -> Located {
    let (line, column) = error.location().map_or((1, 1), |l| (l.line(), l.column()));
    Located {
        file: shown.to_path_buf(),
        line,
        column,
        message: strip_location(&error.to_string(), line, column),
    }
}

/// Parses and validates manifest text; `path` is only used in messages.
pub fn parse(source: &str, path: &Path, project: &Project) -> Result<Manifest, ManifestErrors> {
    prescan(source, path, "the manifest")?;
    let mut manifest: Manifest =
        serde_yaml_ng::from_str(source).map_err(|e| ManifestErrors(vec![yaml_error(&e, path)]))?;
    place_figures(&mut manifest.figures, source, path);
    let mut errors = validate(&manifest, source, path, project);
    if errors.is_empty() {
        errors = attach_records(&mut manifest, source, path, project);
    }
    if errors.is_empty() {
        Ok(manifest)
    } else {
        Err(ManifestErrors(errors))
    }
}

/// serde_yaml_ng writes " at line L column C" into its messages; we print
/// the location first, as `file:line:column:`, so drop that copy of it.
fn strip_location(message: &str, line: usize, column: usize) -> String {
    message.replacen(&format!(" at line {line} column {column}"), "", 1)
}

/// The checks that look across entries: unique ids, pages that exist.
fn validate(manifest: &Manifest, source: &str, path: &Path, project: &Project) -> Vec<Located> {
    let mut errors = Vec::new();
    let at = |key: &str, value: &str, nth: usize, message: String| {
        let (line, column) = locate(source, key, value, nth);
        Located {
            file: path.to_path_buf(),
            line,
            column,
            message,
        }
    };
    let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
    let all_ids = manifest
        .pages
        .iter()
        .map(|p| &p.id)
        .chain(manifest.figures.iter().map(|f| &f.id));
    for id in all_ids {
        let seen = ids.entry(&id.0).or_insert(0);
        *seen += 1;
        if *seen == 2 {
            let message = format!("duplicate id `{id}`: every page and figure needs its own id");
            errors.push(at("id", &id.0, 2, message));
        }
    }
    let pages: BTreeSet<&str> = manifest.pages.iter().map(|p| p.id.0.as_str()).collect();
    for figure in &manifest.figures {
        if !pages.contains(figure.page.0.as_str()) {
            let known: Vec<&str> = pages.iter().copied().collect();
            let message = format!(
                "figure `{}` names page `{}`, which is not in `pages:` (pages: {})",
                figure.id,
                figure.page,
                known.join(", ")
            );
            errors.push(at("page", &figure.page.0, 1, message));
        }
    }
    for page in &manifest.pages {
        let found = project.content(&page.id.0, &page.content);
        if let Err(message) = found {
            errors.push(at("content", &page.content, 1, message));
        }
    }
    errors
}

/// Reads the committed records figures read instead of computing: each
/// `unsolved-octal`'s `sweep:`, a file of `records/` holding a sweep's
/// lines as `ladder sweep merge --out` writes them, and each
/// `misere-census-record`'s `record:`, the lines of
/// `examples/misere_census.rs`. A missing file is located at its name in
/// the manifest, a bad line in the file itself.
fn attach_records(
    manifest: &mut Manifest,
    source: &str,
    path: &Path,
    project: &Project,
) -> Vec<Located> {
    use crate::figures::FigureSpec;
    let mut errors = Vec::new();
    for figure in &mut manifest.figures {
        let files: Vec<(&str, String)> = match &figure.spec {
            FigureSpec::UnsolvedOctal(params) => vec![("sweep", params.sweep.clone())],
            FigureSpec::MisereCensusRecord(params) => vec![("record", params.record.clone())],
            FigureSpec::Atlas(params) => vec![
                ("normal", params.normal.clone()),
                ("misere", params.misere.clone()),
                ("classes", params.classes.clone()),
                ("czajka", params.czajka.clone()),
            ],
            _ => continue,
        };
        for (key, name) in files {
            let (file, text) = match project.record(&name) {
                Ok(found) => found,
                Err(message) => {
                    let (line, column) = locate(source, key, &name, 1);
                    errors.push(Located {
                        file: path.to_path_buf(),
                        line,
                        column,
                        message: format!("figure `{}`: {message}", figure.id),
                    });
                    continue;
                }
            };
            let read = match (&mut figure.spec, key) {
                (FigureSpec::UnsolvedOctal(params), _) => {
                    checked_lines(&text, |r: &crate::sweep::record::Record| {
                        r.contradiction().map(|why| format!("{}: {why}", r.rule))
                    })
                    .map(|r| params.records = r)
                }
                (FigureSpec::MisereCensusRecord(params), _) => {
                    checked_lines(&text, |_| None).map(|r| params.rows = r)
                }
                (FigureSpec::Atlas(params), "normal") => {
                    checked_lines(&text, |r: &crate::sweep::record::Record| {
                        r.contradiction().map(|why| format!("{}: {why}", r.rule))
                    })
                    .map(|r| params.records.normal = r)
                }
                (FigureSpec::Atlas(params), "misere") => {
                    checked_lines(&text, |r: &crate::sweep::misere::Record| {
                        r.contradiction().map(|why| format!("{}: {why}", r.rule))
                    })
                    .map(|r| params.records.misere = r)
                }
                (FigureSpec::Atlas(params), "czajka") => serde_json::from_str(&text)
                    .map(|facts| params.records.czajka = Some(facts))
                    .map_err(|e| (e.line(), e.column(), e.to_string())),
                (FigureSpec::Atlas(params), _) => {
                    checked_lines(&text, |_| None).map(|r| params.records.classes = r)
                }
                _ => Ok(()),
            };
            if let Err((line, column, message)) = read {
                errors.push(Located {
                    file: file.clone(),
                    line,
                    column,
                    message,
                });
            }
        }
    }
    errors
}

/// A committed record's lines, each read as a `T` and checked by
/// `contradiction`: a line that does not parse, or one that contradicts
/// itself, is an error at its line.
fn checked_lines<T: serde::de::DeserializeOwned>(
    text: &str,
    contradiction: impl Fn(&T) -> Option<String>,
) -> Result<Vec<T>, (usize, usize, String)> {
    let records: Vec<T> = crate::sweep::file::parse_lines(text)?;
    let lines = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, _)| i + 1);
    for (record, line) in records.iter().zip(lines) {
        if let Some(why) = contradiction(record) {
            return Err((line, 1, why));
        }
    }
    Ok(records)
}

/// Records where each figure's entry and its `expect:` are in the source:
/// the line reading `id: <id>` (ids are unique), and the `expect:` key in
/// the same list item. The top of the file when the text is not laid out
/// one key a line.
fn place_figures(figures: &mut [Figure], source: &str, path: &Path) {
    let lines: Vec<&str> = source.lines().collect();
    let indent = |line: &str| line.len() - line.trim_start().len();
    for figure in figures {
        let (line, column) = locate(source, "id", &figure.id.0, 1);
        let spot = |line, column| Located {
            file: path.to_path_buf(),
            line,
            column,
            message: String::new(),
        };
        figure.at = spot(line, column);
        figure.expect_at = figure.at.clone();
        let Some(id_line) = line.checked_sub(1).filter(|_| column > 1) else {
            continue;
        };
        let start = (0..=id_line)
            .rev()
            .find(|&i| lines[i].trim_start().starts_with("- "))
            .unwrap_or(id_line);
        let item_indent = indent(lines[start]);
        let end = (start + 1..lines.len())
            .find(|&i| {
                let text = lines[i].trim();
                !text.is_empty() && !text.starts_with('#') && indent(lines[i]) <= item_indent
            })
            .unwrap_or(lines.len());
        for (i, text) in lines.iter().enumerate().take(end).skip(start) {
            let body = text.trim_start().trim_start_matches("- ").trim_start();
            if body.starts_with("expect:") {
                figure.expect_at = spot(i + 1, text.len() - body.len() + 1);
                break;
            }
        }
    }
}

/// The 1-based line and column of the value in the `nth` line reading
/// `key: value` (after an optional `- `), or the top of the file.
fn locate(source: &str, key: &str, value: &str, nth: usize) -> (usize, usize) {
    let mut count = 0;
    for (index, line) in source.lines().enumerate() {
        let body = line.trim_start().trim_start_matches("- ").trim_start();
        let Some(rest) = body.strip_prefix(key).and_then(|r| r.strip_prefix(':')) else {
            continue;
        };
        let found = rest.trim().trim_matches(|c| c == '"' || c == '\'');
        if found == value {
            count += 1;
            if count == nth {
                let column = line.len() - rest.trim_start().len() + 1;
                return (index + 1, column);
            }
        }
    }
    (1, 1)
}

/// A visitor for one string, mapped through a fallible parser, so that
/// serde_yaml_ng puts the error at the string itself.
pub(crate) struct ParsedString<F>(pub &'static str, pub F);

impl<'de, T, F: FnOnce(&str) -> Result<T, String>> Visitor<'de> for ParsedString<F> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.1)(text).map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(ParsedString("an id such as `cert-1-3-4`", Id::parse))
    }
}

/// The keys a figure may hold besides its kind.
const FIGURE_FIELDS: &[&str] = &["id", "page", "caption", "expect", "seed"];

/// A key of a figure's mapping: a field, or the name of a kind.
enum FigureKey {
    Field(&'static str),
    Kind(&'static str),
}

impl<'de> Deserialize<'de> for FigureKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(ParsedString("a figure field or kind", |key: &str| {
            if let Some(field) = FIGURE_FIELDS.iter().find(|f| **f == key) {
                Ok(FigureKey::Field(field))
            } else if let Some(kind) = KINDS.iter().find(|k| **k == key) {
                Ok(FigureKey::Kind(kind))
            } else {
                Err(format!(
                    "unknown field or figure kind `{key}`: a figure has the fields {} and one \
                     kind among {}",
                    FIGURE_FIELDS.join(", "),
                    KINDS.join(", ")
                ))
            }
        }))
    }
}

/// Deserializes the parameter block of one kind.
struct SpecSeed(&'static str);

impl<'de> DeserializeSeed<'de> for SpecSeed {
    type Value = FigureSpec;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<FigureSpec, D::Error> {
        FigureSpec::deserialize_kind(self.0, d)
    }
}

impl<'de> Deserialize<'de> for Figure {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(FigureVisitor)
    }
}

struct FigureVisitor;

impl<'de> Visitor<'de> for FigureVisitor {
    type Value = Figure;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a figure: id, page, caption, optional expect, and one kind")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Figure, A::Error> {
        let (mut id, mut page, mut caption, mut expect, mut seed, mut spec) =
            (None, None, None, None, None, None);
        let mut seen: Vec<&'static str> = Vec::new();
        while let Some(key) = map.next_key::<FigureKey>()? {
            let name = match key {
                FigureKey::Field(name) | FigureKey::Kind(name) => name,
            };
            if seen.contains(&name) {
                return Err(de::Error::custom(format!(
                    "`{name}` appears twice in this figure: give each key once"
                )));
            }
            seen.push(name);
            match key {
                FigureKey::Field("id") => id = Some(map.next_value()?),
                FigureKey::Field("page") => page = Some(map.next_value()?),
                FigureKey::Field("caption") => caption = Some(map.next_value()?),
                FigureKey::Field("expect") => expect = Some(map.next_value::<UniqueKeys>()?.0),
                FigureKey::Field(_) => seed = Some(map.next_value::<UniqueKeys>()?.0),
                FigureKey::Kind(kind) => {
                    if spec.is_some() {
                        return Err(de::Error::custom(format!(
                            "a figure has one kind; `{kind}` is a second"
                        )));
                    }
                    spec = Some(map.next_value_seed(SpecSeed(kind))?);
                }
            }
        }
        let missing = |name| de::Error::missing_field(name);
        Ok(Figure {
            id: id.ok_or_else(|| missing("id"))?,
            page: page.ok_or_else(|| missing("page"))?,
            caption: caption.ok_or_else(|| missing("caption"))?,
            expect: expect.unwrap_or_default(),
            seed: seed.unwrap_or_default(),
            spec: spec.ok_or_else(|| {
                de::Error::custom(format!(
                    "the figure has no kind: add one of {}",
                    KINDS.join(", ")
                ))
            })?,
            at: Located::top(),
            expect_at: Located::top(),
        })
    }
}

/// A mapping whose keys must differ (`expect:` and `seed:`): YAML readers
/// disagree on a repeated key, and the last one silently winning would
/// hide a claim.
struct UniqueKeys(BTreeMap<String, serde_json::Value>);

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct UniqueVisitor;
        impl<'de> Visitor<'de> for UniqueVisitor {
            type Value = UniqueKeys;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mapping of field names to values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
                let mut entries = BTreeMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    if entries.contains_key(&key) {
                        return Err(de::Error::custom(format!(
                            "`{key}` appears twice: give each key once"
                        )));
                    }
                    let value = map.next_value()?;
                    entries.insert(key, value);
                }
                Ok(UniqueKeys(entries))
            }
        }
        d.deserialize_map(UniqueVisitor)
    }
}
