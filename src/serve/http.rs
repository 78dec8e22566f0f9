//! The HTTP side of `ladder serve`, on 127.0.0.1: hyper reads the requests
//! and writes the answers ([`super::files`] chooses them), on one thread of
//! a single-threaded `tokio` runtime, with limits on everything a client
//! can make it hold (the numbers are in [`super::limits`]):
//!
//! - a request head of at most [`MAX_HEAD`] bytes (hyper answers 431 beyond,
//!   having read no more), a request line of at most [`MAX_LINE`] (414) and
//!   each header line too (431);
//! - no request body: one announced (`Content-Length` above 0, or chunked)
//!   is refused with 413 before a byte of it is read;
//! - a head must arrive within [`HEAD_TIMEOUT`] of the connection (idle and
//!   slow clients are closed), and the answer must be taken within
//!   [`ANSWER_TIMEOUT`]; an event stream lasts at most [`STREAM_LIFETIME`]
//!   (the page's script reconnects, and reloads only if a build was missed);
//! - at most [`MAX_CONNECTIONS`] connections, and [`MAX_STREAMS`] event
//!   streams among them: beyond, a 503 (`too many connections`, `too many
//!   open pages`).
//!
//! Memory is then bounded by the connections times hyper's buffer (about
//! [`MAX_HEAD`] each), and threads by the runtime's one plus
//! [`FILE_THREADS`] for reading files, whatever the clients do. Every
//! answer says `Connection: close`, so a connection carries one request.

use std::convert::Infallible;
use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::{Context as _, Result, anyhow};
use bytes::Bytes;
use http_body_util::{Either, Full};
use hyper::body::{Body, Incoming};
use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{Mutex, watch};
use tokio::time::{Instant, sleep, sleep_until, timeout};

use super::events::{self, Events};
use super::files::{self, Answer};
use super::limits::{
    ANSWER_TIMEOUT, FILE_THREADS, HEAD_TIMEOUT, MAX_CONNECTIONS, MAX_HEAD, MAX_LINE, MAX_STREAMS,
    STREAM_LIFETIME,
};
use super::reload::{self, Live};

/// Binds 127.0.0.1:`port` (0: any free port). A taken port is an error that
/// says what to do.
pub fn bind(port: u16) -> Result<(StdListener, u16)> {
    let listener = StdListener::bind(("127.0.0.1", port)).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AddrInUse {
            anyhow!(
                "port {port} on 127.0.0.1 is taken (another `ladder serve`?): choose another \
                 with --port N, or --port 0 for any free port"
            )
        } else {
            anyhow!("cannot listen on 127.0.0.1:{port}: {e}")
        }
    })?;
    let port = listener
        .local_addr()
        .context("cannot read the port")?
        .port();
    listener
        .set_nonblocking(true)
        .with_context(|| format!("cannot serve on 127.0.0.1:{port}"))?;
    Ok((listener, port))
}

/// What every connection shares.
struct Shared {
    site: PathBuf,
    port: u16,
    live: Arc<Live>,
    connections: AtomicUsize,
    streams: Arc<AtomicUsize>,
}

/// The server, answering on a thread of its own until [`Server::stop`].
pub struct Server {
    stop: watch::Sender<bool>,
    thread: std::thread::JoinHandle<()>,
}

impl Server {
    /// Starts answering on `listener` (from [`bind`]) with the files of `site`.
    pub fn start(listener: StdListener, site: PathBuf, port: u16, live: Arc<Live>) -> Result<Self> {
        let runtime = runtime()?;
        let listener = {
            let _inside = runtime.enter();
            tokio::net::TcpListener::from_std(listener).context("cannot serve")?
        };
        let shared = Arc::new(Shared {
            site,
            port,
            live,
            connections: AtomicUsize::new(0),
            streams: Arc::new(AtomicUsize::new(0)),
        });
        let (stop, stopped) = watch::channel(false);
        let thread = std::thread::spawn(move || {
            runtime.block_on(accept(listener, shared, stopped));
            // Connections still open (a stream, a slow reader) end here.
            runtime.shutdown_timeout(Duration::from_secs(1));
        });
        Ok(Server { stop, thread })
    }

    /// Stops accepting, closes every connection, and waits for the thread.
    pub fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.thread.join();
    }
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(FILE_THREADS)
        .build()
        .context("cannot start the server's runtime")
}

