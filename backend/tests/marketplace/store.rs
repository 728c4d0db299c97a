//! One backend-neutral suite for the `Store` trait, run against SQLite and PostgreSQL:
//! every method, the rules the database keeps (unique names, one sale per bike, cascades
//! on delete) and a race of ten buyers paying for one bike.

pub(crate) mod fixtures;

mod adverts;
mod bookings;
mod catalogue;
mod committed;
mod conversations;
mod deletion;
mod handover;
mod holds;
mod line;
mod meeting;
mod migrations;
mod notices;
mod offers;
mod payments;
mod phones;
mod races;
mod search_index;
mod users;
