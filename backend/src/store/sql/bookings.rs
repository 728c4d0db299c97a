//! Bookings: a buyer books a bike, cancels, and each side lists theirs.

use super::*;

impl This {
    pub(super) async fn booking_in(tx: &mut Tx<'_>, id: i64) -> Result<Booking, Error> {
        Ok(
            sqlx::query_as::<Db, Booking>(concat!(booking_select!(), "WHERE o.id = $1"))
                .bind(id)
                .fetch_one(&mut **tx)
                .await?,
        )
    }
}

#[async_trait]
impl Bookings for This {
    async fn create_booking(&self, order: &NewBooking) -> Result<Written<i64>, Error> {
        let mut tx = self.writer.begin().await?;
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO orders (product_id, buyer_id, buyer_phone, meeting_location, status, \
             created_at, price) SELECT id, $2, $3, $4, 'booked', $5, resale_price FROM products \
             WHERE id = $1 AND sold = FALSE RETURNING id",
        )
        .bind(order.product_id)
        .bind(order.buyer_id)
        .bind(&order.buyer_phone)
        .bind(&order.meeting_location)
        .bind(Utc::now())
        .fetch_optional(&mut *tx)
        .await
        .map_err(refused_if_taken(
            &[Key::OpenBooking],
            Refused::AlreadyBooked,
        ))?;
        let Some(id) = id else {
            drop(tx);
            return Err(if self.listing_exists(order.product_id).await? {
                Error::Refused(Refused::AlreadySold)
            } else {
                Error::NotFound(Missing::Listing)
            });
        };
        let booking = This::booking_in(&mut tx, id).await?;
        let notice = Notice::Booked {
            buyer: &booking.buyer_name,
            listing: &booking.listing.name,
            phone: &booking.buyer_phone,
            meeting: &booking.meeting_location,
        };
        let told = notify(&mut tx, booking.listing.seller_id, notice).await?;
        let events = record(&mut tx, &[Event::BookingCreated(booking), told]).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed();
        Ok(Written {
            outcome: id,
            events,
        })
    }

    async fn booking(&self, id: i64) -> Result<Option<Booking>, Error> {
        Ok(
            sqlx::query_as::<Db, Booking>(concat!(booking_select!(), "WHERE o.id = $1"))
                .bind(id)
                .fetch_optional(&self.reader)
                .await?,
        )
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

    async fn open_bookings_of_seller(&self, seller_id: i64) -> Result<Vec<(i64, i64)>, Error> {
        Ok(sqlx::query_as(
            "SELECT o.product_id, COUNT(*) FROM orders o JOIN products p ON p.id = o.product_id \
             WHERE p.seller_id = $1 AND o.status = 'booked' GROUP BY o.product_id \
             ORDER BY o.product_id",
        )
        .bind(seller_id)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn cancel_booking(&self, id: i64) -> Result<Written<bool>, Error> {
        let mut tx = self.writer.begin().await?;
        let cancelled: Option<(i64, i64)> = sqlx::query_as(
            "UPDATE orders SET status = 'cancelled' WHERE id = $1 AND status = 'booked' \
             RETURNING product_id, buyer_id",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(cancelled) = cancelled else {
            let status: Option<String> =
                sqlx::query_scalar("SELECT status FROM orders WHERE id = $1")
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await?;
            return match status.as_deref() {
                Some("paid") => Err(Error::Refused(Refused::PaidUncancellable)),
                _ => Ok(Written::nothing(false)),
            };
        };
        let (product_id, buyer_id) = cancelled;
        let order = This::booking_in(&mut tx, id).await?;
        let seller_id = order.listing.seller_id;
        let booking = BookingRef {
            order_id: id,
            product_id,
            buyer_id,
            seller_id,
        };
        let notice = Notice::Cancelled {
            buyer: &order.buyer_name,
            listing: &order.listing.name,
        };
        let told = notify(&mut tx, seller_id, notice).await?;
        let events = record(&mut tx, &[Event::BookingCancelled(booking), told]).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed();
        Ok(Written {
            outcome: true,
            events,
        })
    }
}
