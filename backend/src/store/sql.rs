// The SQL both stores share, included by `postgres.rs` and `sqlite.rs` after each has
// defined `Db` (the sqlx database), `This` (the store type, with `reader` and `writer`
// pools) and `MIGRATOR`. Both dialects accept this SQL as written: `$N` placeholders,
// `RETURNING`, partial unique indexes, `TRUE`/`FALSE`; times are bound from Rust.

use async_trait::async_trait;
use chrono::Utc;
use sqlx::Row;

use super::{
    Advert, Category, Identity, NewOrder, NewPayment, NewProduct, NewUser, Order, PaymentRecorded,
    Product, Role, Store, StoreError as Error, TestPaymentIntent, User,
};

/// The columns of [`Product`]: the listing, its seller's public face, and its flags.
macro_rules! product_select {
    () => {
        "SELECT p.id, p.category_id, p.seller_id, p.name, p.image, p.condition, p.color, \
         p.description, p.location, p.original_price, p.resale_price, p.purchase_year, \
         p.years_of_use, p.seller_phone, p.sold, p.posted_at, \
         u.name AS seller_name, u.email AS seller_email, u.verified AS seller_verified, \
         EXISTS (SELECT 1 FROM reports r WHERE r.product_id = p.id) AS reported, \
         EXISTS (SELECT 1 FROM adverts ad WHERE ad.product_id = p.id) AS advertised "
    };
}

/// The columns of [`Order`]: the booking, its buyer, then the listing as in `product_select`.
macro_rules! order_select {
    () => {
        "SELECT o.id AS order_id, o.status AS order_status, o.buyer_id, b.name AS buyer_name, \
         b.email AS buyer_email, o.buyer_phone, o.meeting_location, o.created_at AS ordered_at, \
         p.id, p.category_id, p.seller_id, p.name, p.image, p.condition, p.color, \
         p.description, p.location, p.original_price, p.resale_price, p.purchase_year, \
         p.years_of_use, p.seller_phone, p.sold, p.posted_at, \
         u.name AS seller_name, u.email AS seller_email, u.verified AS seller_verified, \
         EXISTS (SELECT 1 FROM reports r WHERE r.product_id = p.id) AS reported, \
         EXISTS (SELECT 1 FROM adverts ad WHERE ad.product_id = p.id) AS advertised \
         FROM orders o JOIN users b ON b.id = o.buyer_id \
         JOIN products p ON p.id = o.product_id JOIN users u ON u.id = p.seller_id "
    };
}

const USER_COLUMNS: &str = "id, subject, email, name, image, role, verified, created_at";

fn unique_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(e) if e.is_unique_violation())
}

fn foreign_key_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(e) if e.is_foreign_key_violation())
}

impl This {
    /// Marks that something cached readers show has changed (see `Store::generation`).
    fn changed(&self) {
        self.generation.fetch_add(1, std::sync::atomic::Ordering::Release);
    }

    async fn user_where(&self, clause: &str, value: &str) -> Result<Option<User>, Error> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE {clause} = $1");
        Ok(sqlx::query_as::<Db, User>(&sql).bind(value).fetch_optional(&self.reader).await?)
    }

    async fn product_exists(&self, id: i64) -> Result<bool, Error> {
        let found = sqlx::query("SELECT 1 FROM products WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.writer)
            .await?;
        Ok(found.is_some())
    }

    async fn payment_by_transaction(&self, transaction_id: &str) -> Result<Option<(i64, Option<i64>)>, Error> {
        let row = sqlx::query("SELECT id, order_id FROM payments WHERE transaction_id = $1")
            .bind(transaction_id)
            .fetch_optional(&self.writer)
            .await?;
        Ok(row.map(|r| (r.get::<i64, _>(0), r.get::<Option<i64>, _>(1))))
    }

    async fn record_payment_once(&self, payment: &NewPayment) -> Result<i64, Error> {
        let mut tx = self.writer.begin().await?;
        let booking = sqlx::query(
            "SELECT o.status, o.product_id, o.buyer_id, b.email, p.name \
             FROM orders o JOIN users b ON b.id = o.buyer_id JOIN products p ON p.id = o.product_id \
             WHERE o.id = $1",
        )
        .bind(payment.order_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| Error::NotFound("This booking no longer exists.".into()))?;
        let status: String = booking.get(0);
        let product_id: i64 = booking.get(1);
        let buyer_id: i64 = booking.get(2);
        let email: String = booking.get(3);
        let product_name: String = booking.get(4);
        match status.as_str() {
            "booked" => {}
            "paid" => return Err(Error::Conflict("This booking is already paid.".into())),
            _ => return Err(Error::Conflict("This booking was cancelled.".into())),
        }
        // The row lock taken here makes a second buyer's payment wait for this one and
        // then find the bike sold: exactly one payment wins.
        let sold = sqlx::query("UPDATE products SET sold = TRUE WHERE id = $1 AND sold = FALSE")
            .bind(product_id)
            .execute(&mut *tx)
            .await?;
        if sold.rows_affected() == 0 {
            return Err(Error::Conflict("This bike has already been sold.".into()));
        }
        sqlx::query("UPDATE orders SET status = 'paid' WHERE id = $1")
            .bind(payment.order_id)
            .execute(&mut *tx)
            .await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO payments (order_id, product_id, buyer_id, transaction_id, amount, currency, \
             email, product_name, paid_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
        )
        .bind(payment.order_id)
        .bind(product_id)
        .bind(buyer_id)
        .bind(&payment.transaction_id)
        .bind(payment.amount)
        .bind(&payment.currency)
        .bind(&email)
        .bind(&product_name)
        .bind(Utc::now())
        .fetch_one(&mut *tx)
        .await
        .map_err(|e| {
            if unique_violation(&e) {
                Error::Conflict("This payment is already recorded.".into())
            } else {
                e.into()
            }
        })?;
        tx.commit().await?;
        Ok(id)
    }
}

