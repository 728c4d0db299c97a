//! Sign-in identities and users.

use super::*;

impl This {
    async fn user_where(&self, clause: &str, value: &str) -> Result<Option<User>, Error> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE {clause} = $1");
        Ok(sqlx::query_as::<Db, User>(&sql)
            .bind(value)
            .fetch_optional(&self.reader)
            .await?)
    }
}

/// Uses a single-use link inside `tx`: the identity it was sent for, once, while it is
/// unexpired. The conditional update lets exactly one of two racing uses through.
async fn redeem_mail_token(
    tx: &mut Tx<'_>,
    token_hash: &str,
    purpose: MailPurpose,
) -> Result<Option<i64>, Error> {
    let now = Utc::now();
    Ok(sqlx::query_scalar(
        "UPDATE mail_tokens SET used_at = $3 \
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 \
         RETURNING identity_id",
    )
    .bind(token_hash)
    .bind(purpose.as_str())
    .bind(now)
    .fetch_optional(&mut **tx)
    .await?)
}

/// The account holding `email` is proven by `subject` inside `tx`; see `Accounts::prove_email`.
/// `fresh` says the proof came with a credential the account was not made with (a new
/// password): an account nobody had proven then starts afresh even for its own subject.
/// None when no account holds the address afterwards. With it come the events recorded
/// (a claimant's account removed), for the caller to hand to the pump once `tx` commits.
async fn prove_email_in(
    tx: &mut Tx<'_>,
    email: &str,
    subject: &str,
    fresh: bool,
) -> Result<(Option<User>, Vec<EventRecord>), Error> {
    let holder: Option<(i64, String, bool, String)> =
        sqlx::query_as("SELECT id, subject, email_verified, role FROM users WHERE email = $1")
            .bind(email)
            .fetch_optional(&mut **tx)
            .await?;
    let mut recorded = Vec::new();
    if let Some((id, held_by, proven, role)) = holder {
        if !proven && (held_by != subject || fresh) {
            // Someone made this account without proving the address, and the address's
            // owner has now proven it with a credential of their own: whatever the
            // claimant made (name, photo, listings, bookings) goes with their account,
            // and they are signed out everywhere. The owner's next sign-in starts anew.
            let role = Role::parse(&role).unwrap_or(Role::Buyer);
            let events = remove_user_in(tx, id, role).await?;
            recorded = record(tx, &events).await?;
        } else {
            sqlx::query("UPDATE users SET email_verified = TRUE WHERE id = $1")
                .bind(id)
                .execute(&mut **tx)
                .await?;
        }
    }
    // A password for this address that nobody proved is a stranger's: it stops working.
    let own_identity = subject
        .strip_prefix(LOCAL_SUBJECT_PREFIX)
        .and_then(|id| id.parse::<i64>().ok())
        .unwrap_or(-1);
    sqlx::query("DELETE FROM identities WHERE email = $1 AND email_verified = FALSE AND id <> $2")
        .bind(email)
        .bind(own_identity)
        .execute(&mut **tx)
        .await?;
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE email = $1");
    let user = sqlx::query_as::<Db, User>(&sql)
        .bind(email)
        .fetch_optional(&mut **tx)
        .await?;
    Ok((user, recorded))
}

/// Marks an identity's address proven inside `tx`, and the account holding it; with a
/// `new_password` hash the password is replaced and every session of that account ends.
/// With it come the events recorded, as from [`prove_email_in`].
async fn prove_identity_in(
    tx: &mut Tx<'_>,
    identity_id: i64,
    new_password: Option<&str>,
) -> Result<(Identity, Vec<EventRecord>), Error> {
    let sql = format!(
        "UPDATE identities SET email_verified = TRUE, password_hash = COALESCE($2, password_hash) \
         WHERE id = $1 RETURNING {IDENTITY_COLUMNS}"
    );
    let identity = sqlx::query_as::<Db, Identity>(&sql)
        .bind(identity_id)
        .bind(new_password)
        .fetch_one(&mut **tx)
        .await?;
    let fresh = new_password.is_some();
    let (_, recorded) = prove_email_in(tx, &identity.email, &identity.subject(), fresh).await?;
    if fresh {
        // Every other link of this identity is spent, and whoever held the old password
        // is signed out.
        sqlx::query(
            "UPDATE mail_tokens SET used_at = $2 WHERE identity_id = $1 AND used_at IS NULL",
        )
        .bind(identity_id)
        .bind(Utc::now())
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE email = $1)",
        )
        .bind(&identity.email)
        .execute(&mut **tx)
        .await?;
    }
    Ok((identity, recorded))
}

