//! Answers kept for requests retried with an `Idempotency-Key`.

use super::*;

#[async_trait]
impl Replays for This {
    async fn claim_replay(
        &self,
        user_id: i64,
        key: &str,
        fingerprint: &str,
        kept_since: DateTime<Utc>,
    ) -> Result<Replay, Error> {
        sqlx::query("DELETE FROM idempotency_keys WHERE created_at < $1")
            .bind(kept_since)
            .execute(&self.writer)
            .await?;
        let claimed = sqlx::query(
            "INSERT INTO idempotency_keys (user_id, key, fingerprint, status, body, created_at) \
             VALUES ($1, $2, $3, 0, '', $4) ON CONFLICT (user_id, key) DO NOTHING",
        )
        .bind(user_id)
        .bind(key)
        .bind(fingerprint)
        .bind(Utc::now())
        .execute(&self.writer)
        .await?;
        if claimed.rows_affected() == 1 {
            return Ok(Replay::Fresh);
        }
        let earlier: Option<(String, i32, String)> = sqlx::query_as(
            "SELECT fingerprint, status, body FROM idempotency_keys \
             WHERE user_id = $1 AND key = $2",
        )
        .bind(user_id)
        .bind(key)
        .fetch_optional(&self.writer)
        .await?;
        Ok(match earlier {
            // Let go between the two statements: this request may go ahead next time.
            None => Replay::InProgress,
            Some((earlier, _, _)) if earlier != fingerprint => Replay::Mismatch,
            Some((_, 0, _)) => Replay::InProgress,
            Some((_, status, body)) => Replay::Answered {
                status: u16::try_from(status).unwrap_or(500),
                body,
            },
        })
    }

    async fn answer_replay(
        &self,
        user_id: i64,
        key: &str,
        status: u16,
        body: &str,
    ) -> Result<(), Error> {
        sqlx::query(
            "UPDATE idempotency_keys SET status = $3, body = $4 WHERE user_id = $1 AND key = $2",
        )
        .bind(user_id)
        .bind(key)
        .bind(i32::from(status))
        .bind(body)
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    async fn release_replay(&self, user_id: i64, key: &str) -> Result<(), Error> {
        sqlx::query("DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2")
            .bind(user_id)
            .bind(key)
            .execute(&self.writer)
            .await?;
        Ok(())
    }
}
