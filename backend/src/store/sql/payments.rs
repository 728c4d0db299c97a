//! Payments: test-mode intents, recording a payment (which sells the bike), capturing
//! and undoing it, and the Stripe events already handled.

use super::*;
use crate::notice::Hold;
use crate::random::six_digits;
use crate::records::{Actor, HeldPayment, HoldToRelease, PaidAmount, StepKind, HOLD_DAYS};

/// A payment recorded: (id, booking, buyer, listing), each reference None once what it
/// named is deleted.
type Recorded = (i64, Option<i64>, Option<i64>, Option<i64>);

/// An accepted test-mode intent's amount, and the payment recorded for it if any.
#[derive(sqlx::FromRow)]
struct TestIntentPaid {
    amount: i64,
    payment_id: Option<i64>,
    order_id: Option<i64>,
    buyer_id: Option<i64>,
    product_id: Option<i64>,
}

impl This {
    /// The payment recorded for `transaction_id`, if any.
    async fn payment_by_transaction(
        &self,
        transaction_id: &str,
    ) -> Result<Option<Recorded>, Error> {
        Ok(sqlx::query_as(
            "SELECT id, order_id, buyer_id, product_id FROM payments WHERE transaction_id = $1",
        )
        .bind(transaction_id)
        .fetch_optional(&self.writer)
        .await?)
    }

    /// What our test-mode intent `transaction_id` holds for booking `order_id` if its card
    /// was accepted (None otherwise), with the payment recorded for it, if any, as
    /// [`This::payment_by_transaction`] has it: one read.
    async fn test_intent_paid(
        &self,
        transaction_id: &str,
        order_id: i64,
    ) -> Result<Option<(i64, Option<Recorded>)>, Error> {
        let found = sqlx::query_as::<Db, TestIntentPaid>(
            "SELECT t.amount, p.id AS payment_id, p.order_id, p.buyer_id, p.product_id \
             FROM test_payment_intents t \
             LEFT JOIN payments p ON p.transaction_id = t.id \
             WHERE t.id = $1 AND t.order_id = $2 AND t.status = 'succeeded'",
        )
        .bind(transaction_id)
        .bind(order_id)
        .fetch_optional(&self.writer)
        .await?;
        Ok(found.map(|paid| {
            let recorded = paid
                .payment_id
                .map(|id| (id, paid.order_id, paid.buyer_id, paid.product_id));
            (paid.amount, recorded)
        }))
    }

