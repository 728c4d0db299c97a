//! Who may do what. The access matrix: every API route against every kind of caller
//! (anonymous, buyer, another buyer, seller, another seller, admin) with the exact status
//! each must get and what the call may or may not change; then the rules around it:
//! fields forged in request bodies are ignored, nobody raises their own role, tokens are
//! checked, `--admin-emails` makes admins, deleting a user takes what depends on them.

mod admin_emails;
mod deletion;
mod escalation;
mod forged_fields;
mod matrix;
mod tokens;

use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::support::{answer, TestApp};

const GET: Method = Method::GET;
const POST: Method = Method::POST;
const PUT: Method = Method::PUT;
const PATCH: Method = Method::PATCH;
const DELETE: Method = Method::DELETE;

const CARD_OK: &str = "4242 4242 4242 4242";

/// What a request carries.
#[derive(Debug, Clone)]
enum Body {
    Empty,
    Json(Value),
    /// A small real PNG as multipart field `image`.
    Image,
}

fn png() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(8, 6, image::Rgb([200, 30, 30]))
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("encode a PNG");
    out.into_inner()
}

/// Sends a request with an optional bearer token; answers the status and the JSON body.
async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: &Body,
) -> (StatusCode, Value) {
    let request = app.request(method, path, token);
    answer(match body {
        Body::Empty => request,
        Body::Json(value) => request.json(value),
        Body::Image => {
            let part = reqwest::multipart::Part::bytes(png())
                .file_name("bike.png")
                .mime_str("image/png")
                .expect("mime type");
            request.multipart(reqwest::multipart::Form::new().part("image", part))
        }
    })
    .await
}

fn id_of(text: &str) -> i64 {
    text.parse()
        .unwrap_or_else(|_| panic!("{text:?} is not an id"))
}

/// What is wrong with a 401/403 answer's body, if anything: it must be exactly
/// `{"error": "unauthorized"|"forbidden", "message": "<a sentence>"}`.
fn error_shape_problem(status: StatusCode, body: &Value) -> Option<String> {
    let code = match status {
        StatusCode::UNAUTHORIZED => "unauthorized",
        StatusCode::FORBIDDEN => "forbidden",
        _ => return None,
    };
    let fine = body["error"] == code
        && body["message"]
            .as_str()
            .is_some_and(|m| !m.trim().is_empty())
        && body.as_object().is_some_and(|o| {
            o.keys()
                .all(|k| k == "error" || k == "message" || k == "reason")
        })
        && body.get("reason").is_none_or(|reason| {
            reason.as_str().is_some_and(|r| {
                !r.is_empty() && r.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            })
        });
    (!fine).then(|| {
        format!(
            "a {status} answer is not {{\"error\": \"{code}\", \"message\": …, \"reason\"?: \"a_code\"}}: {body}"
        )
    })
}

#[track_caller]
fn assert_refused(what: &str, expected: StatusCode, (status, body): (StatusCode, Value)) {
    assert_eq!(status, expected, "{what}: {body}");
    if let Some(problem) = error_shape_problem(status, &body) {
        panic!("{what}: {problem}");
    }
}

/// Items of a JSON array answer whose `key` equals `value`.
fn with<'a>(list: &'a Value, key: &str, value: &str) -> Vec<&'a Value> {
    list.as_array()
        .unwrap_or_else(|| panic!("expected a list, got {list}"))
        .iter()
        .filter(|item| item[key] == value)
        .collect()
}