/// Accepts connections until told to stop; those past [`MAX_CONNECTIONS`]
/// get a 503 and are closed.
async fn accept(
    listener: tokio::net::TcpListener,
    shared: Arc<Shared>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stop.changed() => return,
        };
        let Ok((stream, _)) = accepted else {
            // Out of file descriptors, say: wait a moment rather than spin.
            sleep(Duration::from_millis(50)).await;
            continue;
        };
        if shared.connections.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            let shared = shared.clone();
            tokio::spawn(async move {
                refuse(stream).await;
                shared.connections.fetch_sub(1, Ordering::SeqCst);
            });
            continue;
        }
        let shared = shared.clone();
        tokio::spawn(async move {
            if let Some((stream, watch)) = with_watch(stream) {
                connection(stream, watch, &shared).await;
            }
            shared.connections.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

/// The connection, and a second handle on its socket for an event stream
/// to notice the page leave: hyper reads nothing once a stream's head is
/// read, so without it a closed page would be noticed only when a write
/// fails, a keep-alive or two later. `None` if the socket cannot be kept.
fn with_watch(stream: TcpStream) -> Option<(TcpStream, Option<TcpStream>)> {
    let stream = stream.into_std().ok()?;
    let watch = stream
        .try_clone()
        .ok()
        .and_then(|watch| TcpStream::from_std(watch).ok());
    Some((TcpStream::from_std(stream).ok()?, watch))
}

/// The 503 of a connection past the cap, written without reading the
/// request; what the client sent meanwhile is read (for a second at most)
/// so that closing does not reset the connection before the answer is read.
async fn refuse(mut stream: TcpStream) {
    let busy = Answer::text(503, "too many connections\n");
    let _ = timeout(Duration::from_secs(1), async {
        stream.write_all(&head_bytes(&busy)).await?;
        stream.write_all(&busy.body).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 4096];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<(), std::io::Error>(())
    })
    .await;
}

/// The bytes of an answer's head, as [`response`] has it, for the one answer
/// written without hyper (a 503 past the connection cap).
fn head_bytes(answer: &Answer) -> Vec<u8> {
    let mut head = format!("HTTP/1.1 {} {}\r\n", answer.status, reason(answer.status));
    for (name, value) in headers(answer).iter() {
        head.push_str(&format!(
            "{}: {}\r\n",
            title_case(name),
            value.to_str().unwrap_or("")
        ));
    }
    head.push_str("\r\n");
    head.into_bytes()
}

fn reason(status: u16) -> &'static str {
    StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("")
}

