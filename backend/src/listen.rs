//! Serving connections to the public: the accept loop and the limits that keep slow or
//! numerous clients from wearing the server out (docs/operations.md, 'Connections').
//!
//! - At most `max_connections` connections are open at once, live sockets included;
//!   past it a new connection is answered `503` with `Retry-After` and closed, so the
//!   process never runs out of file descriptors for its database and files.
//! - A request's headers must arrive within `request_timeout`, and an idle keep-alive
//!   connection is closed after it (hyper's header timer runs while a connection waits
//!   for its next request).
//! - A request's body may be at most its route's limit: a larger declared length is
//!   answered `413` before a byte of it is read. It must arrive within `request_timeout`
//!   plus the time its length (declared, or the route's limit) takes at
//!   [`MIN_BODY_BYTES_PER_SEC`], and may never pause for a whole `request_timeout`;
//!   past either the request is answered `408` and the connection closed.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch, OwnedSemaphorePermit, Semaphore};

mod places;

pub use places::{ClientPlace, LiveSeat, LiveSeats, PerClient};

/// Connections open at once unless configured otherwise: well below the usual 20,000
/// open-file limit, with room left for the database, Redis and files.
pub const DEFAULT_MAX_CONNECTIONS: u32 = 16_000;

/// Seconds for a request's headers (and an idle keep-alive) unless configured otherwise:
/// a phone on a poor connection sends a request's headers (under 2 KB) in far less.
pub const DEFAULT_REQUEST_TIMEOUT_SECS: u64 = 15;

/// The slowest average rate a request body may arrive at, on top of the request timeout:
/// a 10 MB photo gets five more minutes, a JSON body of 256 KB eight more seconds.
pub const MIN_BODY_BYTES_PER_SEC: u64 = 32 * 1024;

/// File descriptors kept back from client connections: database and Redis connections,
/// uploads being written, the listening socket, logs. A quarter of the limit when that
/// is less.
const RESERVED_FILES: u64 = 512;

/// Request heads larger than this are answered `431`.
const MAX_HEAD_BYTES: usize = 32 * 1024;

/// How long a stopping server waits for requests in progress before it exits.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// Refusals being written at once; past this a connection over the cap is just closed.
const MAX_REFUSALS_IN_FLIGHT: usize = 256;

/// What a connection over the cap is told before it is closed.
static REFUSAL: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let body = serde_json::json!({
        "error": "service_unavailable",
        "message": "The marketplace is too busy right now. Please try again in a few seconds.",
    })
    .to_string();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         retry-after: 5\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
});

/// How many connections one process serves and how long clients get to send requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    pub max_connections: usize,
    /// Connections (live sockets included) one client address may hold at once.
    pub per_client: usize,
    /// Whether connections are counted per peer address: not behind a trusted proxy,
    /// whose own address every connection would share (live sockets are then counted
    /// per the address the proxy reports).
    pub per_peer: bool,
    pub request_timeout: Duration,
}

impl ConnectionLimits {
    /// The configured limits, the connection cap lowered (with a warning) to what the
    /// process's open-file limit leaves room for. Raises the soft open-file limit to the
    /// hard one first, as servers do.
    pub fn fit(
        max_connections: usize,
        per_client: Option<usize>,
        request_timeout: Duration,
        trust_proxy: bool,
    ) -> Self {
        let max_connections = match raise_open_file_limit() {
            Some(files) => {
                let reserved = RESERVED_FILES.min(files / 4);
                let room = usize::try_from(files.saturating_sub(reserved))
                    .unwrap_or(usize::MAX)
                    .max(1);
                if room < max_connections {
                    tracing::warn!(
                        configured = max_connections,
                        open_file_limit = files,
                        serving = room,
                        "the open-file limit leaves room for fewer connections than \
                         configured; raise `ulimit -n` to serve more"
                    );
                }
                max_connections.min(room)
            }
            None => max_connections,
        };
        Self {
            max_connections,
            // By default a quarter of the cap (at least 8): plenty for a carrier's or an
            // office's many people behind one address, while one address cannot take all.
            per_client: per_client.unwrap_or((max_connections / 4).max(8)),
            per_peer: !trust_proxy,
            request_timeout,
        }
    }

