//! Notifications and wishlists.

use super::*;

#[async_trait]
impl Notices for This {
    async fn notifications(
        &self,
        user_id: i64,
        limit: i64,
    ) -> Result<(Vec<Notification>, i64), Error> {
        let sql = format!(
            "SELECT {NOTIFICATION_COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY id DESC \
             LIMIT $2"
        );
        let newest = sqlx::query_as::<Db, Notification>(&sql)
            .bind(user_id)
            .bind(limit)
            .fetch_all(&self.reader)
            .await?;
        Ok((newest, self.unread_notifications(user_id).await?))
    }

    async fn unread_notifications(&self, user_id: i64) -> Result<i64, Error> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL",
        )
        .bind(user_id)
        .fetch_one(&self.reader)
        .await?)
    }

    async fn mark_notifications_read(
        &self,
        user_id: i64,
        ids: Option<&[i64]>,
    ) -> Result<u64, Error> {
        let mut sql = String::from(
            "UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL",
        );
        if let Some(ids) = ids {
            if ids.is_empty() {
                return Ok(0);
            }
            let places: Vec<String> = (0..ids.len()).map(|i| format!("${}", i + 3)).collect();
            sql.push_str(&format!(" AND id IN ({})", places.join(", ")));
        }
        let mut query = sqlx::query(&sql).bind(user_id).bind(Utc::now());
        for id in ids.unwrap_or_default() {
            query = query.bind(*id);
        }
        Ok(query.execute(&self.writer).await?.rows_affected())
    }
}

#[async_trait]
impl Wishlists for This {
    async fn wishlist(&self, user_id: i64) -> Result<Vec<Listing>, Error> {
        Ok(sqlx::query_as::<Db, Listing>(concat!(
            listing_select!(),
            "FROM wishlist w JOIN products p ON p.id = w.product_id \
             JOIN users u ON u.id = p.seller_id WHERE w.user_id = $1 \
             ORDER BY w.saved_at DESC, p.id DESC"
        ))
        .bind(user_id)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn save_to_wishlist(&self, user_id: i64, product_id: i64) -> Result<bool, Error> {
        not_own_listing(&self.writer, product_id, user_id).await?;
        let done = sqlx::query(
            "INSERT INTO wishlist (user_id, product_id, saved_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id, product_id) DO NOTHING",
        )
        .bind(user_id)
        .bind(product_id)
        .bind(Utc::now())
        .execute(&self.writer)
        .await
        .map_err(not_found_if_missing(Missing::Listing))?;
        Ok(done.rows_affected() > 0)
    }

    async fn remove_from_wishlist(&self, user_id: i64, product_id: i64) -> Result<bool, Error> {
        let done = sqlx::query("DELETE FROM wishlist WHERE user_id = $1 AND product_id = $2")
            .bind(user_id)
            .bind(product_id)
            .execute(&self.writer)
            .await?;
        Ok(done.rows_affected() > 0)
    }
}
