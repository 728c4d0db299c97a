//! BikeHaat: a real-time marketplace for used motorcycles. `app` builds the whole HTTP
//! surface (API under `/api`, uploaded images, the built front end) over a [`Store`].

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub mod auth;
pub mod bus;
pub mod cache;
pub mod caution;
pub mod compression;
pub mod config;
pub mod demo;
pub mod denied;
pub mod docs;
pub mod error;
pub mod events;
pub mod field_code;
pub mod files;
pub mod images;
pub mod limiter;
pub mod listen;
pub mod listing;
pub mod live;
pub mod mail;
pub mod notice;
pub mod payments;
pub mod phone;
pub mod random;
pub mod records;
pub mod replay;
pub mod request_id;
pub mod review;
pub mod routes;
pub mod search_index;
pub mod security;
pub mod server;
pub mod sms;
pub mod store;
pub mod validate;
pub mod views;

use auth::Tokens;
use store::Store;

/// What every handler can reach: one pointer, so that handing it to each request and
/// extractor is a single count, not one per part.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> AppState {
        AppState(Arc::new(shared))
    }
}

impl AppState {
    /// Who holds deals' money: the card provider and bKash.
    pub fn holders(&self) -> payments::Holders<'_> {
        payments::Holders {
            card: &self.payments,
            bkash: self.bkash.as_deref(),
        }
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// The parts of [`AppState`].
pub struct Shared {
    pub store: Arc<dyn Store>,
    pub tokens: Arc<Tokens>,
    pub settings: Arc<Settings>,
    pub payments: Arc<payments::Provider>,
    /// bKash holds, when bKash is set up.
    pub bkash: Option<Arc<payments::bkash::Bkash>>,
    pub cache: Arc<cache::ReadCache>,
    /// What searches filter and sort on, in memory.
    pub search_index: Arc<search_index::SearchIndex>,
    /// Rate limits, shared by every process when Redis is configured.
    pub limits: Arc<limiter::Limiter>,
    /// Sends the mails that prove addresses and reset passwords.
    pub mailer: Arc<mail::Mailer>,
    /// Sends the SMS that carry codes to confirm phones.
    pub texter: Arc<sms::Texter>,
    /// Hashes those codes for the store to keep.
    pub code_key: Arc<phone::CodeKey>,
    /// The live sockets of this process.
    pub live: Arc<live::Hub>,
    /// Places for live sockets: all of them, and per client address.
    pub live_seats: Arc<listen::LiveSeats>,
    /// How this process hears of other processes' events.
    pub bus: Arc<bus::Bus>,
    /// Checks Firebase ID tokens when Firebase is configured.
    pub firebase: Option<Arc<auth::firebase::FirebaseAuth>>,
    /// The uploads this process takes in at once, and the queue for them.
    pub decode_slots: Arc<images::DecodeSlots>,
    /// Who has uploads in flight: per sender and per client address.
    pub uploads_in_flight: Arc<routes::UploadsInFlight>,
}

/// Settings handlers need, fixed at start-up.
#[derive(Debug, Clone)]
pub struct Settings {
    /// These e-mails become admins once their owners have proven them.
    pub admin_emails: Vec<String>,
    /// The site's own origin, for the live socket's origin check.
    pub public_origin: PublicOrigin,
    /// Where uploaded images are stored and served from.
    pub uploads_dir: PathBuf,
    /// Where the photos of sellers' IDs are kept: never served but to admins
    /// (docs/trust.md "Sellers verified with evidence").
    pub ids_dir: PathBuf,
    /// The built front end.
    pub frontend_dir: PathBuf,
    /// Which database engine is in use, for `/api/health`.
    pub database: &'static str,
    /// Firebase's web configuration when Google sign-in is offered, for `/api/config`.
    pub firebase: Option<config::FirebaseWeb>,
    /// Behind a reverse proxy: rate limits count the client address it saw.
    pub trust_proxy: bool,
    /// Stripe's publishable key, for `/api/config` when Stripe takes the payments.
    pub stripe_publishable_key: Option<String>,
    /// The browser policies every answer carries, fixed by what is configured.
    pub policies: Policies,
    /// How many connections this process serves and how long requests may take to arrive.
    pub connections: listen::ConnectionLimits,
    /// Live listings an unverified seller needs before new ones skip review.
    pub first_listings_reviewed: i64,
}

/// The security headers, made once at start-up (see [`security`]).
#[derive(Debug, Clone)]
pub struct Policies {
    /// `Content-Security-Policy` of the pages.
    pub page: axum::http::HeaderValue,
    /// `Cross-Origin-Opener-Policy`.
    pub opener: axum::http::HeaderValue,
    /// `Strict-Transport-Security`, when the public address is HTTPS.
    pub transport: Option<axum::http::HeaderValue>,
}

/// Where browsers reach the site: what a live socket's `Origin` must be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PublicOrigin {
    /// `--public-url` named it (e.g. `https://bikehaat.com.bd`): only that origin.
    Fixed(String),
    /// Nothing named it: the site is wherever the browser reached it. The origin is
    /// the page's own when its host is the `Host` the request was sent to, so
    /// `--addr 0.0.0.0:8080` works from `http://localhost:8080` and from a phone on the
    /// LAN alike, while another site's page is still refused.
    Served(SocketAddr),
}

