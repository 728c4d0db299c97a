// Sign-in identities and users; included by `../sql.rs`.

impl This {
    async fn user_where(&self, clause: &str, value: &str) -> Result<Option<User>, Error> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE {clause} = $1");
        Ok(sqlx::query_as::<Db, User>(&sql).bind(value).fetch_optional(&self.reader).await?)
    }
}

#[async_trait]
impl Accounts for This {
    async fn create_identity(&self, email: &str, password_hash: &str) -> Result<Identity, Error> {
        sqlx::query_as::<Db, Identity>(
            "INSERT INTO identities (email, password_hash, created_at) VALUES ($1, $2, $3) \
             RETURNING id, email, password_hash",
        )
        .bind(email)
        .bind(password_hash)
        .bind(Utc::now())
        .fetch_one(&self.writer)
        .await
        .map_err(conflict_if_taken("An account with this email address already exists."))
    }

    async fn identity_by_email(&self, email: &str) -> Result<Option<Identity>, Error> {
        Ok(sqlx::query_as::<Db, Identity>("SELECT id, email, password_hash FROM identities WHERE email = $1")
            .bind(email)
            .fetch_optional(&self.reader)
            .await?)
    }

    async fn user_by_id(&self, id: i64) -> Result<Option<User>, Error> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1");
        Ok(sqlx::query_as::<Db, User>(&sql).bind(id).fetch_optional(&self.reader).await?)
    }

    async fn user_by_email(&self, email: &str) -> Result<Option<User>, Error> {
        self.user_where("email", email).await
    }

    async fn user_by_subject(&self, subject: &str) -> Result<Option<User>, Error> {
        self.user_where("subject", subject).await
    }

    async fn create_user(&self, user: &NewUser) -> Result<User, Error> {
        let sql = format!(
            "INSERT INTO users (subject, email, name, image, role, verified, created_at) \
             VALUES ($1, $2, $3, $4, $5, FALSE, $6) RETURNING {USER_COLUMNS}"
        );
        sqlx::query_as::<Db, User>(&sql)
            .bind(&user.subject)
            .bind(&user.email)
            .bind(&user.name)
            .bind(&user.image)
            .bind(user.role.as_str())
            .bind(Utc::now())
            .fetch_one(&self.writer)
            .await
            .map_err(conflict_if_taken("This email address belongs to another account."))
    }

    async fn grant_admin(&self, email: &str) -> Result<bool, Error> {
        let done = sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1")
            .bind(email)
            .execute(&self.writer)
            .await?;
        self.changed();
        Ok(done.rows_affected() > 0)
    }

    async fn users_with_role(&self, role: Role) -> Result<Vec<User>, Error> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE role = $1 ORDER BY id");
        Ok(sqlx::query_as::<Db, User>(&sql).bind(role.as_str()).fetch_all(&self.reader).await?)
    }

    async fn delete_user(&self, id: i64, role: Role) -> Result<bool, Error> {
        let mut tx = self.writer.begin().await?;
        let email: Option<String> = sqlx::query_scalar("SELECT email FROM users WHERE id = $1 AND role = $2")
            .bind(id)
            .bind(role.as_str())
            .fetch_optional(&mut *tx)
            .await?;
        let Some(email) = email else {
            return Ok(false);
        };
        // What disappears with the user, told to the pages before it goes: their
        // listings (with adverts and bookings) and their own open bookings.
        let mut events = Vec::new();
        let listings: Vec<i64> = sqlx::query_scalar("SELECT id FROM products WHERE seller_id = $1 ORDER BY id")
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
        for listing in listings {
            events.extend(removal_events(&mut tx, listing).await?);
        }
        let bookings = sqlx::query(
            "SELECT o.id, o.product_id, p.seller_id FROM orders o JOIN products p ON p.id = o.product_id \
             WHERE o.buyer_id = $1 AND o.status = 'booked' ORDER BY o.id",
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
        for booking in bookings {
            let (order_id, product_id, seller_id): (i64, i64, i64) = (booking.get(0), booking.get(1), booking.get(2));
            events.push(NewEvent::new(
                name::ORDER_CANCELLED,
                Audience::Parties { buyer_id: id, seller_id },
                &ids(&[("_id", order_id), ("bookingId", product_id)]),
            ));
        }
        events.push(NewEvent::new(
            name::USER_DELETED,
            Audience::Admins,
            &serde_json::json!({"_id": id.to_string(), "role": role.as_str()}),
        ));
        // Listings, bookings, reports and adverts go with the user by ON DELETE CASCADE;
        // payments keep their figures with the references cleared.
        sqlx::query("DELETE FROM users WHERE id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM identities WHERE email = $1").bind(&email).execute(&mut *tx).await?;
        record(&mut tx, &events).await?;
        tx.commit().await?;
        self.changed();
        Ok(true)
    }

    async fn verify_seller(&self, id: i64) -> Result<bool, Error> {
        let mut tx = self.writer.begin().await?;
        let email: Option<String> =
            sqlx::query_scalar("UPDATE users SET verified = TRUE WHERE id = $1 AND role = 'seller' RETURNING email")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        let Some(email) = email else {
            return Ok(false);
        };
        let data = serde_json::json!({"_id": id.to_string(), "email": email});
        record(&mut tx, &[NewEvent::new(name::SELLER_VERIFIED, Audience::Public, &data)]).await?;
        tx.commit().await?;
        self.changed();
        Ok(true)
    }
}
