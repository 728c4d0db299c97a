//! Categories, listings, reports and adverts.

use super::*;

impl This {
    /// The rows of `select` (a query without a WHERE) whose `column` is one of `ids`,
    /// in queries of [`IDS_PER_QUERY`] ids.
    async fn rows_with<T>(&self, select: &str, column: &str, ids: &[i64]) -> Result<Vec<T>, Error>
    where
        T: for<'r> sqlx::FromRow<'r, <Db as sqlx::Database>::Row> + Send + Unpin,
    {
        let mut found = Vec::with_capacity(ids.len());
        for some in ids.chunks(IDS_PER_QUERY) {
            let mut query = sqlx::QueryBuilder::<Db>::new(select);
            query.push(format!(" WHERE {column} IN ("));
            let mut list = query.separated(", ");
            for id in some {
                list.push_bind(*id);
            }
            query.push(")");
            found.extend(query.build_query_as::<T>().fetch_all(&self.reader).await?);
        }
        Ok(found)
    }

    async fn listings_where(
        &self,
        sql: &'static str,
        value: Option<i64>,
    ) -> Result<Vec<Listing>, Error> {
        let mut query = sqlx::query_as::<Db, Listing>(sql);
        if let Some(value) = value {
            query = query.bind(value);
        }
        Ok(query.fetch_all(&self.reader).await?)
    }
}

#[async_trait]
impl Catalogue for This {
    async fn categories(&self) -> Result<Vec<Category>, Error> {
        Ok(
            sqlx::query_as::<Db, Category>("SELECT id, name, image FROM categories ORDER BY id")
                .fetch_all(&self.reader)
                .await?,
        )
    }

    async fn pictures_in_use(&self) -> Result<Vec<String>, Error> {
        Ok(sqlx::query_scalar(
            "SELECT image FROM users UNION SELECT image FROM categories UNION SELECT image \
             FROM products UNION SELECT photos FROM products WHERE photos IS NOT NULL",
        )
        .fetch_all(&self.reader)
        .await?)
    }

