//! The command line and the one typed configuration read from it (every flag can also be
//! set through the environment variable README.md names). Nothing else reads the
//! environment.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// BikeHaat: a real-time marketplace for used motorcycles.
#[derive(Debug, Parser)]
#[command(name = "bikehaat", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Migrate the database, then serve the marketplace (API, live events, pages, images).
    Serve(Box<ServeArgs>),
    /// Apply pending database migrations and exit.
    Migrate(DatabaseArgs),
    /// Administrative tasks.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Make the user with this e-mail address an admin.
    Grant {
        /// The user's e-mail address.
        email: String,
        #[command(flatten)]
        database: DatabaseArgs,
    },
}

/// Where the marketplace keeps its records.
#[derive(Debug, Clone, Args)]
pub struct DatabaseArgs {
    /// Directory for the SQLite database, uploaded images and the generated JWT secret.
    #[arg(long, env = "BIKEHAAT_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// `postgres://…` for PostgreSQL; default: SQLite file `bikehaat.db` in the data dir.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
}

impl DatabaseArgs {
    /// The database URL in force: the configured one or the SQLite file in the data dir.
    pub fn url(&self) -> String {
        match &self.database_url {
            Some(url) if !url.trim().is_empty() => url.clone(),
            _ => format!("sqlite://{}", self.data_dir.join("bikehaat.db").display()),
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "BIKEHAAT_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// `redis://…` to fan live events out across processes; default: in-process.
    #[arg(long, env = "REDIS_URL")]
    pub redis_url: Option<String>,
    /// Comma-separated e-mails that get role admin once their owners have proven them.
    #[arg(long, env = "ADMIN_EMAILS", value_delimiter = ',', default_value = "")]
    pub admin_emails: Vec<String>,
    /// Secret for signing tokens; default: generated once and kept in the data dir.
    #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// The site's own origin, for WebSocket origin checks; default: the origin of the
    /// address each browser reached the server at (http://ADDR when opened directly).
    #[arg(long, env = "BIKEHAAT_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Do not fill a new, empty database with demo categories and listings.
    #[arg(long, env = "BIKEHAAT_NO_DEMO")]
    pub no_demo: bool,
    /// The built front end to serve.
    #[arg(long, env = "BIKEHAAT_FRONTEND_DIR", default_value = "frontend/dist")]
    pub frontend_dir: PathBuf,
    /// The server is behind a reverse proxy that appends the client's address to
    /// `X-Forwarded-For`: rate limits count that address instead of the proxy's.
    #[arg(long, env = "BIKEHAAT_TRUST_PROXY")]
    pub trust_proxy: bool,
    /// `smtp://user:password@host:587?tls=required` or `smtps://…:465`: send mail through
    /// this server; default: write each mail to `<data-dir>/outbox/` and log its file name.
    #[arg(long, env = "SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// Who mails come from, e.g. `BikeHaat <no-reply@bikehaat.com.bd>`; needed with SMTP_URL.
    #[arg(long, env = "MAIL_FROM")]
    pub mail_from: Option<String>,
    /// An HTTP SMS gateway speaking BulkSMSBD's single-SMS call
    /// (`https://bulksmsbd.net/api/smsapi`): sends the codes that confirm phones; default:
    /// write each SMS to `<data-dir>/outbox/` and log its file name.
    #[arg(long, env = "SMS_URL")]
    pub sms_url: Option<String>,
    /// The gateway's API key; needed with SMS_URL.
    #[arg(long, env = "SMS_API_KEY", hide_env_values = true)]
    pub sms_api_key: Option<String>,
    /// The sender id the gateway approved for the marketplace; needed with SMS_URL.
    #[arg(long, env = "SMS_SENDER_ID")]
    pub sms_sender_id: Option<String>,
    /// How many live listings a seller who is not verified needs before their new ones
    /// go live without an admin's review (docs/trust.md "Listings reviewed when it
    /// matters"); 0 trusts every seller from their first listing.
    #[arg(long, env = "FIRST_LISTINGS_REVIEWED", default_value_t = 2)]
    pub first_listings_reviewed: i64,
    /// Take payments with the built-in test mode (Stripe's test cards, no money) even on
    /// a public address; without Stripe keys it is used on loopback addresses only.
    #[arg(long, env = "BIKEHAAT_TEST_PAYMENTS")]
    pub test_payments: bool,
    /// Most client connections open at once, live sockets included; past it new ones
    /// are answered 503. Lowered to what the open-file limit leaves room for.
    #[arg(long, env = "BIKEHAAT_MAX_CONNECTIONS", default_value_t = crate::listen::DEFAULT_MAX_CONNECTIONS,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_connections: u32,
    /// Most connections (live sockets included) one client address holds at once;
    /// default: a quarter of --max-connections, at least 8. Behind --trust-proxy, live
    /// sockets are counted per the address the proxy reports.
    #[arg(long, env = "BIKEHAAT_MAX_CONNECTIONS_PER_CLIENT",
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_connections_per_client: Option<u32>,
    /// Seconds a client has to send a request's headers; an idle keep-alive connection
    /// is closed after it too, and a body gets it plus the time to arrive at 32 KiB/s.
    #[arg(long, env = "BIKEHAAT_REQUEST_TIMEOUT", default_value_t = crate::listen::DEFAULT_REQUEST_TIMEOUT_SECS,
          value_parser = clap::value_parser!(u64).range(1..=600))]
    pub request_timeout: u64,
    /// Photo uploads taken in at once (each holds its file and one decode: up to
    /// 74 MiB); the default suits two cores.
    #[arg(long, env = "BIKEHAAT_UPLOAD_SLOTS", default_value_t = crate::images::SLOTS,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub upload_slots: usize,
    /// Photo uploads that may wait for a slot; past them an upload is told to retry.
    #[arg(long, env = "BIKEHAAT_UPLOAD_QUEUE", default_value_t = crate::images::QUEUE)]
    pub upload_queue: usize,
    #[command(flatten)]
    pub stripe: StripeArgs,
    #[command(flatten)]
    pub bkash: BkashArgs,
    #[command(flatten)]
    pub firebase: FirebaseArgs,
}

