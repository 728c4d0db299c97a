//! Every request carries an id: the `x-request-id` a proxy in front of us already set,
//! when it is a plain token, or a new random one. The response carries it back, and the
//! server's log line for a request that failed on our side names it, so a buyer's
//! "it failed at 10:42" and the log meet on one value.
//!
//! The id travels in a task-local, not in a tracing span: an info-level span per request
//! cost about a quarter of the category list's throughput (BENCHMARKS.md, "HTTP"),
//! while the task-local costs nothing measurable and is read only when something goes
//! wrong.

use std::fmt;

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, Method, Uri};
use axum::middleware::Next;
use axum::response::Response;
use rand::RngCore;

pub const HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// The longest incoming id we keep; anything longer is replaced, not truncated.
const MAX_LEN: usize = 64;

struct Tag {
    id: HeaderValue,
    method: Method,
    uri: Uri,
}

tokio::task_local! {
    static CURRENT: Tag;
}

/// Middleware (`axum::middleware::from_fn`): tags the request, runs it with its tag in
/// reach of [`Current`] and puts the id on the response.
pub async fn tag(request: Request, next: Next) -> Response {
    let id = request
        .headers()
        .get(&HEADER)
        .filter(|value| is_plain_token(value.as_bytes()))
        .cloned()
        .unwrap_or_else(fresh);
    let tag = Tag {
        id: id.clone(),
        method: request.method().clone(),
        uri: request.uri().clone(),
    };
    let mut response = CURRENT.scope(tag, next.run(request)).await;
    response.headers_mut().insert(HEADER, id);
    response
}

/// The request being handled, for a log line: `id METHOD /path`, or `-` outside one.
/// The query string is left out; it can hold what does not belong in logs.
pub struct Current;

impl fmt::Display for Current {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        CURRENT
            .try_with(|tag| {
                let id = String::from_utf8_lossy(tag.id.as_bytes());
                write!(f, "{id} {} {}", tag.method, tag.uri.path())
            })
            .unwrap_or_else(|_| f.write_str("-"))
    }
}

/// 16 hex digits from the thread's generator: no system call and one allocation, as
/// this runs on every request.
fn fresh() -> HeaderValue {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut bits = rand::thread_rng().next_u64();
    let mut id = [0u8; 16];
    for digit in id.iter_mut().rev() {
        *digit = HEX[(bits & 0xf) as usize];
        bits >>= 4;
    }
    HeaderValue::from_bytes(&id).expect("hex digits are a valid header value")
}

/// Letters, digits, `-`, `_` and `.`: what proxies generate, and nothing that could
/// forge a log line or smuggle markup into whatever reads the logs.
fn is_plain_token(id: &[u8]) -> bool {
    (1..=MAX_LEN).contains(&id.len())
        && id
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use axum::routing::get;
    use axum::Router;

    use super::*;
    use crate::error::AppError;

    #[test]
    fn only_plain_tokens_are_kept() {
        assert!(is_plain_token(b"5f2c1a9e-77b0-4c1e.edge_1"));
        assert!(!is_plain_token(b""));
        assert!(!is_plain_token(b"two words"));
        assert!(!is_plain_token(b"id\nforged log line"));
        assert!(!is_plain_token(&[b'a'; MAX_LEN + 1]));
        assert!(is_plain_token(&[b'a'; MAX_LEN]));
    }

    #[test]
    fn outside_a_request_there_is_nothing_to_name() {
        assert_eq!(Current.to_string(), "-");
    }

    /// A log sink the test can read back.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The server's log line for a failed request names the id the client was given.
    #[tokio::test(flavor = "current_thread")]
    async fn a_failure_is_logged_under_the_id_the_response_carries() {
        let captured = Captured::default();
        let sink = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || sink.clone())
            .with_ansi(false)
            .finish();
        // Thread-local, and a current-thread runtime runs the server on this thread.
        let _guard = tracing::subscriber::set_default(subscriber);

        let app = Router::new()
            .route(
                "/broken",
                get(|| async { AppError::Internal("disk on fire".into()) }),
            )
            .layer(axum::middleware::from_fn(tag));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });

        let client = reqwest::Client::new();
        let response = client
            .get(format!("http://{addr}/broken"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 500);
        let id = response.headers()[&HEADER].to_str().unwrap().to_owned();
        assert_eq!(id.len(), 16, "{id}");
        assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");

        let logs = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        let line = logs
            .lines()
            .find(|line| line.contains("request failed"))
            .unwrap_or_else(|| panic!("no failure logged:\n{logs}"));
        assert!(
            line.contains(&format!("request={id} GET /broken")),
            "{line}"
        );
        assert!(line.contains("disk on fire"), "{line}");

        // A proxy's own id is kept; a hostile one is replaced.
        for (sent, kept) in [("edge-42.a", true), ("forged\tline", false)] {
            let response = client
                .get(format!("http://{addr}/broken"))
                .header(&HEADER, sent)
                .send()
                .await
                .unwrap();
            assert_eq!(response.headers()[&HEADER] == sent, kept, "{sent}");
        }
    }
}