    async fn record_payment_once(
        &self,
        payment: &NewPayment,
        amount: i64,
    ) -> Result<Written<i64>, Error> {
        let mut tx = self.writer.begin().await?;
        let booking = sqlx::query_as::<Db, BookingToPay>(
            "SELECT o.product_id, o.buyer_id, b.email, p.name, p.seller_id, p.category_id, \
             o.status FROM orders o JOIN users b ON b.id = o.buyer_id \
             JOIN products p ON p.id = o.product_id WHERE o.id = $1",
        )
        .bind(payment.order_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(Error::NotFound(Missing::Booking))?;
        let BookingToPay {
            product_id,
            buyer_id,
            email,
            name: product_name,
            seller_id,
            category_id,
            status,
        } = booking;
        refuse_strangers(payment, Some(buyer_id), Some(product_id))?;
        if let Some(why) = why_not_payable(status) {
            return Err(Error::Refused(why));
        }
        let bike = ListingRef {
            product_id,
            category_id,
            seller_id,
        };
        let mut events = sell_listing(&mut tx, bike).await?;
        // The booking moves reserved → held only if it still holds the bike when this
        // update runs: a cancel, release or lapse that committed first wins (and the
        // bike's sale above rolls back), and one that comes later waits for this row lock
        // and then finds the booking held. Exactly one of them succeeds.
        // The amount is checked here, inside the sale: the booking's price (or the
        // deposit it asked) is the one held, whatever the listing says now. The hold waits for the handover code at
        // most HOLD_DAYS; then the sweep releases it.
        let now = Utc::now();
        let paid = sqlx::query(
            "UPDATE orders SET status = 'held', method = $5, handover_code = $3, \
             handover_tries = 0, reserved_until = $4 WHERE id = $1 \
             AND status = 'reserved' AND COALESCE(deposit, price) = $2",
        )
        .bind(payment.order_id)
        .bind(amount)
        .bind(six_digits())
        .bind(now + chrono::Duration::days(HOLD_DAYS))
        .bind(payment.method.as_str())
        .execute(&mut *tx)
        .await?;
        if paid.rows_affected() == 0 {
            let status: Option<String> =
                sqlx::query_scalar("SELECT status FROM orders WHERE id = $1")
                    .bind(payment.order_id)
                    .fetch_optional(&mut *tx)
                    .await?;
            let status = status.map(BookingStatus::try_from).transpose();
            return Err(match status.map_err(Error::Database)? {
                Some(now) => {
                    Error::Refused(why_not_payable(now).unwrap_or(Refused::AmountNotPrice))
                }
                None => Error::NotFound(Missing::Booking),
            });
        }
        let (actor, actor_id) = match payment.payer {
            Some(buyer) => (Actor::Buyer, Some(buyer)),
            None => (Actor::Server, None),
        };
        let step = Step::new(StepKind::Held, actor, actor_id, BookingStatus::Held)
            .money(amount, Some(&payment.transaction_id));
        log_step(&mut tx, payment.order_id, step).await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO payments (order_id, product_id, buyer_id, transaction_id, amount, \
             currency, email, product_name, paid_at, captured, method) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
        )
        .bind(payment.order_id)
        .bind(product_id)
        .bind(buyer_id)
        .bind(&payment.transaction_id)
        .bind(amount)
        .bind(&payment.currency)
        .bind(&email)
        .bind(&product_name)
        .bind(now)
        .bind(payment.captured)
        .bind(payment.method.as_str())
        .fetch_one(&mut *tx)
        .await
        .map_err(refused_if_taken(
            &[
                Key::PaymentTransaction,
                Key::PaymentBooking,
                Key::PaymentListing,
            ],
            Refused::PaymentRecorded,
        ))?;
        events.push(Event::BookingPaid(BookingRef {
            order_id: payment.order_id,
            product_id,
            buyer_id,
            seller_id,
        }));
        // The seller hands the bike over; the buyer learns whom to meet; whoever else
        // booked or saved it learns it is gone.
        let sale = This::booking_in(&mut tx, payment.order_id).await?;
        // Both sides' pages take the deal as it now stands: held, until when, how.
        events.push(Event::DealUpdated(sale.clone()));
        let bike = &sale.listing;
        let hold = Hold {
            method: payment.method,
            price: sale.price,
            deposit: sale.deposit,
        };
        let to_seller = Notice::PaidToSeller {
            buyer: &sale.buyer_name,
            listing: &bike.name,
            meeting: &sale.meeting_location,
            hold,
        };
        events.push(notify(&mut tx, seller_id, to_seller).await?);
        let to_buyer = Notice::PaidByBuyer {
            listing: &bike.name,
            seller: &bike.seller_name,
            meeting: &sale.meeting_location,
            phone: &bike.seller_phone,
            hold,
        };
        events.push(notify(&mut tx, buyer_id, to_buyer).await?);
        let fate = Fate::SoldToAnother;
        events.extend(
            notify_watchers(&mut tx, product_id, Some(buyer_id), &product_name, fate).await?,
        );
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        Ok(Written {
            outcome: id,
            events,
        })
    }
}