/// Deletes user `id` (of `role`) inside `tx` with everything that depends on them, and
/// returns the events that tell the pages: their listings (with adverts and bookings)
/// and their own open bookings go, then the user.
async fn remove_user_in(tx: &mut Tx<'_>, id: i64, role: Role) -> Result<Vec<Event>, Error> {
    let mut events = Vec::new();
    for listing in doomed(tx, "seller_id = $1", id).await? {
        events.extend(removal_events(tx, &listing, None, None).await?);
    }
    // The money of every deal that goes with the account — theirs as buyer, or on
    // their bikes — is given back: the payments sweep releases each hold marked here.
    sqlx::query(
        "UPDATE payments SET released_at = $2, product_id = NULL WHERE released_at IS NULL \
         AND captured = FALSE AND order_id IN (SELECT o.id FROM orders o JOIN products p \
         ON p.id = o.product_id WHERE o.status = 'held' AND (o.buyer_id = $1 OR p.seller_id = $1))",
    )
    .bind(id)
    .bind(Utc::now())
    .execute(&mut **tx)
    .await?;
    let bookings: Vec<(i64, i64, i64, String)> = sqlx::query_as(
        "SELECT o.id, o.product_id, p.seller_id, o.status FROM orders o JOIN products p \
         ON p.id = o.product_id WHERE o.buyer_id = $1 AND o.status IN \
         ('waiting', 'reserved', 'cash', 'held') ORDER BY o.id",
    )
    .bind(id)
    .fetch_all(&mut **tx)
    .await?;
    let mut held = Vec::new();
    for (order_id, product_id, seller_id, status) in bookings {
        events.push(Event::BookingCancelled(BookingRef {
            order_id,
            product_id,
            buyer_id: id,
            seller_id,
        }));
        if seller_id != id {
            held.push((order_id, product_id, status));
        }
    }
    events.push(Event::UserDeleted { user_id: id, role });
    // Their messages keep their place in the other side's conversations, without words.
    sqlx::query("UPDATE messages SET text = NULL, image = NULL WHERE sender_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    // Listings, bookings, reports, adverts and sessions go with the user by ON DELETE
    // CASCADE; payments keep their figures with the references cleared.
    sqlx::query("DELETE FROM users WHERE id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    // The bikes they held pass to the next in line (a held one is for sale again
    // first); those behind them in a line move up.
    for (order_id, product_id, status) in held {
        events.extend(match status.as_str() {
            "waiting" => This::line_moved(tx, product_id, order_id).await?,
            "held" => This::reopen(tx, order_id, product_id, true, Utc::now()).await?,
            _ => This::pass_on(tx, product_id).await?,
        });
    }
    Ok(events)
}

#[async_trait]
impl Accounts for This {
    async fn create_identity(&self, email: &str, password_hash: &str) -> Result<Identity, Error> {
        sqlx::query_as::<Db, Identity>(
            "INSERT INTO identities (email, password_hash, created_at) VALUES ($1, $2, $3) \
             RETURNING id, email, password_hash, email_verified",
        )
        .bind(email)
        .bind(password_hash)
        .bind(Utc::now())
        .fetch_one(&self.writer)
        .await
        .map_err(refused_if_taken(&[Key::IdentityEmail], Refused::EmailTaken))
    }

    async fn identity_by_email(&self, email: &str) -> Result<Option<Identity>, Error> {
        let sql = format!("SELECT {IDENTITY_COLUMNS} FROM identities WHERE email = $1");
        Ok(sqlx::query_as::<Db, Identity>(&sql)
            .bind(email)
            .fetch_optional(&self.reader)
            .await?)
    }

    async fn create_mail_token(
        &self,
        identity_id: i64,
        purpose: MailPurpose,
        token_hash: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<(), Error> {
        let now = Utc::now();
        // Used and expired links of this identity are of no further use to anyone.
        sqlx::query(
            "DELETE FROM mail_tokens \
             WHERE identity_id = $1 AND (used_at IS NOT NULL OR expires_at <= $2)",
        )
        .bind(identity_id)
        .bind(now)
        .execute(&self.writer)
        .await?;
        sqlx::query(
            "INSERT INTO mail_tokens (token_hash, identity_id, purpose, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(token_hash)
        .bind(identity_id)
        .bind(purpose.as_str())
        .bind(now)
        .bind(expires_at)
        .execute(&self.writer)
        .await
        .map_err(not_found_if_missing(Missing::Account))?;
        Ok(())
    }

    async fn mail_link(
        &self,
        token_hash: &str,
        purpose: MailPurpose,
    ) -> Result<Option<(Identity, Option<User>)>, Error> {
        let sql = format!(
            "SELECT {IDENTITY_COLUMNS} FROM identities WHERE id = (SELECT identity_id FROM \
             mail_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at \
             > $3)"
        );
        let identity = sqlx::query_as::<Db, Identity>(&sql)
            .bind(token_hash)
            .bind(purpose.as_str())
            .bind(Utc::now())
            .fetch_optional(&self.reader)
            .await?;
        let Some(identity) = identity else {
            return Ok(None);
        };
        let user = self.user_where("email", &identity.email).await?;
        Ok(Some((identity, user)))
    }

    async fn verify_email(
        &self,
        token_hash: &str,
        proof: LinkProof<'_>,
    ) -> Result<Option<Identity>, Error> {
        let mut tx = self.writer.begin().await?;
        let Some(identity_id) =
            redeem_mail_token(&mut tx, token_hash, MailPurpose::VerifyEmail).await?
        else {
            return Ok(None);
        };
        let (identity, recorded) = match proof {
            LinkProof::Password { checked_hash } => {
                // The password was checked against this hash: a reset since then means
                // the one who knew it no longer holds the account (the link stays unused).
                let current: String =
                    sqlx::query_scalar("SELECT password_hash FROM identities WHERE id = $1")
                        .bind(identity_id)
                        .fetch_one(&mut *tx)
                        .await?;
                if current != checked_hash {
                    return Ok(None);
                }
                prove_identity_in(&mut tx, identity_id, None).await?
            }
            LinkProof::NewPassword { password_hash } => {
                prove_identity_in(&mut tx, identity_id, Some(password_hash)).await?
            }
        };
        tx.commit().await?;
        self.committed(&recorded);
        self.changed_accounts();
        Ok(Some(identity))
    }

    async fn reset_password(
        &self,
        token_hash: &str,
        password_hash: &str,
    ) -> Result<Option<Identity>, Error> {
        let mut tx = self.writer.begin().await?;
        let Some(identity_id) =
            redeem_mail_token(&mut tx, token_hash, MailPurpose::ResetPassword).await?
        else {
            return Ok(None);
        };
        let (identity, recorded) =
            prove_identity_in(&mut tx, identity_id, Some(password_hash)).await?;
        tx.commit().await?;
        self.committed(&recorded);
        self.changed_accounts();
        Ok(Some(identity))
    }

    async fn prove_email(&self, email: &str, subject: &str) -> Result<Option<User>, Error> {
        let mut tx = self.writer.begin().await?;
        let (user, recorded) = prove_email_in(&mut tx, email, subject, false).await?;
        tx.commit().await?;
        self.committed(&recorded);
        self.changed_accounts();
        Ok(user)
    }

    async fn create_session(
        &self,
        id: &str,
        user_id: i64,
        expires_at: DateTime<Utc>,
    ) -> Result<(), Error> {
        let now = Utc::now();
        sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND expires_at <= $2")
            .bind(user_id)
            .bind(now)
            .execute(&self.writer)
            .await?;
        sqlx::query(
            "INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(user_id)
        .bind(now)
        .bind(expires_at)
        .execute(&self.writer)
        .await
        .map_err(not_found_if_missing(Missing::Account))?;
        Ok(())
    }

    async fn session_user(&self, id: &str) -> Result<Option<User>, Error> {
        Ok(sqlx::query_as::<Db, User>(
            "SELECT u.id, u.subject, u.email, u.name, u.image, u.role, u.verified, \
             u.email_verified, u.created_at, u.language, u.phone, u.suspended_at, \
             u.suspended_reason FROM sessions s JOIN users u ON u.id = s.user_id \
             WHERE s.id = $1 AND s.expires_at > $2 AND u.suspended_at IS NULL",
        )
        .bind(id)
        .bind(Utc::now())
        .fetch_optional(&self.reader)
        .await?)
    }

    async fn end_session(&self, id: &str) -> Result<bool, Error> {
        let done = sqlx::query("DELETE FROM sessions WHERE id = $1")
            .bind(id)
            .execute(&self.writer)
            .await?;
        self.changed_accounts();
        Ok(done.rows_affected() > 0)
    }

    async fn end_sessions_of(&self, subject: &str, proven_before: i64) -> Result<u64, Error> {
        let mut tx = self.writer.begin().await?;
        sqlx::query(
            "INSERT INTO signed_out (subject, proven_before) VALUES ($1, $2) \
             ON CONFLICT (subject) DO UPDATE SET proven_before = CASE WHEN excluded.proven_before \
             > signed_out.proven_before THEN excluded.proven_before ELSE signed_out.proven_before \
             END",
        )
        .bind(subject)
        .bind(proven_before)
        .execute(&mut *tx)
        .await?;
        let done = sqlx::query(
            "DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE subject = $1)",
        )
        .bind(subject)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        self.changed_accounts();
        Ok(done.rows_affected())
    }

    async fn signed_out_before(&self, subject: &str) -> Result<Option<i64>, Error> {
        Ok(
            sqlx::query_scalar("SELECT proven_before FROM signed_out WHERE subject = $1")
                .bind(subject)
                .fetch_optional(&self.reader)
                .await?,
        )
    }

    async fn claim_signup_upload(&self, subject: &str) -> Result<bool, Error> {
        let done = sqlx::query(
            "INSERT INTO signup_uploads (subject, uploaded_at) VALUES ($1, $2) \
             ON CONFLICT DO NOTHING",
        )
        .bind(subject)
        .bind(Utc::now())
        .execute(&self.writer)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    async fn release_signup_upload(&self, subject: &str) -> Result<(), Error> {
        sqlx::query("DELETE FROM signup_uploads WHERE subject = $1")
            .bind(subject)
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    async fn user_by_id(&self, id: i64) -> Result<Option<User>, Error> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1");
        Ok(sqlx::query_as::<Db, User>(&sql)
            .bind(id)
            .fetch_optional(&self.reader)
            .await?)
    }

    async fn user_by_email(&self, email: &str) -> Result<Option<User>, Error> {
        self.user_where("email", email).await
    }

    async fn user_by_subject(&self, subject: &str) -> Result<Option<User>, Error> {
        self.user_where("subject", subject).await
    }

    async fn create_user(&self, user: &NewUser) -> Result<User, Error> {
        let sql = format!(
            "INSERT INTO users (subject, email, name, image, role, verified, email_verified, \
             created_at, language) VALUES ($1, $2, $3, $4, $5, FALSE, $6, $7, $8) \
             RETURNING {USER_COLUMNS}"
        );
        sqlx::query_as::<Db, User>(&sql)
            .bind(&user.subject)
            .bind(&user.email)
            .bind(&user.name)
            .bind(&user.image)
            .bind(user.role.as_str())
            .bind(user.email_verified)
            .bind(Utc::now())
            .bind(user.language.as_str())
            .fetch_one(&self.writer)
            .await
            .map_err(refused_if_taken(
                &[Key::UserEmail, Key::UserSubject],
                Refused::AccountTaken,
            ))
    }

    async fn mark_email_verified(&self, user_id: i64) -> Result<(), Error> {
        sqlx::query("UPDATE users SET email_verified = TRUE WHERE id = $1")
            .bind(user_id)
            .execute(&self.writer)
            .await?;
        self.changed_accounts();
        Ok(())
    }

    async fn set_language(&self, user_id: i64, language: Language) -> Result<(), Error> {
        sqlx::query("UPDATE users SET language = $1 WHERE id = $2")
            .bind(language.as_str())
            .bind(user_id)
            .execute(&self.writer)
            .await?;
        self.changed_accounts();
        Ok(())
    }

    async fn start_selling(&self, user_id: i64) -> Result<bool, Error> {
        let done = sqlx::query("UPDATE users SET role = 'seller' WHERE id = $1 AND role = 'buyer'")
            .bind(user_id)
            .execute(&self.writer)
            .await?;
        // A seller already: nothing changed, and what is cached of accounts stays true.
        let changed = done.rows_affected() > 0;
        if changed {
            self.changed_accounts();
        }
        Ok(changed)
    }

    async fn grant_admin(&self, email: &str) -> Result<bool, Error> {
        let done = sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1")
            .bind(email)
            .execute(&self.writer)
            .await?;
        self.changed_accounts();
        Ok(done.rows_affected() > 0)
    }

    async fn users_with_role(&self, role: Role) -> Result<Vec<User>, Error> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE role = $1 ORDER BY id");
        Ok(sqlx::query_as::<Db, User>(&sql)
            .bind(role.as_str())
            .fetch_all(&self.reader)
            .await?)
    }

    async fn delete_user(
        &self,
        id: i64,
        role: Role,
        admin_id: i64,
    ) -> Result<Written<bool>, Error> {
        let mut tx = self.writer.begin().await?;
        let found: Option<(String, String, String, Option<String>)> = sqlx::query_as(
            "SELECT email, subject, name, phone FROM users WHERE id = $1 AND role = $2",
        )
        .bind(id)
        .bind(role.as_str())
        .fetch_optional(&mut *tx)
        .await?;
        let Some((email, subject, name, phone)) = found else {
            return Ok(Written::nothing(false));
        };
        let label = person_label(&name, &email);
        audit(
            &mut tx,
            admin_id,
            AuditAction::UserDeleted,
            id,
            &label,
            None,
        )
        .await?;
        let events = remove_user_in(&mut tx, id, role).await?;
        sqlx::query("DELETE FROM identities WHERE email = $1")
            .bind(&email)
            .execute(&mut *tx)
            .await?;
        // An admin removed them: neither the address, the sign-in nor the phone comes back.
        sqlx::query(
            "INSERT INTO removed_accounts (email, subject, removed_at, phone) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(&email)
        .bind(&subject)
        .bind(Utc::now())
        .bind(&phone)
        .execute(&mut *tx)
        .await?;
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed_accounts();
        Ok(Written {
            outcome: true,
            events,
        })
    }

    async fn warn_user(&self, id: i64, admin_id: i64, reason: &str) -> Result<Written<()>, Error> {
        let mut tx = self.writer.begin().await?;
        let (name, email) = not_an_admin(&mut tx, id).await?;
        audit(
            &mut tx,
            admin_id,
            AuditAction::UserWarned,
            id,
            &person_label(&name, &email),
            Some(reason),
        )
        .await?;
        let events = vec![notify(&mut tx, id, Notice::Warned { reason }).await?];
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        Ok(Written {
            outcome: (),
            events,
        })
    }

    async fn suspend_user(
        &self,
        id: i64,
        admin_id: i64,
        reason: &str,
        at: DateTime<Utc>,
    ) -> Result<Written<()>, Error> {
        let mut tx = self.writer.begin().await?;
        let (name, email) = not_an_admin(&mut tx, id).await?;
        // Once: of two admins at once, one suspends and the other is told.
        let role: Option<String> = sqlx::query_scalar(
            "UPDATE users SET suspended_at = $2, suspended_reason = $3 \
             WHERE id = $1 AND suspended_at IS NULL RETURNING role",
        )
        .bind(id)
        .bind(at)
        .bind(reason)
        .fetch_optional(&mut *tx)
        .await?;
        let role = role
            .and_then(|role| Role::parse(&role))
            .ok_or(Error::Refused(Refused::AlreadySuspended))?;
        sqlx::query("DELETE FROM sessions WHERE user_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        // Their bikes leave every page; the deals already made stay for admins to settle.
        let removed: Vec<(i64, i64)> = sqlx::query_as(
            "UPDATE products SET state = 'removed', state_reason = $2 WHERE seller_id = $1 \
             AND state IN ('live', 'pending') AND sold = FALSE RETURNING id, category_id",
        )
        .bind(id)
        .bind(SUSPENDED_LISTING)
        .fetch_all(&mut *tx)
        .await?;
        audit(
            &mut tx,
            admin_id,
            AuditAction::UserSuspended,
            id,
            &person_label(&name, &email),
            Some(reason),
        )
        .await?;
        let mut events: Vec<Event> = removed
            .into_iter()
            .map(|(product_id, category_id)| {
                Event::ListingDeleted(ListingRef {
                    product_id,
                    category_id,
                    seller_id: id,
                })
            })
            .collect();
        events.push(Event::UserSuspended { user_id: id, role });
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed_accounts();
        Ok(Written {
            outcome: (),
            events,
        })
    }

    async fn is_suspended(&self, email: &str, subject: Option<&str>) -> Result<bool, Error> {
        let found: Option<i32> = sqlx::query_scalar(
            "SELECT 1 FROM users WHERE (email = $1 OR subject = $2) \
             AND suspended_at IS NOT NULL LIMIT 1",
        )
        .bind(email)
        .bind(subject.unwrap_or(""))
        .fetch_optional(&self.reader)
        .await?;
        Ok(found.is_some())
    }

    async fn phone_was_removed(&self, phone: &str) -> Result<bool, Error> {
        let found: Option<i32> =
            sqlx::query_scalar("SELECT 1 FROM removed_accounts WHERE phone = $1 LIMIT 1")
                .bind(phone)
                .fetch_optional(&self.reader)
                .await?;
        Ok(found.is_some())
    }

    async fn audit_entries(&self, filter: &AuditFilter) -> Result<Vec<AuditEntry>, Error> {
        let mut query = sqlx::QueryBuilder::<Db>::new(
            "SELECT id, actor_id, actor_name, action, target_kind, target_id, target_label, \
             reason, created_at FROM audit_log WHERE TRUE",
        );
        if let Some(action) = filter.action {
            query.push(" AND action = ");
            query.push_bind(action.as_str());
        }
        if let Some(actor) = filter.actor_id {
            query.push(" AND actor_id = ");
            query.push_bind(actor);
        }
        if let Some((kind, id)) = &filter.target {
            query.push(" AND target_kind = ");
            query.push_bind(kind.clone());
            query.push(" AND target_id = ");
            query.push_bind(*id);
        }
        if let Some(before) = filter.before {
            query.push(" AND id < ");
            query.push_bind(before);
        }
        query.push(" ORDER BY id DESC LIMIT ");
        query.push_bind(filter.limit);
        Ok(query
            .build_query_as::<AuditEntry>()
            .fetch_all(&self.reader)
            .await?)
    }

    async fn was_removed(&self, email: &str, subject: Option<&str>) -> Result<bool, Error> {
        let found: Option<i32> = sqlx::query_scalar(
            "SELECT 1 FROM removed_accounts WHERE email = $1 OR subject = $2 LIMIT 1",
        )
        .bind(email)
        .bind(subject.unwrap_or(""))
        .fetch_optional(&self.reader)
        .await?;
        Ok(found.is_some())
    }

    async fn verify_seller(&self, id: i64) -> Result<Written<bool>, Error> {
        let mut tx = self.writer.begin().await?;
        let Some(verified) = mark_verified(&mut tx, id).await? else {
            return Ok(Written::nothing(false));
        };
        let events = record(&mut tx, &verified).await?;
        tx.commit().await?;
        self.committed(&events);
        self.changed_accounts();
        Ok(Written {
            outcome: true,
            events,
        })
    }

    async fn request_verification(
        &self,
        seller_id: i64,
        photos: &VerificationPhotos,
        at: DateTime<Utc>,
    ) -> Result<Written<VerificationRequest>, Error> {
        let mut tx = self.writer.begin().await?;
        let verified: Option<bool> =
            sqlx::query_scalar("SELECT verified FROM users WHERE id = $1 AND role = 'seller'")
                .bind(seller_id)
                .fetch_optional(&mut *tx)
                .await?;
        match verified {
            None => return Err(Error::NotFound(Missing::Seller)),
            Some(true) => return Err(Error::Refused(Refused::AlreadyVerified)),
            Some(false) => {}
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO verification_requests (seller_id, front, back, selfie, state, \
             created_at) VALUES ($1, $2, $3, $4, 'pending', $5) RETURNING id",
        )
        .bind(seller_id)
        .bind(&photos.front)
        .bind(&photos.back)
        .bind(&photos.selfie)
        .bind(at)
        .fetch_one(&mut *tx)
        .await
        .map_err(refused_if_taken(
            &[Key::PendingVerification],
            Refused::VerificationPending,
        ))?;
        let request = verification_request(&mut *tx, id)
            .await?
            .ok_or(Error::NotFound(Missing::VerificationRequest))?;
        let events = record(&mut tx, &[Event::VerificationRequested(request.clone())]).await?;
        tx.commit().await?;
        self.committed(&events);
        Ok(Written {
            outcome: request,
            events,
        })
    }

    async fn latest_verification_request(
        &self,
        seller_id: i64,
    ) -> Result<Option<VerificationRequest>, Error> {
        let sql =
            format!("{VERIFICATION_SELECT} WHERE v.seller_id = $1 ORDER BY v.id DESC LIMIT 1");
        Ok(sqlx::query_as::<Db, VerificationRequest>(&sql)
            .bind(seller_id)
            .fetch_optional(&self.reader)
            .await?)
    }

    async fn pending_verification_requests(&self) -> Result<Vec<VerificationRequest>, Error> {
        let sql = format!("{VERIFICATION_SELECT} WHERE v.state = 'pending' ORDER BY v.id");
        Ok(sqlx::query_as::<Db, VerificationRequest>(&sql)
            .fetch_all(&self.reader)
            .await?)
    }

    async fn decide_verification(
        &self,
        id: i64,
        admin_id: i64,
        decision: &VerificationDecision,
        at: DateTime<Utc>,
    ) -> Result<Written<VerificationDecided>, Error> {
        let mut tx = self.writer.begin().await?;
        let before = verification_request(&mut *tx, id)
            .await?
            .ok_or(Error::NotFound(Missing::VerificationRequest))?;
        let (state, reason) = match decision {
            VerificationDecision::Approve => ("approved", None),
            VerificationDecision::Reject { reason } => ("rejected", Some(reason.as_str())),
        };
        // Only a pending request is decided, once: of two admins at once, one wins.
        let decided = sqlx::query(
            "UPDATE verification_requests SET state = $2, reason = $3, decided_at = $4, \
             decided_by = $5, front = NULL, back = NULL, selfie = NULL \
             WHERE id = $1 AND state = 'pending'",
        )
        .bind(id)
        .bind(state)
        .bind(reason)
        .bind(at)
        .bind(admin_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let (1, Some(photos)) = (decided, before.photos()) else {
            return Err(Error::Refused(Refused::VerificationDecided));
        };
        let action = match decision {
            VerificationDecision::Approve => AuditAction::VerificationApproved,
            VerificationDecision::Reject { .. } => AuditAction::VerificationRejected,
        };
        let label = person_label(&before.seller_name, &before.seller_email);
        audit(&mut tx, admin_id, action, before.seller_id, &label, reason).await?;
        let mut events = match decision {
            VerificationDecision::Approve => mark_verified(&mut tx, before.seller_id)
                .await?
                .ok_or(Error::NotFound(Missing::Seller))?
                .to_vec(),
            VerificationDecision::Reject { reason } => vec![
                notify(
                    &mut tx,
                    before.seller_id,
                    Notice::VerificationRejected { reason },
                )
                .await?,
            ],
        };
        let request = verification_request(&mut *tx, id)
            .await?
            .ok_or(Error::NotFound(Missing::VerificationRequest))?;
        events.push(Event::VerificationDecided(request.clone()));
        let events = record(&mut tx, &events).await?;
        tx.commit().await?;
        self.committed(&events);
        if matches!(decision, VerificationDecision::Approve) {
            self.changed_accounts();
        }
        Ok(Written {
            outcome: VerificationDecided { request, photos },
            events,
        })
    }

    async fn pending_verification_photo(&self, name: &str) -> Result<Option<i64>, Error> {
        Ok(sqlx::query_scalar(
            "SELECT seller_id FROM verification_requests WHERE state = 'pending' \
             AND (front = $1 OR back = $1 OR selfie = $1)",
        )
        .bind(name)
        .fetch_optional(&self.reader)
        .await?)
    }

    async fn verification_photos_in_use(&self) -> Result<Vec<String>, Error> {
        let rows: Vec<(String, String, String)> = sqlx::query_as(
            "SELECT front, back, selfie FROM verification_requests WHERE state = 'pending'",
        )
        .fetch_all(&self.reader)
        .await?;
        Ok(rows
            .into_iter()
            .flat_map(|(front, back, selfie)| [front, back, selfie])
            .collect())
    }

    async fn keep_phone_code(&self, code: &NewPhoneCode) -> Result<(), Error> {
        let mut tx = self.writer.begin().await?;
        let holder: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE phone = $1")
            .bind(&code.phone)
            .fetch_optional(&mut *tx)
            .await?;
        match holder {
            Some(id) if id == code.user_id => {
                return Err(Error::Refused(Refused::PhoneConfirmedAlready))
            }
            Some(_) => return Err(Error::Refused(Refused::PhoneTaken)),
            None => {}
        }
        sqlx::query(
            "INSERT INTO phone_checks (user_id, phone, code_hash, state, tries, sent_at, \
             expires_at) VALUES ($1, $2, $3, 'sent', 0, $4, $5) ON CONFLICT (user_id) DO UPDATE \
             SET phone = excluded.phone, code_hash = excluded.code_hash, state = 'sent', \
             tries = 0, sent_at = excluded.sent_at, expires_at = excluded.expires_at",
        )
        .bind(code.user_id)
        .bind(&code.phone)
        .bind(&code.code_hash)
        .bind(code.sent_at)
        .bind(code.expires_at)
        .execute(&mut *tx)
        .await
        .map_err(not_found_if_missing(Missing::Account))?;
        tx.commit().await?;
        Ok(())
    }

    async fn open_phone_code(
        &self,
        user_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Option<String>, Error> {
        Ok(sqlx::query_scalar(
            "SELECT phone FROM phone_checks WHERE user_id = $1 AND state = 'sent' \
             AND expires_at > $2 AND tries < $3",
        )
        .bind(user_id)
        .bind(now)
        .bind(crate::phone::TRIES)
        .fetch_optional(&self.writer)
        .await?)
    }

    async fn try_phone_code(
        &self,
        user_id: i64,
        phone: &str,
        code_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<CodeTried, Error> {
        let mut tx = self.writer.begin().await?;
        // Right: confirmed. Wrong: one more try, and spent with the last one. The WHERE
        // lets only an open code be tried, so each try is counted once and a right code
        // confirms once, however many requests race.
        let tried: Option<(String, i32)> = sqlx::query_as(
            "UPDATE phone_checks SET \
             state = CASE WHEN code_hash = $3 THEN 'confirmed' \
                          WHEN tries + 1 >= $5 THEN 'spent' ELSE 'sent' END, \
             tries = CASE WHEN code_hash = $3 THEN tries ELSE tries + 1 END \
             WHERE user_id = $1 AND phone = $2 AND state = 'sent' AND expires_at > $4 \
             AND tries < $5 RETURNING state, tries",
        )
        .bind(user_id)
        .bind(phone)
        .bind(code_hash)
        .bind(now)
        .bind(crate::phone::TRIES)
        .fetch_optional(&mut *tx)
        .await?;
        let outcome = match tried {
            None => CodeTried::NoOpenCode,
            Some((state, _)) if state == "confirmed" => {
                sqlx::query("UPDATE users SET phone = $2 WHERE id = $1")
                    .bind(user_id)
                    .bind(phone)
                    .execute(&mut *tx)
                    .await
                    .map_err(refused_if_taken(&[Key::UserPhone], Refused::PhoneTaken))?;
                CodeTried::Confirmed
            }
            Some((_, tries)) => CodeTried::Wrong {
                tries_left: crate::phone::TRIES - tries,
            },
        };
        tx.commit().await?;
        if outcome == CodeTried::Confirmed {
            self.changed_accounts();
        }
        Ok(outcome)
    }
}

/// The columns of [`VerificationRequest`], with its seller's name and address.
const VERIFICATION_SELECT: &str = "SELECT v.id, v.seller_id, u.name AS seller_name, \
    u.email AS seller_email, v.state, v.reason, v.created_at, v.decided_at, v.front, v.back, \
    v.selfie FROM verification_requests v JOIN users u ON u.id = v.seller_id";

async fn verification_request<'e, E>(db: E, id: i64) -> Result<Option<VerificationRequest>, Error>
where
    E: sqlx::Executor<'e, Database = Db>,
{
    let sql = format!("{VERIFICATION_SELECT} WHERE v.id = $1");
    Ok(sqlx::query_as::<Db, VerificationRequest>(&sql)
        .bind(id)
        .fetch_optional(db)
        .await?)
}

/// Marks seller `id` verified inside `tx`, with their notification: the events to record
/// (`seller.verified` for every page); None when no seller has the id.
async fn mark_verified(tx: &mut Tx<'_>, id: i64) -> Result<Option<[Event; 2]>, Error> {
    let email: Option<String> = sqlx::query_scalar(
        "UPDATE users SET verified = TRUE WHERE id = $1 AND role = 'seller' RETURNING email",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(email) = email else {
        return Ok(None);
    };
    let told = notify(tx, id, Notice::SellerVerified).await?;
    Ok(Some([
        Event::SellerVerified {
            seller_id: id,
            email,
        },
        told,
    ]))
}

/// Why a suspended seller's listings are off every page.
const SUSPENDED_LISTING: &str = "The seller's account is suspended.";

/// The name and address of user `id`, who is no admin (`NotForAdmins`); not found
/// without them.
async fn not_an_admin(tx: &mut Tx<'_>, id: i64) -> Result<(String, String), Error> {
    let found: Option<(String, String, String)> =
        sqlx::query_as("SELECT name, email, role FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut **tx)
            .await?;
    match found {
        None => Err(Error::NotFound(Missing::Account)),
        Some((_, _, role)) if role == Role::Admin.as_str() => {
            Err(Error::Refused(Refused::NotForAdmins))
        }
        Some((name, email, _)) => Ok((name, email)),
    }
}
