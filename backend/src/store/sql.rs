//! The SQL both stores share, compiled once inside `postgres.rs` and once inside
//! `sqlite.rs` (a `#[path]` module of each), where the parent has defined `Db` (the sqlx
//! database), `This` (the store type, with `reader` and `writer` pools and the `writes`
//! signal), `MIGRATOR` and the few functions whose SQL differs (`lock_buyer`,
//! `lock_conversation`, `refresh_statistics`, `index_search_text`, `push_text_match`). Both dialects accept
//! this SQL as written: `$N` placeholders, `RETURNING`, partial unique indexes,
//! `TRUE`/`FALSE`; times are bound from Rust. The trait implementations live in
//! `sql/*.rs`, one module per part of [`Store`](crate::store::Store).

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{
    index_search_text, lock_buyer, lock_conversation, push_text_match, refresh_statistics, Db,
    This, MIGRATOR,
};
use crate::events::{Audience, BookingRef, Event, EventRecord, ListingRef, NewEvent};
use crate::notice::Notice;
use crate::records::{
    Advert, AuditAction, AuditEntry, AuditFilter, BikeFacts, Booking, BookingStatus, Category,
    CodeTried, FacetsOf, Identity, Language, LinkProof, Listing, ListingDecision, ListingEdit,
    ListingFacets, ListingReview, ListingSearch, ListingSort, ListingState, MailPurpose,
    NewBooking, NewListing, NewPayment, NewPhoneCode, NewUser, Notification, OpenReport, Payable,
    PaymentRecorded, ReportReason, ReportedListing, Review, ReviewFlag, Role, SellerRating, Step,
    TestPaymentIntent, User, VerificationDecided, VerificationDecision, VerificationPhotos,
    VerificationRequest, LOCAL_SUBJECT_PREFIX,
};
use crate::store::{
    why_not_payable, Accounts, Bookings, Catalogue, Conversations, EventLog, Maintenance, Missing,
    Notices, Offers, Payments, Refused, Replay, Replays, StoreError as Error, Wishlists, Written,
};

/// The columns of [`Listing`]: the listing, its seller's public face, and its flags.
macro_rules! listing_select {
    () => {
        "SELECT p.id, p.category_id, p.seller_id, p.name, p.image, p.condition, p.color, \
         p.description, p.location, p.original_price, p.resale_price, p.purchase_year, \
         p.years_of_use, p.seller_phone, p.sold, p.posted_at, u.name AS seller_name, u.email AS \
         seller_email, u.verified AS seller_verified, u.created_at AS seller_since, EXISTS (SELECT \
         1 FROM reports r WHERE r.product_id = p.id AND r.state = 'open') AS reported, EXISTS (SELECT 1 FROM adverts ad \
         WHERE ad.product_id = p.id) AS advertised, EXISTS (SELECT 1 FROM orders h WHERE \
         h.product_id = p.id AND h.status IN ('reserved', 'cash')) AS reserved, u.phone AS \
         seller_confirmed_phone, p.state, p.state_reason, (SELECT COUNT(*) FROM reviews rv \
         WHERE rv.seller_id = p.seller_id) AS seller_reviews, (SELECT COALESCE(SUM(rv.stars), 0) \
         FROM reviews rv WHERE rv.seller_id = p.seller_id) AS seller_stars, p.brand, p.model, \
         p.engine_cc, p.km_driven, p.registration_year, p.district, p.area, p.photos, \
         p.takes_cash, p.takes_card, p.takes_bkash, p.deposit_amount, p.deposit_percent, \
         p.negotiable, p.phone_in_conversation, p.on_whatsapp "
    };
}

/// The columns of [`Booking`]: the booking, its buyer, then the listing as in
/// `listing_select`. A waiting booking's place counts the waiting ones up to it.
/// The statuses of a booking that still waits for or holds its bike, as an SQL list:
/// what counts towards a buyer's open bookings, and who hears of the bike's fate.
macro_rules! open_statuses {
    () => {
        "('waiting', 'reserved', 'cash')"
    };
}

/// The price a new booking is made at, in the booking's `INSERT … SELECT … FROM
/// products` whose last parameter (`$8`) is the buyer's accepted offer (`i64::MAX` for
/// none): the lower of the two.
macro_rules! price_for {
    () => {
        "(CASE WHEN $8 < resale_price THEN $8 ELSE resale_price END)"
    };
}

