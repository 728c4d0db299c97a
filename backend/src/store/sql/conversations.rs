//! Conversations between a listing's buyers and its seller, and their messages.

use super::offers::OFFER_COLUMNS;
use super::*;
use crate::caution;
use crate::notice::{message_line, SOMEONE};
use crate::records::{
    Blocked, BlockedPerson, Conversation, ConversationReport, Message, NewConversationReport,
    NewMessage, Offer, Side, UnreadDigest, Warning, UNREAD_MAIL_AFTER,
};

/// A conversation as `$2` reads it: the listing's name, photo, price and terms, both
/// sides' names, how many of the other side's messages `$2` has not read, and whether
/// either blocked the other.
const CONVERSATION_SELECT: &str = "SELECT c.id, c.product_id, p.name AS product_name, \
     p.image AS product_image, c.buyer_id, b.name AS buyer_name, c.seller_id, \
     s.name AS seller_name, c.created_at, c.last_message_at, c.buyer_read_up_to, \
     c.seller_read_up_to, (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id \
     AND (m.sender_id IS NULL OR m.sender_id <> $2) AND m.id > CASE WHEN c.buyer_id = $2 \
     THEN c.buyer_read_up_to ELSE c.seller_read_up_to END) AS unread, \
     p.resale_price AS price, p.negotiable, p.sold, \
     CASE WHEN EXISTS (SELECT 1 FROM blocks k WHERE k.blocker_id = $2 AND k.blocked_id = \
     CASE WHEN c.buyer_id = $2 THEN c.seller_id ELSE c.buyer_id END) THEN 'byMe' \
     WHEN EXISTS (SELECT 1 FROM blocks k WHERE k.blocked_id = $2 AND k.blocker_id = \
     CASE WHEN c.buyer_id = $2 THEN c.seller_id ELSE c.buyer_id END) THEN 'byThem' \
     END AS blocked \
     FROM conversations c JOIN products p ON p.id = c.product_id \
     LEFT JOIN users b ON b.id = c.buyer_id LEFT JOIN users s ON s.id = c.seller_id ";

/// A report of a conversation with what the admins' queue shows beside it.
const REPORT_SELECT: &str = "SELECT r.id, r.conversation_id, c.product_id, \
     p.name AS product_name, b.name AS buyer_name, s.name AS seller_name, r.reporter_id, \
     w.name AS reporter_name, r.reason, r.note, r.created_at FROM conversation_reports r \
     JOIN conversations c ON c.id = r.conversation_id JOIN products p ON p.id = c.product_id \
     LEFT JOIN users b ON b.id = c.buyer_id LEFT JOIN users s ON s.id = c.seller_id \
     LEFT JOIN users w ON w.id = r.reporter_id ";

/// Messages one unread-messages mail quotes; it counts the rest.
const MAILED_LINES: usize = 5;

/// A message with the listing its conversation is about.
pub(super) const MESSAGE_SELECT: &str = "SELECT m.id, m.conversation_id, c.product_id, \
     m.sender_id, m.client_id, m.text, m.image, m.sent_at, m.warning, m.offer_id \
     FROM messages m JOIN conversations c ON c.id = m.conversation_id ";

/// Fills in, through `db` (a transaction, or the readers), the offer each of `messages`
/// (of conversation `id`) carries, as it stands now; reads nothing when none carries one.
async fn with_offers<'c>(
    db: impl sqlx::Executor<'c, Database = Db>,
    id: i64,
    messages: &mut [Message],
) -> Result<(), Error> {
    if messages.iter().all(|m| m.offer_id.is_none()) {
        return Ok(());
    }
    let sql = format!("SELECT {OFFER_COLUMNS} FROM offers WHERE conversation_id = $1");
    let offers = sqlx::query_as::<Db, Offer>(&sql)
        .bind(id)
        .fetch_all(db)
        .await?;
    for message in messages {
        if let Some(offer_id) = message.offer_id {
            message.offer = offers.iter().find(|offer| offer.id == offer_id).cloned();
        }
    }
    Ok(())
}