    /// How many live sockets may be open at once: all places but a tenth (at least
    /// one), kept for plain requests, so pages that hold sockets never lock out a
    /// request.
    pub fn live_sockets(&self) -> usize {
        let kept = (self.max_connections / 10).max(1);
        self.max_connections.saturating_sub(kept).max(1)
    }
}

/// Raises the soft open-file limit to the hard limit; returns the limit now in force.
fn raise_open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit only read and write the struct passed in.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return None;
            }
            if limit.rlim_cur < limit.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: limit.rlim_max,
                    rlim_max: limit.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    limit = raised;
                }
            }
        }
        Some(limit.rlim_cur)
    }
    #[cfg(not(unix))]
    None
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes, then lets the
/// requests in progress finish (for at most ten seconds). Each request carries its
/// peer's address as `ConnectInfo<SocketAddr>`.
pub async fn run(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let per_peer = limits.per_peer.then(|| PerClient::new(limits.per_client));
    let refusals = Arc::new(Semaphore::new(MAX_REFUSALS_IN_FLIGHT));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.request_timeout)
        .max_header_size(MAX_HEAD_BYTES)
        .keep_alive(true);
    let http = Arc::new(http);
    // Every connection task holds a sender; once all are dropped, all have finished.
    let (finished, mut all_finished) = mpsc::channel::<()>(1);
    let (stop, stopping) = watch::channel(false);

    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    pause_after_accept_error(&err).await;
                    continue;
                }
            },
        };
        let client = match &per_peer {
            Some(per_peer) => match per_peer.take(crate::auth::client_ip::key(peer.ip())) {
                Some(place) => Some(place),
                None => {
                    refuse(stream, &refusals);
                    continue;
                }
            },
            None => None,
        };
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            refuse(stream, &refusals);
            continue;
        };
        // Live events are small frames that must leave at once.
        let _ = stream.set_nodelay(true);
        let place = Place {
            _slot: slot,
            _client: client,
        };
        let io = TokioIo::new(Held { io: stream, place });
        let router = app.clone();
        let service = hyper::service::service_fn(
            move |mut request: hyper::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                tower_service::Service::call(&mut router.clone(), request)
            },
        );
        let http = Arc::clone(&http);
        let finished = finished.clone();
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let connection = http.serve_connection(io, service).with_upgrades();
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stopping.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(finished);
        });
    }

    drop(listener);
    let _ = stop.send(true);
    drop(finished);
    if tokio::time::timeout(SHUTDOWN_GRACE, all_finished.recv())
        .await
        .is_err()
    {
        tracing::warn!("stopping with requests still in progress");
    }
}