/// The deposit a new booking keeps (paisa), read from its listing in the booking's
/// `INSERT … SELECT … FROM products`: the fixed amount while it is below the booking's
/// price, else the share of that price in whole taka; NULL (the whole price is held)
/// when none is asked.
macro_rules! deposit_asked {
    () => {
        concat!(
            "CASE WHEN deposit_amount < ",
            price_for!(),
            " THEN deposit_amount WHEN ",
            price_for!(),
            " * deposit_percent / 10000 > 0 THEN ",
            price_for!(),
            " * deposit_percent / 10000 * 100 END"
        )
    };
}

macro_rules! booking_select {
    () => {
        "SELECT o.id AS order_id, o.status AS order_status, o.buyer_id, b.name AS buyer_name, \
         b.email AS buyer_email, o.buyer_phone, o.meeting_location, o.created_at AS ordered_at, \
         o.price AS order_price, o.deposit AS order_deposit, CASE WHEN o.status = 'waiting' THEN (SELECT COUNT(*) FROM \
         orders w WHERE w.product_id = o.product_id AND w.status = 'waiting' AND w.id <= o.id) \
         END AS queue_position, o.reserved_until, o.reason, o.method, o.completed_at, \
         o.ended_by, o.meeting_place, o.meeting_at, \
         o.meeting_by, o.meeting_round, o.meeting_agreed, p.id, p.category_id, p.seller_id, \
         p.name, p.image, p.condition, p.color, p.description, p.location, p.original_price, \
         p.resale_price, p.purchase_year, p.years_of_use, p.seller_phone, p.sold, p.posted_at, \
         u.name AS seller_name, u.email AS seller_email, u.verified AS seller_verified, \
         u.created_at AS seller_since, EXISTS (SELECT 1 FROM reports r WHERE r.product_id = p.id \
         AND r.state = 'open') AS reported, EXISTS (SELECT 1 FROM adverts ad WHERE ad.product_id = p.id) AS advertised, \
         EXISTS (SELECT 1 FROM orders h WHERE h.product_id = p.id AND h.status IN ('reserved', \
         'cash')) AS reserved, u.phone AS seller_confirmed_phone, p.state, p.state_reason, \
         (SELECT COUNT(*) FROM reviews rv WHERE rv.seller_id = p.seller_id) AS seller_reviews, \
         (SELECT COALESCE(SUM(rv.stars), 0) FROM reviews rv WHERE rv.seller_id = p.seller_id) \
         AS seller_stars, \
         p.brand, p.model, \
         p.engine_cc, p.km_driven, p.registration_year, p.district, p.area, p.photos, p.takes_cash, p.takes_card, p.takes_bkash, \
         p.deposit_amount, p.deposit_percent, p.negotiable, p.phone_in_conversation, \
         p.on_whatsapp FROM orders o JOIN users b ON b.id = o.buyer_id \
         JOIN products p ON p.id = o.product_id JOIN users u ON u.id = p.seller_id "
    };
}

const USER_COLUMNS: &str =
    "id, subject, email, name, image, role, verified, email_verified, created_at, language, phone, \
     suspended_at, suspended_reason";
const IDENTITY_COLUMNS: &str = "id, email, password_hash, email_verified";

type Tx<'a> = sqlx::Transaction<'a, Db>;

/// A unique key of the schema a write may run into, known by its name on either engine:
/// PostgreSQL names the constraint or index; SQLite names the columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    IdentityEmail,
    UserSubject,
    UserEmail,
    CategoryName,
    AdvertListing,
    OpenBooking,
    PaymentTransaction,
    PaymentBooking,
    PaymentListing,
    /// One open offer, and one accepted offer, per conversation.
    ConversationOffer,
    /// A confirmed phone number on one account at a time.
    UserPhone,
    /// One pending request to be verified per seller.
    PendingVerification,
    /// One review a deal.
    DealReview,
}