    async fn category(&self, id: i64) -> Result<Option<Category>, Error> {
        Ok(
            sqlx::query_as::<Db, Category>("SELECT id, name, image FROM categories WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.reader)
                .await?,
        )
    }

    async fn create_category(&self, name: &str, image: &str) -> Result<Written<Category>, Error> {
        let mut tx = self.writer.begin().await?;
        let category = sqlx::query_as::<Db, Category>(
            "INSERT INTO categories (name, image, created_at) VALUES ($1, $2, $3) \
             RETURNING id, name, image",
        )
        .bind(name)
        .bind(image)
        .bind(Utc::now())
        .fetch_one(&mut *tx)
        .await
        .map_err(refused_if_taken(
            &[Key::CategoryName],
            Refused::CategoryNameTaken,
        ))?;
        let events = record(&mut tx, &[Event::CategoryCreated(category.clone())]).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed();
        Ok(Written {
            outcome: category,
            events,
        })
    }

    async fn create_listing(&self, p: &NewListing) -> Result<Written<i64>, Error> {
        let in_review = !p.review.is_empty();
        let mut tx = self.writer.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO products (category_id, seller_id, name, image, condition, color, \
             description, location, original_price, resale_price, purchase_year, years_of_use, \
             seller_phone, sold, posted_at, brand, model, engine_cc, km_driven, registration_year, \
             district, area, photos, search_text, takes_cash, takes_card, takes_bkash, \
             deposit_amount, deposit_percent, negotiable, phone_in_conversation, on_whatsapp, \
             state, review_flags, review_asked_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, FALSE, $14, $15, \
             $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, \
             $32, $33, $34) RETURNING id",
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
        .bind(&p.facts.brand)
        .bind(&p.facts.model)
        .bind(p.facts.engine_cc)
        .bind(p.facts.km_driven)
        .bind(p.facts.registration_year)
        .bind(&p.facts.district)
        .bind(&p.facts.area)
        .bind(&p.facts.photos)
        .bind(crate::listing::listing_search_text(
            &p.name,
            &p.description,
            &p.location,
            &p.color,
            &p.condition,
            &p.facts,
        ))
        .bind(p.terms.takes_cash)
        .bind(p.terms.takes_card)
        .bind(p.terms.takes_bkash)
        .bind(p.terms.deposit_amount)
        .bind(p.terms.deposit_percent)
        .bind(p.terms.negotiable)
        .bind(p.terms.phone_in_conversation)
        .bind(p.terms.on_whatsapp)
        .bind(if in_review { "pending" } else { "live" })
        .bind(in_review.then(|| ReviewFlag::join(&p.review)))
        .bind(in_review.then_some(p.posted_at))
        .fetch_one(&mut *tx)
        .await
        .map_err(not_found_if_missing(Missing::Category))?;
        // Only a live listing is news to every page; one in review is the admins'.
        let event = if in_review {
            Event::ListingReviewRequested(listing_review_in(&mut tx, id).await?)
        } else {
            Event::ListingCreated(listing_in(&mut tx, id).await?)
        };
        let events = record(&mut tx, &[event]).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed();
        Ok(Written {
            outcome: id,
            events,
        })
    }

    async fn listing(&self, id: i64) -> Result<Option<Listing>, Error> {
        Ok(sqlx::query_as::<Db, Listing>(concat!(
            listing_select!(),
            "FROM products p JOIN users u ON u.id = p.seller_id WHERE p.id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.reader)
        .await?)
    }

    async fn listings_in_category(&self, category_id: i64) -> Result<Vec<Listing>, Error> {
        self.listings_where(
            concat!(
                listing_select!(),
                "FROM products p JOIN users u ON u.id = p.seller_id WHERE p.category_id = $1 \
                 AND p.state = 'live' ORDER BY p.id DESC"
            ),
            Some(category_id),
        )
        .await
    }

    async fn listings_of_seller(&self, seller_id: i64) -> Result<Vec<Listing>, Error> {
        self.listings_where(
            concat!(
                listing_select!(),
                "FROM products p JOIN users u ON u.id = p.seller_id WHERE p.seller_id = $1 \
                 ORDER BY p.id DESC"
            ),
            Some(seller_id),
        )
        .await
    }

    async fn reported_listings(&self) -> Result<Vec<Listing>, Error> {
        self.listings_where(
            concat!(
                listing_select!(),
                "FROM products p JOIN users u ON u.id = p.seller_id \
                 WHERE EXISTS (SELECT 1 FROM reports r WHERE r.product_id = p.id \
                 AND r.state = 'open') \
                 ORDER BY p.id DESC"
            ),
            None,
        )
        .await
    }

    async fn live_listings_of(&self, seller_id: i64) -> Result<i64, Error> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM products WHERE seller_id = $1 AND state = 'live'",
        )
        .bind(seller_id)
        .fetch_one(&self.reader)
        .await?)
    }

    async fn comparable_prices(
        &self,
        brand: &str,
        model: &str,
        most: i64,
    ) -> Result<Vec<i64>, Error> {
        Ok(sqlx::query_scalar(
            "SELECT resale_price FROM products WHERE brand = $1 AND model = $2 \
             AND state = 'live' ORDER BY id DESC LIMIT $3",
        )
        .bind(brand)
        .bind(model)
        .bind(most)
        .fetch_all(&self.reader)
        .await?)
    }

    async fn listings_in_review(&self) -> Result<Vec<ListingReview>, Error> {
        Ok(sqlx::query_as::<Db, ListingReview>(concat!(
            listing_select!(),
            ", COALESCE(p.review_flags, '') AS review_flags, p.review_asked_at \
             FROM products p JOIN users u ON u.id = p.seller_id WHERE p.state = 'pending' \
             ORDER BY p.review_asked_at, p.id"
        ))
        .fetch_all(&self.reader)
        .await?)
    }

