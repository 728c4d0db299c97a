//! BikeHaat: a real-time marketplace for used motorcycles. `app` builds the whole HTTP
//! surface (API under `/api`, uploaded images, the built front end) over a [`Store`].

use std::path::PathBuf;
use std::sync::Arc;

pub mod auth;
pub mod bus;
pub mod cache;
pub mod config;
pub mod demo;
pub mod error;
pub mod events;
pub mod images;
pub mod limiter;
pub mod live;
pub mod payments;
pub mod routes;
pub mod server;
pub mod store;
pub mod validate;
pub mod views;

use auth::Tokens;
use store::Store;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub tokens: Arc<Tokens>,
    pub settings: Arc<Settings>,
    pub payments: Arc<payments::Provider>,
    pub cache: Arc<cache::ReadCache>,
    pub logins: Arc<limiter::LoginLimiter>,
    /// The live sockets of this process.
    pub live: Arc<live::Hub>,
    /// How this process hears of other processes' events.
    pub bus: Arc<bus::Bus>,
    /// Checks Firebase ID tokens when Firebase is configured.
    pub firebase: Option<Arc<auth::firebase::FirebaseAuth>>,
}

/// Settings handlers need, fixed at start-up.
#[derive(Debug, Clone)]
pub struct Settings {
    /// These e-mails become admins when created or on their next sign-in.
    pub admin_emails: Vec<String>,
    /// The site's own origin, e.g. `http://127.0.0.1:8080`.
    pub public_origin: String,
    /// Where uploaded images are stored and served from.
    pub uploads_dir: PathBuf,
    /// The built front end.
    pub frontend_dir: PathBuf,
    /// Which database engine is in use, for `/api/health`.
    pub database: &'static str,
    /// Firebase's web configuration when Google sign-in is offered, for `/api/config`.
    pub firebase: Option<config::FirebaseWeb>,
    /// Stripe's publishable key, for `/api/config` when Stripe takes the payments.
    pub stripe_publishable_key: Option<String>,
}

impl Settings {
    pub fn is_admin_email(&self, email: &str) -> bool {
        self.admin_emails.iter().any(|e| e == email)
    }
}

pub use server::app;