/// Each key: its name on PostgreSQL, then on SQLite (after "UNIQUE constraint failed: ").
const KEYS: [(Key, &str, &str); 14] = [
    (
        Key::IdentityEmail,
        "identities_email_key",
        "identities.email",
    ),
    (Key::UserSubject, "users_subject_key", "users.subject"),
    (Key::UserEmail, "users_email_key", "users.email"),
    (Key::UserPhone, "users_phone_once", "users.phone"),
    (
        Key::PendingVerification,
        "verification_requests_one_pending",
        "verification_requests.seller_id",
    ),
    (Key::CategoryName, "categories_name_key", "categories.name"),
    (Key::DealReview, "reviews_one_a_deal", "reviews.order_id"),
    (
        Key::AdvertListing,
        "adverts_product_id_key",
        "adverts.product_id",
    ),
    (
        Key::OpenBooking,
        "orders_one_active_per_buyer",
        "orders.product_id, orders.buyer_id",
    ),
    (
        Key::PaymentTransaction,
        "payments_transaction_id_key",
        "payments.transaction_id",
    ),
    (
        Key::PaymentBooking,
        "payments_order_id_key",
        "payments.order_id",
    ),
    (
        Key::PaymentListing,
        "payments_product_id_key",
        "payments.product_id",
    ),
    (
        Key::ConversationOffer,
        "offers_one_open",
        "offers.conversation_id",
    ),
    (
        Key::ConversationOffer,
        "offers_one_accepted",
        "offers.conversation_id",
    ),
];

/// The unique key `err` says was violated, when it is one of [`KEYS`].
fn violated_key(err: &sqlx::Error) -> Option<Key> {
    let sqlx::Error::Database(e) = err else {
        return None;
    };
    if !e.is_unique_violation() {
        return None;
    }
    let postgres = e.constraint();
    let sqlite = e.message().strip_prefix("UNIQUE constraint failed: ");
    KEYS.iter()
        .find(|(_, pg, lite)| postgres == Some(*pg) || sqlite == Some(*lite))
        .map(|(key, _, _)| *key)
}

fn foreign_key_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(e) if e.is_foreign_key_violation())
}

/// Maps a violation of one of `keys` to the refusal `why`; any other error (another key's
/// violation too: a rule the caller did not expect) stays a database error.
fn refused_if_taken(keys: &'static [Key], why: Refused) -> impl FnOnce(sqlx::Error) -> Error {
    move |e| match violated_key(&e) {
        Some(key) if keys.contains(&key) => Error::Refused(why),
        _ => e.into(),
    }
}

/// Refuses `buyer_id` a buyer's act (booking, asking, saving, reporting) on a listing
/// of their own: a seller buys other sellers' bikes. A listing's seller never changes,
/// so the answer holds for the rest of any transaction. The seller's id; `NotFound`
/// without the listing, or while it is not public (in review or rejected: its page is
/// not found to buyers either).
async fn not_own_listing<'e, E>(db: E, product_id: i64, buyer_id: i64) -> Result<i64, Error>
where
    E: sqlx::Executor<'e, Database = Db>,
{
    let seller_id: Option<i64> =
        sqlx::query_scalar("SELECT seller_id FROM products WHERE id = $1 AND state = 'live'")
            .bind(product_id)
            .fetch_optional(db)
            .await?;
    match seller_id {
        None => Err(Error::NotFound(Missing::Listing)),
        Some(seller_id) if seller_id == buyer_id => Err(Error::Refused(Refused::OwnListing)),
        Some(seller_id) => Ok(seller_id),
    }
}

/// Maps a foreign-key violation (the thing referred to is gone) to `Missing(what)`.
fn not_found_if_missing(what: Missing) -> impl FnOnce(sqlx::Error) -> Error {
    move |e| {
        if foreign_key_violation(&e) {
            Error::NotFound(what)
        } else {
            e.into()
        }
    }
}

/// Appends `events` to the log inside `tx`, so they commit (or not) with the change; the
/// records as the log keeps them, in order, each with its place in the log.
/// An event with the ids its audience names: its buyer, seller and one recipient.
type Addressed = (NewEvent, Option<i64>, Option<i64>, Option<i64>);

/// Events stored by one statement: 9 values each, well inside SQLite's 32,766 and
/// PostgreSQL's 65,535 bound values.
const EVENTS_PER_INSERT: usize = 256;

