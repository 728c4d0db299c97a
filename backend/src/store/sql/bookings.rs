//! Bookings and the line for a bike (docs/deals.md): a buyer's booking holds the bike
//! (`reserved`) or waits behind the one that does (`waiting`); the buyer cancels, the
//! seller declines or releases, a reservation lapses, and each time the bike passes to
//! the next in line or goes back on sale. Each step is one transaction whose change is a
//! conditional update from the status it expects.

use chrono::Duration;

use super::*;
use crate::notice::{dhaka_time, SOLD_TO_ANOTHER_BUYER};
use crate::random::six_digits;
use crate::records::{
    Actor, BookingStatus, DealStep, Handover, HandoverCode, HeldPayment, MeetingProposal, Side,
    StepKind, AFTER_MEETING_HOURS, HANDOVER_TRIES, LINE_LIMIT, OPEN_BOOKINGS_PER_BUYER,
    RESERVED_HOURS,
};
use crate::store::{why_not_payable, BookingEnd, SellerAct};

/// Until when a reservation made at `now` holds the bike.
fn reserved_until(now: DateTime<Utc>) -> DateTime<Utc> {
    now + Duration::hours(RESERVED_HOURS)
}

impl This {
    pub(super) async fn booking_in(tx: &mut Tx<'_>, id: i64) -> Result<Booking, Error> {
        This::find_booking_in(tx, id)
            .await?
            .ok_or(Error::NotFound(Missing::Booking))
    }

    /// Booking `id` as it stands now, outside any transaction: what a step whose
    /// conditional update found nothing to change reads to say why.
    pub(super) async fn booking_now(&self, id: i64) -> Result<Booking, Error> {
        self.booking(id)
            .await?
            .ok_or(Error::NotFound(Missing::Booking))
    }

    async fn find_booking_in(tx: &mut Tx<'_>, id: i64) -> Result<Option<Booking>, Error> {
        Ok(
            sqlx::query_as::<Db, Booking>(concat!(booking_select!(), "WHERE o.id = $1"))
                .bind(id)
                .fetch_optional(&mut **tx)
                .await?,
        )
    }

    /// Ends a step: records `events` in `tx`, commits, tells this process of them, and
    /// answers with `outcome` and the events as recorded; what listings' pages read may
    /// have changed, so the answers kept for them go.
    pub(super) async fn finish<T>(
        &self,
        tx: Tx<'_>,
        events: &[Event],
        outcome: T,
    ) -> Result<Written<T>, Error> {
        let written = self.tell(tx, events, outcome).await?;
        self.changed();
        Ok(written)
    }

    /// Records `events` in `tx`, commits, and tells this process of them: a write that
    /// changes nothing a listing's page reads (a message, say) ends with this alone.
    pub(super) async fn tell<T>(
        &self,
        mut tx: Tx<'_>,
        events: &[Event],
        outcome: T,
    ) -> Result<Written<T>, Error> {
        let events = record(&mut tx, events).await?;
        tx.commit().await?;
        self.committed(&events);
        Ok(Written { outcome, events })
    }

    /// The bike `product_id`, whose deal just ended without a sale, goes to the first
    /// buyer in line — reserved for them from now, and they are told — and everyone
    /// behind them moves up; with nobody waiting, it is back on sale for everyone.
    pub(super) async fn pass_on(tx: &mut Tx<'_>, product_id: i64) -> Result<Vec<Event>, Error> {
        This::pass_on_at(tx, product_id, Utc::now()).await
    }