#[async_trait]
impl Payments for This {
    async fn open_test_payment_intent(
        &self,
        order_id: i64,
        open: &(dyn for<'a> Fn(&'a Payable) -> Option<TestPaymentIntent> + Send + Sync),
    ) -> Result<Option<(Payable, Option<TestPaymentIntent>)>, Error> {
        // One connection for the read and the write: the intent only names the booking
        // (the sale checks it again), so no transaction is needed between them.
        let mut conn = self.writer.acquire().await?;
        let Some(order) = sqlx::query_as::<Db, Payable>(PAYABLE)
            .bind(order_id)
            .fetch_optional(&mut *conn)
            .await?
        else {
            return Ok(None);
        };
        let intent = open(&order);
        if let Some(intent) = &intent {
            sqlx::query(
                "INSERT INTO test_payment_intents (id, client_secret, order_id, amount, \
                 currency, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(&intent.id)
            .bind(&intent.client_secret)
            .bind(intent.order_id)
            .bind(intent.amount)
            .bind(&intent.currency)
            .bind(&intent.status)
            .bind(Utc::now())
            .execute(&mut *conn)
            .await?;
        }
        Ok(Some((order, intent)))
    }

    async fn test_payment_intent(
        &self,
        client_secret: &str,
    ) -> Result<Option<TestPaymentIntent>, Error> {
        Ok(sqlx::query_as::<Db, TestPaymentIntent>(
            "SELECT id, client_secret, order_id, amount, currency, status \
             FROM test_payment_intents WHERE client_secret = $1",
        )
        .bind(client_secret)
        .fetch_optional(&self.reader)
        .await?)
    }

    async fn test_payment_intent_by_id(
        &self,
        id: &str,
    ) -> Result<Option<TestPaymentIntent>, Error> {
        Ok(sqlx::query_as::<Db, TestPaymentIntent>(
            "SELECT id, client_secret, order_id, amount, currency, status \
             FROM test_payment_intents WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.reader)
        .await?)
    }

    async fn confirm_test_payment_intent(
        &self,
        client_secret: &str,
    ) -> Result<Option<TestPaymentIntent>, Error> {
        Ok(sqlx::query_as::<Db, TestPaymentIntent>(
            "UPDATE test_payment_intents SET status = 'succeeded' WHERE client_secret = $1 \
             RETURNING id, client_secret, order_id, amount, currency, status",
        )
        .bind(client_secret)
        .fetch_optional(&self.writer)
        .await?)
    }

    async fn record_payment(
        &self,
        payment: &NewPayment,
    ) -> Result<Written<PaymentRecorded>, Error> {
        let existing = |found: Option<Recorded>| match found {
            Some((id, Some(order), buyer_id, product_id)) if order == payment.order_id => Some(
                refuse_strangers(payment, buyer_id, product_id)
                    .map(|()| Written::nothing(PaymentRecorded::Existing(id))),
            ),
            Some(_) => Some(Err(Error::Refused(Refused::TransactionOfAnotherBooking))),
            None => None,
        };
        let (amount, found) = match payment.amount {
            PaidAmount::Confirmed(amount) => (
                amount,
                self.payment_by_transaction(&payment.transaction_id).await?,
            ),
            PaidAmount::OfTestIntent => self
                .test_intent_paid(&payment.transaction_id, payment.order_id)
                .await?
                .ok_or(Error::Unconfirmed)?,
        };
        if let Some(done) = existing(found) {
            return done;
        }
        match self.record_payment_once(payment, amount).await {
            Ok(Written { outcome, events }) => {
                self.changed();
                Ok(Written {
                    outcome: PaymentRecorded::New(outcome),
                    events,
                })
            }
            // A retry of the same transaction that raced the first: report the first.
            Err(Error::Refused(why)) => {
                existing(self.payment_by_transaction(&payment.transaction_id).await?)
                    .unwrap_or(Err(Error::Refused(why)))
            }
            Err(other) => Err(other),
        }
    }

    async fn payments_for_listing(&self, product_id: i64) -> Result<i64, Error> {
        Ok(
            sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE product_id = $1")
                .bind(product_id)
                .fetch_one(&self.reader)
                .await?,
        )
    }

    async fn hold_captured(&self, held: &HeldPayment) -> Result<Written<Booking>, Error> {
        let mut tx = self.writer.begin().await?;
        let id = held.order_id;
        // Only the claim's own deal: nothing else ends a claimed hold.
        let completed = sqlx::query(
            "UPDATE orders SET status = 'completed', completed_at = $2, handover_code = NULL \
             WHERE id = $1 AND status = 'held' AND capture_claimed_at IS NOT NULL",
        )
        .bind(id)
        .bind(Utc::now())
        .execute(&mut *tx)
        .await?;
        if completed.rows_affected() == 0 {
            drop(tx);
            let now = self.booking_now(id).await?;
            return match now.order_status {
                BookingStatus::Completed => Ok(Written::nothing(now)),
                _ => Err(Error::Refused(Refused::NoHandoverNow)),
            };
        }
        sqlx::query("UPDATE payments SET captured = TRUE WHERE transaction_id = $1")
            .bind(&held.transaction_id)
            .execute(&mut *tx)
            .await?;
        // Whoever claimed it took it: the seller with the code, or an admin.
        let claim: Option<(String, Option<i64>)> = sqlx::query_as(
            "SELECT actor, actor_id FROM deal_steps WHERE order_id = $1 AND \
             step = 'capture_claimed' ORDER BY id DESC LIMIT 1",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let by = match claim {
            Some((actor, by)) if actor == Actor::Admin.as_str() => (Actor::Admin, by),
            Some((_, by)) => (Actor::Seller, by),
            None => (Actor::Server, None),
        };
        let taken = Some(held.transaction_id.as_str());
        let (sale, events) = This::completed_in(&mut tx, id, by, taken).await?;
        self.finish(tx, &events, sale).await
    }

    async fn claim_for_admin(
        &self,
        id: i64,
        admin: i64,
        reason: &str,
    ) -> Result<HeldPayment, Error> {
        let mut tx = self.writer.begin().await?;
        let claimed = sqlx::query(
            "UPDATE orders SET capture_claimed_at = $2 WHERE id = $1 AND status = 'held' \
             AND capture_claimed_at IS NULL",
        )
        .bind(id)
        .bind(Utc::now())
        .execute(&mut *tx)
        .await?;
        let status: Option<String> = sqlx::query_scalar("SELECT status FROM orders WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        let status = status.ok_or(Error::NotFound(Missing::Booking))?;
        if status != BookingStatus::Held.as_str() {
            return Err(Error::Refused(Refused::NoHandoverNow));
        }
        let held = This::held_payment(&mut tx, id).await?;
        if claimed.rows_affected() > 0 {
            let step = Step::new(
                StepKind::CaptureClaimed,
                Actor::Admin,
                Some(admin),
                BookingStatus::Held,
            )
            .money(held.amount, Some(&held.transaction_id))
            .detail(reason);
            log_step(&mut tx, id, step).await?;
            let label = deal_label(&This::booking_in(&mut tx, id).await?);
            audit(
                &mut tx,
                admin,
                AuditAction::DealCaptured,
                id,
                &label,
                Some(reason),
            )
            .await?;
        }
        tx.commit().await?;
        Ok(held)
    }

    async fn hold_lost(&self, transaction_id: &str) -> Result<Written<bool>, Error> {
        let mut tx = self.writer.begin().await?;
        // The deal of this hold, while it is one: claimed or not, its money is gone.
        let lapsed: Option<i64> = sqlx::query_scalar(
            "UPDATE orders SET status = 'lapsed', handover_code = NULL WHERE status = 'held' \
             AND id = (SELECT order_id FROM payments WHERE transaction_id = $1 \
             AND released_at IS NULL) RETURNING id",
        )
        .bind(transaction_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(id) = lapsed else {
            return Ok(Written::nothing(false));
        };
        let now = Utc::now();
        let events = This::lapsed_in(&mut tx, id, true, now).await?;
        // Nothing to release: the provider ended the hold itself.
        sqlx::query("UPDATE payments SET release_confirmed = TRUE WHERE transaction_id = $1")
            .bind(transaction_id)
            .execute(&mut *tx)
            .await?;
        self.finish(tx, &events, true).await
    }

    async fn holds_to_release(
        &self,
        before: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<HoldToRelease>, Error> {
        Ok(sqlx::query_as::<Db, HoldToRelease>(
            "SELECT transaction_id, method FROM payments WHERE released_at IS NOT NULL AND \
             release_confirmed = FALSE AND released_at <= $1 ORDER BY released_at LIMIT $2",
        )
        .bind(before)
        .bind(limit)
        .fetch_all(&self.writer)
        .await?)
    }

    async fn hold_released(&self, transaction_id: &str) -> Result<(), Error> {
        let mut tx = self.writer.begin().await?;
        let released: Option<(Option<i64>, i64)> = sqlx::query_as(
            "UPDATE payments SET release_confirmed = TRUE WHERE transaction_id = $1 AND \
             released_at IS NOT NULL AND release_confirmed = FALSE RETURNING order_id, amount",
        )
        .bind(transaction_id)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some((Some(order_id), amount)) = released {
            let status: String = sqlx::query_scalar("SELECT status FROM orders WHERE id = $1")
                .bind(order_id)
                .fetch_one(&mut *tx)
                .await?;
            let status = BookingStatus::try_from(status).map_err(Error::Database)?;
            let step =
                Step::by_server(StepKind::HoldReleased, status).money(amount, Some(transaction_id));
            log_step(&mut tx, order_id, step).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn claims_to_settle(
        &self,
        before: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<HeldPayment>, Error> {
        Ok(sqlx::query_as::<Db, HeldPayment>(
            "SELECT p.order_id, p.transaction_id, p.amount, p.method FROM orders o JOIN payments p \
             ON p.order_id = o.id AND p.released_at IS NULL WHERE o.status = 'held' AND \
             o.capture_claimed_at < $1 ORDER BY o.capture_claimed_at LIMIT $2",
        )
        .bind(before)
        .bind(limit)
        .fetch_all(&self.writer)
        .await?)
    }

    async fn bkash_started(&self, payment_id: &str, order_id: i64) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO bkash_started (payment_id, order_id, started_at) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
        )
        .bind(payment_id)
        .bind(order_id)
        .bind(Utc::now())
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    async fn bkash_open(
        &self,
        order_id: Option<i64>,
        before: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<(String, DateTime<Utc>)>, Error> {
        Ok(sqlx::query_as(
            "SELECT payment_id, started_at FROM bkash_started WHERE \
             ($1 IS NULL AND started_at < $2) OR order_id = $1 ORDER BY started_at LIMIT $3",
        )
        .bind(order_id)
        .bind(before)
        .bind(limit)
        .fetch_all(&self.writer)
        .await?)
    }

    async fn bkash_settled(&self, payment_id: &str) -> Result<(), Error> {
        sqlx::query("DELETE FROM bkash_started WHERE payment_id = $1")
            .bind(payment_id)
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    async fn stripe_event_seen(&self, id: &str) -> Result<bool, Error> {
        let seen: Option<String> = sqlx::query_scalar("SELECT id FROM stripe_events WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.writer)
            .await?;
        Ok(seen.is_some())
    }

    async fn remember_stripe_event(&self, id: &str) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO stripe_events (id, received_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(Utc::now())
        .execute(&self.writer)
        .await?;
        Ok(())
    }
}

/// Refuses `payment` when its payer is not the booking's buyer (`buyer_id`) or the
/// listing it names is not the booking's (`product_id`).
fn refuse_strangers(
    payment: &NewPayment,
    buyer_id: Option<i64>,
    product_id: Option<i64>,
) -> Result<(), Error> {
    if payment.payer.is_some_and(|payer| Some(payer) != buyer_id) {
        return Err(Error::Refused(Refused::NotYourBooking));
    }
    if payment
        .listing_id
        .is_some_and(|listing| Some(listing) != product_id)
    {
        return Err(Error::Refused(Refused::NotThisBookingsListing));
    }
    Ok(())
}

/// A booking as a payment for it reads it first.
#[derive(sqlx::FromRow)]
struct BookingToPay {
    product_id: i64,
    buyer_id: i64,
    /// The buyer's address, kept with the payment.
    email: String,
    /// The bike's name, kept with the payment.
    name: String,
    seller_id: i64,
    category_id: i64,
    #[sqlx(try_from = "String")]
    status: BookingStatus,
}