fn title_case(name: &HeaderName) -> String {
    name.as_str()
        .split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or(String::new(), |c| {
                c.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// One connection, read and answered by hyper within the limits, and
/// closed when its time is up.
async fn connection<I>(io: I, watch: Option<TcpStream>, shared: &Arc<Shared>)
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let streaming = Arc::new(AtomicBool::new(false));
    let watch = Arc::new(Mutex::new(watch));
    let service = {
        let (shared, streaming) = (shared.clone(), streaming.clone());
        hyper::service::service_fn(move |request| {
            let (shared, streaming, watch) = (shared.clone(), streaming.clone(), watch.clone());
            async move {
                let watch = watch.lock().await.take();
                Ok::<_, Infallible>(handle(request, &shared, &streaming, watch).await)
            }
        })
    };
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_header_size(MAX_HEAD)
        .max_buf_size(MAX_HEAD + MAX_LINE)
        .keep_alive(false)
        .title_case_headers(true)
        .auto_date_header(false)
        .serve_connection(TokioIo::new(io), service);
    let opened = Instant::now();
    let deadline = async {
        sleep(ANSWER_TIMEOUT).await;
        if streaming.load(Ordering::SeqCst) {
            sleep_until(opened + STREAM_LIFETIME + ANSWER_TIMEOUT).await;
        }
    };
    tokio::select! {
        _ = served => {}
        () = deadline => {}
    }
}

/// Answers one request: refused (421, 413, 405, 414, 431), the event
/// stream, or what [`files::answer`] finds.
async fn handle(
    request: Request<Incoming>,
    shared: &Arc<Shared>,
    streaming: &AtomicBool,
    watch: Option<TcpStream>,
) -> Response<Either<Full<Bytes>, Events>> {
    if let Err(refused) = vet(&request, shared.port) {
        return response(refused);
    }
    let path = request.uri().path().to_string();
    if path == reload::EVENTS_PATH {
        if shared.streams.fetch_add(1, Ordering::SeqCst) >= MAX_STREAMS {
            shared.streams.fetch_sub(1, Ordering::SeqCst);
            return response(Answer::text(503, "too many open pages\n"));
        }
        streaming.store(true, Ordering::SeqCst);
        return events::answer(shared.live.clone(), shared.streams.clone(), watch);
    }
    let (site, live) = (shared.site.clone(), shared.live.clone());
    let found = tokio::task::spawn_blocking(move || files::answer(&path, &site, &live)).await;
    response(found.unwrap_or_else(|_| Answer::text(500, "ladder serve failed to read the file\n")))
}

/// A request's head as hyper read it: the parts [`check`] looks at, apart
/// from hyper's types so that they can be checked (and tested) alone.
#[derive(Debug, Clone)]
pub struct Head<'a> {
    pub method: &'a Method,
    /// The request target as sent (`/a/b?c`, or `http://host/a` in absolute form).
    pub target: &'a str,
    /// The authority of a target in absolute form.
    pub authority: Option<&'a str>,
    pub headers: &'a HeaderMap,
    /// Whether a body follows the head.
    pub has_body: bool,
}

fn vet(request: &Request<Incoming>, port: u16) -> Result<(), Answer> {
    let target = request.uri().path_and_query().map_or("/", |p| p.as_str());
    let head = Head {
        method: request.method(),
        target,
        authority: request.uri().authority().map(|a| a.as_str()),
        headers: request.headers(),
        has_body: !request.body().is_end_stream(),
    };
    check(&head, port)
}

/// Whether a request head may be answered; if not, the refusal. In order:
/// a line too long (414, 431), a name that is not this server's (421, as
/// for DNS rebinding), a body (413), a method that writes (405).
pub fn check(head: &Head, port: u16) -> Result<(), Answer> {
    if head.target.len() + head.authority.map_or(0, str::len) > MAX_LINE {
        return Err(Answer::text(414, "the request line is longer than 8 KiB\n"));
    }
    if head
        .headers
        .iter()
        .any(|(name, value)| name.as_str().len() + 2 + value.len() > MAX_LINE)
    {
        return Err(Answer::text(431, "a header line is longer than 8 KiB\n"));
    }
    let mut hosts = head.headers.get_all(header::HOST).iter();
    let host = match (hosts.next(), hosts.next()) {
        (Some(host), None) => host.to_str().ok(),
        _ => None,
    };
    let ours = |name: Option<&str>| name.is_some_and(|h| host_allowed(h, port));
    if !ours(host) || head.authority.is_some_and(|a| !ours(Some(a))) {
        return Err(Answer::text(
            421,
            "ladder serve answers only to 127.0.0.1 and localhost\n",
        ));
    }
    if head.has_body {
        return Err(Answer::text(413, "ladder serve reads no request body\n"));
    }
    if !matches!(*head.method, Method::GET | Method::HEAD) {
        return Err(Answer::text(405, "ladder serve only reads: GET or HEAD\n"));
    }
    Ok(())
}

/// Whether a `Host` header names this server: a page of another site
/// reaching 127.0.0.1 through its own name (DNS rebinding) is refused.
pub fn host_allowed(host: &str, port: u16) -> bool {
    let host = host.trim();
    [format!("127.0.0.1:{port}"), format!("localhost:{port}")]
        .iter()
        .any(|allowed| host.eq_ignore_ascii_case(allowed))
}

/// The headers every answer carries: never cached (a reload must show the
/// new figure), never sniffed, one request a connection. A `Location` that
/// is not printable ASCII (a line break could split the head) is left out.
fn headers(answer: &Answer) -> HeaderMap {
    let mut map = HeaderMap::new();
    map.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(answer.content_type),
    );
    map.insert(header::CONTENT_LENGTH, HeaderValue::from(answer.body.len()));
    map.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    map.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    map.insert(header::CONNECTION, HeaderValue::from_static("close"));
    if answer.status == 405 {
        map.insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    }
    if let Some(location) = &answer.location
        && location.bytes().all(|b| b.is_ascii_graphic())
        && let Ok(value) = HeaderValue::from_str(location)
    {
        map.insert(header::LOCATION, value);
    }
    map
}

/// An answer as hyper sends it (hyper leaves the body out for HEAD).
pub fn response(answer: Answer) -> Response<Either<Full<Bytes>, Events>> {
    let mut response = Response::new(Either::Left(Full::new(Bytes::new())));
    *response.headers_mut() = headers(&answer);
    *response.status_mut() =
        StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    *response.body_mut() = Either::Left(Full::new(Bytes::from(answer.body)));
    response
}