/// Accept fails when the process is out of file descriptors (or a client gave up
/// before it was accepted); waiting a moment lets connections close rather than
/// spinning on the error.
async fn pause_after_accept_error(err: &io::Error) {
    if matches!(
        err.kind(),
        io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
    ) {
        return;
    }
    tracing::error!(%err, "cannot accept a connection");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// Tells a connection over the cap to come back later, then closes it. The answer waits
/// for the client's request to begin (half a second at most): an answer that arrives
/// before the request was sent is unsolicited to an HTTP client, which reports an error
/// instead of the 503. Reading what the client sent before closing lets the answer
/// reach it rather than a reset.
fn refuse(mut stream: TcpStream, refusals: &Arc<Semaphore>) {
    let Ok(refusal) = Arc::clone(refusals).try_acquire_owned() else {
        return;
    };
    tokio::spawn(async move {
        let _ = tokio::time::timeout(Duration::from_millis(1500), async {
            let mut sink = [0u8; 1024];
            let asked = stream.read(&mut sink);
            if let Ok(Ok(0) | Err(_)) =
                tokio::time::timeout(Duration::from_millis(500), asked).await
            {
                return Ok(()); // gone without asking
            }
            stream.write_all(&REFUSAL).await?;
            stream.shutdown().await?;
            while stream.read(&mut sink).await? > 0 {}
            io::Result::Ok(())
        })
        .await;
        drop(refusal);
    });
}

/// A client's connection holding its place under the cap for as long as it is open,
/// through an upgrade to a live socket too (which takes it apart: the live hub writes
/// to the stream itself).
pub(crate) struct Held {
    io: TcpStream,
    place: Place,
}

/// A connection's place under the cap, and its client address's, kept while it is open.
pub(crate) struct Place {
    _slot: OwnedSemaphorePermit,
    _client: Option<places::ClientPlace>,
}

impl Held {
    /// The stream, and the place under the cap to keep while it is open.
    pub(crate) fn into_parts(self) -> (TcpStream, Place) {
        (self.io, self.place)
    }
}

impl AsyncRead for Held {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl AsyncWrite for Held {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// How request bodies are timed: the connection limits, and the largest body each
/// path takes (its route's limit).
#[derive(Debug, Clone, Copy)]
pub struct BodyTiming {
    pub limits: ConnectionLimits,
    pub max_body: fn(&str) -> usize,
}

/// Middleware: a body declared larger than its route takes is answered `413` at once,
/// unread. Otherwise it must arrive within the request timeout plus the time its length
/// (declared, or the route's limit when it declares none) takes at
/// [`MIN_BODY_BYTES_PER_SEC`], and must not pause for a whole request timeout. A body
/// that does either is answered `408` and its connection closed. The deadline follows
/// from the route's limit, never from what the client declares.
pub async fn limit_body_time(
    State(timing): State<BodyTiming>,
    request: Request,
    next: Next,
) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let has_body = declared.is_some_and(|n| n > 0)
        || request.headers().contains_key(header::TRANSFER_ENCODING);
    if !has_body {
        return next.run(request).await;
    }
    let most = (timing.max_body)(request.uri().path()) as u64;
    if declared.is_some_and(|n| n > most) {
        return too_large();
    }
    let length = declared.unwrap_or(most);
    let timeout = timing.limits.request_timeout;
    let allowed = timeout + Duration::from_secs(length / MIN_BODY_BYTES_PER_SEC);
    let expired = Arc::new(AtomicBool::new(false));
    let request = request.map(|body| {
        Body::new(Deadline {
            body,
            deadline: Box::pin(tokio::time::sleep(allowed)),
            pause: timeout,
            paused: Box::pin(tokio::time::sleep(timeout)),
            waiting: false,
            expired: Arc::clone(&expired),
        })
    });
    let response = next.run(request).await;
    if expired.load(Ordering::Acquire) {
        return too_slow();
    }
    response
}

/// The `413` for a body declared larger than its route takes; the connection closes,
/// since the body is never read.
fn too_large() -> Response {
    let mut response =
        crate::error::AppError::PayloadTooLarge("The request body is too large.".into())
            .into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

fn too_slow() -> Response {
    let mut response = crate::error::AppError::RequestTimeout(
        "The request took too long to arrive. Please check your connection and try again.".into(),
    )
    .into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// A request body that fails once its deadline passes, or once the server has waited
/// `pause` for its next bytes (time the handler spends elsewhere does not count).
struct Deadline {
    body: Body,
    deadline: Pin<Box<tokio::time::Sleep>>,
    pause: Duration,
    paused: Pin<Box<tokio::time::Sleep>>,
    /// Whether `paused` runs: from the first poll that found nothing to read.
    waiting: bool,
    expired: Arc<AtomicBool>,
}

impl http_body::Body for Deadline {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, axum::Error>>> {
        if let Poll::Ready(frame) = Pin::new(&mut self.body).poll_frame(cx) {
            self.waiting = false;
            return Poll::Ready(frame);
        }
        if !self.waiting {
            self.waiting = true;
            let until = tokio::time::Instant::now() + self.pause;
            self.paused.as_mut().reset(until);
        }
        if self.deadline.as_mut().poll(cx).is_ready() || self.paused.as_mut().poll(cx).is_ready() {
            self.expired.store(true, Ordering::Release);
            return Poll::Ready(Some(Err(axum::Error::new(
                "the request body took too long",
            ))));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}
