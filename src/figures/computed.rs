//! The compute stage: every figure of the manifest computed in parallel,
//! gathered in manifest order, its `expect:` claims checked, then drawn.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use rayon::prelude::*;

use super::FigureData;
use super::RenderMeta;
use super::cache::Cache;
use super::parts::PartStore;
use crate::figures::Figure;
use crate::plot::cells::recording;
use crate::project::Located;
use crate::table::Drawing;

/// A figure computed and drawn, ready for the site.
#[derive(Debug, Clone)]
pub struct Computed {
    /// The manifest entry.
    pub figure: Figure,
    /// The data as written to `data/<id>.json` (with `id` and `kind`).
    pub json: serde_json::Value,
    /// The search range and certificate in one sentence.
    pub note: String,
    /// The SVG and tables.
    pub drawing: Drawing,
    /// How long computing and drawing took (zero when cached).
    pub time: Duration,
    /// Whether it came from the cache.
    pub cached: bool,
}

/// Computes the figures (in parallel), checks their claims, and draws them.
/// Errors from every figure are collected, each naming its figure and
/// located at its entry in the manifest (a failed claim at its `expect:`).
///
/// A figure of `kept` (an earlier build's, in `ladder serve`) with the same
/// id, kind, parameters, caption and seed is taken as it is, not even read
/// from the cache or drawn again; its claims are checked anew.
pub fn compute_all(
    figures: &[Figure],
    cache: Option<&Cache>,
    kept: &[Computed],
    announce: &(dyn Fn(&[String]) + Sync),
    progress: &ProgressBar,
) -> Result<Vec<Computed>, String> {
    let kept: BTreeMap<&str, &Computed> =
        kept.iter().map(|c| (c.figure.id.0.as_str(), c)).collect();
    // First what is ready (kept, or in the cache), so the figures left to
    // compute can be named before the long part starts.
    let ready: Vec<Option<Result<Computed, Located>>> = figures
        .par_iter()
        .map(|figure| match kept.get(figure.id.0.as_str()) {
            Some(earlier) if same_figure(&earlier.figure, figure) => Some(reuse(earlier, figure)),
            _ => cached(figure, cache?),
        })
        .collect();
    let missing: Vec<String> = figures
        .iter()
        .zip(&ready)
        .filter(|(_, r)| r.is_none())
        .map(|(f, _)| f.id.0.clone())
        .collect();
    progress.inc((figures.len() - missing.len()) as u64);
    if !missing.is_empty() {
        announce(&missing);
    }
    let results: Vec<Result<Computed, String>> = figures
        .par_iter()
        .zip(ready)
        .map(|(figure, ready)| {
            let outcome = ready.unwrap_or_else(|| {
                let fresh = compute_one(figure, cache);
                progress.inc(1);
                fresh
            });
            outcome.map_err(|e| e.to_string())
        })
        .collect();
    let mut computed = Vec::new();
    let mut errors = Vec::new();
    for result in results {
        match result {
            Ok(c) => computed.push(c),
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    Ok(computed)
}

/// The figure from the cache and drawn, or `None` when it is not there.
fn cached(figure: &Figure, cache: &Cache) -> Option<Result<Computed, Located>> {
    let data = cache.get(figure)?;
    Some(finish(figure, &data, true, Duration::ZERO))
}

/// Computes the figure (its parts from the cache, where it has parts),
/// stores it in the cache and draws it.
fn compute_one(figure: &Figure, cache: Option<&Cache>) -> Result<Computed, Located> {
    let start = Instant::now();
    let store = cache.map(|c| c as &dyn PartStore);
    let data = figure
        .spec
        .compute_with(store)
        .map_err(|e| figure.error(e))?;
    if let (Some(c), Ok(json)) = (cache, serde_json::to_value(&data)) {
        c.put(figure, &json);
    }
    finish(figure, &data, false, start.elapsed())
}

/// Draws the figure from its data and checks its claims.
fn finish(
    figure: &Figure,
    data: &FigureData,
    cached: bool,
    time: Duration,
) -> Result<Computed, Located> {
    let (mut json, note, drawing) = draw(figure, data).map_err(|e| figure.error(e))?;
    if let (serde_json::Value::Object(map), false) = (&mut json, figure.seed.is_empty()) {
        let seed = figure.seed.clone().into_iter().collect();
        map.insert("seed".into(), serde_json::Value::Object(seed));
    }
    check_expectations(&figure.expect, &json).map_err(|e| figure.expect_error(e))?;
    Ok(Computed {
        figure: figure.clone(),
        json,
        note,
        drawing,
        time,
        cached,
    })
}

/// Whether two manifest entries give the same figure: what it computes and
/// draws (where the entry stands in the manifest and its claims aside).
fn same_figure(a: &Figure, b: &Figure) -> bool {
    a.id == b.id
        && a.caption == b.caption
        && a.seed == b.seed
        && format!("{:?}", a.spec) == format!("{:?}", b.spec)
}

/// An earlier build's figure under the current entry: its claims checked.
fn reuse(earlier: &Computed, figure: &Figure) -> Result<Computed, Located> {
    check_expectations(&figure.expect, &earlier.json).map_err(|e| figure.expect_error(e))?;
    Ok(Computed {
        figure: figure.clone(),
        time: Duration::ZERO,
        cached: true,
        ..earlier.clone()
    })
}

/// A figure's data as written to `data/<id>.json`, its range note, and its
/// drawing: done on every build, from computed or cached data alike.
fn draw(
    figure: &Figure,
    data: &FigureData,
) -> Result<(serde_json::Value, String, Drawing), String> {
    let mut json = serde_json::to_value(data).map_err(|e| e.to_string())?;
    if let serde_json::Value::Object(map) = &mut json {
        map.insert("id".into(), figure.id.0.clone().into());
        map.insert("kind".into(), figure.spec.kind().into());
    }
    let meta = |width| RenderMeta {
        id: &figure.id.0,
        caption: &figure.caption,
        width,
    };
    let (mut drawing, cells) = recording(|| data.render(&meta(crate::plot::COLUMN)));
    drawing.cells = cells;
    if drawing.svg.is_some() {
        let (phone, cells) = recording(|| data.render(&meta(crate::plot::PHONE)).svg);
        if phone.is_some() && phone != drawing.svg {
            drawing.phone_svg = phone;
            drawing.phone_cells = cells;
        }
    }
    Ok((json, data.range_note(), drawing))
}

/// Each `expect:` key is a dotted path into the data (`certificate.length`);
/// the computed value must equal the expected one.
fn check_expectations(
    expect: &BTreeMap<String, serde_json::Value>,
    json: &serde_json::Value,
) -> Result<(), String> {
    let failures: Vec<String> = expect
        .iter()
        .filter_map(|(path, expected)| {
            let computed = path
                .split('.')
                .try_fold(json, |v, key| match key.parse::<usize>() {
                    // A number indexes an array; in an object it is a key (`counts.2`).
                    Ok(i) if v.is_array() => v.get(i),
                    _ => v.get(key),
                });
            match computed {
                None => Some(format!("expects `{path}`, which the data does not have")),
                Some(value) if value != expected => Some(format!(
                    "expects {path} = {expected}, but the computed value is {value}"
                )),
                Some(_) => None,
            }
        })
        .collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expectations_compare_dotted_paths() {
        let json = serde_json::json!({"period": 7, "certificate": {"length": 4}, "rows": [{"bound": 2}], "counts": {"3": 5}});
        let ok: BTreeMap<String, serde_json::Value> = [
            ("period".to_string(), 7.into()),
            ("certificate.length".to_string(), 4.into()),
            ("rows.0.bound".to_string(), 2.into()),
            ("counts.3".to_string(), 5.into()),
        ]
        .into();
        assert!(check_expectations(&ok, &json).is_ok());
        let wrong: BTreeMap<String, serde_json::Value> = [("period".to_string(), 8.into())].into();
        let message = check_expectations(&wrong, &json).unwrap_err();
        assert_eq!(message, "expects period = 8, but the computed value is 7");
        let missing: BTreeMap<String, serde_json::Value> = [("nope".to_string(), 1.into())].into();
        assert!(
            check_expectations(&missing, &json)
                .unwrap_err()
                .contains("does not have")
        );
    }
}
