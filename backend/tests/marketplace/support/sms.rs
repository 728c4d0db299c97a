//! Text messages: reading those the app wrote to its outbox (`<data-dir>/outbox/*.sms`),
//! and a local gateway that answers as BulkSMSBD's single-SMS call documents (a form
//! `POST` of `api_key`, `type`, `number`, `senderid`, `message`; JSON `response_code`
//! 202 when submitted, 10xx with `error_message` when refused).

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use axum::extract::{Query, State};
use axum::routing::post;
use axum::Json;
use serde_json::{json, Value};

/// The texts of every SMS in `dir`'s outbox to `number` (`+8801…`), oldest first.
pub fn texts_in(dir: &Path, number: &str) -> Vec<String> {
    super::mail::outbox_files(dir, "sms")
        .into_iter()
        .filter_map(|path| {
            let raw = std::fs::read_to_string(&path).ok()?;
            let (head, text) = raw.split_once("\n\n")?;
            (head == format!("To: {number}")).then(|| text.trim_end().to_owned())
        })
        .collect()
}

/// The code in the last SMS to `number`: the six digits it starts with.
pub fn last_code(dir: &Path, number: &str) -> String {
    let texts = texts_in(dir, number);
    let text = texts.last().unwrap_or_else(|| panic!("no SMS to {number}"));
    let code: String = text.chars().take(6).collect();
    assert!(
        code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()),
        "the SMS starts with its code: {text:?}"
    );
    code
}

/// A local SMS gateway: what it received, and the `response_code` it answers next.
#[derive(Clone)]
pub struct Gateway {
    pub url: String,
    pub received: Arc<Mutex<Vec<HashMap<String, String>>>>,
    answer: Arc<Mutex<i64>>,
}

impl Gateway {
    /// Starts one on a free port, answering 202 until told otherwise.
    pub async fn start() -> Gateway {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!(
            "http://{}/api/smsapi",
            listener.local_addr().expect("address")
        );
        let gateway = Gateway {
            url,
            received: Arc::default(),
            answer: Arc::new(Mutex::new(202)),
        };
        let app = axum::Router::new()
            .route("/api/smsapi", post(submit))
            .with_state(gateway.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        gateway
    }

    /// The gateway answers `code` from now on (1007: "Balance Insufficient").
    pub fn answer_with(&self, code: i64) {
        *self.answer.lock().expect("answer") = code;
    }
}

async fn submit(State(gateway): State<Gateway>, body: String) -> Json<Value> {
    // The form, read as a query string is (the same encoding).
    let uri: axum::http::Uri = format!("/?{body}").parse().expect("a form body");
    let Query(form) = Query::<HashMap<String, String>>::try_from_uri(&uri).expect("a form");
    gateway.received.lock().expect("received").push(form);
    let code = *gateway.answer.lock().expect("answer");
    Json(if code == 202 {
        json!({"response_code": 202, "message_id": 59432678,
               "success_message": "SMS Submitted Successfully", "error_message": ""})
    } else {
        json!({"response_code": code, "success_message": "", "error_message": "Balance Insufficient"})
    })
}
