//! Text messages to phones: the codes that confirm a number (docs/trust.md). Through an
//! HTTP gateway when `SMS_URL` is set — BulkSMSBD's single-SMS call, which Bangladeshi
//! gateways commonly speak — otherwise each SMS is written to `<data-dir>/outbox/` as a
//! `.sms` file, like mails, so the marketplace works on one machine with nothing else.
//!
//! The gateway call is a form `POST` of `api_key`, `type=text`, `number` (`8801…`),
//! `senderid` and `message`; it answers JSON whose `response_code` is 202 when the SMS
//! was submitted and a 10xx code (with `error_message`) when it was refused.

use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;

/// How long the gateway may take to take an SMS.
const GATEWAY_TIMEOUT: Duration = Duration::from_secs(10);
/// The gateway's "SMS Submitted Successfully".
const SUBMITTED: i64 = 202;

/// Sends the marketplace's text messages.
pub struct Texter {
    route: Route,
}

enum Route {
    Gateway {
        url: String,
        api_key: String,
        sender_id: String,
        client: reqwest::Client,
    },
    Outbox(PathBuf),
}

impl std::fmt::Debug for Texter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Texter({})", self.kind())
    }
}

/// What the gateway answers.
#[derive(Debug, Deserialize)]
struct GatewayAnswer {
    response_code: i64,
    #[serde(default)]
    error_message: Option<String>,
}

impl Texter {
    /// The texter the configuration asks for: the gateway at `url` (which needs `api_key`
    /// and `sender_id`), else the outbox directory.
    pub fn new(
        url: Option<&str>,
        api_key: Option<&str>,
        sender_id: Option<&str>,
        outbox: PathBuf,
    ) -> Result<Texter, String> {
        let route = match url {
            None => Route::Outbox(outbox),
            Some(url) => {
                let (Some(api_key), Some(sender_id)) = (api_key, sender_id) else {
                    return Err(
                        "SMS_URL is set: SMS_API_KEY and SMS_SENDER_ID are needed too".into(),
                    );
                };
                if !(url.starts_with("https://") || url.starts_with("http://")) {
                    return Err(format!("SMS_URL {url:?} is not an http(s) address"));
                }
                let client = reqwest::Client::builder()
                    .timeout(GATEWAY_TIMEOUT)
                    .build()
                    .map_err(|e| format!("cannot set up the SMS gateway's client: {e}"))?;
                Route::Gateway {
                    url: url.to_owned(),
                    api_key: api_key.to_owned(),
                    sender_id: sender_id.to_owned(),
                    client,
                }
            }
        };
        Ok(Texter { route })
    }

    /// "gateway" or "outbox", for the start-up log.
    pub fn kind(&self) -> &'static str {
        match self.route {
            Route::Gateway { .. } => "gateway",
            Route::Outbox(_) => "outbox",
        }
    }

    /// Sends `text` to `number` (`+8801…`) now; Err says why it did not go, for the log.
    pub async fn send(&self, number: &str, text: &str) -> Result<(), String> {
        match &self.route {
            Route::Gateway {
                url,
                api_key,
                sender_id,
                client,
            } => {
                let international = number.trim_start_matches('+');
                let form = [
                    ("api_key", api_key.as_str()),
                    ("type", "text"),
                    ("number", international),
                    ("senderid", sender_id.as_str()),
                    ("message", text),
                ];
                let response = client
                    .post(url)
                    .form(&form)
                    .send()
                    .await
                    .map_err(|e| format!("the SMS gateway cannot be reached: {e}"))?;
                let status = response.status();
                let body = response
                    .bytes()
                    .await
                    .map_err(|e| format!("the SMS gateway's answer broke off: {e}"))?;
                let answer: GatewayAnswer = serde_json::from_slice(&body).map_err(|_| {
                    format!(
                        "the SMS gateway answered {status} with {:?}",
                        String::from_utf8_lossy(&body[..body.len().min(200)])
                    )
                })?;
                if answer.response_code != SUBMITTED {
                    return Err(format!(
                        "the SMS gateway refused the SMS: {} {}",
                        answer.response_code,
                        answer.error_message.unwrap_or_default()
                    ));
                }
                tracing::info!(to = %number, "SMS submitted to the gateway");
            }
            Route::Outbox(dir) => {
                let sms = format!("To: {number}\n\n{text}\n");
                let file = crate::files::write_to_outbox(dir, "sms", sms.as_bytes()).await?;
                // The file, not the text: a live code in a log is anyone's who reads it.
                tracing::info!(to = %number, file = %file.display(), "SMS written to the outbox");
            }
        }
        Ok(())
    }
}
