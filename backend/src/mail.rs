//! Mail to people: the link that proves an address is theirs and the link that sets a
//! new password. Through SMTP when `SMTP_URL` and `MAIL_FROM` are set; otherwise each
//! mail is written to `<data-dir>/outbox/` as an `.eml` file and its file name is logged, so
//! the marketplace works on one machine with nothing else installed.

use std::path::PathBuf;
use std::sync::Arc;

use lettre::message::{header::ContentType, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

pub mod letters;

pub use letters::Letter;

/// Who mails come from when `MAIL_FROM` is not set (outbox only).
const DEFAULT_FROM: &str = "BikeHaat <no-reply@bikehaat.localhost>";

/// Sends the marketplace's mail.
pub struct Mailer {
    from: Mailbox,
    route: Route,
}

enum Route {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self.route {
            Route::Smtp(_) => "Mailer(smtp)",
            Route::Outbox(_) => "Mailer(outbox)",
        })
    }
}

impl Mailer {
    /// The mailer the configuration asks for: SMTP when `smtp_url` is set (which needs
    /// `from`), else the outbox directory.
    pub fn new(
        smtp_url: Option<&str>,
        from: Option<&str>,
        outbox: PathBuf,
    ) -> Result<Mailer, String> {
        let from_text = from.unwrap_or(DEFAULT_FROM);
        let from: Mailbox = from_text
            .parse()
            .map_err(|e| format!("MAIL_FROM {from_text:?} is not a mail address: {e}"))?;
        let route = match smtp_url {
            Some(url) => {
                if from_text == DEFAULT_FROM {
                    return Err(
                        "SMTP_URL is set but MAIL_FROM is not: say which address mail comes from"
                            .into(),
                    );
                }
                let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| format!("SMTP_URL is not usable: {e}"))?
                    .build();
                Route::Smtp(transport)
            }
            None => Route::Outbox(outbox),
        };
        Ok(Mailer { from, route })
    }

    /// "smtp" or "outbox", for the start-up log.
    pub fn kind(&self) -> &'static str {
        match self.route {
            Route::Smtp(_) => "smtp",
            Route::Outbox(_) => "outbox",
        }
    }

    /// Sends a letter now.
    pub async fn send(&self, letter: &Letter) -> Result<(), String> {
        let to: Mailbox = letter
            .to
            .parse()
            .map_err(|e| format!("cannot mail {:?}: {e}", letter.to))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(&letter.subject)
            .multipart(
                MultiPart::alternative()
                    .singlepart(
                        SinglePart::builder()
                            .header(ContentType::TEXT_PLAIN)
                            .body(letter.text.clone()),
                    )
                    .singlepart(
                        SinglePart::builder()
                            .header(ContentType::TEXT_HTML)
                            .body(letter.html.clone()),
                    ),
            )
            .map_err(|e| format!("cannot build the mail: {e}"))?;
        match &self.route {
            Route::Smtp(transport) => {
                transport
                    .send(message)
                    .await
                    .map_err(|e| format!("the mail server refused the mail: {e}"))?;
            }
            Route::Outbox(dir) => {
                let file = crate::files::write_to_outbox(dir, "eml", &message.formatted()).await?;
                // The file, not the link: a live sign-in link in a log is anyone's who
                // reads the log. The file is its owner's alone.
                tracing::info!(to = %letter.to, file = %file.display(), "mail written to the outbox");
            }
        }
        Ok(())
    }

    /// Sends a letter in the background: the request that caused it answers at once (and
    /// in the same time whether or not a mail goes out). Failures are logged.
    pub fn deliver(self: &Arc<Self>, letter: Letter) {
        let mailer = self.clone();
        tokio::spawn(async move {
            if let Err(problem) = mailer.send(&letter).await {
                tracing::error!(to = %letter.to, %problem, "a mail could not be sent");
            }
        });
    }
}
