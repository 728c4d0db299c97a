//! Reading the mails the app wrote to its outbox (`<data-dir>/outbox/*.eml`), as a
//! person would read their inbox.

use std::path::Path;
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::json;

use super::TestApp;

/// A mail as sent: its raw text with quoted-printable undone.
#[derive(Debug, Clone)]
pub struct Mail {
    pub text: String,
}

impl Mail {
    /// The token of the first `kind` link ("verify-email" or "reset-password") it holds.
    pub fn token(&self, kind: &str) -> Option<String> {
        link_token(&self.text, kind)
    }

    /// The value of a header, e.g. "Subject".
    pub fn header(&self, name: &str) -> Option<String> {
        let prefix = format!("{name}: ");
        self.text
            .lines()
            .take_while(|line| !line.is_empty())
            .find_map(|line| line.strip_prefix(&prefix))
            .map(str::to_owned)
    }
}

/// The token of the first `kind` link in a mail's text.
pub fn link_token(text: &str, kind: &str) -> Option<String> {
    let marker = format!("/{kind}?token=");
    let start = text.find(&marker)? + marker.len();
    let token: String = text[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    Some(token)
}

/// Undoes quoted-printable: soft line breaks and `=XX` escapes.
pub fn unquote(raw: &str) -> String {
    let joined = raw.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'=' && i + 2 < bytes.len())
            .then(|| std::str::from_utf8(&bytes[i + 1..i + 3]).ok())
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `raw` with each part's body decoded as a mail client shows it: quoted-printable
/// undone, base64 written out (a body mostly of Bangla letters goes as base64).
pub fn decode_parts(raw: &str) -> String {
    use base64::Engine as _;
    let mut out = String::with_capacity(raw.len());
    let mut lines = raw.lines().peekable();
    while let Some(line) = lines.next() {
        out.push_str(line);
        out.push('\n');
        let Some(encoding) = line
            .strip_prefix("Content-Transfer-Encoding: ")
            .map(str::to_ascii_lowercase)
        else {
            continue;
        };
        // The part's other headers, then a blank line, then the body up to its boundary.
        for header in lines.by_ref() {
            out.push_str(header);
            out.push('\n');
            if header.trim().is_empty() {
                break;
            }
        }
        let mut body = Vec::new();
        while let Some(next) = lines.peek() {
            if next.starts_with("--") {
                break;
            }
            body.push(*next);
            lines.next();
        }
        let decoded = match encoding.as_str() {
            "base64" => {
                let joined: String = body.iter().map(|line| line.trim()).collect();
                match base64::engine::general_purpose::STANDARD.decode(joined.as_bytes()) {
                    Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                    Err(_) => joined,
                }
            }
            "quoted-printable" => unquote(&body.join("\n")),
            _ => body.join("\n"),
        };
        out.push_str(&decoded);
        out.push('\n');
    }
    out
}

/// The files of one kind (`eml`, `sms`) in `dir`'s outbox, oldest first (their names
/// start with the time they were written).
pub fn outbox_files(dir: &Path, extension: &str) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir.join("outbox")) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == extension))
        .collect();
    files.sort();
    files
}

/// Every mail in `dir`'s outbox to `to`, oldest first.
pub fn mails_in(dir: &Path, to: &str) -> Vec<Mail> {
    outbox_files(dir, "eml")
        .into_iter()
        .filter_map(|path| {
            let raw = std::fs::read_to_string(&path).ok()?;
            let mail = Mail {
                text: decode_parts(&raw),
            };
            mail.header("To")
                .is_some_and(|header| header.contains(to))
                .then_some(mail)
        })
        .collect()
}

impl TestApp {
    /// The mails to `to` so far.
    pub fn mails_to(&self, to: &str) -> Vec<Mail> {
        mails_in(&self.db().dir, to)
    }

    /// The newest `kind` link mailed to `to`, waiting for it (mail goes out in the
    /// background) at most five seconds.
    pub async fn mailed_token(&self, to: &str, kind: &str) -> String {
        self.mailed_token_after(to, kind, 0).await
    }

    /// Like [`mailed_token`], once more than `seen` mails with such links reached `to`.
    pub async fn mailed_token_after(&self, to: &str, kind: &str, seen: usize) -> String {
        for _ in 0..100 {
            let tokens: Vec<String> = self
                .mails_to(to)
                .iter()
                .filter_map(|mail| mail.token(kind))
                .collect();
            if tokens.len() > seen {
                return tokens.last().cloned().unwrap_or_default();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no {kind} mail reached {to} within 5 s");
    }

    /// Opens the verification link mailed to `email`.
    pub async fn verify_email(&self, email: &str) {
        let token = self.mailed_token(email, "verify-email").await;
        let (status, body) = self
            .call(
                Method::POST,
                "/api/auth/verify-email",
                None,
                json!({"token": token, "password": super::PASSWORD}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "verifying {email}: {body}");
    }
}