impl ServeArgs {
    /// The origin `--public-url` names, without a trailing slash; None when unset.
    pub fn public_url_origin(&self) -> Option<String> {
        self.public_url
            .as_deref()
            .map(str::trim)
            .filter(|url| !url.is_empty())
            .map(|url| url.trim_end_matches('/').to_owned())
    }

    /// The SMTP server's URL, if one is configured.
    pub fn smtp_url(&self) -> Option<String> {
        non_blank(self.smtp_url.as_ref())
    }

    /// The SMS gateway's URL, if one is configured.
    pub fn sms_url(&self) -> Option<String> {
        non_blank(self.sms_url.as_ref())
    }

    /// The admin e-mails, trimmed and lower-cased, blanks dropped.
    pub fn admin_emails(&self) -> Vec<String> {
        self.admin_emails
            .iter()
            .map(|e| e.trim().to_lowercase())
            .filter(|e| !e.is_empty())
            .collect()
    }
}

/// Stripe, used for card payments when `STRIPE_SECRET_KEY` is set.
#[derive(Debug, Clone, Args)]
pub struct StripeArgs {
    #[arg(
        long = "stripe-secret-key",
        env = "STRIPE_SECRET_KEY",
        hide_env_values = true
    )]
    pub secret_key: Option<String>,
    #[arg(long = "stripe-publishable-key", env = "STRIPE_PUBLISHABLE_KEY")]
    pub publishable_key: Option<String>,
    #[arg(
        long = "stripe-webhook-secret",
        env = "STRIPE_WEBHOOK_SECRET",
        hide_env_values = true
    )]
    pub webhook_secret: Option<String>,
    /// Base URL of the Stripe API (a local Stripe-compatible server in tests).
    #[arg(
        long = "stripe-api-base",
        env = "STRIPE_API_BASE",
        default_value = "https://api.stripe.com"
    )]
    pub api_base: String,
    /// How long one call to Stripe may take, in milliseconds, before it is retried.
    #[arg(
        long = "stripe-timeout-ms",
        env = "STRIPE_TIMEOUT_MS",
        hide = true,
        default_value_t = 10_000
    )]
    pub timeout_ms: u64,
    /// How often the payments sweep runs, in milliseconds: it finishes claimed captures,
    /// releases the holds of ended deals and asks bKash about payments still open, for
    /// cards and bKash alike (its first name, kept as an alias, said Stripe only).
    #[arg(
        long = "payments-sweep-every-ms",
        alias = "stripe-capture-every-ms",
        env = "PAYMENTS_SWEEP_EVERY_MS",
        hide = true,
        default_value_t = 60_000
    )]
    pub capture_every_ms: u64,
}

