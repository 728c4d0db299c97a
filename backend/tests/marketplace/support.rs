//! Test harness: fresh databases (a SQLite file, and a new PostgreSQL database when one
//! is reachable), the real app served on port 0, and helpers to sign people up.

mod app;
pub mod bkash;
pub mod counter;
mod database;
mod described;
mod mail;
mod pg_server;
pub mod pictures;
mod process;
pub mod sms;
mod steps;
pub mod stripe;

pub use app::{answer, header, inserted, TestApp};
pub(crate) use database::past_the_store;
pub use database::{on_both, skip, Engine, TestDb};
pub use described::Described;
pub use mail::{link_token, mails_in, unquote, Mail};
pub use pg_server::PgServer;
pub use process::{free_port, redis_installed, start_redis, Process, ServerProcess};
pub use steps::{ask_to_be_verified, audit_actions, listing_body, Person};

/// A password that meets the password rules of docs/product.md.
pub const PASSWORD: &str = "Dhaka#2026";
/// Made admins through `--admin-emails` once they prove their address.
pub const ADMIN_EMAIL: &str = "admin@bikehaat.test";
