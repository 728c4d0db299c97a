//! Offers inside conversations: each transition of docs/conversations.md "Offers" in one
//! transaction, with the events it causes.

use super::*;
use crate::records::{
    Answer, Blocked, Conversation, Message, Offer, OfferStatus, Side, OFFER_LASTS,
};

pub(super) const OFFER_COLUMNS: &str =
    "id, conversation_id, product_id, buyer_id, by_seller, amount, status, made_at, \
     expires_at, answered_at";

/// The two sides of `conversation` when both are still there and neither blocked the
/// other: what any offer needs.
fn both_sides(conversation: &Conversation) -> Result<(i64, i64), Error> {
    let (Some(buyer_id), Some(seller_id)) = (conversation.buyer_id, conversation.seller_id) else {
        return Err(Error::Refused(Refused::NobodyToTell));
    };
    if conversation.blocked != Blocked::No {
        return Err(Error::Refused(Refused::Blocked));
    }
    Ok((buyer_id, seller_id))
}

/// Whether `amount` may be offered on `conversation`'s bike now.
fn offerable(conversation: &Conversation, amount: i64) -> Result<(), Error> {
    if conversation.sold {
        return Err(Error::Refused(Refused::AlreadySold));
    }
    if !conversation.negotiable {
        return Err(Error::Refused(Refused::FixedPrice));
    }
    if amount <= 0 || amount >= conversation.price {
        return Err(Error::Refused(Refused::OfferNotBelowPrice));
    }
    Ok(())
}

impl This {
    /// The offer event of `offer`, to both sides of its conversation.
    fn offer_updated(offer: Offer, buyer_id: i64, seller_id: i64) -> Event {
        Event::OfferUpdated {
            offer,
            buyer_id,
            seller_id,
        }
    }

