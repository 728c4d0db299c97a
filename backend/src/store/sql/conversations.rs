//! Conversations between a listing's buyers and its seller, and their messages.

use super::*;
use crate::records::{Conversation, Message, NewMessage, Side};

/// A conversation as `$2` reads it: the listing's name and photo, both sides' names,
/// and how many of the other side's messages `$2` has not read.
const CONVERSATION_SELECT: &str = "SELECT c.id, c.product_id, p.name AS product_name, \
     p.image AS product_image, c.buyer_id, b.name AS buyer_name, c.seller_id, \
     s.name AS seller_name, c.created_at, c.last_message_at, c.buyer_read_up_to, \
     c.seller_read_up_to, (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id \
     AND (m.sender_id IS NULL OR m.sender_id <> $2) AND m.id > CASE WHEN c.buyer_id = $2 \
     THEN c.buyer_read_up_to ELSE c.seller_read_up_to END) AS unread \
     FROM conversations c JOIN products p ON p.id = c.product_id \
     LEFT JOIN users b ON b.id = c.buyer_id LEFT JOIN users s ON s.id = c.seller_id ";

const MESSAGE_COLUMNS: &str = "id, conversation_id, sender_id, client_id, text, image, sent_at";

impl This {
    /// Conversation `id` as `user_id` reads it, within `tx`.
    async fn conversation_in(
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
}

#[async_trait]
impl Conversations for This {
    async fn open_conversation(
        &self,
        product_id: i64,
        buyer_id: i64,
    ) -> Result<Conversation, Error> {
        let mut tx = self.writer.begin().await?;
        let seller_id: Option<i64> =
            sqlx::query_scalar("SELECT seller_id FROM products WHERE id = $1")
                .bind(product_id)
                .fetch_optional(&mut *tx)
                .await?;
        let seller_id = seller_id.ok_or(Error::NotFound(Missing::Listing))?;
        if seller_id == buyer_id {
            return Err(Error::Refused(Refused::OwnListing));
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
        let conversation = This::conversation_in(&mut tx, id, buyer_id).await?;
        tx.commit().await?;
        Ok(conversation)
    }

    async fn conversations(&self, user_id: i64) -> Result<Vec<Conversation>, Error> {
        let sql = format!(
            "{CONVERSATION_SELECT} WHERE c.buyer_id = $1 OR c.seller_id = $1 \
             ORDER BY c.last_message_at DESC, c.id DESC"
        );
        Ok(sqlx::query_as::<Db, Conversation>(&sql)
            .bind(user_id)
            .bind(user_id)
            .fetch_all(&self.reader)
            .await?)
    }

    async fn conversation(&self, id: i64, user_id: i64) -> Result<Conversation, Error> {
        let mut tx = self.reader.begin().await?;
        let conversation = This::conversation_in(&mut tx, id, user_id).await?;
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
        self.conversation(id, user_id).await?;
        // The newest page first from the index, then put oldest first.
        let sql = format!(
            "SELECT {MESSAGE_COLUMNS} FROM messages WHERE conversation_id = $1 AND id < $2 \
             ORDER BY id DESC LIMIT $3"
        );
        let mut page = sqlx::query_as::<Db, Message>(&sql)
            .bind(id)
            .bind(before.unwrap_or(i64::MAX))
            .bind(limit)
            .fetch_all(&self.reader)
            .await?;
        page.reverse();
        Ok(page)
    }

    async fn send_message(&self, message: &NewMessage) -> Result<Written<Message>, Error> {
        let mut tx = self.writer.begin().await?;
        let id = message.conversation_id;
        let conversation = This::conversation_in(&mut tx, id, message.sender_id).await?;
        let (Some(buyer_id), Some(seller_id)) = (conversation.buyer_id, conversation.seller_id)
        else {
            return Err(Error::Refused(Refused::NobodyToTell));
        };
        let now = Utc::now();
        let sql = format!(
            "INSERT INTO messages (conversation_id, sender_id, client_id, text, image, sent_at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (conversation_id, sender_id, client_id) \
             DO NOTHING RETURNING {MESSAGE_COLUMNS}"
        );
        let sent = sqlx::query_as::<Db, Message>(&sql)
            .bind(id)
            .bind(message.sender_id)
            .bind(&message.client_id)
            .bind(&message.text)
            .bind(&message.image)
            .bind(now)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(sent) = sent else {
            // Sent before (a retry): the message as kept then, and nothing new to tell.
            let sql = format!(
                "SELECT {MESSAGE_COLUMNS} FROM messages WHERE conversation_id = $1 AND \
                 sender_id = $2 AND client_id = $3"
            );
            let kept = sqlx::query_as::<Db, Message>(&sql)
                .bind(id)
                .bind(message.sender_id)
                .bind(&message.client_id)
                .fetch_one(&mut *tx)
                .await?;
            tx.commit().await?;
            return Ok(Written::nothing(kept));
        };
        // Sending marks everything before it read by its sender.
        let read_column = match conversation.side_of(message.sender_id) {
            Some(Side::Buyer) => "buyer_read_up_to",
            _ => "seller_read_up_to",
        };
        sqlx::query(&format!(
            "UPDATE conversations SET last_message_at = $2, {read_column} = $3 WHERE id = $1"
        ))
        .bind(id)
        .bind(now)
        .bind(sent.id)
        .execute(&mut *tx)
        .await?;
        let event = Event::MessageCreated {
            message: sent.clone(),
            product_id: conversation.product_id,
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
        let event = Event::MessagesRead {
            conversation_id: id,
            reader_id: user_id,
            up_to,
            buyer_id: conversation.buyer_id.unwrap_or(user_id),
            seller_id: conversation.seller_id.unwrap_or(user_id),
        };
        self.tell(tx, &[event], up_to).await
    }
}
