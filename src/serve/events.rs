//! The event stream of `ladder serve` (`/__ladder/events`): server-sent
//! events telling an open page the build now served, or the error over it.
//! A task of its own writes each stream; it ends when the page leaves (its
//! side of the socket closes, or a write stalls), when the server stops, or
//! after [`STREAM_LIFETIME`], and its place among
//! [`MAX_STREAMS`](super::limits::MAX_STREAMS) is freed.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{Either, Full};
use hyper::Response;
use hyper::body::{Body, Frame};
use hyper::header::{self, HeaderValue};
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::time::{Instant, timeout, timeout_at};

use super::limits::{ANSWER_TIMEOUT, STREAM_LIFETIME};
use super::reload::{self, Live};

/// How often an idle event stream sends a comment, so a page that went
/// away without closing its socket is noticed (the write fails).
const KEEPALIVE: Duration = Duration::from_secs(15);

/// The body of an event stream: the events, as they come.
pub struct Events(mpsc::Receiver<Bytes>);

impl Body for Events {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.0
            .poll_recv(cx)
            .map(|next| next.map(|b| Ok(Frame::data(b))))
    }
}

/// The event stream's answer; a task of its own writes the events, and the
/// stream's place among the [`MAX_STREAMS`](super::limits::MAX_STREAMS) is
/// freed when it ends.
pub fn answer(
    live: Arc<Live>,
    streams: Arc<AtomicUsize>,
    watch: Option<TcpStream>,
) -> Response<Either<Full<Bytes>, Events>> {
    let (to, from) = mpsc::channel(2);
    tokio::spawn(async move {
        tokio::select! {
            () = stream(&to, &live) => {}
            () = left(watch) => {}
        }
        streams.fetch_sub(1, Ordering::SeqCst);
    });
    let mut response = Response::new(Either::Right(Events(from)));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Returns when the page at the other end of `watch` has closed its side
/// (anything it sends after its request is read and dropped); never
/// without a socket to watch.
async fn left(watch: Option<TcpStream>) {
    let Some(mut watch) = watch else {
        return std::future::pending().await;
    };
    let mut sink = [0u8; 512];
    while matches!(watch.read(&mut sink).await, Ok(n) if n > 0) {}
}

/// The status now, then every change, until the page closes (a send
/// fails, or stalls for [`ANSWER_TIMEOUT`]), the server stops, or the
/// stream has lasted [`STREAM_LIFETIME`].
async fn stream(to: &mpsc::Sender<Bytes>, live: &Live) {
    let end = Instant::now() + STREAM_LIFETIME;
    let send = |text: String| async move {
        matches!(
            timeout(ANSWER_TIMEOUT, to.send(Bytes::from(text))).await,
            Ok(Ok(()))
        )
    };
    let mut changes = live.subscribe();
    if !send("retry: 1000\n\n".to_string()).await {
        return;
    }
    loop {
        let status = changes.borrow_and_update().clone();
        if status.stopping || !send(reload::event(&status)).await {
            return;
        }
        loop {
            let wake = (Instant::now() + KEEPALIVE).min(end);
            match timeout_at(wake, changes.changed()).await {
                Ok(Ok(())) => break,
                Ok(Err(_)) => return,
                Err(_) if Instant::now() >= end => return,
                Err(_) if !send(": still here\n\n".to_string()).await => return,
                Err(_) => {}
            }
        }
    }
}
