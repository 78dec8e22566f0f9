//! `misere-outcomes`: single heaps of a few codes played both ways, the
//! P-positions (wins for the player who just moved) in normal play, read
//! off the Grundy values, against those in misère play, found by the
//! exact search of [`crate::misere::outcome`].

use serde::{Deserialize, Serialize};

use super::RenderMeta;
use super::bounds::{CheckParams, Within};
use crate::games::Rule;
use crate::games::octal::values;
use crate::misere::outcome::{Outcomes, Play};
use crate::table::{Cell, Column, Table};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    #[serde(deserialize_with = "super::bounds::few")]
    pub codes: Vec<Rule>,
    /// Heaps of 1 to this many counters (the search takes at most 64).
    #[serde(deserialize_with = "Within::<1, 64>::read")]
    pub heaps: usize,
}

impl CheckParams for Params {
    fn check(&self) -> Result<(), String> {
        match self.codes.iter().find(|rule| rule.octal_code().is_none()) {
            Some(rule) => Err(format!("{rule} is not an octal code")),
            None => Ok(()),
        }
    }
}

/// One code: the heaps that are P-positions in each play.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Row {
    /// The code, `·77`.
    pub code: String,
    pub normal_p: Vec<usize>,
    pub misere_p: Vec<usize>,
    /// The heaps whose outcome changes with the convention.
    pub differ: Vec<usize>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Data {
    pub heaps: usize,
    pub rows: Vec<Row>,
}

pub fn compute(params: &Params) -> Result<Data, String> {
    params.check()?;
    let rows = params
        .codes
        .iter()
        .map(|rule| {
            let code = rule.octal_code().ok_or("not an octal code")?;
            let grundy = values(code, params.heaps + 1);
            let mut search = Outcomes::new(code, Play::Misere);
            let mut row = Row {
                code: rule.to_string().replace("octal:", ""),
                normal_p: Vec::new(),
                misere_p: Vec::new(),
                differ: Vec::new(),
            };
            for (heap, &value) in grundy.iter().enumerate().skip(1) {
                let normal_p = value == 0;
                let misere_p = !search.first_player_wins(&[heap])?;
                if normal_p {
                    row.normal_p.push(heap);
                }
                if misere_p {
                    row.misere_p.push(heap);
                }
                if normal_p != misere_p {
                    row.differ.push(heap);
                }
            }
            Ok(row)
        })
        .collect::<Result<Vec<Row>, String>>()?;
    Ok(Data {
        heaps: params.heaps,
        rows,
    })
}

impl Data {
    pub fn range_note(&self) -> String {
        format!(
            "Single heaps of 1 to {} counters: normal play read off the Grundy values, misère play \
             found by searching every position a heap reaches.",
            self.heaps
        )
    }
}

fn heaps(list: &[usize]) -> Cell {
    if list.is_empty() {
        return Cell::text("none");
    }
    let shown: Vec<String> = list.iter().map(|h| h.to_string()).collect();
    Cell::text(shown.join(", "))
}

pub fn render(data: &Data, _meta: &RenderMeta) -> Table {
    let mut table = Table::new(vec![
        Column::text("code").names(),
        Column::text("P-positions, normal play"),
        Column::text("P-positions, misère play"),
        Column::text("heaps whose outcome changes"),
    ]);
    for row in &data.rows {
        table.push(vec![
            Cell::text(row.code.clone()),
            heaps(&row.normal_p),
            heaps(&row.misere_p),
            heaps(&row.differ),
        ]);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_s_heap_of_one_is_the_only_heap_whose_outcome_changes() {
        let data = compute(&Params {
            codes: vec!["octal:.3333".parse().unwrap(), "octal:.3".parse().unwrap()],
            heaps: 4,
        })
        .unwrap();
        // Nim on heaps up to 4: one counter is a win for whoever moves in
        // normal play and a loss in misère play; larger heaps win both ways.
        assert_eq!(data.rows[0].normal_p, Vec::<usize>::new());
        assert_eq!(data.rows[0].misere_p, vec![1]);
        assert_eq!(data.rows[0].differ, vec![1]);
        // ·3, one counter at a time: the parity of the heap decides, and
        // the conventions swap every heap.
        assert_eq!(data.rows[1].normal_p, vec![2, 4]);
        assert_eq!(data.rows[1].misere_p, vec![1, 3]);
        assert_eq!(data.rows[1].differ, vec![1, 2, 3, 4]);
    }
}