    async fn review_listing(
        &self,
        id: i64,
        admin_id: i64,
        decision: &ListingDecision,
        at: DateTime<Utc>,
    ) -> Result<Written<Listing>, Error> {
        let (state, reason) = match decision {
            ListingDecision::Approve => ("live", None),
            ListingDecision::Reject { reason } => ("rejected", Some(reason.as_str())),
        };
        let mut tx = self.writer.begin().await?;
        // Only a pending listing is decided, once: of two admins at once, one wins. The
        // listing is decided as it is when the decision lands, a last edit included.
        let decided = sqlx::query(
            "UPDATE products SET state = $2, state_reason = $3, reviewed_by = $4, \
             reviewed_at = $5 WHERE id = $1 AND state = 'pending'",
        )
        .bind(id)
        .bind(state)
        .bind(reason)
        .bind(admin_id)
        .bind(at)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if decided == 0 {
            let found: Option<i64> = sqlx::query_scalar("SELECT id FROM products WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            return Err(match found {
                None => Error::NotFound(Missing::Listing),
                Some(_) => Error::Refused(Refused::NotInReview),
            });
        }
        let listing = listing_in(&mut tx, id).await?;
        let action = match decision {
            ListingDecision::Approve => AuditAction::ListingApproved,
            ListingDecision::Reject { .. } => AuditAction::ListingRejected,
        };
        audit(&mut tx, admin_id, action, id, &listing.name, reason).await?;
        let notice = match decision {
            ListingDecision::Approve => Notice::ListingApproved {
                listing: &listing.name,
            },
            ListingDecision::Reject { reason } => Notice::ListingRejected {
                listing: &listing.name,
                reason,
            },
        };
        let mut events = vec![
            Event::ListingReviewed(listing.clone()),
            notify(&mut tx, listing.seller_id, notice).await?,
        ];
        if matches!(decision, ListingDecision::Approve) {
            // Live from now: every open page gets it as a new listing.
            events.push(Event::ListingCreated(listing.clone()));
        }
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed();
        Ok(Written {
            outcome: listing,
            events,
        })
    }

    async fn report_listing(
        &self,
        product_id: i64,
        reporter_id: i64,
        reason: ReportReason,
        note: &str,
    ) -> Result<Written<bool>, Error> {
        let mut tx = self.writer.begin().await?;
        not_own_listing(&mut *tx, product_id, reporter_id).await?;
        // One report per buyer and listing: an open one stands as made; a dismissed one
        // opens again with what the buyer says now.
        let done = sqlx::query(
            "INSERT INTO reports (product_id, reporter_id, reported_at, reason, note) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (product_id, reporter_id) DO UPDATE \
             SET reported_at = excluded.reported_at, reason = excluded.reason, \
             note = excluded.note, state = 'open' WHERE reports.state <> 'open'",
        )
        .bind(product_id)
        .bind(reporter_id)
        .bind(Utc::now())
        .bind(reason.as_str())
        .bind(note)
        .execute(&mut *tx)
        .await
        .map_err(not_found_if_missing(Missing::Listing))?;
        if done.rows_affected() == 0 {
            return Ok(Written::nothing(false));
        }
        let listing = listing_in(&mut tx, product_id).await?;
        let admins: Vec<i64> =
            sqlx::query_scalar("SELECT id FROM users WHERE role = 'admin' ORDER BY id")
                .fetch_all(&mut *tx)
                .await?;
        let mut events = Vec::with_capacity(admins.len() + 1);
        for admin in admins {
            let notice = Notice::Reported {
                listing: &listing.name,
            };
            events.push(notify(&mut tx, admin, notice).await?);
        }
        events.insert(0, Event::ListingReported(listing));
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed();
        Ok(Written {
            outcome: true,
            events,
        })
    }

    async fn open_reports(&self) -> Result<Vec<ReportedListing>, Error> {
        let reports: Vec<OpenReport> = sqlx::query_as(
            "SELECT r.product_id, r.reporter_id, u.name AS reporter_name, r.reason, r.note, \
             r.reported_at FROM reports r JOIN users u ON u.id = r.reporter_id \
             WHERE r.state = 'open' ORDER BY r.reported_at, r.reporter_id",
        )
        .fetch_all(&self.reader)
        .await?;
        let mut ids: Vec<i64> = reports.iter().map(|r| r.product_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let listings: Vec<Listing> = self
            .rows_with(
                concat!(
                    listing_select!(),
                    "FROM products p JOIN users u ON u.id = p.seller_id"
                ),
                "p.id",
                &ids,
            )
            .await?;
        let mut grouped: Vec<ReportedListing> = listings
            .into_iter()
            .map(|listing| ReportedListing {
                listing,
                reports: Vec::new(),
            })
            .collect();
        for report in reports {
            if let Some(group) = grouped
                .iter_mut()
                .find(|g| g.listing.id == report.product_id)
            {
                group.reports.push(report);
            }
        }
        // The most reported first; of as many, the one reported first.
        grouped.sort_by(|a, b| {
            b.reports
                .len()
                .cmp(&a.reports.len())
                .then_with(|| a.reports[0].reported_at.cmp(&b.reports[0].reported_at))
        });
        Ok(grouped)
    }

    async fn dismiss_reports(
        &self,
        product_id: i64,
        admin_id: i64,
        note: Option<&str>,
    ) -> Result<Written<usize>, Error> {
        let mut tx = self.writer.begin().await?;
        let reporters: Vec<i64> = sqlx::query_scalar(
            "UPDATE reports SET state = 'dismissed' WHERE product_id = $1 AND state = 'open' \
             RETURNING reporter_id",
        )
        .bind(product_id)
        .fetch_all(&mut *tx)
        .await?;
        let listing = sqlx::query_as::<Db, Listing>(concat!(
            listing_select!(),
            "FROM products p JOIN users u ON u.id = p.seller_id WHERE p.id = $1"
        ))
        .bind(product_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(Error::NotFound(Missing::Listing))?;
        if reporters.is_empty() {
            return Err(Error::Refused(Refused::NoOpenReports));
        }
        audit(
            &mut tx,
            admin_id,
            AuditAction::ReportsDismissed,
            product_id,
            &listing.name,
            note,
        )
        .await?;
        let mut events = vec![Event::ReportsDismissed(ListingRef {
            product_id,
            category_id: listing.category_id,
            seller_id: listing.seller_id,
        })];
        let mut reporters = reporters;
        reporters.sort_unstable();
        for reporter in &reporters {
            let notice = Notice::ReportDismissed {
                listing: &listing.name,
                product: product_id,
            };
            events.push(notify(&mut tx, *reporter, notice).await?);
        }
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed();
        Ok(Written {
            outcome: reporters.len(),
            events,
        })
    }

    async fn delete_listing(
        &self,
        id: i64,
        removed_by: i64,
        admin: bool,
        reason: Option<&str>,
    ) -> Result<Written<bool>, Error> {
        let mut tx = self.writer.begin().await?;
        let Some(listing) = doomed(&mut tx, "id = $1", id).await?.pop() else {
            return Ok(Written::nothing(false));
        };
        if listing.seller_id != removed_by && !admin {
            return Err(Error::Refused(Refused::NotYoursToDelete));
        }
        if listing.sold {
            return Err(Error::Refused(Refused::SoldStays));
        }
        let events = removal_events(&mut tx, &listing, Some(removed_by), reason).await?;
        if listing.seller_id != removed_by {
            audit(
                &mut tx,
                removed_by,
                AuditAction::ListingRemoved,
                id,
                &listing.name,
                reason,
            )
            .await?;
        }
        // A sale stays on record for its buyer and seller: a sold listing is never
        // deleted, even by a payment committed since it was read (the condition is
        // checked on the row as it is when deleted).
        let done = sqlx::query("DELETE FROM products WHERE id = $1 AND sold = FALSE")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            let sold: Option<bool> = sqlx::query_scalar("SELECT sold FROM products WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            return match sold {
                Some(true) => Err(Error::Refused(Refused::SoldStays)),
                _ => Ok(Written::nothing(false)),
            };
        }
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed();
        Ok(Written {
            outcome: true,
            events,
        })
    }

    async fn update_listing(
        &self,
        id: i64,
        seller_id: i64,
        edit: &ListingEdit,
    ) -> Result<Written<()>, Error> {
        /// The listing as it is, with the words it is indexed under.
        #[derive(sqlx::FromRow)]
        struct Current {
            #[sqlx(flatten)]
            listing: Listing,
            search_text: Option<String>,
            review_flags: Option<String>,
        }
        let mut tx = self.writer.begin().await?;
        let current = sqlx::query_as::<Db, Current>(concat!(
            listing_select!(),
            ", p.search_text, p.review_flags FROM products p JOIN users u ON u.id = p.seller_id \
             WHERE p.id = $1"
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(Current {
            listing: current,
            search_text: indexed,
            review_flags,
        }) = current
        else {
            return Err(Error::NotFound(Missing::Listing));
        };
        if current.seller_id != seller_id {
            return Err(Error::Refused(Refused::NotYoursToChange));
        }
        let before = current.resale_price;
        // The ways and the deposit stay as they were unless the edit says.
        let terms = edit.terms.apply(current.terms);
        if let Some(fault) = terms.fault(edit.resale_price) {
            return Err(Error::PayTerms(fault));
        }
        // What the edit leaves out (kilometres, district, area) stays as it was.
        let facts = BikeFacts {
            km_driven: edit.km_driven.or(current.facts.km_driven),
            district: edit.district.clone().or(current.facts.district),
            area: edit.area.clone().or(current.facts.area),
            photos: Some(edit.photos.clone()),
            ..current.facts
        };
        let search_text = crate::listing::listing_search_text(
            &current.name,
            &edit.description,
            &edit.location,
            &edit.color,
            &edit.condition,
            &facts,
        );
        // A pending listing keeps why it came to review and adds what the edit trips; a
        // rejected one comes back, as resubmitted. Either joins the queue at its back.
        let mut pending = ReviewFlag::split(review_flags.as_deref().unwrap_or(""));
        pending.extend(&edit.review);
        let mut resubmitted = edit.review.clone();
        resubmitted.push(ReviewFlag::Resubmitted);
        // Only while unsold: a sale that commits first wins, and this edit changes nothing.
        // The state is read as the row is when it is written: a decision that commits
        // first stands.
        let changed = sqlx::query(
            "UPDATE products SET image = $3, condition = $4, color = $5, description = $6, \
             location = $7, resale_price = $8, seller_phone = $9, photos = $10, km_driven = $11, \
             district = $12, area = $13, search_text = $14, takes_cash = $15, takes_card = $16, \
             takes_bkash = $17, deposit_amount = $18, deposit_percent = $19, negotiable = $20, \
             phone_in_conversation = $21, on_whatsapp = $22, \
             review_flags = CASE state WHEN 'pending' THEN $23 WHEN 'rejected' THEN $24 \
             ELSE review_flags END, \
             review_asked_at = CASE WHEN state IN ('pending', 'rejected') THEN $25 \
             ELSE review_asked_at END, \
             state_reason = CASE WHEN state = 'rejected' THEN NULL ELSE state_reason END, \
             state = CASE WHEN state = 'rejected' THEN 'pending' ELSE state END \
             WHERE id = $1 AND seller_id = $2 AND sold = FALSE",
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
        .bind(&facts.photos)
        .bind(facts.km_driven)
        .bind(&facts.district)
        .bind(&facts.area)
        .bind(&search_text)
        .bind(terms.takes_cash)
        .bind(terms.takes_card)
        .bind(terms.takes_bkash)
        .bind(terms.deposit_amount)
        .bind(terms.deposit_percent)
        .bind(terms.negotiable)
        .bind(terms.phone_in_conversation)
        .bind(terms.on_whatsapp)
        .bind(ReviewFlag::join(&pending))
        .bind(ReviewFlag::join(&resubmitted))
        .bind(Utc::now())
        .execute(&mut *tx)
        .await?;
        if changed.rows_affected() == 0 {
            return Err(Error::Refused(Refused::SoldUnchangeable));
        }
        index_search_text(&mut tx, id, indexed.as_deref(), &search_text).await?;
        let listing = listing_in(&mut tx, id).await?;
        let mut events = Vec::new();
        if edit.resale_price < before {
            let savers: Vec<i64> = sqlx::query_scalar(
                "SELECT user_id FROM wishlist WHERE product_id = $1 ORDER BY user_id",
            )
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
            let notice = Notice::PriceDropped {
                listing: &listing.name,
                now: edit.resale_price,
                before,
            };
            for saver in savers {
                events.push(notify(&mut tx, saver, notice).await?);
            }
        }
        if edit.resale_price != before {
            // Open bookings keep the price they were made at; their buyers hear of the change.
            let bookings: Vec<(i64, i64)> = sqlx::query_as(concat!(
                "SELECT buyer_id, price FROM orders WHERE product_id = $1 AND status IN ",
                open_statuses!(),
                " ORDER BY buyer_id"
            ))
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
            for (buyer, price) in bookings {
                let notice = Notice::PriceChangedForBooking {
                    listing: &listing.name,
                    now: edit.resale_price,
                    kept: price,
                };
                events.push(notify(&mut tx, buyer, notice).await?);
            }
        }
        if listing.state == ListingState::Pending {
            events.push(Event::ListingReviewRequested(
                listing_review_in(&mut tx, id).await?,
            ));
        }
        events.insert(0, Event::ListingUpdated(listing));
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed();
        Ok(Written {
            outcome: (),
            events,
        })
    }

    async fn create_advert(&self, product_id: i64, seller_id: i64) -> Result<Written<i64>, Error> {
        let mut tx = self.writer.begin().await?;
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO adverts (product_id, created_at) SELECT id, $2 FROM products \
             WHERE id = $1 AND seller_id = $3 AND sold = FALSE AND state = 'live' RETURNING id",
        )
        .bind(product_id)
        .bind(Utc::now())
        .bind(seller_id)
        .fetch_optional(&mut *tx)
        .await
        .map_err(refused_if_taken(
            &[Key::AdvertListing],
            Refused::AlreadyAdvertised,
        ))?;
        let Some(id) = id else {
            let found: Option<(i64, bool)> =
                sqlx::query_as("SELECT seller_id, sold FROM products WHERE id = $1")
                    .bind(product_id)
                    .fetch_optional(&mut *tx)
                    .await?;
            return Err(match found {
                None => Error::NotFound(Missing::Listing),
                Some((owner, _)) if owner != seller_id => {
                    Error::Refused(Refused::NotYoursToAdvertise)
                }
                Some((_, true)) => Error::Refused(Refused::AlreadySold),
                Some((_, false)) => Error::Refused(Refused::NotLive),
            });
        };
        let advert = Advert {
            advert_id: id,
            listing: listing_in(&mut tx, product_id).await?,
        };
        let events = record(&mut tx, &[Event::AdvertCreated(advert)]).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed();
        Ok(Written {
            outcome: id,
            events,
        })
    }

    async fn adverts(&self) -> Result<Vec<Advert>, Error> {
        Ok(sqlx::query_as::<Db, Advert>(concat!(
            listing_select!(),
            ", a.id AS advert_id FROM adverts a JOIN products p ON p.id = a.product_id \
             JOIN users u ON u.id = p.seller_id WHERE p.sold = FALSE AND p.state = 'live' \
             ORDER BY a.id DESC"
        ))
        .fetch_all(&self.reader)
        .await?)
    }

    async fn search_listings(&self, search: &ListingSearch) -> Result<Vec<Listing>, Error> {
        let mut query = sqlx::QueryBuilder::<Db>::new(concat!(
            listing_select!(),
            "FROM products p JOIN users u ON u.id = p.seller_id WHERE TRUE"
        ));
        push_filters(&mut query, search);
        // Kilometres a listing does not give sort after every number.
        let km = "COALESCE(p.km_driven, 2147483647)";
        let (key, descending) = match search.sort {
            ListingSort::Newest => (None, true),
            ListingSort::PriceLow => (Some("p.resale_price"), false),
            ListingSort::PriceHigh => (Some("p.resale_price"), true),
            ListingSort::Km => (Some(km), false),
        };
        let (beyond, order) = if descending {
            ("<", "DESC")
        } else {
            (">", "ASC")
        };
        if let Some(after) = search.after {
            match key {
                Some(key) => {
                    query.push(format!(" AND ({key} {beyond} "));
                    query.push_bind(after.key);
                    query.push(format!(" OR ({key} = "));
                    query.push_bind(after.key);
                    query.push(format!(" AND p.id {beyond} "));
                    query.push_bind(after.id);
                    query.push("))");
                }
                None => {
                    query.push(format!(" AND p.id {beyond} "));
                    query.push_bind(after.id);
                }
            }
        }
        // Sorted by price or kilometres, the listings with the words are found through the
        // full-text index and sorted: left to itself, PostgreSQL's planner may walk the
        // price index testing every listing for a rare model's name (200 ms for one that
        // sells at the top of the range); `+ 0` keeps it off that index. Newest first, the
        // planner judges well from the words' statistics.
        let sorted = if search.words.is_empty() { "" } else { " + 0" };
        query.push(" ORDER BY ");
        if let Some(key) = key {
            query.push(format!("{key}{sorted} {order}, "));
        }
        query.push(format!("p.id {order} LIMIT "));
        query.push_bind(search.limit);
        Ok(query
            .build_query_as::<Listing>()
            .fetch_all(&self.reader)
            .await?)
    }

    async fn count_listings(&self, search: &ListingSearch, most: i64) -> Result<i64, Error> {
        // Counting stops at `most`: a count of everything would visit every listing the
        // search finds, a hundred thousand of them for a search with no words.
        let mut query =
            sqlx::QueryBuilder::<Db>::new("SELECT COUNT(*) FROM (SELECT 1 FROM products p");
        if search.verified_only {
            query.push(" JOIN users u ON u.id = p.seller_id");
        }
        query.push(" WHERE TRUE");
        push_filters(&mut query, search);
        query.push(" LIMIT ");
        query.push_bind(most);
        query.push(") found");
        Ok(query
            .build_query_scalar::<i64>()
            .fetch_one(&self.reader)
            .await?)
    }

    async fn listing_ids_with_words(
        &self,
        words: &[(String, Vec<String>)],
    ) -> Result<Vec<i64>, Error> {
        let mut query = sqlx::QueryBuilder::<Db>::new("SELECT p.id FROM products p WHERE TRUE");
        push_text_match(&mut query, words);
        query.push(" ORDER BY p.id");
        Ok(query
            .build_query_scalar::<i64>()
            .fetch_all(&self.reader)
            .await?)
    }

    async fn listing_facets(&self, which: FacetsOf<'_>) -> Result<Vec<ListingFacets>, Error> {
        const SELECT: &str = "SELECT p.id, p.category_id, p.seller_id, p.resale_price, \
                              p.engine_cc, p.km_driven, p.registration_year, p.brand, p.district, \
                              p.condition, p.sold, u.verified AS seller_verified FROM products p \
                              JOIN users u ON u.id = p.seller_id AND p.state = 'live'";
        let (column, ids) = match which {
            FacetsOf::All => {
                // In id order: the index keeps its rows as read, and the newest-first
                // order then walks them in memory order.
                return Ok(
                    sqlx::query_as::<Db, ListingFacets>(&format!("{SELECT} ORDER BY p.id"))
                        .fetch_all(&self.reader)
                        .await?,
                );
            }
            FacetsOf::Listings(ids) => ("p.id", ids),
            FacetsOf::Sellers(ids) => ("p.seller_id", ids),
        };
        self.rows_with(SELECT, column, ids).await
    }

    async fn listings_by_ids(&self, ids: &[i64]) -> Result<Vec<Listing>, Error> {
        self.rows_with(
            concat!(
                listing_select!(),
                "FROM products p JOIN users u ON u.id = p.seller_id"
            ),
            "p.id",
            ids,
        )
        .await
    }

    async fn listing_vocabulary(&self) -> Result<Vec<String>, Error> {
        let rows: Vec<(Option<String>, Option<String>)> = sqlx::query_as(
            "SELECT DISTINCT model, area FROM products WHERE search_text IS NOT NULL \
             AND state = 'live'",
        )
        .fetch_all(&self.reader)
        .await?;
        let mut words: Vec<String> = rows
            .iter()
            .flat_map(|(model, area)| [model, area])
            .flatten()
            .flat_map(|text| crate::listing::search_words(text))
            .collect();
        words.sort_unstable();
        words.dedup();
        Ok(words)
    }

    async fn index_old_listings(&self, after: i64, batch: i64) -> Result<Option<i64>, Error> {
        // From where the last batch stopped: reading from the start every time would pass
        // over every listing already indexed, again and again.
        let old: Vec<Listing> = sqlx::query_as::<Db, Listing>(concat!(
            listing_select!(),
            "FROM products p JOIN users u ON u.id = p.seller_id \
             WHERE p.search_text IS NULL AND p.id > $1 ORDER BY p.id LIMIT $2"
        ))
        .bind(after)
        .bind(batch)
        .fetch_all(&self.writer)
        .await?;
        let mut tx = self.writer.begin().await?;
        for Listing {
            id,
            name,
            location,
            description,
            color,
            condition,
            purchase_year,
            image,
            facts: given,
            ..
        } in &old
        {
            let derived =
                crate::listing::derived_facts(name, location, description, *purchase_year, image);
            let facts = given.clone().or(derived);
            let search_text = crate::listing::listing_search_text(
                name,
                description,
                location,
                color,
                condition,
                &facts,
            );
            // A listing changed meanwhile was indexed by that change; fields a listing
            // already has are kept.
            let done = sqlx::query(
                "UPDATE products SET brand = COALESCE(brand, $2), model = COALESCE(model, $3), \
                 engine_cc = COALESCE(engine_cc, $4), km_driven = COALESCE(km_driven, $5), \
                 registration_year = COALESCE(registration_year, $6), district = \
                 COALESCE(district, $7), area = COALESCE(area, $8), photos = COALESCE(photos, $9), \
                 search_text = $10 WHERE id = $1 AND search_text IS NULL",
            )
            .bind(id)
            .bind(&facts.brand)
            .bind(&facts.model)
            .bind(facts.engine_cc)
            .bind(facts.km_driven)
            .bind(facts.registration_year)
            .bind(&facts.district)
            .bind(&facts.area)
            .bind(&facts.photos)
            .bind(&search_text)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() == 1 {
                index_search_text(&mut tx, *id, None, &search_text).await?;
            }
        }
        tx.commit().await?;
        let Some(last) = old.last() else {
            return Ok(None);
        };
        self.changed();
        Ok(Some(last.id))
    }
}

/// Ids bound in one `IN (…)` list at most (well under both engines' limits on parameters).
const IDS_PER_QUERY: usize = 500;

/// The conditions of `search` (all but its cursor), after a `WHERE TRUE`.
fn push_filters(query: &mut sqlx::QueryBuilder<'_, Db>, search: &ListingSearch) {
    if !search.words.is_empty() {
        push_text_match(query, &search.words);
    }
    query.push(" AND p.state = 'live'");
    if !search.include_sold {
        query.push(" AND p.sold = FALSE");
    }
    let whole = [
        ("p.category_id = ", search.category_id),
        ("p.seller_id = ", search.seller_id),
        ("p.id <> ", search.except_id),
        ("p.resale_price >= ", search.price_min),
        ("p.resale_price <= ", search.price_max),
    ];
    for (condition, value) in whole {
        if let Some(value) = value {
            query.push(format!(" AND {condition}"));
            query.push_bind(value);
        }
    }
    let small = [
        ("p.engine_cc >= ", search.cc_min),
        ("p.engine_cc <= ", search.cc_max),
        ("p.registration_year >= ", search.year_min),
        ("p.registration_year <= ", search.year_max),
        ("p.km_driven <= ", search.km_max),
    ];
    for (condition, value) in small {
        if let Some(value) = value {
            query.push(format!(" AND {condition}"));
            query.push_bind(value);
        }
    }
    if !search.brands.is_empty() {
        query.push(" AND p.brand IN (");
        let mut brands = query.separated(", ");
        for brand in &search.brands {
            brands.push_bind(brand.clone());
        }
        query.push(")");
    }
    if let Some(district) = &search.district {
        query.push(" AND p.district = ");
        query.push_bind(district.clone());
    }
    if let Some(condition) = &search.condition {
        query.push(" AND LOWER(p.condition) = ");
        query.push_bind(condition.to_lowercase());
    }
    if search.verified_only {
        query.push(" AND u.verified = TRUE");
    }
}