/// bKash (Tokenized Checkout, authorisation intent), used for bKash holds when its four
/// credentials are set.
#[derive(Debug, Clone, Args)]
pub struct BkashArgs {
    #[arg(long = "bkash-app-key", env = "BKASH_APP_KEY", hide_env_values = true)]
    pub app_key: Option<String>,
    #[arg(
        long = "bkash-app-secret",
        env = "BKASH_APP_SECRET",
        hide_env_values = true
    )]
    pub app_secret: Option<String>,
    #[arg(long = "bkash-username", env = "BKASH_USERNAME")]
    pub username: Option<String>,
    #[arg(
        long = "bkash-password",
        env = "BKASH_PASSWORD",
        hide_env_values = true
    )]
    pub password: Option<String>,
    /// Base URL of bKash's tokenized API (its sandbox, or a local bKash-compatible
    /// server in tests: allowed only where test payments are).
    #[arg(
        id = "bkash_api_base",
        long = "bkash-api-base",
        env = "BKASH_API_BASE",
        default_value = "https://tokenized.pay.bka.sh/v1.2.0-beta"
    )]
    pub api_base: String,
    /// How long one call to bKash may take, in milliseconds, before it is retried.
    #[arg(
        id = "bkash_timeout_ms",
        long = "bkash-timeout-ms",
        env = "BKASH_TIMEOUT_MS",
        hide = true,
        default_value_t = 10_000
    )]
    pub timeout_ms: u64,
}

/// Firebase Authentication, used for sign-in when `FIREBASE_PROJECT_ID` is set.
#[derive(Debug, Clone, Args)]
pub struct FirebaseArgs {
    /// The Firebase project whose ID tokens sign people in (enables Google sign-in).
    #[arg(long = "firebase-project-id", env = "FIREBASE_PROJECT_ID")]
    pub project_id: Option<String>,
    /// The project's web API key, for the page's Firebase client.
    #[arg(long = "firebase-api-key", env = "FIREBASE_API_KEY")]
    pub api_key: Option<String>,
    /// The domain of the sign-in pop-up; default PROJECT_ID.firebaseapp.com.
    #[arg(long = "firebase-auth-domain", env = "FIREBASE_AUTH_DOMAIN")]
    pub auth_domain: Option<String>,
    /// `host:port` of the Firebase Auth emulator: its unsigned tokens are accepted.
    #[arg(
        long = "firebase-auth-emulator-host",
        env = "FIREBASE_AUTH_EMULATOR_HOST"
    )]
    pub auth_emulator_host: Option<String>,
    /// Where Google publishes the keys that sign Firebase ID tokens (a local server in tests).
    #[arg(
        long = "firebase-jwks-url",
        env = "FIREBASE_JWKS_URL",
        hide = true,
        default_value = "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"
    )]
    pub jwks_url: String,
}

fn non_blank(value: Option<&String>) -> Option<String> {
    value
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

impl FirebaseArgs {
    /// The Firebase project whose ID tokens sign people in, if one is configured.
    pub fn project_id(&self) -> Option<String> {
        non_blank(self.project_id.as_ref())
    }

    /// The web API key the page's Firebase client needs.
    pub fn api_key(&self) -> Option<String> {
        non_blank(self.api_key.as_ref())
    }

    /// The auth domain for the page's sign-in pop-up; Firebase's default for the project.
    pub fn auth_domain(&self, project_id: &str) -> String {
        non_blank(self.auth_domain.as_ref())
            .unwrap_or_else(|| format!("{project_id}.firebaseapp.com"))
    }

    /// The Auth emulator's `host:port`, if one is in use.
    pub fn emulator_host(&self) -> Option<String> {
        non_blank(self.auth_emulator_host.as_ref())
    }

    /// What the page needs to start Firebase's Google sign-in; None when Firebase is not
    /// configured, an error when it is only half configured.
    pub fn web(&self) -> Result<Option<FirebaseWeb>, String> {
        let Some(project_id) = self.project_id() else {
            return Ok(None);
        };
        let api_key = self.api_key().ok_or(
            "FIREBASE_PROJECT_ID is set but FIREBASE_API_KEY is not: \
             the page's Firebase client needs both",
        )?;
        Ok(Some(FirebaseWeb {
            auth_domain: self.auth_domain(&project_id),
            api_key,
            project_id,
            emulator_host: self.emulator_host(),
        }))
    }
}

/// Firebase's public web configuration (nothing in it is a secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirebaseWeb {
    pub api_key: String,
    pub auth_domain: String,
    pub project_id: String,
    pub emulator_host: Option<String>,
}