    /// [`pass_on`](This::pass_on) at `now`: a reservation the sweep lapsed as of `now`
    /// passes on as of then.
    async fn pass_on_at(
        tx: &mut Tx<'_>,
        product_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, Error> {
        let next: Option<i64> = sqlx::query_scalar(
            "UPDATE orders SET status = 'reserved', reserved_until = $2 WHERE id = (SELECT \
             MIN(id) FROM orders WHERE product_id = $1 AND status = 'waiting') RETURNING id",
        )
        .bind(product_id)
        .bind(reserved_until(now))
        .fetch_optional(&mut **tx)
        .await?;
        let Some(next) = next else {
            let (category_id, seller_id): (i64, i64) =
                sqlx::query_as("SELECT category_id, seller_id FROM products WHERE id = $1")
                    .bind(product_id)
                    .fetch_one(&mut **tx)
                    .await?;
            return Ok(vec![Event::ListingAvailable(ListingRef {
                product_id,
                category_id,
                seller_id,
            })]);
        };
        let step = Step::by_server(StepKind::PassedOn, BookingStatus::Reserved);
        log_step(tx, next, step).await?;
        let booking = This::booking_in(tx, next).await?;
        let notice = Notice::ReservedForYou {
            listing: &booking.listing.name,
        };
        let told = notify(tx, booking.buyer_id, notice).await?;
        let mut events = vec![Event::DealUpdated(booking), told];
        events.extend(This::line_moved(tx, product_id, next).await?);
        Ok(events)
    }

    /// The bookings waiting for `product_id` behind booking `left`, which just left the
    /// line, as they now stand: each one place further up.
    pub(super) async fn line_moved(
        tx: &mut Tx<'_>,
        product_id: i64,
        left: i64,
    ) -> Result<Vec<Event>, Error> {
        let behind = sqlx::query_as::<Db, Booking>(concat!(
            booking_select!(),
            "WHERE o.product_id = $1 AND o.status = 'waiting' AND o.id > $2 ORDER BY o.id"
        ))
        .bind(product_id)
        .bind(left)
        .fetch_all(&mut **tx)
        .await?;
        Ok(behind.into_iter().map(Event::DealUpdated).collect())
    }

    /// After booking `id` lapsed within `tx` (`hold`: from a card hold, whose money is
    /// released): both sides are told and the bike passes on as of `now`.
    pub(super) async fn lapsed_in(
        tx: &mut Tx<'_>,
        id: i64,
        hold: bool,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, Error> {
        let step = Step::by_server(StepKind::Lapsed, BookingStatus::Lapsed);
        log_step(tx, id, step).await?;
        let booking = This::booking_in(tx, id).await?;
        let listing = &booking.listing.name;
        let to_buyer = notify(tx, booking.buyer_id, Notice::Lapsed { listing, hold }).await?;
        let to_seller = Notice::LapsedToSeller {
            buyer: &booking.buyer_name,
            listing,
            hold,
        };
        let to_seller = notify(tx, booking.listing.seller_id, to_seller).await?;
        let product_id = booking.listing.id;
        let mut events = vec![Event::DealUpdated(booking), to_buyer, to_seller];
        events.extend(This::reopen(tx, id, product_id, hold, now).await?);
        Ok(events)
    }

    /// The deal `id` of bike `product_id` ended before its handover: a hold's payment is
    /// marked for release and stops claiming the bike, which is for sale again (it showed
    /// Sold); then the bike passes to the next in line — Reserved to others — or back on
    /// sale.
    pub(super) async fn reopen(
        tx: &mut Tx<'_>,
        id: i64,
        product_id: i64,
        hold: bool,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, Error> {
        let mut events = Vec::new();
        let mut unsold = None;
        if hold {
            // When the deal gave the hold up: now, even for a sweep lapsing as of `now`.
            sqlx::query(
                "UPDATE payments SET released_at = $2, product_id = NULL WHERE order_id = $1 \
                 AND released_at IS NULL AND captured = FALSE",
            )
            .bind(id)
            .bind(Utc::now())
            .execute(&mut **tx)
            .await?;
            let (category_id, seller_id): (i64, i64) = sqlx::query_as(
                "UPDATE products SET sold = FALSE WHERE id = $1 RETURNING category_id, seller_id",
            )
            .bind(product_id)
            .fetch_one(&mut **tx)
            .await?;
            let bike = ListingRef {
                product_id,
                category_id,
                seller_id,
            };
            events.push(Event::ListingUnsold(bike));
            unsold = Some(bike);
        }
        let passed = This::pass_on_at(tx, product_id, now).await?;
        let taken = !passed
            .iter()
            .any(|event| matches!(event, Event::ListingAvailable(_)));
        events.extend(passed);
        if let Some(bike) = unsold.filter(|_| taken) {
            // It showed Sold; now it is the next buyer's reservation.
            events.push(Event::ListingReserved(bike));
        }
        Ok(events)
    }

    /// The hold of deal `id`, as its handover captures it.
    pub(super) async fn held_payment(tx: &mut Tx<'_>, id: i64) -> Result<HeldPayment, Error> {
        sqlx::query_as::<Db, HeldPayment>(
            "SELECT order_id, transaction_id, amount, method FROM payments WHERE order_id = $1 \
             AND released_at IS NULL",
        )
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or_else(|| Error::Database(format!("held deal {id} has no payment")))
    }

    /// After deal `id` completed within `tx` (taken by `actor`, `by`: the seller who
    /// entered the code, or the admin who captured a stuck hold; `provider_id`: the hold
    /// captured): the step is
    /// written, both sides get their receipt, whoever saved the bike learns it is gone
    /// (a hold's bike was sold to others when it was held, and they were told then), and
    /// everyone still in line is declined. The deal as it now stands, and the events.
    pub(super) async fn completed_in(
        tx: &mut Tx<'_>,
        id: i64,
        (actor, by): (Actor, Option<i64>),
        provider_id: Option<&str>,
    ) -> Result<(Booking, Vec<Event>), Error> {
        let sale = This::booking_in(tx, id).await?;
        let method = sale.method.as_deref().unwrap_or("cash");
        let step = Step::new(StepKind::Completed, actor, by, sale.order_status)
            .money(sale.price, provider_id)
            .detail(method);
        log_step(tx, id, step).await?;
        let receipt = |other, to_seller| Notice::Completed {
            listing: &sale.listing.name,
            other,
            price: sale.price,
            method,
            deposit: sale.deposit.filter(|_| method != "cash"),
            to_seller,
        };
        let mut events = vec![Event::DealUpdated(sale.clone())];
        let to_buyer = receipt(&sale.listing.seller_name, false);
        events.push(notify(tx, sale.buyer_id, to_buyer).await?);
        let to_seller = receipt(&sale.buyer_name, true);
        events.push(notify(tx, sale.listing.seller_id, to_seller).await?);
        let product_id = sale.listing.id;
        if provider_id.is_none() {
            let name = &sale.listing.name;
            let fate = Fate::SoldToAnother;
            let watchers = notify_watchers(tx, product_id, Some(sale.buyer_id), name, fate);
            events.extend(watchers.await?);
        }
        // Nobody waits for a bike sold for good.
        let ended: Vec<i64> = sqlx::query_scalar(
            "UPDATE orders SET status = 'declined', reason = $2 WHERE product_id = $1 AND \
             status = 'waiting' RETURNING id",
        )
        .bind(product_id)
        .bind(SOLD_TO_ANOTHER_BUYER)
        .fetch_all(&mut **tx)
        .await?;
        for other in ended {
            let step = Step::by_server(StepKind::Declined, BookingStatus::Declined)
                .detail(SOLD_TO_ANOTHER_BUYER);
            log_step(tx, other, step).await?;
            events.push(Event::DealUpdated(This::booking_in(tx, other).await?));
        }
        Ok((sale, events))
    }

    /// Why `order` could not be booked once both inserts found nothing to do.
    async fn why_not_booked(&self, order: &NewBooking) -> Result<Error, Error> {
        let found: Option<(bool, i64, i64)> = sqlx::query_as(concat!(
            "SELECT sold, (SELECT COUNT(*) FROM orders WHERE buyer_id = $2 AND status IN ",
            open_statuses!(),
            "), (SELECT COUNT(*) FROM orders WHERE product_id = $1 AND status = 'waiting') \
             FROM products WHERE id = $1"
        ))
        .bind(order.product_id)
        .bind(order.buyer_id)
        .fetch_optional(&self.writer)
        .await?;
        Ok(match found {
            None => Error::NotFound(Missing::Listing),
            Some((true, _, _)) => Error::Refused(Refused::AlreadySold),
            Some((_, open, _)) if open >= OPEN_BOOKINGS_PER_BUYER => {
                Error::Refused(Refused::TooManyOpenBookings)
            }
            Some(_) => Error::Refused(Refused::LineFull),
        })
    }

    /// Why this buyer's booking of the bike conflicts with one they made before: the
    /// seller turned them down, or it is still open or paid.
    async fn why_booked_before(&self, order: &NewBooking) -> Result<Error, Error> {
        let statuses: Vec<String> = sqlx::query_scalar(
            "SELECT status FROM orders WHERE product_id = $1 AND buyer_id = $2 AND status IN \
             ('declined', 'released', 'called_off')",
        )
        .bind(order.product_id)
        .bind(order.buyer_id)
        .fetch_all(&self.writer)
        .await?;
        Ok(Error::Refused(
            match statuses.iter().any(|status| status == "called_off") {
                true => Refused::CalledOffBefore,
                false if statuses.is_empty() => Refused::AlreadyBooked,
                false => Refused::TurnedDown,
            },
        ))
    }

    /// Lapses the reservation, cash deal or unclaimed hold `id` if it still is one and
    /// ran out before `now`, passing the bike on; the events, none when it was not.
    async fn lapse(&self, id: i64, now: DateTime<Utc>) -> Result<Vec<EventRecord>, Error> {
        let mut tx = self.writer.begin().await?;
        // The status it lapsed from: a hold's bike was sold to others, and its money is
        // to be released.
        let was: Option<Option<String>> = sqlx::query_scalar(
            "UPDATE orders SET status = 'lapsed', handover_code = NULL WHERE id = $1 AND \
             status IN ('reserved', 'cash', 'held') AND reserved_until < $2 AND \
             capture_claimed_at IS NULL RETURNING method",
        )
        .bind(id)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(method) = was else {
            return Ok(Vec::new());
        };
        let hold = is_hold(method.as_deref());
        let events = This::lapsed_in(&mut tx, id, hold, now).await?;
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        Ok(events)
    }

    /// Ends a meeting step of `side` on booking `id` within `tx`: the other side is told
    /// of the proposal now standing (`agreed`: that `side` agreed to it, else that `side`
    /// made it), both pages get the booking, and it all commits.
    async fn tell_of_meeting(
        &self,
        mut tx: Tx<'_>,
        id: i64,
        side: Side,
        agreed: bool,
    ) -> Result<Written<Booking>, Error> {
        let booking = This::booking_in(&mut tx, id).await?;
        let Some(meeting) = booking.meeting.proposal() else {
            return Err(Error::Database("a meeting step left no proposal".into()));
        };
        let when = dhaka_time(meeting.at);
        let kind = match agreed {
            true => StepKind::MeetingAgreed,
            false => StepKind::MeetingProposed,
        };
        let said = format!("{}, {when}", meeting.place);
        let by = Some(user_on(&booking, side));
        let step = Step::new(kind, side.into(), by, booking.order_status).detail(&said);
        log_step(&mut tx, id, step).await?;
        let notice = Notice::Meeting {
            by: name_of(&booking, side),
            listing: &booking.listing.name,
            place: &meeting.place,
            when: meeting.at,
            to_seller: side == Side::Buyer,
            agreed,
        };
        let told = notify(&mut tx, user_on(&booking, side.other()), notice).await?;
        self.finish(tx, &[Event::DealUpdated(booking.clone()), told], booking)
            .await
    }

    /// Books `order`: the bike held for its buyer, or a place in its line.
    async fn book(&self, order: &NewBooking) -> Result<Written<i64>, Error> {
        let mut tx = self.writer.begin().await?;
        lock_buyer(&mut tx, order.buyer_id).await?;
        not_own_listing(&mut *tx, order.product_id, order.buyer_id).await?;
        let now = Utc::now();
        // An accepted offer that still holds is this buyer's price (a lower price since
        // is theirs too).
        let offer = This::accepted_offer_in(&mut tx, order.product_id, order.buyer_id, now).await?;
        let cap = offer.map_or(i64::MAX, |(_, amount)| amount);
        // The bike is reserved for this buyer unless a deal holds it already (the
        // one-deal-per-bike index decides, so of two buyers at once one gets it).
        let reserved: Option<i64> = sqlx::query_scalar(concat!(
            "INSERT INTO orders (product_id, buyer_id, buyer_phone, meeting_location, status, \
             created_at, price, reserved_until, deposit) SELECT id, $2, $3, $4, 'reserved', $5, ",
            price_for!(),
            ", $6, ",
            deposit_asked!(),
            " FROM products WHERE id = $1 AND sold = FALSE AND (SELECT COUNT(*) \
             FROM orders WHERE buyer_id = $2 AND status IN ('waiting', 'reserved', 'cash')) < $7 \
             ON CONFLICT (product_id) WHERE status IN ('reserved', 'cash', 'held', 'paid', \
             'completed') DO NOTHING RETURNING id"
        ))
        .bind(order.product_id)
        .bind(order.buyer_id)
        .bind(&order.buyer_phone)
        .bind(&order.meeting_location)
        .bind(now)
        .bind(reserved_until(now))
        .bind(OPEN_BOOKINGS_PER_BUYER)
        .bind(cap)
        .fetch_optional(&mut *tx)
        .await
        .map_err(refused_if_taken(
            &[Key::OpenBooking],
            Refused::AlreadyBooked,
        ))?;
        let id = match reserved {
            Some(id) => Some(id),
            // Behind the deal, in line, while the line has room.
            None => sqlx::query_scalar(
                concat!(
                "INSERT INTO orders (product_id, buyer_id, buyer_phone, meeting_location, \
                 status, created_at, price, deposit) SELECT id, $2, $3, $4, 'waiting', $5, ",
                 price_for!(), ", ", deposit_asked!(), " FROM products WHERE id = $1 AND sold = FALSE AND (SELECT COUNT(*) FROM orders \
                 WHERE buyer_id = $2 AND status IN ('waiting', 'reserved', 'cash')) < $6 AND (SELECT \
                 COUNT(*) FROM orders WHERE product_id = $1 AND status = 'waiting') < $7 \
                 RETURNING id"),
            )
            .bind(order.product_id)
            .bind(order.buyer_id)
            .bind(&order.buyer_phone)
            .bind(&order.meeting_location)
            .bind(now)
            .bind(OPEN_BOOKINGS_PER_BUYER)
            .bind(LINE_LIMIT)
            .bind(cap)
            .fetch_optional(&mut *tx)
            .await
            .map_err(refused_if_taken(
                &[Key::OpenBooking],
                Refused::AlreadyBooked,
            ))?,
        };
        let id = match id {
            Some(id) => id,
            None => {
                drop(tx);
                return Err(self.why_not_booked(order).await?);
            }
        };
        let booking = This::booking_in(&mut tx, id).await?;
        let buyer = Some(order.buyer_id);
        let step = Step::new(StepKind::Booked, Actor::Buyer, buyer, booking.order_status);
        log_step(&mut tx, id, step).await?;
        let seller_id = booking.listing.seller_id;
        let told = match booking.queue_position {
            None => {
                let notice = Notice::Booked {
                    buyer: &booking.buyer_name,
                    listing: &booking.listing.name,
                    phone: &booking.buyer_phone,
                    meeting: &booking.meeting_location,
                };
                notify(&mut tx, seller_id, notice).await?
            }
            Some(place) => {
                let notice = Notice::JoinedLine {
                    buyer: &booking.buyer_name,
                    listing: &booking.listing.name,
                    place,
                };
                notify(&mut tx, seller_id, notice).await?
            }
        };
        let holds = reserved
            .is_some()
            .then_some(Event::ListingReserved(ListingRef {
                product_id: booking.listing.id,
                category_id: booking.listing.category_id,
                seller_id,
            }));
        let booked_at_offer = match offer {
            Some((offer, _)) => This::offer_booked_in(&mut tx, offer, seller_id).await?,
            None => None,
        };
        let mut events = vec![Event::BookingCreated(booking), told];
        events.extend(holds);
        events.extend(booked_at_offer);
        self.finish(tx, &events, id).await
    }
}

/// Which side of `booking` user `by` is on; refused when neither.
fn side_of(booking: &Booking, by: i64) -> Result<Side, Error> {
    if by == booking.buyer_id {
        Ok(Side::Buyer)
    } else if by == booking.listing.seller_id {
        Ok(Side::Seller)
    } else {
        Err(Error::Refused(Refused::NotYourDeal))
    }
}

/// The name of `side` of `booking`, as the other side knows them.
fn name_of(booking: &Booking, side: Side) -> &str {
    match side {
        Side::Buyer => &booking.buyer_name,
        Side::Seller => &booking.listing.seller_name,
    }
}

/// The user on `side` of `booking`.
fn user_on(booking: &Booking, side: Side) -> i64 {
    match side {
        Side::Buyer => booking.buyer_id,
        Side::Seller => booking.listing.seller_id,
    }
}

/// After a meeting of booking `id` was agreed within `tx`: the bike stays held until
/// [`AFTER_MEETING_HOURS`] after it when that is later than the booking's own deadline,
/// so a meeting both sides agreed to is never lost to the sweep. A card hold keeps its
/// own deadline: the card's authorisation does not wait for a meeting.
async fn hold_until_after_meeting(tx: &mut Tx<'_>, id: i64) -> Result<(), Error> {
    let (at, until): (Option<DateTime<Utc>>, Option<DateTime<Utc>>) = sqlx::query_as(
        "SELECT meeting_at, reserved_until FROM orders WHERE id = $1 AND status <> 'held'",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?
    .unwrap_or_default();
    let Some(hold) = at.map(|at| at + Duration::hours(AFTER_MEETING_HOURS)) else {
        return Ok(());
    };
    if until.is_none_or(|until| until < hold) {
        sqlx::query("UPDATE orders SET reserved_until = $2 WHERE id = $1")
            .bind(id)
            .bind(hold)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Whether a deal paid by `method` holds money (a card or bKash hold) rather than cash.
fn is_hold(method: Option<&str>) -> bool {
    matches!(method, Some("card" | "bkash"))
}

/// What stops a booking in `status` from taking a step that needs it `wanted`.
fn not_now(status: BookingStatus, wanted: Refused) -> Error {
    Error::Refused(match status {
        BookingStatus::Cancelled => Refused::BookingCancelled,
        BookingStatus::Declined
        | BookingStatus::Released
        | BookingStatus::Lapsed
        | BookingStatus::CalledOff
        | BookingStatus::Completed => Refused::BookingEnded,
        BookingStatus::Waiting
        | BookingStatus::Reserved
        | BookingStatus::Cash
        | BookingStatus::Held => wanted,
    })
}

/// Why a booking in `status` is not declined or released (`end`): a deal whose buyer
/// chose how to pay is called off with a reason, not released.
fn not_ended(end: BookingEnd, status: BookingStatus, wanted: Refused) -> Error {
    match (end, status) {
        (BookingEnd::Release, BookingStatus::Cash | BookingStatus::Held) => {
            Error::Refused(Refused::CallOffTheDeal)
        }
        _ => not_now(status, wanted),
    }
}

#[async_trait]
impl Bookings for This {
    async fn create_review(
        &self,
        order_id: i64,
        buyer_id: i64,
        stars: i32,
        text: &str,
        at: DateTime<Utc>,
    ) -> Result<Written<Review>, Error> {
        let mut tx = self.writer.begin().await?;
        let deal: Option<(i64, String, i64, String, String)> = sqlx::query_as(
            "SELECT o.buyer_id, o.status, p.seller_id, p.name, b.name FROM orders o \
             JOIN products p ON p.id = o.product_id JOIN users b ON b.id = o.buyer_id \
             WHERE o.id = $1",
        )
        .bind(order_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((buyer, status, seller_id, listing, buyer_name)) = deal else {
            return Err(Error::NotFound(Missing::Booking));
        };
        if buyer != buyer_id {
            return Err(Error::Refused(Refused::NotYourBooking));
        }
        if status != BookingStatus::Completed.as_str() {
            return Err(Error::Refused(Refused::NotCompleted));
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO reviews (order_id, seller_id, buyer_id, stars, text, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(order_id)
        .bind(seller_id)
        .bind(buyer_id)
        .bind(stars)
        .bind(text)
        .bind(at)
        .fetch_one(&mut *tx)
        .await
        .map_err(refused_if_taken(
            &[Key::DealReview],
            Refused::AlreadyReviewed,
        ))?;
        let review = review_in(&mut tx, id).await?;
        let rating = rating_in(&mut tx, seller_id).await?;
        let notice = Notice::Reviewed {
            buyer: &buyer_name,
            listing: &listing,
            stars,
            seller: seller_id,
        };
        let events = vec![
            notify(&mut tx, seller_id, notice).await?,
            Event::SellerRated { seller_id, rating },
        ];
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed();
        Ok(Written {
            outcome: review,
            events,
        })
    }

    async fn reply_to_review(
        &self,
        id: i64,
        seller_id: i64,
        text: &str,
        at: DateTime<Utc>,
    ) -> Result<Written<Review>, Error> {
        let mut tx = self.writer.begin().await?;
        let found: Option<(i64, Option<String>)> =
            sqlx::query_as("SELECT seller_id, reply FROM reviews WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        match found {
            None => return Err(Error::NotFound(Missing::Review)),
            Some((owner, _)) if owner != seller_id => {
                return Err(Error::Refused(Refused::NotYourReview))
            }
            Some(_) => {}
        }
        // Once: of two answers at once, the first stands.
        let done = sqlx::query(
            "UPDATE reviews SET reply = $2, replied_at = $3 WHERE id = $1 AND reply IS NULL",
        )
        .bind(id)
        .bind(text)
        .bind(at)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            return Err(Error::Refused(Refused::AlreadyReplied));
        }
        let review = review_in(&mut tx, id).await?;
        tx.commit().await?;
        self.changed();
        Ok(Written::nothing(review))
    }

    async fn reviews_of_seller(&self, seller_id: i64, most: i64) -> Result<Vec<Review>, Error> {
        Ok(sqlx::query_as::<Db, Review>(&format!(
            "{REVIEW_SELECT} WHERE rv.seller_id = $1 ORDER BY rv.id DESC LIMIT $2"
        ))
        .bind(seller_id)
        .bind(most)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn latest_good_reviews(&self, most: i64) -> Result<Vec<Review>, Error> {
        Ok(sqlx::query_as::<Db, Review>(&format!(
            "{REVIEW_SELECT} WHERE rv.stars >= 4 AND rv.text <> '' ORDER BY rv.id DESC LIMIT $1"
        ))
        .bind(most)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn seller_rating(&self, seller_id: i64) -> Result<SellerRating, Error> {
        let mut tx = self.reader.begin().await?;
        let rating = rating_in(&mut tx, seller_id).await?;
        tx.commit().await?;
        Ok(rating)
    }

    async fn create_booking(&self, order: &NewBooking) -> Result<Written<i64>, Error> {
        match self.book(order).await {
            Err(Error::Refused(Refused::AlreadyBooked)) => {
                Err(self.why_booked_before(order).await?)
            }
            done => done,
        }
    }

    async fn booking(&self, id: i64) -> Result<Option<Booking>, Error> {
        Ok(
            sqlx::query_as::<Db, Booking>(concat!(booking_select!(), "WHERE o.id = $1"))
                .bind(id)
                .fetch_optional(&self.reader)
                .await?,
        )
    }

    async fn payable(&self, id: i64) -> Result<Option<Payable>, Error> {
        Ok(sqlx::query_as::<Db, Payable>(PAYABLE)
            .bind(id)
            .fetch_optional(&self.reader)
            .await?)
    }

    async fn bookings_of_buyer(&self, buyer_id: i64) -> Result<Vec<Booking>, Error> {
        Ok(sqlx::query_as::<Db, Booking>(concat!(
            booking_select!(),
            "WHERE o.buyer_id = $1 AND o.status <> 'cancelled' ORDER BY o.id DESC"
        ))
        .bind(buyer_id)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn bookings_of_seller(&self, seller_id: i64) -> Result<Vec<Booking>, Error> {
        Ok(sqlx::query_as::<Db, Booking>(concat!(
            booking_select!(),
            "WHERE p.seller_id = $1 ORDER BY o.id DESC"
        ))
        .bind(seller_id)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn deals(&self, status: Option<BookingStatus>, most: i64) -> Result<Vec<Booking>, Error> {
        let wanted: Vec<&str> = match status {
            Some(status) => vec![status.as_str()],
            None => vec![
                "reserved",
                "cash",
                "held",
                "completed",
                "released",
                "called_off",
                "lapsed",
            ],
        };
        let mut list = String::new();
        for (i, _) in wanted.iter().enumerate() {
            list.push_str(if i == 0 { "$2" } else { ", $" });
            if i > 0 {
                list.push_str(&(i + 2).to_string());
            }
        }
        let sql = format!(
            "{} WHERE o.status IN ({list}) ORDER BY o.id DESC LIMIT $1",
            booking_select!()
        );
        let mut query = sqlx::query_as::<Db, Booking>(&sql).bind(most);
        for status in wanted {
            query = query.bind(status);
        }
        Ok(query.fetch_all(&self.reader).await?)
    }

    async fn open_bookings_of_seller(&self, seller_id: i64) -> Result<Vec<(i64, i64)>, Error> {
        Ok(sqlx::query_as(concat!(
            "SELECT o.product_id, COUNT(*) FROM orders o JOIN products p ON p.id = o.product_id \
             WHERE p.seller_id = $1 AND o.status IN ",
            open_statuses!(),
            " GROUP BY o.product_id ORDER BY o.product_id"
        ))
        .bind(seller_id)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn cancel_booking(&self, id: i64, by: i64) -> Result<Written<bool>, Error> {
        let mut tx = self.writer.begin().await?;
        let Some(order) = This::find_booking_in(&mut tx, id).await? else {
            return Ok(Written::nothing(false));
        };
        let was = order.order_status;
        match was {
            BookingStatus::Waiting | BookingStatus::Reserved => {}
            BookingStatus::Cancelled => return Ok(Written::nothing(false)),
            BookingStatus::Cash | BookingStatus::Held => {
                return Err(Error::Refused(Refused::CallOffInstead))
            }
            other => return Err(not_now(other, Refused::BookingEnded)),
        }
        // Only from the status just read: a step that committed in between (the seller
        // released it, say) wins, and this cancel is told what happened.
        let cancelled =
            sqlx::query("UPDATE orders SET status = 'cancelled' WHERE id = $1 AND status = $2")
                .bind(id)
                .bind(was.as_str())
                .execute(&mut *tx)
                .await?;
        if cancelled.rows_affected() == 0 {
            drop(tx);
            return match self.booking(id).await?.map(|now| now.order_status) {
                None | Some(BookingStatus::Cancelled) => Ok(Written::nothing(false)),
                Some(BookingStatus::Cash | BookingStatus::Held) => {
                    Err(Error::Refused(Refused::CallOffInstead))
                }
                Some(other) => Err(not_now(other, Refused::BookingEnded)),
            };
        }
        let actor = match by == order.buyer_id {
            true => Actor::Buyer,
            false => Actor::Admin,
        };
        let step = Step::new(
            StepKind::Cancelled,
            actor,
            Some(by),
            BookingStatus::Cancelled,
        );
        log_step(&mut tx, id, step).await?;
        let product_id = order.listing.id;
        let seller_id = order.listing.seller_id;
        let booking = BookingRef {
            order_id: id,
            product_id,
            buyer_id: order.buyer_id,
            seller_id,
        };
        let notice = Notice::Cancelled {
            buyer: &order.buyer_name,
            listing: &order.listing.name,
        };
        let told = notify(&mut tx, seller_id, notice).await?;
        let mut events = vec![Event::BookingCancelled(booking), told];
        if was == BookingStatus::Reserved {
            events.extend(This::pass_on(&mut tx, product_id).await?);
        } else {
            events.extend(This::line_moved(&mut tx, product_id, id).await?);
        }
        self.finish(tx, &events, true).await
    }

    async fn end_booking(
        &self,
        id: i64,
        act: SellerAct<'_>,
        end: BookingEnd,
    ) -> Result<Written<Booking>, Error> {
        let (from, to, wanted) = match end {
            BookingEnd::Decline => (
                BookingStatus::Waiting,
                BookingStatus::Declined,
                Refused::NotInLine,
            ),
            BookingEnd::Release => (
                BookingStatus::Reserved,
                BookingStatus::Released,
                Refused::NotReserved,
            ),
        };
        let mut tx = self.writer.begin().await?;
        let mut booking = This::booking_in(&mut tx, id).await?;
        if booking.listing.seller_id != act.by && !act.admin {
            return Err(Error::Refused(Refused::NotYourBikesBooking));
        }
        if booking.order_status != from {
            return Err(not_ended(end, booking.order_status, wanted));
        }
        let ended =
            sqlx::query("UPDATE orders SET status = $3, reason = $4 WHERE id = $1 AND status = $2")
                .bind(id)
                .bind(from.as_str())
                .bind(to.as_str())
                .bind(act.reason)
                .execute(&mut *tx)
                .await?;
        if ended.rows_affected() == 0 {
            drop(tx);
            let now = self.booking_now(id).await?;
            return Err(not_ended(end, now.order_status, wanted));
        }
        let actor = match act.admin && act.by != booking.listing.seller_id {
            true => Actor::Admin,
            false => Actor::Seller,
        };
        let kind = match end {
            BookingEnd::Decline => StepKind::Declined,
            BookingEnd::Release => StepKind::Released,
        };
        let step = Step::new(kind, actor, Some(act.by), to).detail(act.reason);
        log_step(&mut tx, id, step).await?;
        booking.order_status = to;
        booking.queue_position = None;
        booking.reason = Some(act.reason.to_owned());
        let product_id = booking.listing.id;
        let listing = &booking.listing.name;
        let notice = match end {
            BookingEnd::Decline => Notice::Declined {
                listing,
                reason: act.reason,
            },
            BookingEnd::Release => Notice::Released {
                listing,
                reason: act.reason,
            },
        };
        let told = notify(&mut tx, booking.buyer_id, notice).await?;
        let mut events = vec![Event::DealUpdated(booking.clone()), told];
        events.extend(match end {
            BookingEnd::Decline => This::line_moved(&mut tx, product_id, id).await?,
            BookingEnd::Release => This::pass_on(&mut tx, product_id).await?,
        });
        self.finish(tx, &events, booking).await
    }

    async fn propose_meeting(
        &self,
        id: i64,
        by: i64,
        proposal: &MeetingProposal,
    ) -> Result<Written<Booking>, Error> {
        let mut tx = self.writer.begin().await?;
        let booking = This::booking_in(&mut tx, id).await?;
        let side = side_of(&booking, by)?;
        // Only while the booking holds the bike: a step that ended it first wins.
        let proposed = sqlx::query(
            "UPDATE orders SET meeting_place = $2, meeting_at = $3, meeting_by = $4, \
             meeting_round = meeting_round + 1, meeting_agreed = FALSE \
             WHERE id = $1 AND status IN ('reserved', 'cash', 'held')",
        )
        .bind(id)
        .bind(&proposal.place)
        .bind(proposal.at)
        .bind(side.as_str())
        .execute(&mut *tx)
        .await?;
        if proposed.rows_affected() == 0 {
            return Err(not_now(booking.order_status, Refused::NoMeetingNow));
        }
        self.tell_of_meeting(tx, id, side, false).await
    }

    async fn confirm_meeting(
        &self,
        id: i64,
        by: i64,
        round: i32,
    ) -> Result<Written<Booking>, Error> {
        let mut tx = self.writer.begin().await?;
        let booking = This::booking_in(&mut tx, id).await?;
        let side = side_of(&booking, by)?;
        // Agrees to exactly the proposal named, made by the other side, while the booking
        // holds the bike: a newer proposal that committed first leaves this one unagreed.
        let agreed = sqlx::query(
            "UPDATE orders SET meeting_agreed = TRUE WHERE id = $1 AND status IN ('reserved', \
             'cash', 'held') AND meeting_round = $2 AND meeting_by = $3 AND meeting_agreed = FALSE",
        )
        .bind(id)
        .bind(round)
        .bind(side.other().as_str())
        .execute(&mut *tx)
        .await?;
        if agreed.rows_affected() == 0 {
            drop(tx);
            let now = self.booking_now(id).await?;
            if !matches!(
                now.order_status,
                BookingStatus::Reserved | BookingStatus::Cash | BookingStatus::Held
            ) {
                return Err(not_now(now.order_status, Refused::NoMeetingNow));
            }
            return match now.meeting.proposal() {
                None => Err(Error::Refused(Refused::NoProposal)),
                Some(latest) if latest.round != round => {
                    Err(Error::Refused(Refused::MeetingChanged))
                }
                Some(latest) if latest.proposed_by == side => {
                    Err(Error::Refused(Refused::OwnProposal))
                }
                // Agreed already: nothing changes, nobody is told twice.
                Some(_) => Ok(Written::nothing(now)),
            };
        }
        hold_until_after_meeting(&mut tx, id).await?;
        self.tell_of_meeting(tx, id, side, true).await
    }

    async fn choose_cash(&self, id: i64, by: i64) -> Result<Written<Booking>, Error> {
        let mut tx = self.writer.begin().await?;
        let booking = This::booking_in(&mut tx, id).await?;
        if booking.buyer_id != by {
            return Err(Error::Refused(Refused::NotYourBooking));
        }
        // Cash only where the seller takes it, and not instead of the deposit they ask.
        if booking.order_status == BookingStatus::Reserved {
            if !booking.listing.terms.takes_cash {
                return Err(Error::Refused(Refused::CashNotTaken));
            }
            if booking.deposit.is_some() {
                return Err(Error::Refused(Refused::DepositAsked));
            }
        }
        // Only from a reservation: a release, lapse or cancel that committed first wins.
        let chosen = sqlx::query(
            "UPDATE orders SET status = 'cash', method = 'cash', handover_code = $2, \
             handover_tries = 0 WHERE id = $1 AND status = 'reserved'",
        )
        .bind(id)
        .bind(six_digits())
        .execute(&mut *tx)
        .await?;
        if chosen.rows_affected() == 0 {
            drop(tx);
            let now = self.booking_now(id).await?;
            return match why_not_payable(now.order_status) {
                Some(Refused::PayingCash) => Ok(Written::nothing(now)),
                Some(why) => Err(Error::Refused(why)),
                None => Err(Error::Database("a reservation refused cash".into())),
            };
        }
        let step = Step::new(StepKind::Cash, Actor::Buyer, Some(by), BookingStatus::Cash);
        log_step(&mut tx, id, step).await?;
        let booking = This::booking_in(&mut tx, id).await?;
        let notice = Notice::CashChosen {
            buyer: &booking.buyer_name,
            listing: &booking.listing.name,
        };
        let told = notify(&mut tx, booking.listing.seller_id, notice).await?;
        self.finish(tx, &[Event::DealUpdated(booking.clone()), told], booking)
            .await
    }

    async fn handover_code(&self, id: i64, by: i64, renew: bool) -> Result<HandoverCode, Error> {
        let found: Option<(String, i64, Option<String>, i32)> = sqlx::query_as(
            "SELECT status, buyer_id, handover_code, handover_tries FROM orders WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.writer)
        .await?;
        let (status, buyer_id, code, tries) = found.ok_or(Error::NotFound(Missing::Booking))?;
        if buyer_id != by {
            return Err(Error::Refused(Refused::NotYourCode));
        }
        let status = BookingStatus::try_from(status).map_err(Error::Database)?;
        let waiting_for_handover = matches!(status, BookingStatus::Cash | BookingStatus::Held);
        match code {
            Some(code) if waiting_for_handover && !renew => Ok(HandoverCode {
                locked: tries >= HANDOVER_TRIES,
                code,
            }),
            _ if waiting_for_handover => {
                // A new code, only while the deal still waits for its handover.
                let mut tx = self.writer.begin().await?;
                let code: Option<String> = sqlx::query_scalar(
                    "UPDATE orders SET handover_code = $2, handover_tries = 0 WHERE id = $1 \
                     AND status IN ('cash', 'held') RETURNING handover_code",
                )
                .bind(id)
                .bind(six_digits())
                .fetch_optional(&mut *tx)
                .await?;
                match code {
                    Some(code) => {
                        let step = Step::new(StepKind::NewCode, Actor::Buyer, Some(by), status);
                        log_step(&mut tx, id, step).await?;
                        tx.commit().await?;
                        Ok(HandoverCode {
                            code,
                            locked: false,
                        })
                    }
                    None => Err(not_now(
                        self.booking_now(id).await?.order_status,
                        Refused::NoHandoverYet,
                    )),
                }
            }
            _ => Err(not_now(status, Refused::NoHandoverYet)),
        }
    }

    async fn hand_over(&self, id: i64, by: i64, code: &str) -> Result<Written<Handover>, Error> {
        let mut tx = self.writer.begin().await?;
        let booking = This::booking_in(&mut tx, id).await?;
        if booking.listing.seller_id != by {
            return Err(Error::Refused(Refused::NotYourBikesBooking));
        }
        let (expected, tries, claimed): (Option<String>, i32, Option<DateTime<Utc>>) =
            sqlx::query_as(
                "SELECT handover_code, handover_tries, capture_claimed_at FROM orders \
                 WHERE id = $1",
            )
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        let status = booking.order_status;
        match status {
            BookingStatus::Cash | BookingStatus::Held => {}
            // The seller's retry of a handover that went through.
            BookingStatus::Completed => {
                return Ok(Written::nothing(Handover::Completed(Box::new(booking))))
            }
            status => return Err(not_now(status, Refused::NoHandoverNow)),
        }
        let right = expected.as_deref() == Some(code);
        if right && claimed.is_some() {
            // The seller's retry of a handover whose capture did not finish: the same
            // capture is asked again (the provider takes the money once).
            return Ok(Written::nothing(Handover::Capture(
                This::held_payment(&mut tx, id).await?,
            )));
        }
        if tries >= HANDOVER_TRIES {
            return Err(Error::Refused(Refused::HandoverLocked));
        }
        // Both the wrong try and the handover hold only for the code the seller was
        // checked against: a new code, a call-off or a lapse that committed first wins.
        // A hold's right code claims the deal for the capture (nothing else ends it from
        // then on); a cash deal's completes it.
        let checked_against = expected.unwrap_or_default();
        let update = match (right, status) {
            (true, BookingStatus::Held) => {
                "UPDATE orders SET capture_claimed_at = $4 WHERE id = $1 AND status = 'held' \
                 AND handover_code = $2 AND handover_tries < $3 AND capture_claimed_at IS NULL"
            }
            (true, _) => {
                "UPDATE orders SET status = 'completed', completed_at = $4, handover_code = NULL \
                 WHERE id = $1 AND status = 'cash' AND handover_code = $2 AND handover_tries < $3"
            }
            (false, _) => {
                "UPDATE orders SET handover_tries = handover_tries + 1 WHERE id = $1 AND \
                 status = $4 AND handover_code = $2 AND handover_tries < $3"
            }
        };
        let query = sqlx::query(update)
            .bind(id)
            .bind(&checked_against)
            .bind(HANDOVER_TRIES);
        let query = match right {
            true => query.bind(Utc::now()),
            false => query.bind(status.as_str()),
        };
        let done = query.execute(&mut *tx).await?;
        if done.rows_affected() == 0 {
            drop(tx);
            let now = self.booking_now(id).await?;
            return Err(match now.order_status {
                BookingStatus::Cash | BookingStatus::Held => {
                    Error::Refused(Refused::HandoverLocked)
                }
                status => not_now(status, Refused::NoHandoverNow),
            });
        }
        if !right {
            let step = Step::new(StepKind::WrongCode, Actor::Seller, Some(by), status);
            log_step(&mut tx, id, step).await?;
            tx.commit().await?;
            return Ok(Written::nothing(Handover::WrongCode {
                left: HANDOVER_TRIES - tries - 1,
            }));
        }
        if status == BookingStatus::Held {
            let held = This::held_payment(&mut tx, id).await?;
            let step = Step::new(StepKind::CaptureClaimed, Actor::Seller, Some(by), status)
                .money(held.amount, Some(&held.transaction_id));
            log_step(&mut tx, id, step).await?;
            tx.commit().await?;
            return Ok(Written::nothing(Handover::Capture(held)));
        }
        let product_id = booking.listing.id;
        let bike = ListingRef {
            product_id,
            category_id: booking.listing.category_id,
            seller_id: by,
        };
        let sold = sell_listing(&mut tx, bike).await?;
        let (sale, mut events) =
            This::completed_in(&mut tx, id, (Actor::Seller, Some(by)), None).await?;
        // The deal first, then the bike sold, then who is told.
        events.splice(1..1, sold);
        self.finish(tx, &events, Handover::Completed(Box::new(sale)))
            .await
    }

    async fn call_off(&self, id: i64, by: i64, reason: &str) -> Result<Written<Booking>, Error> {
        let mut tx = self.writer.begin().await?;
        let booking = This::booking_in(&mut tx, id).await?;
        let side = side_of(&booking, by)?;
        // A hold whose handover claimed it for the capture is not called off: the
        // capture's outcome ends it.
        let was: Option<Option<String>> = sqlx::query_scalar(
            "UPDATE orders SET status = 'called_off', reason = $2, ended_by = $3, \
             handover_code = NULL WHERE id = $1 AND status IN ('cash', 'held') AND \
             capture_claimed_at IS NULL RETURNING method",
        )
        .bind(id)
        .bind(reason)
        .bind(side.as_str())
        .fetch_optional(&mut *tx)
        .await?;
        let Some(method) = was else {
            drop(tx);
            let now = self.booking_now(id).await?;
            return Err(match now.order_status {
                BookingStatus::Held => Error::Refused(Refused::HandoverUnderway),
                status => not_now(status, Refused::NothingToCallOff),
            });
        };
        let status = BookingStatus::CalledOff;
        let step = Step::new(StepKind::CalledOff, side.into(), Some(by), status).detail(reason);
        log_step(&mut tx, id, step).await?;
        let booking = This::booking_in(&mut tx, id).await?;
        let notice = Notice::CalledOff {
            by: name_of(&booking, side),
            listing: &booking.listing.name,
            reason,
            to_seller: side == Side::Buyer,
        };
        let told = notify(&mut tx, user_on(&booking, side.other()), notice).await?;
        let mut events = vec![Event::DealUpdated(booking.clone()), told];
        let hold = is_hold(method.as_deref());
        let bike = booking.listing.id;
        events.extend(This::reopen(&mut tx, id, bike, hold, Utc::now()).await?);
        self.finish(tx, &events, booking).await
    }

    async fn release_deal(
        &self,
        id: i64,
        admin: i64,
        reason: &str,
    ) -> Result<Written<Booking>, Error> {
        let mut tx = self.writer.begin().await?;
        let released: Option<Option<String>> = sqlx::query_scalar(
            "UPDATE orders SET status = 'released', reason = $2, handover_code = NULL \
             WHERE id = $1 AND status IN ('reserved', 'cash', 'held') AND \
             capture_claimed_at IS NULL RETURNING method",
        )
        .bind(id)
        .bind(reason)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(method) = released else {
            drop(tx);
            let now = self.booking_now(id).await?;
            return Err(match now.order_status {
                BookingStatus::Held => Error::Refused(Refused::HandoverUnderway),
                status => not_now(status, Refused::NotReserved),
            });
        };
        let status = BookingStatus::Released;
        let step = Step::new(StepKind::Released, Actor::Admin, Some(admin), status).detail(reason);
        log_step(&mut tx, id, step).await?;
        let booking = This::booking_in(&mut tx, id).await?;
        let label = deal_label(&booking);
        audit(
            &mut tx,
            admin,
            AuditAction::DealReleased,
            id,
            &label,
            Some(reason),
        )
        .await?;
        let mut events = vec![Event::DealUpdated(booking.clone())];
        for (to, to_seller) in [(booking.buyer_id, false), (booking.listing.seller_id, true)] {
            let notice = Notice::ReleasedByAdmin {
                listing: &booking.listing.name,
                reason,
                to_seller,
            };
            events.push(notify(&mut tx, to, notice).await?);
        }
        let hold = is_hold(method.as_deref());
        let bike = booking.listing.id;
        events.extend(This::reopen(&mut tx, id, bike, hold, Utc::now()).await?);
        self.finish(tx, &events, booking).await
    }

    async fn deal_steps(&self, id: i64) -> Result<Vec<DealStep>, Error> {
        Ok(sqlx::query_as::<Db, DealStep>(
            "SELECT s.at, s.actor, s.actor_id, u.name AS actor_name, s.step, s.status, s.amount, \
             s.provider_id, s.detail FROM deal_steps s LEFT JOIN users u ON u.id = s.actor_id \
             WHERE s.order_id = $1 ORDER BY s.id",
        )
        .bind(id)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn lapse_reservations(
        &self,
        now: DateTime<Utc>,
        most: i64,
    ) -> Result<Written<usize>, Error> {
        let due: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM orders WHERE status IN ('reserved', 'cash', 'held') AND \
             reserved_until < $1 AND capture_claimed_at IS NULL ORDER BY reserved_until LIMIT $2",
        )
        .bind(now)
        .bind(most)
        .fetch_all(&self.writer)
        .await?;
        let mut lapsed = 0;
        let mut events = Vec::new();
        for id in due {
            let more = self.lapse(id, now).await?;
            if !more.is_empty() {
                lapsed += 1;
                events.extend(more);
            }
        }
        if lapsed > 0 {
            self.changed();
        }
        Ok(Written {
            outcome: lapsed,
            events,
        })
    }
}

/// Review `id`, read inside `tx`.
async fn review_in(tx: &mut Tx<'_>, id: i64) -> Result<Review, Error> {
    Ok(
        sqlx::query_as::<Db, Review>(&format!("{REVIEW_SELECT} WHERE rv.id = $1"))
            .bind(id)
            .fetch_one(&mut **tx)
            .await?,
    )
}

/// Seller `seller_id`'s rating, read inside `tx`.
async fn rating_in(tx: &mut Tx<'_>, seller_id: i64) -> Result<SellerRating, Error> {
    Ok(sqlx::query_as::<Db, SellerRating>(
        "SELECT COALESCE(SUM(stars), 0) AS seller_stars, COUNT(*) AS seller_reviews \
         FROM reviews WHERE seller_id = $1",
    )
    .bind(seller_id)
    .fetch_one(&mut **tx)
    .await?)
}