    /// Makes the open offer of `by` (`side`) in `conversation` within `tx`, and the
    /// message that carries it: the message, its offer filled in. The conversation's
    /// open offer, if any, ends first (`replaced` when it was `side`'s own, `countered`
    /// when it was the other side's, `lapsed` when its time had run out); the events of
    /// both are appended to `events`.
    async fn offer_in(
        tx: &mut Tx<'_>,
        conversation: &Conversation,
        by: i64,
        side: Side,
        amount: i64,
        client_id: &str,
        events: &mut Vec<Event>,
    ) -> Result<Message, Error> {
        let (buyer_id, seller_id) = both_sides(conversation)?;
        let id = conversation.id;
        let now = Utc::now();
        let by_seller = side == Side::Seller;
        let sql = format!(
            "UPDATE offers SET status = CASE WHEN expires_at <= $2 THEN 'lapsed' \
             WHEN by_seller = $3 THEN 'replaced' ELSE 'countered' END, answered_at = $2 \
             WHERE conversation_id = $1 AND status = 'open' RETURNING {OFFER_COLUMNS}"
        );
        let ended = sqlx::query_as::<Db, Offer>(&sql)
            .bind(id)
            .bind(now)
            .bind(by_seller)
            .fetch_all(&mut **tx)
            .await?;
        let sql = format!(
            "INSERT INTO offers (conversation_id, product_id, buyer_id, by_seller, amount, \
             status, made_at, expires_at) VALUES ($1, $2, $3, $4, $5, 'open', $6, $7) \
             RETURNING {OFFER_COLUMNS}"
        );
        let offer: Offer = sqlx::query_as::<Db, Offer>(&sql)
            .bind(id)
            .bind(conversation.product_id)
            .bind(buyer_id)
            .bind(by_seller)
            .bind(amount)
            .bind(now)
            .bind(now + OFFER_LASTS)
            .fetch_one(&mut **tx)
            .await
            .map_err(refused_if_taken(
                &[Key::ConversationOffer],
                Refused::OffersCrossed,
            ))?;
        let sent: i64 = sqlx::query_scalar(
            "INSERT INTO messages (conversation_id, sender_id, client_id, sent_at, offer_id) \
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(id)
        .bind(by)
        .bind(client_id)
        .bind(now)
        .bind(offer.id)
        .fetch_one(&mut **tx)
        .await?;
        let message = This::message_in(tx, sent).await?;
        This::sent_in(tx, conversation, side, message.id, now).await?;
        events.extend(
            ended
                .into_iter()
                .map(|ended| This::offer_updated(ended, buyer_id, seller_id)),
        );
        events.push(Event::MessageCreated {
            message: message.clone(),
            buyer_id,
            seller_id,
        });
        Ok(message)
    }

    /// Marks lapsed, within `tx`, the accepted offer of conversation `id` whose time ran
    /// out by `now`, appending its event to `events`.
    async fn lapse_accepted_in(
        tx: &mut Tx<'_>,
        id: i64,
        now: DateTime<Utc>,
        sides: (i64, i64),
        events: &mut Vec<Event>,
    ) -> Result<(), Error> {
        let sql = format!(
            "UPDATE offers SET status = 'lapsed' WHERE conversation_id = $1 AND \
             status = 'accepted' AND expires_at <= $2 RETURNING {OFFER_COLUMNS}"
        );
        let lapsed = sqlx::query_as::<Db, Offer>(&sql)
            .bind(id)
            .bind(now)
            .fetch_all(&mut **tx)
            .await?;
        events.extend(
            lapsed
                .into_iter()
                .map(|offer| This::offer_updated(offer, sides.0, sides.1)),
        );
        Ok(())
    }

    /// The buyer's accepted offer on listing `product_id` that still holds at `now`:
    /// its id and amount.
    pub(super) async fn accepted_offer_in(
        tx: &mut Tx<'_>,
        product_id: i64,
        buyer_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Option<(i64, i64)>, Error> {
        Ok(sqlx::query_as(
            "SELECT id, amount FROM offers WHERE product_id = $1 AND buyer_id = $2 AND \
             status = 'accepted' AND expires_at > $3 ORDER BY amount LIMIT 1",
        )
        .bind(product_id)
        .bind(buyer_id)
        .bind(now)
        .fetch_optional(&mut **tx)
        .await?)
    }

    /// Offer `id`, now booked at, within `tx`: its event for both sides.
    pub(super) async fn offer_booked_in(
        tx: &mut Tx<'_>,
        id: i64,
        seller_id: i64,
    ) -> Result<Option<Event>, Error> {
        let sql = format!(
            "UPDATE offers SET status = 'booked' WHERE id = $1 AND status = 'accepted' \
             RETURNING {OFFER_COLUMNS}"
        );
        let booked = sqlx::query_as::<Db, Offer>(&sql)
            .bind(id)
            .fetch_optional(&mut **tx)
            .await?;
        Ok(booked.and_then(|offer| {
            let buyer_id = offer.buyer_id?;
            Some(This::offer_updated(offer, buyer_id, seller_id))
        }))
    }
}

#[async_trait]
impl Offers for This {
    async fn make_offer(
        &self,
        id: i64,
        buyer_id: i64,
        amount: i64,
        client_id: &str,
    ) -> Result<Written<Message>, Error> {
        let mut tx = self.writer.begin().await?;
        lock_conversation(&mut tx, id).await?;
        let conversation = This::conversation_in(&mut tx, id, buyer_id).await?;
        let sides = both_sides(&conversation)?;
        if conversation.side_of(buyer_id) != Some(Side::Buyer) {
            return Err(Error::Refused(Refused::SellerCounters));
        }
        if let Some(kept) = This::kept_message_in(&mut tx, id, buyer_id, client_id).await? {
            tx.commit().await?;
            return Ok(Written::nothing(kept));
        }
        offerable(&conversation, amount)?;
        let now = Utc::now();
        let mut events = Vec::new();
        This::lapse_accepted_in(&mut tx, id, now, sides, &mut events).await?;
        let holding: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM offers WHERE conversation_id = $1 AND status = 'accepted'",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        if holding.is_some() {
            return Err(Error::Refused(Refused::OfferAccepted));
        }
        let message = This::offer_in(
            &mut tx,
            &conversation,
            buyer_id,
            Side::Buyer,
            amount,
            client_id,
            &mut events,
        )
        .await?;
        self.tell(tx, &events, message).await
    }

    async fn answer_offer(
        &self,
        id: i64,
        user_id: i64,
        answer: &Answer,
    ) -> Result<Written<(Offer, Option<Message>)>, Error> {
        let mut tx = self.writer.begin().await?;
        let sql = format!("SELECT {OFFER_COLUMNS} FROM offers WHERE id = $1");
        let offer = sqlx::query_as::<Db, Offer>(&sql)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(Error::NotFound(Missing::Offer))?;
        lock_conversation(&mut tx, offer.conversation_id).await?;
        let conversation = This::conversation_in(&mut tx, offer.conversation_id, user_id).await?;
        let (buyer_id, seller_id) = both_sides(&conversation)?;
        let Some(side) = conversation.side_of(user_id) else {
            return Err(Error::Refused(Refused::NotYourConversation));
        };
        if side == offer.by() {
            return Err(Error::Refused(Refused::OwnOffer));
        }
        if let Answer::Counter { client_id, .. } = answer {
            let kept = This::kept_message_in(&mut tx, conversation.id, user_id, client_id);
            if let Some(kept) = kept.await? {
                tx.commit().await?;
                let countered = offer;
                return Ok(Written::nothing((countered, Some(kept))));
            }
        }
        let now = Utc::now();
        match offer.status_at(now) {
            OfferStatus::Open => {}
            OfferStatus::Lapsed => return Err(Error::Refused(Refused::OfferLapsed)),
            _ => return Err(Error::Refused(Refused::OfferAnswered)),
        }
        let (status, expires_at) = match answer {
            Answer::Accept => {
                offerable(&conversation, offer.amount)?;
                ("accepted", now + OFFER_LASTS)
            }
            Answer::Decline => ("declined", offer.expires_at),
            Answer::Counter { amount, .. } => {
                offerable(&conversation, *amount)?;
                ("countered", offer.expires_at)
            }
        };
        let mut events = Vec::new();
        if *answer == Answer::Accept {
            let sides = (buyer_id, seller_id);
            This::lapse_accepted_in(&mut tx, conversation.id, now, sides, &mut events).await?;
        }
        // Of two answers at once (two tabs, or an answer and a new offer) one wins.
        let sql = format!(
            "UPDATE offers SET status = $2, answered_at = $3, expires_at = $4 WHERE id = $1 \
             AND status = 'open' AND expires_at > $3 RETURNING {OFFER_COLUMNS}"
        );
        let answered = sqlx::query_as::<Db, Offer>(&sql)
            .bind(id)
            .bind(status)
            .bind(now)
            .bind(expires_at)
            .fetch_optional(&mut *tx)
            .await
            .map_err(refused_if_taken(
                &[Key::ConversationOffer],
                Refused::OfferAnswered,
            ))?
            .ok_or(Error::Refused(Refused::OfferAnswered))?;
        events.push(This::offer_updated(answered.clone(), buyer_id, seller_id));
        let counter = match answer {
            Answer::Counter { amount, client_id } => Some(
                This::offer_in(
                    &mut tx,
                    &conversation,
                    user_id,
                    side,
                    *amount,
                    client_id,
                    &mut events,
                )
                .await?,
            ),
            _ => None,
        };
        self.tell(tx, &events, (answered, counter)).await
    }

    async fn lapse_offers(&self, now: DateTime<Utc>, most: i64) -> Result<Written<usize>, Error> {
        let mut tx = self.writer.begin().await?;
        let sql = format!(
            "UPDATE offers SET status = 'lapsed' WHERE id IN (SELECT id FROM offers WHERE \
             status IN ('open', 'accepted') AND expires_at <= $1 ORDER BY expires_at LIMIT $2) \
             RETURNING {OFFER_COLUMNS}"
        );
        let lapsed = sqlx::query_as::<Db, Offer>(&sql)
            .bind(now)
            .bind(most)
            .fetch_all(&mut *tx)
            .await?;
        let count = lapsed.len();
        let mut events = Vec::with_capacity(count);
        for offer in lapsed {
            let seller_id: Option<i64> =
                sqlx::query_scalar("SELECT seller_id FROM conversations WHERE id = $1")
                    .bind(offer.conversation_id)
                    .fetch_one(&mut *tx)
                    .await?;
            if let (Some(buyer_id), Some(seller_id)) = (offer.buyer_id, seller_id) {
                events.push(This::offer_updated(offer, buyer_id, seller_id));
            }
        }
        self.tell(tx, &events, count).await
    }
}