async fn record(tx: &mut Tx<'_>, events: &[Event]) -> Result<Vec<EventRecord>, Error> {
    if events.is_empty() {
        return Ok(Vec::new());
    }
    let now = Utc::now();
    let rows: Vec<Addressed> = events
        .iter()
        .map(|event| {
            let event = event.to_record();
            let (buyer_id, seller_id, recipient_id) = match event.audience {
                Audience::Parties {
                    buyer_id,
                    seller_id,
                }
                | Audience::Deal {
                    buyer_id,
                    seller_id,
                } => (Some(buyer_id), Some(seller_id), None),
                Audience::Recipient { user_id } => (None, None, Some(user_id)),
                Audience::Seller { seller_id } => (None, Some(seller_id), None),
                Audience::Public | Audience::Admins => (None, None, None),
            };
            (event, buyer_id, seller_id, recipient_id)
        })
        .collect();
    let mut recorded = Vec::with_capacity(rows.len());
    let mut rows = rows.into_iter().peekable();
    // One statement for a write's events (a few hundred at most each, within every
    // engine's limit on bound values). Events commit in `seq` order: SQLite has one
    // writer, and on PostgreSQL the table's own trigger takes the event log's lock before
    // the first insert numbers a row (migration 0025), so it is held from that insert to
    // the commit and costs no round trip of its own.
    while rows.peek().is_some() {
        let chunk: Vec<_> = rows.by_ref().take(EVENTS_PER_INSERT).collect();
        let mut insert = sqlx::QueryBuilder::<Db>::new(
            "INSERT INTO events (name, audience, buyer_id, seller_id, recipient_id, data, \
             public_data, ends_access_of, created_at) ",
        );
        insert.push_values(
            &chunk,
            |mut row, (event, buyer_id, seller_id, recipient_id)| {
                row.push_bind(event.name)
                    .push_bind(event.audience.as_str())
                    .push_bind(*buyer_id)
                    .push_bind(*seller_id)
                    .push_bind(*recipient_id)
                    .push_bind(&event.data)
                    .push_bind(&event.public_data)
                    .push_bind(event.ends_access_of)
                    .push_bind(now);
            },
        );
        insert.push(" RETURNING seq");
        // Rows take their numbers in the order they are listed; the order RETURNING
        // answers in is not promised, so the numbers are put back in order.
        let mut seqs: Vec<i64> = insert.build_query_scalar().fetch_all(&mut **tx).await?;
        seqs.sort_unstable();
        if seqs.len() != chunk.len() {
            return Err(Error::Database(format!(
                "{} events stored, {} numbered",
                chunk.len(),
                seqs.len()
            )));
        }
        for ((event, buyer_id, seller_id, recipient_id), seq) in chunk.into_iter().zip(seqs) {
            recorded.push(EventRecord {
                seq,
                name: event.name.to_owned(),
                audience: event.audience.as_str().to_owned(),
                buyer_id,
                seller_id,
                recipient_id,
                data: event.data,
                public_data: event.public_data,
                ends_access_of: event.ends_access_of,
            });
        }
    }
    Ok(recorded)
}

/// The columns of [`Notification`].
const NOTIFICATION_COLUMNS: &str =
    "id, user_id, kind, message, link, created_at, read_at IS NOT NULL AS read";

/// Stores `notice` for `user_id` inside `tx`, in the language they read; the event that
/// pushes it to them. Both wordings go with the one statement, which picks the reader's.
async fn notify(tx: &mut Tx<'_>, user_id: i64, notice: Notice<'_>) -> Result<Event, Error> {
    let sql = format!(
        "INSERT INTO notifications (user_id, kind, message, link, created_at) \
         SELECT id, $2, CASE language WHEN 'bn' THEN $6 ELSE $3 END, $4, $5 FROM users \
         WHERE id = $1 RETURNING {NOTIFICATION_COLUMNS}"
    );
    let notification = sqlx::query_as::<Db, Notification>(&sql)
        .bind(user_id)
        .bind(notice.kind())
        .bind(notice.message())
        .bind(notice.link())
        .bind(Utc::now())
        .bind(notice.message_in(Language::Bn))
        .fetch_one(&mut **tx)
        .await?;
    Ok(Event::NotificationCreated(notification))
}

/// What became of a bike people booked or saved.
#[derive(Debug, Clone, Copy)]
enum Fate {
    SoldToAnother,
    NoLongerListed,
}

