//! The engine of ladder: the rules of impartial games and the machinery that
//! finds their periods and proves them. Pure: no I/O, no async, no clock;
//! the site, the command line and the browser's module are built on it.
//! Every import points down this map (a module uses only those below it):
//!
//! - [`budget`]: the work a figure or a command may ask for (the memory a
//!   run may have is read by the caller and passed in)
//! - [`census`], [`coalition`]: families of games; the three-player game,
//!   a world of its own that shares nothing with the Grundy machinery
//! - [`games`]: the rules (with the octal solver and a run's shape)
//! - [`sequence`]: the machinery that knows no game
//! - [`echo`]: text a message repeats, escaped and cut
//! - [`interned`], [`numbers`], [`wording`], [`parallel`]: names read back
//!   from data, numbers and words as every page writes them, rayon or its sequential stand-in;
//!   `parsed`: a rule read from a manifest or a record by its parser

pub mod boards;
pub mod budget;
pub mod census;
pub mod coalition;
pub mod echo;
pub mod games;
pub mod interned;
pub mod misere;
pub mod numbers;
pub mod parallel;
mod parsed;
pub mod sequence;
pub mod wording;
