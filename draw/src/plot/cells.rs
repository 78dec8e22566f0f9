//! Names for a drawing's cells. A grid or strip says, as it draws each
//! cell, what the cell is ("heap 52: value 4", "{3, 8}: period 11"); a
//! render run inside [`recording`] gets the list beside its SVG. The site
//! writes it next to the drawing (`figures/ID.cells.json`) and the page
//! reads it only when a reader points at the drawing or tabs to it
//! (`templates/cells.js`): the SVG and the page's first load are unchanged,
//! where a `<title>` per cell would weigh on both (and an `<img>` shows no
//! SVG title anyway).
//!
//! The list is kept per thread, so figures drawn on several threads at
//! once each get their own; outside [`recording`], naming does nothing.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};

use super::Area;

/// One named cell: its box in the drawing's px, and what it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
    pub name: String,
}

/// A drawing's named cells, with the drawing's size, which their boxes
/// are measured in.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cells {
    pub width: u32,
    pub height: u32,
    pub cells: Vec<Cell>,
}

impl Cells {
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The list as the page reads it: the drawing's size, then one
    /// `[x, y, w, h, name]` per cell, in drawing order (a later cell over
    /// an earlier one names the place).
    pub fn to_value(&self) -> serde_json::Value {
        let rows: Vec<serde_json::Value> = (self.cells.iter())
            .map(|c| serde_json::json!([c.x, c.y, c.w, c.h, c.name]))
            .collect();
        let (width, height) = (self.width, self.height);
        serde_json::json!({ "width": width, "height": height, "cells": rows })
    }

    /// [`Cells::to_value`] as the file `figures/ID.cells.json` holds it.
    pub fn to_json(&self) -> String {
        format!("{}\n", self.to_value())
    }
}

thread_local! {
    static NAMES: RefCell<Option<Cells>> = const { RefCell::new(None) };
}

/// Runs `render`, keeping the names its drawing gives; a recording inside
/// another keeps its own and leaves the outer one as it was.
pub fn recording<T>(render: impl FnOnce() -> T) -> (T, Cells) {
    let outer = NAMES.with(|names| names.replace(Some(Cells::default())));
    let out = render();
    let cells = NAMES.with(|names| names.replace(outer)).unwrap_or_default();
    (out, cells)
}

/// The drawing's size, from [`super::svg`].
pub(super) fn size(width: u32, height: u32) {
    NAMES.with(|names| {
        if let Some(cells) = names.borrow_mut().as_mut() {
            (cells.width, cells.height) = (width, height);
        }
    });
}

/// Names the box of `size` at `at` in `area` (placed where the area is in
/// the drawing). `name` is only called while recording.
pub fn name(area: &Area, at: (i32, i32), size: (i32, i32), name: impl FnOnce() -> String) {
    NAMES.with(|names| {
        if let Some(cells) = names.borrow_mut().as_mut() {
            let (left, top) = area.get_base_pixel();
            cells.cells.push(Cell {
                x: at.0 + left,
                y: at.1 + top,
                w: size.0,
                h: size.1,
                name: name(),
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot;

    #[test]
    fn a_recorded_drawing_names_its_cells_where_they_are_drawn() {
        let (svg, cells) = recording(|| {
            plot::svg(100, 60, "t", "d", |area| {
                let (_, right) = area.split_horizontally(40);
                name(&right, (2, 3), (10, 10), || "heap 0: value 0".into());
                plot::strip(area, 0, 30, 20, 4, &[1, 2], "·137");
            })
        });
        assert!(svg.starts_with("<svg"));
        assert_eq!((cells.width, cells.height), (100, 60));
        assert_eq!(
            cells.cells,
            vec![
                Cell {
                    x: 42,
                    y: 3,
                    w: 10,
                    h: 10,
                    name: "heap 0: value 0".into()
                },
                Cell {
                    x: 0,
                    y: 30,
                    w: 20,
                    h: 20,
                    name: "·137, heap 4: value 1".into()
                },
                Cell {
                    x: 20,
                    y: 30,
                    w: 20,
                    h: 20,
                    name: "·137, heap 5: value 2".into()
                },
            ]
        );
    }

    #[test]
    fn outside_a_recording_nothing_is_named_and_an_inner_one_keeps_its_own() {
        let (_, outer) = recording(|| {
            let (_, inner) = recording(|| {
                plot::svg(40, 40, "t", "d", |area| {
                    plot::strip(area, 0, 0, 20, 0, &[3], "")
                });
            });
            assert_eq!(inner.cells.len(), 1);
            assert_eq!(inner.cells[0].name, "heap 0: value 3");
        });
        assert!(outer.is_empty());
        plot::svg(40, 40, "t", "d", |area| {
            plot::strip(area, 0, 0, 20, 0, &[3], "")
        });
        assert!(NAMES.with(|n| n.borrow().is_none()));
    }

    #[test]
    fn the_page_reads_the_size_and_one_row_a_cell() {
        let cells = Cells {
            width: 704,
            height: 200,
            cells: vec![Cell {
                x: 1,
                y: 2,
                w: 3,
                h: 4,
                name: "{3, 8}: period 11".into(),
            }],
        };
        assert_eq!(
            cells.to_json(),
            "{\"cells\":[[1,2,3,4,\"{3, 8}: period 11\"]],\"height\":200,\"width\":704}\n"
        );
    }
}