/// The whole answer to the bytes `request`, sent on a connection of its
/// own (in memory) to the same code a socket meets: for tests of what any
/// request head gets. The connection is closed for writing after `patience`
/// without an answer (a head cut short then ends, as hyper takes an early
/// end of a request as the client leaving, and answers nothing). `None` if
/// nothing came within [`HEAD_TIMEOUT`] and a second after that.
pub fn answer_bytes(
    request: &[u8],
    site: &Path,
    port: u16,
    live: Arc<Live>,
    patience: Duration,
) -> Option<Vec<u8>> {
    let runtime = runtime().ok()?;
    let shared = Arc::new(Shared {
        site: site.to_path_buf(),
        port,
        live,
        connections: AtomicUsize::new(0),
        streams: Arc::new(AtomicUsize::new(0)),
    });
    runtime.block_on(async {
        let (mut client, server) = tokio::io::duplex(MAX_HEAD * 4);
        tokio::spawn(async move { connection(server, None, &shared).await });
        let mut answer = Vec::new();
        client.write_all(request).await.ok()?;
        if timeout(patience, client.read_to_end(&mut answer))
            .await
            .is_err()
        {
            client.shutdown().await.ok()?;
            timeout(
                HEAD_TIMEOUT + Duration::from_secs(1),
                client.read_to_end(&mut answer),
            )
            .await
            .ok()?
            .ok()?;
        }
        Some(answer)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head_of(answer: Answer) -> String {
        let response = response(answer);
        let mut text = format!("{}", response.status().as_u16());
        for (name, value) in response.headers() {
            text.push_str(&format!(
                "|{}: {}",
                title_case(name),
                value.to_str().unwrap()
            ));
        }
        text
    }

    #[test]
    fn every_answer_closes_its_connection_and_is_never_cached() {
        let head = head_of(Answer::new(200, "image/svg+xml", b"<svg/>".to_vec()));
        assert_eq!(
            head,
            "200|Content-Type: image/svg+xml|Content-Length: 6|Cache-Control: no-store\
             |X-Content-Type-Options: nosniff|Connection: close"
        );
        let refused = String::from_utf8(head_bytes(&Answer::text(503, "busy\n"))).unwrap();
        assert!(
            refused.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
            "{refused}"
        );
        assert!(refused.contains("\r\nContent-Length: 5\r\n") && refused.ends_with("\r\n\r\n"));
    }

    #[test]
    fn a_location_cannot_break_the_head() {
        let mut moved = Answer::text(301, "");
        moved.location = Some("/figures/\r\nSet-Cookie: x=1/".into());
        let head = head_of(moved.clone());
        assert!(
            !head.contains("Set-Cookie") && !head.contains("Location"),
            "{head}"
        );
        moved.location = Some("/figures/".into());
        assert!(head_of(moved).contains("|Location: /figures/"));
    }

    fn checked(method: Method, target: &str, lines: &[(&str, String)], has_body: bool) -> u16 {
        let mut headers = HeaderMap::new();
        for (name, value) in lines {
            headers.append(
                HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_str(value).unwrap(),
            );
        }
        let authority = target
            .strip_prefix("http://")
            .map(|t| t.split('/').next().unwrap());
        let head = Head {
            method: &method,
            target,
            authority,
            headers: &headers,
            has_body,
        };
        check(&head, 4000).err().map_or(200, |answer| answer.status)
    }

    #[test]
    fn a_head_is_refused_for_its_first_fault() {
        let host = || ("Host", "127.0.0.1:4000".to_string());
        assert_eq!(checked(Method::GET, "/", &[host()], false), 200);
        assert_eq!(checked(Method::HEAD, "/a.html", &[host()], false), 200);
        let long = format!("/{}", "a".repeat(MAX_LINE));
        assert_eq!(checked(Method::GET, &long, &[host()], false), 414);
        let cookie = ("Cookie", "c".repeat(MAX_LINE));
        assert_eq!(checked(Method::GET, "/", &[host(), cookie], false), 431);
        assert_eq!(checked(Method::GET, "/", &[], false), 421);
        assert_eq!(checked(Method::GET, "/", &[host(), host()], false), 421);
        let evil = ("Host", "evil.example:4000".to_string());
        assert_eq!(checked(Method::GET, "/", &[evil], false), 421);
        assert_eq!(
            checked(Method::GET, "http://evil.example:4000/", &[host()], false),
            421
        );
        assert_eq!(
            checked(Method::GET, "http://127.0.0.1:4000/", &[host()], false),
            200
        );
        assert_eq!(checked(Method::GET, "/", &[host()], true), 413);
        assert_eq!(checked(Method::POST, "/", &[host()], true), 413);
        assert_eq!(checked(Method::POST, "/", &[host()], false), 405);
        assert_eq!(checked(Method::DELETE, "/", &[host()], false), 405);
    }

    #[test]
    fn only_this_server_s_names_are_answered() {
        assert!(host_allowed("127.0.0.1:4000", 4000));
        assert!(host_allowed("LOCALHOST:4000", 4000));
        assert!(!host_allowed("127.0.0.1:4001", 4000));
        assert!(!host_allowed("evil.example:4000", 4000));
        assert!(!host_allowed("127.0.0.1", 4000));
    }
}