impl PublicOrigin {
    /// Whether a handshake's `Origin`, sent to `host`, comes from this site's own pages.
    pub fn admits(&self, origin: &[u8], host: Option<&[u8]>) -> bool {
        match self {
            // Scheme and host are case-insensitive; browsers send them lower-cased.
            PublicOrigin::Fixed(own) => origin.eq_ignore_ascii_case(own.as_bytes()),
            PublicOrigin::Served(_) => {
                let Some(host) = host.filter(|host| !host.is_empty()) else {
                    return false;
                };
                [b"http://".as_slice(), b"https://"].iter().any(|scheme| {
                    origin.len() == scheme.len() + host.len()
                        && origin.starts_with(scheme)
                        && origin[scheme.len()..].eq_ignore_ascii_case(host)
                })
            }
        }
    }
}

impl std::fmt::Display for PublicOrigin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PublicOrigin::Fixed(origin) => f.write_str(origin),
            // Listening on every address: links in mails written to the outbox name this
            // machine (a server that mails people refuses to start without --public-url).
            PublicOrigin::Served(addr) if addr.ip().is_unspecified() => {
                write!(f, "http://localhost:{}", addr.port())
            }
            PublicOrigin::Served(addr) => write!(f, "http://{addr}"),
        }
    }
}

impl Settings {
    pub fn is_admin_email(&self, email: &str) -> bool {
        self.admin_emails.iter().any(|e| e == email)
    }
}

pub use server::app;

#[cfg(test)]
mod tests {
    use super::PublicOrigin;

    #[test]
    fn a_served_site_admits_pages_from_the_host_they_were_sent_to() {
        let served = PublicOrigin::Served("0.0.0.0:8080".parse().expect("address"));
        let host = Some(b"192.168.1.5:8080".as_slice());
        assert!(served.admits(b"http://192.168.1.5:8080", host));
        assert!(served.admits(b"https://192.168.1.5:8080", host));
        assert!(served.admits(b"http://Shop.Example:8080", Some(b"shop.example:8080")));
        assert!(!served.admits(b"http://evil.example", host));
        assert!(!served.admits(b"http://192.168.1.5:8080.evil.example", host));
        assert!(!served.admits(b"http://192.168.1.5", host));
        assert!(!served.admits(b"ftp://192.168.1.5:8080", host));
        assert!(!served.admits(b"http://", Some(b"")));
        assert!(!served.admits(b"http://192.168.1.5:8080", None));
    }

    #[test]
    fn a_public_url_admits_only_itself() {
        let fixed = PublicOrigin::Fixed("https://BikeHaat.example".into());
        assert!(fixed.admits(b"https://bikehaat.example", Some(b"127.0.0.1:8080")));
        assert!(!fixed.admits(b"https://bikehaat.example.evil", Some(b"127.0.0.1:8080")));
        assert!(!fixed.admits(b"http://127.0.0.1:8080", Some(b"127.0.0.1:8080")));
        assert_eq!(fixed.to_string(), "https://BikeHaat.example");
    }
}
