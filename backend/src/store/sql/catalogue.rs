// Categories, listings, reports and adverts; included by `../sql.rs`.

impl This {
    async fn product_exists(&self, id: i64) -> Result<bool, Error> {
        let found = sqlx::query("SELECT 1 FROM products WHERE id = $1").bind(id).fetch_optional(&self.writer).await?;
        Ok(found.is_some())
    }

    async fn products_where(&self, sql: &'static str, value: Option<i64>) -> Result<Vec<Product>, Error> {
        let mut query = sqlx::query_as::<Db, Product>(sql);
        if let Some(value) = value {
            query = query.bind(value);
        }
        Ok(query.fetch_all(&self.reader).await?)
    }
}

#[async_trait]
impl Catalogue for This {
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
        let mut tx = self.writer.begin().await?;
        let category = sqlx::query_as::<Db, Category>(
            "INSERT INTO categories (name, image, created_at) VALUES ($1, $2, $3) RETURNING id, name, image",
        )
        .bind(name)
        .bind(image)
        .bind(Utc::now())
        .fetch_one(&mut *tx)
        .await
        .map_err(conflict_if_taken("A category with this name already exists."))?;
        record(&mut tx, &[Event::CategoryCreated(category.clone())]).await?;
        tx.commit().await?;
        self.changed();
        Ok(category)
    }

    async fn create_product(&self, p: &NewProduct) -> Result<i64, Error> {
        let mut tx = self.writer.begin().await?;
        let id: i64 = sqlx::query_scalar(
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
        .bind(p.posted_at)
        .fetch_one(&mut *tx)
        .await
        .map_err(not_found_if_missing("This category does not exist."))?;
        let listing = product_in(&mut tx, id).await?;
        record(&mut tx, &[Event::ProductCreated(listing)]).await?;
        tx.commit().await?;
        self.changed();
        Ok(id)
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
        self.products_where(
            concat!(
                product_select!(),
                "FROM products p JOIN users u ON u.id = p.seller_id WHERE p.category_id = $1 ORDER BY p.id DESC"
            ),
            Some(category_id),
        )
        .await
    }

    async fn products_of_seller(&self, seller_id: i64) -> Result<Vec<Product>, Error> {
        self.products_where(
            concat!(
                product_select!(),
                "FROM products p JOIN users u ON u.id = p.seller_id WHERE p.seller_id = $1 ORDER BY p.id DESC"
            ),
            Some(seller_id),
        )
        .await
    }

    async fn reported_products(&self) -> Result<Vec<Product>, Error> {
        self.products_where(
            concat!(
                product_select!(),
                "FROM products p JOIN users u ON u.id = p.seller_id \
                 WHERE EXISTS (SELECT 1 FROM reports r WHERE r.product_id = p.id) ORDER BY p.id DESC"
            ),
            None,
        )
        .await
    }

    async fn report_product(&self, product_id: i64, reporter_id: i64) -> Result<bool, Error> {
        let mut tx = self.writer.begin().await?;
        let done = sqlx::query(
            "INSERT INTO reports (product_id, reporter_id, reported_at) VALUES ($1, $2, $3) \
             ON CONFLICT (product_id, reporter_id) DO NOTHING",
        )
        .bind(product_id)
        .bind(reporter_id)
        .bind(Utc::now())
        .execute(&mut *tx)
        .await
        .map_err(not_found_if_missing("This bike is no longer listed."))?;
        if done.rows_affected() == 0 {
            return Ok(false);
        }
        let listing = product_in(&mut tx, product_id).await?;
        let admins: Vec<i64> = sqlx::query_scalar("SELECT id FROM users WHERE role = 'admin' ORDER BY id")
            .fetch_all(&mut *tx)
            .await?;
        let mut events = Vec::with_capacity(admins.len() + 1);
        for admin in admins {
            let message = format!("A buyer reported {}.", listing.name);
            events.push(notify(&mut tx, admin, "report", message, link::REPORTED).await?);
        }
        events.insert(0, Event::ProductReported(listing));
        record(&mut tx, &events).await?;
        tx.commit().await?;
        self.changed();
        Ok(true)
    }

    async fn delete_product(&self, id: i64, removed_by: i64) -> Result<bool, Error> {
        let mut tx = self.writer.begin().await?;
        let events = removal_events(&mut tx, id, Some(removed_by)).await?;
        let done = sqlx::query("DELETE FROM products WHERE id = $1").bind(id).execute(&mut *tx).await?;
        if done.rows_affected() == 0 {
            return Ok(false);
        }
        record(&mut tx, &events).await?;
        tx.commit().await?;
        self.changed();
        Ok(true)
    }

    async fn update_product(&self, id: i64, seller_id: i64, edit: &ProductEdit) -> Result<(), Error> {
        let mut tx = self.writer.begin().await?;
        let before: Option<i64> = sqlx::query_scalar("SELECT resale_price FROM products WHERE id = $1 AND seller_id = $2")
            .bind(id)
            .bind(seller_id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(before) = before else {
            return Err(Error::NotFound("This bike is no longer listed.".into()));
        };
        // Only while unsold: a sale that commits first wins, and this edit changes nothing.
        let changed = sqlx::query(
            "UPDATE products SET image = $3, condition = $4, color = $5, description = $6, location = $7, \
             resale_price = $8, seller_phone = $9 WHERE id = $1 AND seller_id = $2 AND sold = FALSE",
        )
        .bind(id)
        .bind(seller_id)
        .bind(&edit.image)
        .bind(&edit.condition)
        .bind(&edit.color)
        .bind(&edit.description)
        .bind(&edit.location)
        .bind(edit.resale_price)
        .bind(&edit.seller_phone)
        .execute(&mut *tx)
        .await?;
        if changed.rows_affected() == 0 {
            return Err(Error::Conflict("A sold bike cannot be changed.".into()));
        }
        let listing = product_in(&mut tx, id).await?;
        let mut events = Vec::new();
        if edit.resale_price < before {
            let savers: Vec<i64> = sqlx::query_scalar("SELECT user_id FROM wishlist WHERE product_id = $1 ORDER BY user_id")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?;
            let message = format!(
                "{} on your wishlist is now {}, down from {}.",
                listing.name,
                crate::views::taka(edit.resale_price),
                crate::views::taka(before)
            );
            for saver in savers {
                events.push(notify(&mut tx, saver, "price", message.clone(), link::WISHLIST).await?);
            }
        }
        events.insert(0, Event::ProductUpdated(listing));
        record(&mut tx, &events).await?;
        tx.commit().await?;
        self.changed();
        Ok(())
    }

    async fn create_advert(&self, product_id: i64) -> Result<i64, Error> {
        let mut tx = self.writer.begin().await?;
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO adverts (product_id, created_at) \
             SELECT id, $2 FROM products WHERE id = $1 AND sold = FALSE RETURNING id",
        )
        .bind(product_id)
        .bind(Utc::now())
        .fetch_optional(&mut *tx)
        .await
        .map_err(conflict_if_taken("This bike is already advertised."))?;
        let Some(id) = id else {
            drop(tx);
            return Err(if self.product_exists(product_id).await? {
                Error::Conflict("This bike has already been sold.".into())
            } else {
                Error::NotFound("This bike is no longer listed.".into())
            });
        };
        let advert = Advert { advert_id: id, product: product_in(&mut tx, product_id).await? };
        record(&mut tx, &[Event::AdvertCreated(advert)]).await?;
        tx.commit().await?;
        self.changed();
        Ok(id)
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
}