impl This {
    /// Conversation `id` as `user_id` reads it, within `tx`.
    pub(super) async fn conversation_in(
        tx: &mut Tx<'_>,
        id: i64,
        user_id: i64,
    ) -> Result<Conversation, Error> {
        let sql = format!("{CONVERSATION_SELECT} WHERE c.id = $1");
        let found = sqlx::query_as::<Db, Conversation>(&sql)
            .bind(id)
            .bind(user_id)
            .fetch_optional(&mut **tx)
            .await?
            .ok_or(Error::NotFound(Missing::Conversation))?;
        match found.side_of(user_id) {
            Some(_) => Ok(found),
            None => Err(Error::Refused(Refused::NotYourConversation)),
        }
    }

    /// Conversation `id` as `user_id` reads it, with its latest offer, within `tx`: what
    /// the pages show of it (the checks before a write need no offer).
    async fn shown_in(tx: &mut Tx<'_>, id: i64, user_id: i64) -> Result<Conversation, Error> {
        let mut conversation = This::conversation_in(tx, id, user_id).await?;
        let sql = format!(
            "SELECT {OFFER_COLUMNS} FROM offers WHERE conversation_id = $1 \
             ORDER BY id DESC LIMIT 1"
        );
        conversation.offer = sqlx::query_as::<Db, Offer>(&sql)
            .bind(id)
            .fetch_optional(&mut **tx)
            .await?;
        Ok(conversation)
    }

    /// Message `id` within `tx`, with its offer.
    pub(super) async fn message_in(tx: &mut Tx<'_>, id: i64) -> Result<Message, Error> {
        let sql = format!("{MESSAGE_SELECT} WHERE m.id = $1");
        let mut message = sqlx::query_as::<Db, Message>(&sql)
            .bind(id)
            .fetch_one(&mut **tx)
            .await?;
        if let Some(offer_id) = message.offer_id {
            let sql = format!("SELECT {OFFER_COLUMNS} FROM offers WHERE id = $1");
            message.offer = sqlx::query_as::<Db, Offer>(&sql)
                .bind(offer_id)
                .fetch_optional(&mut **tx)
                .await?;
        }
        Ok(message)
    }

    /// The message `sender_id` sent in conversation `id` with `client_id`, if they did:
    /// what a retry answers.
    pub(super) async fn kept_message_in(
        tx: &mut Tx<'_>,
        id: i64,
        sender_id: i64,
        client_id: &str,
    ) -> Result<Option<Message>, Error> {
        let kept: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM messages WHERE conversation_id = $1 AND sender_id = $2 AND \
             client_id = $3",
        )
        .bind(id)
        .bind(sender_id)
        .bind(client_id)
        .fetch_optional(&mut **tx)
        .await?;
        match kept {
            Some(kept) => Ok(Some(This::message_in(tx, kept).await?)),
            None => Ok(None),
        }
    }

    /// After `side` sent message `sent` in `conversation` at `now`, within `tx`: the
    /// conversation's latest activity, and everything before it read by its sender.
    pub(super) async fn sent_in(
        tx: &mut Tx<'_>,
        conversation: &Conversation,
        side: Side,
        sent: i64,
        now: DateTime<Utc>,
    ) -> Result<(), Error> {
        let read_column = match side {
            Side::Buyer => "buyer_read_up_to",
            Side::Seller => "seller_read_up_to",
        };
        sqlx::query(&format!(
            "UPDATE conversations SET last_message_at = $2, {read_column} = $3 WHERE id = $1"
        ))
        .bind(conversation.id)
        .bind(now)
        .bind(sent)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }
}