/// Tells everyone who booked `product_id` (but not `except_buyer`) and everyone who
/// saved it what became of `listing`.
async fn notify_watchers(
    tx: &mut Tx<'_>,
    product_id: i64,
    except_buyer: Option<i64>,
    listing: &str,
    fate: Fate,
) -> Result<Vec<Event>, Error> {
    let notice = |booked| match fate {
        Fate::SoldToAnother => Notice::SoldToAnother { listing, booked },
        Fate::NoLongerListed => Notice::NoLongerListed { listing, booked },
    };
    let except = except_buyer.unwrap_or(0);
    let bookers: Vec<i64> = sqlx::query_scalar(concat!(
        "SELECT DISTINCT buyer_id FROM orders WHERE product_id = $1 AND status IN ",
        open_statuses!(),
        " AND buyer_id <> $2 ORDER BY buyer_id"
    ))
    .bind(product_id)
    .bind(except)
    .fetch_all(&mut **tx)
    .await?;
    let savers: Vec<i64> = sqlx::query_scalar(
        "SELECT user_id FROM wishlist WHERE product_id = $1 AND user_id <> $2 ORDER BY user_id",
    )
    .bind(product_id)
    .bind(except)
    .fetch_all(&mut **tx)
    .await?;
    let mut events = Vec::with_capacity(bookers.len() + savers.len());
    for &buyer in &bookers {
        events.push(notify(tx, buyer, notice(true)).await?);
    }
    for saver in savers.into_iter().filter(|saver| !bookers.contains(saver)) {
        events.push(notify(tx, saver, notice(false)).await?);
    }
    Ok(events)
}

/// A listing as the API shows it, read inside `tx`.
async fn listing_in(tx: &mut Tx<'_>, id: i64) -> Result<Listing, Error> {
    Ok(sqlx::query_as::<Db, Listing>(concat!(
        listing_select!(),
        "FROM products p JOIN users u ON u.id = p.seller_id WHERE p.id = $1"
    ))
    .bind(id)
    .fetch_one(&mut **tx)
    .await?)
}

/// Listing `id` as the admins' review queue shows it, inside `tx`.
async fn listing_review_in(tx: &mut Tx<'_>, id: i64) -> Result<ListingReview, Error> {
    Ok(sqlx::query_as::<Db, ListingReview>(concat!(
        listing_select!(),
        ", COALESCE(p.review_flags, '') AS review_flags, p.review_asked_at FROM products p \
         JOIN users u ON u.id = p.seller_id WHERE p.id = $1"
    ))
    .bind(id)
    .fetch_one(&mut **tx)
    .await?)
}

/// Writes an admin's act to the audit log inside `tx`, the act's own transaction, with
/// the admin's name as it is now and the target's `label` (docs/trust.md "Every admin
/// action on record").
async fn audit(
    tx: &mut Tx<'_>,
    actor_id: i64,
    action: AuditAction,
    target_id: i64,
    label: &str,
    reason: Option<&str>,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO audit_log (actor_id, actor_name, action, target_kind, target_id, \
         target_label, reason, created_at) VALUES ($1, COALESCE((SELECT name FROM users \
         WHERE id = $1), ''), $2, $3, $4, $5, $6, $7)",
    )
    .bind(actor_id)
    .bind(action.as_str())
    .bind(action.target_kind())
    .bind(target_id)
    .bind(label)
    .bind(reason)
    .bind(Utc::now())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The columns of [`Review`](crate::records::Review), after a `WHERE`-less select.
const REVIEW_SELECT: &str = "SELECT rv.id, rv.order_id, rv.seller_id, rv.buyer_id, \
     b.name AS buyer_name, p.name AS listing_name, rv.stars, rv.text, rv.reply, rv.replied_at, \
     rv.created_at FROM reviews rv JOIN users b ON b.id = rv.buyer_id \
     JOIN orders o ON o.id = rv.order_id JOIN products p ON p.id = o.product_id";

/// How a deal is named in the audit log: the bike and its buyer.
fn deal_label(booking: &Booking) -> String {
    format!("{}, booked by {}", booking.listing.name, booking.buyer_name)
}

/// How a user is named in the audit log: "Name <email>".
fn person_label(name: &str, email: &str) -> String {
    format!("{name} <{email}>")
}

