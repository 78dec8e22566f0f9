//! What `ladder serve` lets a client make it hold: the numbers the HTTP
//! side ([`super::http`]) and the event streams ([`super::events`]) both
//! keep to, in a module of their own below both.

use std::time::Duration;

/// The longest request line, and the longest header line.
pub const MAX_LINE: usize = 8 * 1024;
/// The longest request head (request line and headers).
pub const MAX_HEAD: usize = 64 * 1024;
/// How long a client has, from connecting, to send its request head.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a client has, from connecting, to take its answer.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);
/// How long an event stream lasts before it ends (and the page reconnects).
pub const STREAM_LIFETIME: Duration = Duration::from_secs(600);
/// Open connections at most, event streams included.
pub const MAX_CONNECTIONS: usize = 128;
/// Open event streams at most: a browser keeps one per open page, and more
/// than this is no author at work.
pub const MAX_STREAMS: usize = 64;
/// Threads reading files, besides the one answering.
pub const FILE_THREADS: usize = 2;