#[async_trait]
impl Conversations for This {
    async fn open_conversation(
        &self,
        product_id: i64,
        buyer_id: i64,
        create: bool,
    ) -> Result<Conversation, Error> {
        let mut tx = self.writer.begin().await?;
        let seller_id = not_own_listing(&mut *tx, product_id, buyer_id).await?;
        if !create {
            let id: Option<i64> = sqlx::query_scalar(
                "SELECT id FROM conversations WHERE product_id = $1 AND buyer_id = $2",
            )
            .bind(product_id)
            .bind(buyer_id)
            .fetch_optional(&mut *tx)
            .await?;
            let id = id.ok_or(Error::NotFound(Missing::Conversation))?;
            let conversation = This::shown_in(&mut tx, id, buyer_id).await?;
            tx.commit().await?;
            return Ok(conversation);
        }
        let blocked: Option<i64> = sqlx::query_scalar(
            "SELECT blocker_id FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR \
             (blocker_id = $2 AND blocked_id = $1)",
        )
        .bind(buyer_id)
        .bind(seller_id)
        .fetch_optional(&mut *tx)
        .await?;
        if blocked.is_some() {
            return Err(Error::Refused(Refused::Blocked));
        }
        // One per listing and buyer: of two opening it at once, both get the same.
        let now = Utc::now();
        sqlx::query(
            "INSERT INTO conversations (product_id, buyer_id, seller_id, created_at, \
             last_message_at) VALUES ($1, $2, $3, $4, $4) \
             ON CONFLICT (product_id, buyer_id) DO NOTHING",
        )
        .bind(product_id)
        .bind(buyer_id)
        .bind(seller_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let id: i64 = sqlx::query_scalar(
            "SELECT id FROM conversations WHERE product_id = $1 AND buyer_id = $2",
        )
        .bind(product_id)
        .bind(buyer_id)
        .fetch_one(&mut *tx)
        .await?;
        let conversation = This::shown_in(&mut tx, id, buyer_id).await?;
        tx.commit().await?;
        Ok(conversation)
    }

    async fn conversations(
        &self,
        user_id: i64,
        about: Option<i64>,
    ) -> Result<Vec<Conversation>, Error> {
        // The caller's side of each, and with `about` one listing's only.
        let mine_where = match about {
            Some(_) => "(c.buyer_id = $1 OR c.seller_id = $1) AND c.product_id = $3",
            None => "(c.buyer_id = $1 OR c.seller_id = $1)",
        };
        let sql = format!(
            "{CONVERSATION_SELECT} WHERE {mine_where} ORDER BY c.last_message_at DESC, c.id DESC"
        );
        let mut query = sqlx::query_as::<Db, Conversation>(&sql)
            .bind(user_id)
            .bind(user_id);
        if let Some(product_id) = about {
            query = query.bind(product_id);
        }
        let mut mine = query.fetch_all(&self.reader).await?;
        // Each one's latest offer, in one read.
        let sql = format!(
            "SELECT {OFFER_COLUMNS} FROM offers WHERE id IN (SELECT MAX(o.id) FROM offers o \
             JOIN conversations c ON c.id = o.conversation_id WHERE {} \
             GROUP BY o.conversation_id)",
            mine_where.replace("$3", "$2")
        );
        let mut query = sqlx::query_as::<Db, Offer>(&sql).bind(user_id);
        if let Some(product_id) = about {
            query = query.bind(product_id);
        }
        let mut latest: std::collections::HashMap<i64, Offer> = query
            .fetch_all(&self.reader)
            .await?
            .into_iter()
            .map(|offer| (offer.conversation_id, offer))
            .collect();
        for c in &mut mine {
            c.offer = latest.remove(&c.id);
        }
        Ok(mine)
    }

    async fn conversation(&self, id: i64, user_id: i64) -> Result<Conversation, Error> {
        let mut tx = self.reader.begin().await?;
        let conversation = This::shown_in(&mut tx, id, user_id).await?;
        tx.commit().await?;
        Ok(conversation)
    }

    async fn messages(
        &self,
        id: i64,
        user_id: i64,
        before: Option<i64>,
        limit: i64,
    ) -> Result<Vec<Message>, Error> {
        // The newest page first from the index, then put oldest first, of a conversation
        // the reader is one of; what the reader hid is not theirs to see again. One read
        // when there is a page (a conversation scrolled up is read a page at a time).
        let sql = format!(
            "{MESSAGE_SELECT} WHERE m.conversation_id = $1 AND m.id < $2 AND \
             (c.buyer_id = $4 OR c.seller_id = $4) AND NOT EXISTS \
             (SELECT 1 FROM hidden_messages h WHERE h.user_id = $4 AND h.message_id = m.id) \
             ORDER BY m.id DESC LIMIT $3"
        );
        let mut page = sqlx::query_as::<Db, Message>(&sql)
            .bind(id)
            .bind(before.unwrap_or(i64::MAX))
            .bind(limit)
            .bind(user_id)
            .fetch_all(&self.reader)
            .await?;
        if page.is_empty() {
            // Nothing before there, or not theirs to read: the checks say which.
            let mut tx = self.reader.begin().await?;
            This::conversation_in(&mut tx, id, user_id).await?;
            tx.commit().await?;
            return Ok(page);
        }
        page.reverse();
        with_offers(&self.reader, id, &mut page).await?;
        Ok(page)
    }

    async fn send_message(&self, message: &NewMessage) -> Result<Written<Message>, Error> {
        let mut tx = self.writer.begin().await?;
        let id = message.conversation_id;
        let sender = message.sender_id;
        lock_conversation(&mut tx, id).await?;
        let conversation = This::conversation_in(&mut tx, id, sender).await?;
        let (Some(buyer_id), Some(seller_id)) = (conversation.buyer_id, conversation.seller_id)
        else {
            return Err(Error::Refused(Refused::NobodyToTell));
        };
        // Sent before (a retry): the message as kept then, and nothing new to tell.
        if let Some(kept) = This::kept_message_in(&mut tx, id, sender, &message.client_id).await? {
            tx.commit().await?;
            return Ok(Written::nothing(kept));
        }
        if conversation.blocked != Blocked::No {
            return Err(Error::Refused(Refused::Blocked));
        }
        let side = match conversation.side_of(sender) {
            Some(side) => side,
            None => return Err(Error::Refused(Refused::NotYourConversation)),
        };
        let mut warning = caution::scan(message.text.as_deref().unwrap_or_default());
        if warning == Warning::Phone {
            // A number is worth a warning from someone the reader never answered.
            let reader = match side {
                Side::Buyer => seller_id,
                Side::Seller => buyer_id,
            };
            let answered: Option<i64> = sqlx::query_scalar(
                "SELECT id FROM messages WHERE conversation_id = $1 AND sender_id = $2 LIMIT 1",
            )
            .bind(id)
            .bind(reader)
            .fetch_optional(&mut *tx)
            .await?;
            if answered.is_some() {
                warning = Warning::Clear;
            }
        }
        let now = Utc::now();
        // Of the same message sent twice at once, one is kept (the unique index decides).
        let sent: Option<i64> = sqlx::query_scalar(
            "INSERT INTO messages (conversation_id, sender_id, client_id, text, image, sent_at, \
             warning) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (conversation_id, \
             sender_id, client_id) DO NOTHING RETURNING id",
        )
        .bind(id)
        .bind(sender)
        .bind(&message.client_id)
        .bind(&message.text)
        .bind(&message.image)
        .bind(now)
        .bind(warning.as_str())
        .fetch_optional(&mut *tx)
        .await?;
        let Some(sent) = sent else {
            let kept = This::kept_message_in(&mut tx, id, sender, &message.client_id).await?;
            tx.commit().await?;
            return Ok(Written::nothing(
                kept.ok_or(Error::NotFound(Missing::Conversation))?,
            ));
        };
        This::sent_in(&mut tx, &conversation, side, sent, now).await?;
        let sent = This::message_in(&mut tx, sent).await?;
        let event = Event::MessageCreated {
            message: sent.clone(),
            buyer_id,
            seller_id,
        };
        self.tell(tx, &[event], sent).await
    }

    async fn read_messages(
        &self,
        id: i64,
        user_id: i64,
        up_to: i64,
    ) -> Result<Written<i64>, Error> {
        let mut tx = self.writer.begin().await?;
        let conversation = This::conversation_in(&mut tx, id, user_id).await?;
        let (read_column, read_now) = match conversation.side_of(user_id) {
            Some(Side::Buyer) => ("buyer_read_up_to", conversation.buyer_read_up_to),
            _ => ("seller_read_up_to", conversation.seller_read_up_to),
        };
        // Never past the last message there is, never back.
        let last: Option<i64> =
            sqlx::query_scalar("SELECT MAX(id) FROM messages WHERE conversation_id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
        let up_to = up_to.min(last.unwrap_or(0));
        if up_to <= read_now {
            tx.commit().await?;
            return Ok(Written::nothing(read_now));
        }
        let moved = sqlx::query(&format!(
            "UPDATE conversations SET {read_column} = $2 WHERE id = $1 AND {read_column} < $2"
        ))
        .bind(id)
        .bind(up_to)
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() == 0 {
            // Another tab of theirs read further first.
            tx.commit().await?;
            let now = self.conversation(id, user_id).await?;
            let read = match conversation.side_of(user_id) {
                Some(Side::Buyer) => now.buyer_read_up_to,
                _ => now.seller_read_up_to,
            };
            return Ok(Written::nothing(read));
        }
        // The reader's own other tabs hear it too; a side whose account is gone has no
        // socket, so the reader stands in for it and the event reaches the reader alone.
        let event = Event::MessagesRead {
            conversation_id: id,
            reader_id: user_id,
            up_to,
            buyer_id: conversation.buyer_id.unwrap_or(user_id),
            seller_id: conversation.seller_id.unwrap_or(user_id),
        };
        self.tell(tx, &[event], up_to).await
    }

    async fn block(
        &self,
        blocker_id: i64,
        blocked_id: i64,
        block: bool,
    ) -> Result<Written<bool>, Error> {
        let mut tx = self.writer.begin().await?;
        let changed = match block {
            true => sqlx::query(
                "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (blocker_id, blocked_id) DO NOTHING",
            )
            .bind(blocker_id)
            .bind(blocked_id)
            .bind(Utc::now())
            .execute(&mut *tx)
            .await
            .map_err(not_found_if_missing(Missing::Account))?,
            false => {
                sqlx::query("DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2")
                    .bind(blocker_id)
                    .bind(blocked_id)
                    .execute(&mut *tx)
                    .await?
            }
        };
        if changed.rows_affected() == 0 {
            let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE id = $1")
                .bind(blocked_id)
                .fetch_optional(&mut *tx)
                .await?;
            exists.ok_or(Error::NotFound(Missing::Account))?;
            tx.commit().await?;
            return Ok(Written::nothing(false));
        }
        // Every conversation between the two, whichever side each is on.
        let between: Vec<(i64, i64, i64)> = sqlx::query_as(
            "SELECT id, buyer_id, seller_id FROM conversations WHERE (buyer_id = $1 AND \
             seller_id = $2) OR (buyer_id = $2 AND seller_id = $1)",
        )
        .bind(blocker_id)
        .bind(blocked_id)
        .fetch_all(&mut *tx)
        .await?;
        // Whoever still blocks after this change (the other may have blocked too).
        let still: Option<i64> = sqlx::query_scalar(
            "SELECT blocker_id FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR \
             (blocker_id = $2 AND blocked_id = $1) ORDER BY created_at LIMIT 1",
        )
        .bind(blocker_id)
        .bind(blocked_id)
        .fetch_optional(&mut *tx)
        .await?;
        let events: Vec<Event> = between
            .into_iter()
            .map(|(id, buyer_id, seller_id)| Event::ConversationUpdated {
                conversation_id: id,
                blocked_by: still,
                buyer_id,
                seller_id,
            })
            .collect();
        self.tell(tx, &events, true).await
    }

    async fn blocked_people(&self, user_id: i64) -> Result<Vec<BlockedPerson>, Error> {
        Ok(sqlx::query_as::<Db, BlockedPerson>(
            "SELECT u.id AS user_id, u.name, k.created_at AS blocked_at FROM blocks k \
             JOIN users u ON u.id = k.blocked_id WHERE k.blocker_id = $1 \
             ORDER BY k.created_at DESC",
        )
        .bind(user_id)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn report_conversation(
        &self,
        report: &NewConversationReport,
    ) -> Result<Written<()>, Error> {
        let mut tx = self.writer.begin().await?;
        let id = report.conversation_id;
        This::conversation_in(&mut tx, id, report.reporter_id).await?;
        let reported: Option<i64> = sqlx::query_scalar(
            "INSERT INTO conversation_reports (conversation_id, reporter_id, reason, note, \
             created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (conversation_id, \
             reporter_id) DO NOTHING RETURNING id",
        )
        .bind(id)
        .bind(report.reporter_id)
        .bind(&report.reason)
        .bind(&report.note)
        .bind(Utc::now())
        .fetch_optional(&mut *tx)
        .await?;
        let reported = reported.ok_or(Error::Refused(Refused::ReportedAlready))?;
        let sql = format!("{REPORT_SELECT} WHERE r.id = $1");
        let report = sqlx::query_as::<Db, ConversationReport>(&sql)
            .bind(reported)
            .fetch_one(&mut *tx)
            .await?;
        self.tell(tx, &[Event::ConversationReported(report)], ())
            .await
    }

    async fn hide_message(
        &self,
        id: i64,
        message_id: i64,
        user_id: i64,
    ) -> Result<Written<bool>, Error> {
        let mut tx = self.writer.begin().await?;
        This::conversation_in(&mut tx, id, user_id).await?;
        let in_it: Option<i64> =
            sqlx::query_scalar("SELECT id FROM messages WHERE id = $1 AND conversation_id = $2")
                .bind(message_id)
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        in_it.ok_or(Error::NotFound(Missing::Message))?;
        let hidden = sqlx::query(
            "INSERT INTO hidden_messages (message_id, user_id) VALUES ($1, $2) \
             ON CONFLICT (user_id, message_id) DO NOTHING",
        )
        .bind(message_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        if hidden.rows_affected() == 0 {
            tx.commit().await?;
            return Ok(Written::nothing(false));
        }
        let event = Event::MessageHidden {
            conversation_id: id,
            message_id,
            user_id,
        };
        self.tell(tx, &[event], true).await
    }

    async fn conversation_reports(&self) -> Result<Vec<ConversationReport>, Error> {
        let sql = format!("{REPORT_SELECT} ORDER BY r.id DESC");
        Ok(sqlx::query_as::<Db, ConversationReport>(&sql)
            .fetch_all(&self.reader)
            .await?)
    }

    async fn reported_messages(&self, id: i64, limit: i64) -> Result<Vec<Message>, Error> {
        let mut tx = self.reader.begin().await?;
        let reported: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM conversation_reports WHERE conversation_id = $1 LIMIT 1",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        reported.ok_or(Error::NotFound(Missing::Conversation))?;
        let sql =
            format!("{MESSAGE_SELECT} WHERE m.conversation_id = $1 ORDER BY m.id DESC LIMIT $2");
        let mut page = sqlx::query_as::<Db, Message>(&sql)
            .bind(id)
            .bind(limit)
            .fetch_all(&mut *tx)
            .await?;
        page.reverse();
        with_offers(&mut *tx, id, &mut page).await?;
        tx.commit().await?;
        Ok(page)
    }

    async fn unread_to_mail(
        &self,
        now: DateTime<Utc>,
        most: i64,
    ) -> Result<Vec<UnreadDigest>, Error> {
        let mut digests = Vec::new();
        for side in [Side::Buyer, Side::Seller] {
            let (reader, writer, read, mailed) = match side {
                Side::Buyer => (
                    "buyer_id",
                    "seller_id",
                    "buyer_read_up_to",
                    "buyer_mailed_up_to",
                ),
                Side::Seller => (
                    "seller_id",
                    "buyer_id",
                    "seller_read_up_to",
                    "seller_mailed_up_to",
                ),
            };
            // Only conversations active in the last day: older unread messages were
            // mailed then, or their reader came back.
            let due: Vec<(i64, i64, i64)> = sqlx::query_as(&format!(
                "SELECT c.id, c.{mailed}, MAX(m.id) FROM conversations c JOIN messages m ON \
                 m.conversation_id = c.id AND m.sender_id = c.{writer} AND m.id > c.{read} \
                 AND m.id > c.{mailed} WHERE c.last_message_at > $1 AND c.{reader} IS NOT NULL \
                 GROUP BY c.id, c.{mailed} HAVING MIN(m.sent_at) <= $2 LIMIT $3"
            ))
            .bind(now - chrono::TimeDelta::days(1))
            .bind(now - UNREAD_MAIL_AFTER)
            .bind(most)
            .fetch_all(&self.reader)
            .await?;
            for (id, was, up_to) in due {
                let mut tx = self.writer.begin().await?;
                // The claim: of two processes sweeping at once, one mails.
                let claimed = sqlx::query(&format!(
                    "UPDATE conversations SET {mailed} = $3 WHERE id = $1 AND {mailed} = $2"
                ))
                .bind(id)
                .bind(was)
                .bind(up_to)
                .execute(&mut *tx)
                .await?;
                if claimed.rows_affected() == 0 {
                    continue;
                }
                let (to_id, to_email, to_name, to_language, from_name, listing): (
                    i64,
                    String,
                    String,
                    String,
                    Option<String>,
                    String,
                ) = sqlx::query_as(&format!(
                    "SELECT r.id, r.email, r.name, r.language, w.name, p.name FROM conversations c \
                         JOIN users r ON r.id = c.{reader} LEFT JOIN users w ON w.id = c.{writer} \
                         JOIN products p ON p.id = c.product_id WHERE c.id = $1"
                ))
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
                let sql = format!(
                    "{MESSAGE_SELECT} WHERE m.conversation_id = $1 AND m.sender_id = c.{writer} \
                     AND m.id > c.{read} AND m.id > $2 AND m.id <= $3 ORDER BY m.id DESC"
                );
                let mut unread = sqlx::query_as::<Db, Message>(&sql)
                    .bind(id)
                    .bind(was)
                    .bind(up_to)
                    .fetch_all(&mut *tx)
                    .await?;
                with_offers(&mut *tx, id, &mut unread).await?;
                let to_language = Language::parse(&to_language).unwrap_or_default();
                // The bell says it too, once for the same messages as the mail.
                let from = from_name.as_deref().unwrap_or(SOMEONE);
                let notice = Notice::UnreadMessages {
                    from,
                    listing: &listing,
                    count: unread.len() as i64,
                    conversation: id,
                };
                let told = [notify(&mut tx, to_id, notice).await?];
                self.tell(tx, &told, ()).await?;
                let more = unread.len().saturating_sub(MAILED_LINES) as i64;
                unread.truncate(MAILED_LINES);
                unread.reverse();
                digests.push(UnreadDigest {
                    conversation_id: id,
                    to_email,
                    to_name,
                    to_language,
                    from_name,
                    listing,
                    lines: unread
                        .iter()
                        .map(|message| message_line(message, to_language))
                        .collect(),
                    more,
                });
            }
        }
        Ok(digests)
    }
}