/// Writes `step` of booking `order_id` to its deal's timeline within `tx`: it commits
/// with the step itself, or not at all.
async fn log_step(tx: &mut Tx<'_>, order_id: i64, step: Step<'_>) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO deal_steps (order_id, at, actor, actor_id, step, status, amount, \
         provider_id, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(order_id)
    .bind(Utc::now())
    .bind(step.actor.as_str())
    .bind(step.actor_id)
    .bind(step.kind.as_str())
    .bind(step.status.as_str())
    .bind(step.amount)
    .bind(step.provider_id)
    .bind(step.detail)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The event that takes listing `product_id`'s advert off the pages, if it has one.
async fn advert_removed(tx: &mut Tx<'_>, product_id: i64) -> Result<Option<Event>, Error> {
    let advert: Option<i64> = sqlx::query_scalar("SELECT id FROM adverts WHERE product_id = $1")
        .bind(product_id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(advert.map(|advert_id| Event::AdvertRemoved {
        advert_id,
        product_id,
    }))
}

/// What paying booking `$1` needs of it ([`Payable`]): one join, no subqueries.
const PAYABLE: &str = "SELECT o.id AS order_id, o.status AS order_status, o.buyer_id, \
     o.price AS order_price, o.deposit AS order_deposit, p.takes_cash, p.takes_card, \
     p.takes_bkash, p.deposit_amount, p.deposit_percent, p.negotiable, \
     p.phone_in_conversation, p.on_whatsapp FROM orders o \
     JOIN products p ON p.id = o.product_id WHERE o.id = $1";

/// Sells `bike` within `tx`, refused when it sold already; the events that show it:
/// the listing sold and its advert gone. The row lock this takes makes a second sale of
/// the bike wait for this one and then find it sold: exactly one sale wins.
async fn sell_listing(tx: &mut Tx<'_>, bike: ListingRef) -> Result<Vec<Event>, Error> {
    let sold = sqlx::query("UPDATE products SET sold = TRUE WHERE id = $1 AND sold = FALSE")
        .bind(bike.product_id)
        .execute(&mut **tx)
        .await?;
    if sold.rows_affected() == 0 {
        return Err(Error::Refused(Refused::AlreadySold));
    }
    let product_id = bike.product_id;
    let mut events = vec![Event::ListingSold(bike)];
    events.extend(advert_removed(tx, product_id).await?);
    Ok(events)
}

/// A listing about to be removed, as its removal needs it.
#[derive(Debug, sqlx::FromRow)]
struct Doomed {
    id: i64,
    category_id: i64,
    seller_id: i64,
    name: String,
    sold: bool,
}

/// The listings `condition` (a `WHERE` on `products`, binding `$1`) selects, as their
/// removal needs them.
async fn doomed(tx: &mut Tx<'_>, condition: &str, bind: i64) -> Result<Vec<Doomed>, Error> {
    let sql = format!(
        "SELECT id, category_id, seller_id, name, sold FROM products WHERE {condition} ORDER BY id"
    );
    Ok(sqlx::query_as::<Db, Doomed>(&sql)
        .bind(bind)
        .fetch_all(&mut **tx)
        .await?)
}

/// The events that removing a listing causes: it disappears, its advert too, its open
/// bookings are cancelled for their buyers and the seller, and those who booked or saved
/// it are told; so is its seller when someone else (`removed_by`, an admin) removed it.
async fn removal_events(
    tx: &mut Tx<'_>,
    listing: &Doomed,
    removed_by: Option<i64>,
    reason: Option<&str>,
) -> Result<Vec<Event>, Error> {
    let mut events = Vec::new();
    let &Doomed {
        id: product_id,
        category_id,
        seller_id,
        ref name,
        ..
    } = listing;
    let told = notify_watchers(tx, product_id, None, name, Fate::NoLongerListed).await?;
    if removed_by.is_some_and(|by| by != seller_id) {
        let notice = Notice::RemovedByAdmin {
            listing: name,
            reason,
        };
        events.push(notify(tx, seller_id, notice).await?);
        // Those who reported it hear that it is gone.
        let reporters: Vec<i64> = sqlx::query_scalar(
            "SELECT reporter_id FROM reports WHERE product_id = $1 AND state = 'open' \
             ORDER BY reporter_id",
        )
        .bind(product_id)
        .fetch_all(&mut **tx)
        .await?;
        for reporter in reporters {
            let notice = Notice::ReportActioned { listing: name };
            events.push(notify(tx, reporter, notice).await?);
        }
    }
    events.extend(advert_removed(tx, product_id).await?);
    let bookings: Vec<(i64, i64)> = sqlx::query_as(concat!(
        "SELECT id, buyer_id FROM orders WHERE product_id = $1 AND status IN ",
        open_statuses!()
    ))
    .bind(product_id)
    .fetch_all(&mut **tx)
    .await?;
    for (order_id, buyer_id) in bookings {
        events.push(Event::BookingCancelled(BookingRef {
            order_id,
            product_id,
            buyer_id,
            seller_id,
        }));
    }
    events.push(Event::ListingDeleted(ListingRef {
        product_id,
        category_id,
        seller_id,
    }));
    events.extend(told);
    Ok(events)
}

impl This {
    /// Hands `events`, which just committed, to the pump (see `EventLog::take_committed`),
    /// and wakes it. Every write that logs events calls it once it commits.
    fn committed(&self, events: &[EventRecord]) {
        self.committed.push(events);
    }

    /// Marks that something cached readers show has changed.
    fn changed(&self) {
        self.writes
            .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
    }

    /// Marks that users or sessions changed (as well as what [`changed`](This::changed)
    /// covers): signed-in users read before are stale.
    fn changed_accounts(&self) {
        self.accounts
            .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        self.changed();
    }
}

#[async_trait]
impl Maintenance for This {
    async fn migrate(&self) -> Result<(), Error> {
        MIGRATOR.run(&self.writer).await?;
        Ok(())
    }

    async fn refresh_statistics(&self, bulk: bool) -> Result<(), Error> {
        refresh_statistics(&self.writer, bulk).await
    }

    async fn ping(&self) -> Result<(), Error> {
        sqlx::query("SELECT 1").execute(&self.reader).await?;
        Ok(())
    }

    async fn is_empty(&self) -> Result<bool, Error> {
        let count: i64 = sqlx::query_scalar(
            "SELECT (SELECT COUNT(*) FROM categories) + (SELECT COUNT(*) FROM users) \
             + (SELECT COUNT(*) FROM products)",
        )
        .fetch_one(&self.reader)
        .await?;
        Ok(count == 0)
    }

    fn generation(&self) -> u64 {
        self.writes.load(std::sync::atomic::Ordering::Acquire)
    }

    fn accounts_generation(&self) -> u64 {
        self.accounts.load(std::sync::atomic::Ordering::Acquire)
    }

    fn note_external_change(&self, accounts: bool) {
        if accounts {
            self.changed_accounts();
        } else {
            self.changed();
        }
    }
}

#[async_trait]
impl EventLog for This {
    async fn events_since(&self, seq: i64, limit: i64) -> Result<Vec<EventRecord>, Error> {
        Ok(sqlx::query_as::<Db, EventRecord>(
            "SELECT seq, name, audience, buyer_id, seller_id, recipient_id, data, public_data, \
             ends_access_of FROM events WHERE seq > $1 ORDER BY seq LIMIT $2",
        )
        .bind(seq)
        .bind(limit)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn last_event_seq(&self) -> Result<i64, Error> {
        let seq: Option<i64> = sqlx::query_scalar("SELECT MAX(seq) FROM events")
            .fetch_one(&self.reader)
            .await?;
        Ok(seq.unwrap_or(0))
    }

    async fn oldest_event_seq(&self) -> Result<Option<i64>, Error> {
        Ok(sqlx::query_scalar("SELECT MIN(seq) FROM events")
            .fetch_one(&self.reader)
            .await?)
    }

    fn take_committed(&self) -> Vec<EventRecord> {
        self.committed.take()
    }

    async fn committed_arrived(&self) {
        self.committed.arrived().await;
    }

    async fn prune_events(&self, seq: i64) -> Result<(), Error> {
        sqlx::query("DELETE FROM events WHERE seq <= $1")
            .bind(seq)
            .execute(&self.writer)
            .await?;
        Ok(())
    }
}

// Declared last: they use the macros above.
#[allow(clippy::duplicate_mod)]
#[path = "sql/accounts.rs"]
mod accounts;
#[allow(clippy::duplicate_mod)]
#[path = "sql/bookings.rs"]
mod bookings;
#[allow(clippy::duplicate_mod)]
#[path = "sql/catalogue.rs"]
mod catalogue;
#[allow(clippy::duplicate_mod)]
#[path = "sql/conversations.rs"]
mod conversations;
#[allow(clippy::duplicate_mod)]
#[path = "sql/notices.rs"]
mod notices;
#[allow(clippy::duplicate_mod)]
#[path = "sql/offers.rs"]
mod offers;
#[allow(clippy::duplicate_mod)]
#[path = "sql/payments.rs"]
mod payments;
#[allow(clippy::duplicate_mod)]
#[path = "sql/replays.rs"]
mod replays;