#[async_trait]
impl Store for This {
    async fn migrate(&self) -> Result<(), Error> {
        MIGRATOR.run(&self.writer).await?;
        Ok(())
    }

    fn generation(&self) -> u64 {
        self.generation.load(std::sync::atomic::Ordering::Acquire)
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
        .map_err(|e| {
            if unique_violation(&e) {
                Error::Conflict("An account with this email address already exists.".into())
            } else {
                e.into()
            }
        })
    }

    async fn identity_by_email(&self, email: &str) -> Result<Option<Identity>, Error> {
        Ok(sqlx::query_as::<Db, Identity>(
            "SELECT id, email, password_hash FROM identities WHERE email = $1",
        )
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
            .map_err(|e| {
                if unique_violation(&e) {
                    Error::Conflict("This email address belongs to another account.".into())
                } else {
                    e.into()
                }
            })
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
        let email: Option<String> =
            sqlx::query_scalar("SELECT email FROM users WHERE id = $1 AND role = $2")
                .bind(id)
                .bind(role.as_str())
                .fetch_optional(&mut *tx)
                .await?;
        let Some(email) = email else {
            return Ok(false);
        };
        // Listings, bookings, reports and adverts go with the user by ON DELETE CASCADE;
        // payments keep their figures with the references cleared.
        sqlx::query("DELETE FROM users WHERE id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM identities WHERE email = $1").bind(&email).execute(&mut *tx).await?;
        tx.commit().await?;
        self.changed();
        Ok(true)
    }

    async fn verify_seller(&self, id: i64) -> Result<bool, Error> {
        let done = sqlx::query("UPDATE users SET verified = TRUE WHERE id = $1 AND role = 'seller'")
            .bind(id)
            .execute(&self.writer)
            .await?;
        self.changed();
        Ok(done.rows_affected() > 0)
    }

    async fn categories(&self) -> Result<Vec<Category>, Error> {
        Ok(sqlx::query_as::<Db, Category>("SELECT id, name, image FROM categories ORDER BY id")
            .fetch_all(&self.reader)
            .await?)
    }

    async fn category(&self, id: i64) -> Result<Option<Category>, Error> {
        Ok(sqlx::query_as::<Db, Category>("SELECT id, name, image FROM categories WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.reader)
            .await?)
    }

    async fn create_category(&self, name: &str, image: &str) -> Result<Category, Error> {
        sqlx::query_as::<Db, Category>(
            "INSERT INTO categories (name, image, created_at) VALUES ($1, $2, $3) \
             RETURNING id, name, image",
        )
        .bind(name)
        .bind(image)
        .bind(Utc::now())
        .fetch_one(&self.writer)
        .await
        .map_err(|e| {
            if unique_violation(&e) {
                Error::Conflict("A category with this name already exists.".into())
            } else {
                e.into()
            }
        })
        .inspect(|_| self.changed())
    }

    async fn create_product(&self, p: &NewProduct) -> Result<i64, Error> {
        sqlx::query_scalar(
            "INSERT INTO products (category_id, seller_id, name, image, condition, color, \
             description, location, original_price, resale_price, purchase_year, years_of_use, \
             seller_phone, sold, posted_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, FALSE, $14) RETURNING id",
        )
        .bind(p.category_id)
        .bind(p.seller_id)
        .bind(&p.name)
        .bind(&p.image)
        .bind(&p.condition)
        .bind(&p.color)
        .bind(&p.description)
        .bind(&p.location)
        .bind(p.original_price)
        .bind(p.resale_price)
        .bind(p.purchase_year)
        .bind(p.years_of_use)
        .bind(&p.seller_phone)
        .bind(Utc::now())
        .fetch_one(&self.writer)
        .await
        .map_err(|e| {
            if foreign_key_violation(&e) {
                Error::NotFound("This category does not exist.".into())
            } else {
                e.into()
            }
        })
        .inspect(|_| self.changed())
    }

    async fn product(&self, id: i64) -> Result<Option<Product>, Error> {
        Ok(sqlx::query_as::<Db, Product>(concat!(
            product_select!(),
            "FROM products p JOIN users u ON u.id = p.seller_id WHERE p.id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.reader)
        .await?)
    }

    async fn products_in_category(&self, category_id: i64) -> Result<Vec<Product>, Error> {
        Ok(sqlx::query_as::<Db, Product>(concat!(
            product_select!(),
            "FROM products p JOIN users u ON u.id = p.seller_id \
             WHERE p.category_id = $1 ORDER BY p.id DESC"
        ))
        .bind(category_id)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn products_of_seller(&self, seller_id: i64) -> Result<Vec<Product>, Error> {
        Ok(sqlx::query_as::<Db, Product>(concat!(
            product_select!(),
            "FROM products p JOIN users u ON u.id = p.seller_id \
             WHERE p.seller_id = $1 ORDER BY p.id DESC"
        ))
        .bind(seller_id)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn reported_products(&self) -> Result<Vec<Product>, Error> {
        Ok(sqlx::query_as::<Db, Product>(concat!(
            product_select!(),
            "FROM products p JOIN users u ON u.id = p.seller_id \
             WHERE EXISTS (SELECT 1 FROM reports r WHERE r.product_id = p.id) ORDER BY p.id DESC"
        ))
        .fetch_all(&self.reader)
        .await?)
    }

    async fn report_product(&self, product_id: i64, reporter_id: i64) -> Result<bool, Error> {
        let done = sqlx::query(
            "INSERT INTO reports (product_id, reporter_id, reported_at) VALUES ($1, $2, $3) \
             ON CONFLICT (product_id, reporter_id) DO NOTHING",
        )
        .bind(product_id)
        .bind(reporter_id)
        .bind(Utc::now())
        .execute(&self.writer)
        .await
        .map_err(|e| {
            if foreign_key_violation(&e) {
                Error::NotFound("This bike is no longer listed.".into())
            } else {
                Error::from(e)
            }
        })?;
        self.changed();
        Ok(done.rows_affected() > 0)
    }

    async fn delete_product(&self, id: i64) -> Result<bool, Error> {
        let done = sqlx::query("DELETE FROM products WHERE id = $1").bind(id).execute(&self.writer).await?;
        self.changed();
        Ok(done.rows_affected() > 0)
    }

    async fn create_advert(&self, product_id: i64) -> Result<i64, Error> {
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO adverts (product_id, created_at) \
             SELECT id, $2 FROM products WHERE id = $1 AND sold = FALSE RETURNING id",
        )
        .bind(product_id)
        .bind(Utc::now())
        .fetch_optional(&self.writer)
        .await
        .map_err(|e| {
            if unique_violation(&e) {
                Error::Conflict("This bike is already advertised.".into())
            } else {
                Error::from(e)
            }
        })?;
        match id {
            Some(id) => {
                self.changed();
                Ok(id)
            }
            None if self.product_exists(product_id).await? => {
                Err(Error::Conflict("This bike has already been sold.".into()))
            }
            None => Err(Error::NotFound("This bike is no longer listed.".into())),
        }
    }

    async fn adverts(&self) -> Result<Vec<Advert>, Error> {
        Ok(sqlx::query_as::<Db, Advert>(concat!(
            product_select!(),
            ", a.id AS advert_id FROM adverts a JOIN products p ON p.id = a.product_id \
             JOIN users u ON u.id = p.seller_id WHERE p.sold = FALSE ORDER BY a.id DESC"
        ))
        .fetch_all(&self.reader)
        .await?)
    }

    async fn create_order(&self, order: &NewOrder) -> Result<i64, Error> {
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO orders (product_id, buyer_id, buyer_phone, meeting_location, status, created_at) \
             SELECT id, $2, $3, $4, 'booked', $5 FROM products WHERE id = $1 AND sold = FALSE \
             RETURNING id",
        )
        .bind(order.product_id)
        .bind(order.buyer_id)
        .bind(&order.buyer_phone)
        .bind(&order.meeting_location)
        .bind(Utc::now())
        .fetch_optional(&self.writer)
        .await
        .map_err(|e| {
            if unique_violation(&e) {
                Error::Conflict("You have already booked this bike.".into())
            } else {
                Error::from(e)
            }
        })?;
        match id {
            Some(id) => Ok(id),
            None if self.product_exists(order.product_id).await? => {
                Err(Error::Conflict("This bike has already been sold.".into()))
            }
            None => Err(Error::NotFound("This bike is no longer listed.".into())),
        }
    }

    async fn order(&self, id: i64) -> Result<Option<Order>, Error> {
        Ok(sqlx::query_as::<Db, Order>(concat!(order_select!(), "WHERE o.id = $1"))
            .bind(id)
            .fetch_optional(&self.reader)
            .await?)
    }

    async fn orders_of_buyer(&self, buyer_id: i64) -> Result<Vec<Order>, Error> {
        Ok(sqlx::query_as::<Db, Order>(concat!(
            order_select!(),
            "WHERE o.buyer_id = $1 AND o.status <> 'cancelled' ORDER BY o.id DESC"
        ))
        .bind(buyer_id)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn cancel_order(&self, id: i64) -> Result<bool, Error> {
        let done = sqlx::query("UPDATE orders SET status = 'cancelled' WHERE id = $1 AND status = 'booked'")
            .bind(id)
            .execute(&self.writer)
            .await?;
        if done.rows_affected() > 0 {
            return Ok(true);
        }
        let status: Option<String> = sqlx::query_scalar("SELECT status FROM orders WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.writer)
            .await?;
        match status.as_deref() {
            Some("paid") => Err(Error::Conflict("A paid booking cannot be cancelled.".into())),
            _ => Ok(false),
        }
    }

    async fn create_test_payment_intent(&self, intent: &TestPaymentIntent) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO test_payment_intents (id, client_secret, order_id, amount, currency, status, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&intent.id)
        .bind(&intent.client_secret)
        .bind(intent.order_id)
        .bind(intent.amount)
        .bind(&intent.currency)
        .bind(&intent.status)
        .bind(Utc::now())
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    async fn test_payment_intent(&self, client_secret: &str) -> Result<Option<TestPaymentIntent>, Error> {
        Ok(sqlx::query_as::<Db, TestPaymentIntent>(
            "SELECT id, client_secret, order_id, amount, currency, status FROM test_payment_intents \
             WHERE client_secret = $1",
        )
        .bind(client_secret)
        .fetch_optional(&self.writer)
        .await?)
    }

    async fn test_payment_intent_by_id(&self, id: &str) -> Result<Option<TestPaymentIntent>, Error> {
        Ok(sqlx::query_as::<Db, TestPaymentIntent>(
            "SELECT id, client_secret, order_id, amount, currency, status FROM test_payment_intents \
             WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.writer)
        .await?)
    }

    async fn succeed_test_payment_intent(&self, id: &str) -> Result<(), Error> {
        sqlx::query("UPDATE test_payment_intents SET status = 'succeeded' WHERE id = $1")
            .bind(id)
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    async fn record_payment(&self, payment: &NewPayment) -> Result<PaymentRecorded, Error> {
        let existing = |found: Option<(i64, Option<i64>)>| match found {
            Some((id, Some(order))) if order == payment.order_id => Some(Ok(PaymentRecorded::Existing(id))),
            Some(_) => Some(Err(Error::Conflict("This transaction belongs to another booking.".into()))),
            None => None,
        };
        if let Some(done) = existing(self.payment_by_transaction(&payment.transaction_id).await?) {
            return done;
        }
        match self.record_payment_once(payment).await {
            Ok(id) => {
                self.changed();
                Ok(PaymentRecorded::New(id))
            }
            // A retry of the same transaction that raced the first: report the first.
            Err(Error::Conflict(why)) => existing(self.payment_by_transaction(&payment.transaction_id).await?)
                .unwrap_or(Err(Error::Conflict(why))),
            Err(other) => Err(other),
        }
    }

    async fn payments_for_product(&self, product_id: i64) -> Result<i64, Error> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE product_id = $1")
            .bind(product_id)
            .fetch_one(&self.reader)
            .await?)
    }
}
