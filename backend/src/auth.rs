//! Who is calling. Two kinds of token, both HS256 JWTs signed with the server's secret:
//! identity tokens (what the built-in sign-in provider hands out, like a Firebase ID
//! token: "this person proved they own this e-mail") and access tokens (what
//! `PUT /api/users/{email}` exchanges an identity token for: "this is user N"). When
//! Firebase is configured, its ID tokens (`firebase`) are identity tokens too.
//! Extractors turn a request's bearer token into the signed-in user and check roles.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use chrono::Utc;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::denied::Denied;
use crate::error::AppError;
use crate::records::{Identity, Role, User};
use crate::AppState;

pub mod client_ip;
pub mod firebase;
pub mod mail_tokens;
pub mod passwords;
pub mod throttle;

const ISSUER: &str = "bikehaat";
const ACCESS_AUDIENCE: &str = "bikehaat:access";
const IDENTITY_AUDIENCE: &str = "bikehaat:identity";
/// How long an access token is good for; the page signs in again after that.
const ACCESS_TTL_SECS: i64 = 7 * 24 * 60 * 60;
/// How long an identity token may wait before being exchanged.
const IDENTITY_TTL_SECS: i64 = 60 * 60;

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    email: Option<String>,
    /// The session an access token belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sid: Option<String>,
    /// An identity token's stamp of the credentials it was made with (see
    /// [`credential_stamp`]): a new password, or a takeover, leaves it proving nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cred: Option<String>,
    aud: String,
    iss: String,
    iat: i64,
    exp: i64,
}

/// A person the identity provider vouches for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProvenIdentity {
    /// The provider's stable id for them ("local:<n>" for the built-in provider).
    pub subject: String,
    /// Their e-mail address, lower-case.
    pub email: String,
    /// Whether they have shown they read mail at that address.
    pub email_verified: bool,
    /// When they proved who they are (Unix seconds): "sign out everywhere" voids
    /// proofs made before it.
    pub proven_at: i64,
}

/// What a valid access token names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessClaims {
    pub user_id: i64,
    /// The session it belongs to: ending the session ends the token.
    pub session: String,
    /// Unix seconds when it expires.
    pub expires_at: i64,
}

/// Signs and checks tokens.
pub struct Tokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tokens(..)")
    }
}

impl Tokens {
    pub fn new(secret: &[u8]) -> Self {
        Tokens {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        }
    }

    fn sign(&self, sub: String, bound: Bound, aud: &str, ttl: i64) -> String {
        let now = Utc::now().timestamp();
        let (email, sid, cred) = match bound {
            Bound::Session(sid) => (None, Some(sid), None),
            Bound::Credentials { email, stamp } => (Some(email), None, Some(stamp)),
        };
        let claims = Claims {
            sub,
            email,
            sid,
            cred,
            aud: aud.to_owned(),
            iss: ISSUER.to_owned(),
            iat: now,
            exp: now + ttl,
        };
        // HS256 signing of a serialisable struct with an HMAC key cannot fail.
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).unwrap_or_default()
    }

    fn check(&self, token: &str, aud: &str) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_audience(&[aud]);
        validation.set_issuer(&[ISSUER]);
        validation.leeway = 5;
        decode::<Claims>(token, &self.decoding, &validation)
            .ok()
            .map(|data| data.claims)
    }

    /// An access token for user `user_id` in session `session`.
    pub fn access_token(&self, user_id: i64, session: &str) -> String {
        self.sign(
            user_id.to_string(),
            Bound::Session(session.to_owned()),
            ACCESS_AUDIENCE,
            ACCESS_TTL_SECS,
        )
    }

    /// When an access token made now expires.
    pub fn access_expiry() -> chrono::DateTime<Utc> {
        Utc::now() + chrono::Duration::seconds(ACCESS_TTL_SECS)
    }

    /// An identity token from the built-in provider. Whether the address is proven is
    /// read afresh from the identity whenever the token is used, not kept in it; the
    /// token holds only as long as the password it was earned with.
    pub fn identity_token(&self, identity: &Identity) -> String {
        self.sign(
            identity.subject(),
            Bound::Credentials {
                email: identity.email.clone(),
                stamp: credential_stamp(identity),
            },
            IDENTITY_AUDIENCE,
            IDENTITY_TTL_SECS,
        )
    }

    /// What an unexpired access token names; tokens from before sessions existed
    /// name none and prove nothing.
    pub fn verify_access(&self, token: &str) -> Option<AccessClaims> {
        let claims = self.check(token, ACCESS_AUDIENCE)?;
        Some(AccessClaims {
            user_id: claims.sub.parse().ok()?,
            session: claims.sid.filter(|sid| !sid.is_empty())?,
            expires_at: claims.exp,
        })
    }

    /// The subject, e-mail and credential stamp an unexpired built-in identity token
    /// names.
    fn verify_identity(&self, token: &str) -> Option<IdentityClaims> {
        let claims = self.check(token, IDENTITY_AUDIENCE)?;
        Some(IdentityClaims {
            subject: claims.sub,
            email: claims.email?,
            stamp: claims.cred?,
            issued_at: claims.iat,
        })
    }
}

/// What a valid identity token of ours names.
struct IdentityClaims {
    subject: String,
    email: String,
    stamp: String,
    issued_at: i64,
}

/// What a token is tied to besides its subject.
enum Bound {
    /// An access token: its session.
    Session(String),
    /// An identity token: the address and the credentials it was earned with.
    Credentials { email: String, stamp: String },
}

/// A short fingerprint of an identity's password hash. Every password set (sign-up, a
/// reset) has a new salt, and a takeover forgets the hash, so the stamp changes with
/// each: an identity token earned with a password someone has since replaced opens no
/// new session. The fingerprint says nothing about the password itself.
fn credential_stamp(identity: &Identity) -> String {
    crate::auth::mail_tokens::hash(&identity.password_hash)[..16].to_owned()
}

fn bearer(parts: &Parts) -> Option<&str> {
    bearer_of(&parts.headers)
}

fn bearer_of(headers: &axum::http::HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

fn sign_in_required() -> AppError {
    Denied::SignInNeeded.into()
}

fn session_expired() -> AppError {
    Denied::SessionExpired.into()
}

/// The user a valid access token's live session belongs to, with the token's claims.
pub async fn session_of(
    state: &AppState,
    token: &str,
) -> Result<Option<(std::sync::Arc<User>, AccessClaims)>, AppError> {
    let Some(claims) = state.tokens.verify_access(token) else {
        return Ok(None);
    };
    // Looked up on every request through the read cache, which any write clears: an
    // ended session, a deleted user or a changed role takes effect at once.
    let user = state
        .cache
        .session_user(state.store.as_ref(), &claims.session)
        .await?
        .filter(|user| user.id == claims.user_id);
    Ok(user.map(|user| (user, claims)))
}

/// The id of the user whose live session a request's access token names, if any.
pub async fn signed_in_id(
    state: &AppState,
    headers: &axum::http::HeaderMap,
) -> Result<Option<i64>, AppError> {
    let Some(token) = bearer_of(headers) else {
        return Ok(None);
    };
    Ok(session_of(state, token).await?.map(|(user, _)| user.id))
}

async fn user_from_token(state: &AppState, token: &str) -> Result<User, AppError> {
    let (user, _) = session_of(state, token)
        .await?
        .ok_or_else(session_expired)?;
    Ok(User::clone(&user))
}

/// The signed-in user; 401 without a valid access token.
#[derive(Debug, Clone)]
pub struct AuthUser(pub User);

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let token = bearer(parts).ok_or_else(sign_in_required)?;
        Ok(AuthUser(user_from_token(state, token).await?))
    }
}

/// The session a valid access token belongs to (for signing out); 401 otherwise.
#[derive(Debug, Clone)]
pub struct CurrentSession(pub AccessClaims);

impl FromRequestParts<AppState> for CurrentSession {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let token = bearer(parts).ok_or_else(sign_in_required)?;
        let (_, claims) = session_of(state, token)
            .await?
            .ok_or_else(session_expired)?;
        Ok(CurrentSession(claims))
    }
}

/// The signed-in user if any: public pages keep working with a stale token.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<User>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        match bearer(parts) {
            None => Ok(MaybeUser(None)),
            Some(token) => match user_from_token(state, token).await {
                Ok(user) => Ok(MaybeUser(Some(user))),
                Err(refusal) if refusal.is(Denied::SessionExpired) => Ok(MaybeUser(None)),
                Err(other) => Err(other),
            },
        }
    }
}

macro_rules! role_guard {
    ($(#[$doc:meta])* $name:ident, |$r:ident| $allowed:expr, $refusal:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $name(pub User);

        impl FromRequestParts<AppState> for $name {
            type Rejection = AppError;
            async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
                let AuthUser(user) = AuthUser::from_request_parts(parts, state).await?;
                let $r = user.role();
                if $allowed {
                    Ok($name(user))
                } else {
                    Err($refusal.into())
                }
            }
        }

        impl AsRef<User> for $name {
            fn as_ref(&self) -> &User {
                &self.0
            }
        }
    };
}

role_guard!(
    /// A signed-in admin; 403 for everyone else signed in.
    Admin, |role| role == Role::Admin, Denied::AdminsOnly
);
role_guard!(
    /// A signed-in seller.
    Seller, |role| role == Role::Seller, Denied::SellersOnly
);
role_guard!(
    /// A signed-in user who may buy: a buyer, or a seller (the store refuses them their
    /// own bikes).
    Buyer, |role| role.can_buy(), Denied::BuyersOnly
);

impl AsRef<User> for AuthUser {
    fn as_ref(&self) -> &User {
        &self.0
    }
}

/// `G`'s person (signed in, in a role), once they have proven their address: booking,
/// listing, messaging and offering need it. 403 `unverified` before, which the pages
/// answer with a way to mail the link again.
#[derive(Debug, Clone)]
pub struct Confirmed<G>(pub G);

impl<G> FromRequestParts<AppState> for Confirmed<G>
where
    G: FromRequestParts<AppState, Rejection = AppError> + AsRef<User> + Send,
{
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let guard = G::from_request_parts(parts, state).await?;
        if guard.as_ref().email_verified {
            Ok(Confirmed(guard))
        } else {
            Err(Denied::Unverified.into())
        }
    }
}

impl<G: AsRef<User>> AsRef<User> for Confirmed<G> {
    fn as_ref(&self) -> &User {
        self.0.as_ref()
    }
}

/// `G`'s person once they have confirmed a mobile number by a code as well: listing a
/// bike needs it (trust.md "Phones confirmed by a code"). 403 `phone_unverified` before,
/// which the page answers with the phone check. A number confirmed a moment ago on
/// another process may not be in the signed-in user read before: the account is read
/// afresh before it is refused.
#[derive(Debug, Clone)]
pub struct WithPhone<G>(pub G);

impl<G> FromRequestParts<AppState> for WithPhone<G>
where
    G: FromRequestParts<AppState, Rejection = AppError> + AsRef<User> + Send,
{
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let guard = G::from_request_parts(parts, state).await?;
        let user = guard.as_ref();
        let confirmed = user.phone.is_some()
            || state
                .store
                .user_by_id(user.id)
                .await?
                .is_some_and(|fresh| fresh.phone.is_some());
        if confirmed {
            Ok(WithPhone(guard))
        } else {
            Err(Denied::PhoneUnverified.into())
        }
    }
}

/// A person proven by an identity token (sign-in step 1), for the token exchange.
#[derive(Debug, Clone)]
pub struct Proven(pub ProvenIdentity);

impl FromRequestParts<AppState> for Proven {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let token = bearer(parts).ok_or_else(sign_in_required)?;
        proven_identity(state, token)
            .await?
            .map(Proven)
            .ok_or_else(session_expired)
    }
}

/// The person an identity token vouches for, if it is valid and the identity still
/// exists: an identity token issued before its account was deleted proves nothing.
/// A Firebase ID token counts when Firebase is configured.
async fn proven_identity(
    state: &AppState,
    token: &str,
) -> Result<Option<ProvenIdentity>, AppError> {
    let proven = match state.tokens.verify_identity(token) {
        Some(claims) => {
            // The identity must still be the one the token was made for, with the
            // password it was earned with: a password reset by the address's owner, a
            // takeover or a deletion leaves older tokens proving nothing.
            let identity = state.store.identity_by_email(&claims.email).await?;
            identity
                .filter(|identity| {
                    identity.subject() == claims.subject
                        && credential_stamp(identity) == claims.stamp
                })
                .map(|identity| ProvenIdentity {
                    subject: claims.subject,
                    email: claims.email,
                    email_verified: identity.email_verified,
                    proven_at: claims.issued_at,
                })
        }
        None => match &state.firebase {
            Some(firebase) => firebase.verify(token).await?,
            None => None,
        },
    };
    let Some(proven) = proven else {
        return Ok(None);
    };
    // Signing out everywhere voids every proof made before it.
    let voided = state.store.signed_out_before(&proven.subject).await?;
    Ok(voided
        .is_none_or(|before| proven.proven_at >= before)
        .then_some(proven))
}

/// Someone allowed to upload an image.
#[derive(Debug, Clone)]
pub enum Uploader {
    /// A signed-in user, by id.
    User(i64),
    /// A person half-way through sign-up (identity proven, user not created yet), who
    /// may upload their one profile photo: the subject they proved.
    SigningUp(String),
}

impl FromRequestParts<AppState> for Uploader {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let token = bearer(parts).ok_or_else(sign_in_required)?;
        if let Some(proven) = proven_identity(state, token).await? {
            if state
                .store
                .user_by_subject(&proven.subject)
                .await?
                .is_some()
            {
                return Err(Denied::SignedUpAlready.into());
            }
            return Ok(Uploader::SigningUp(proven.subject));
        }
        user_from_token(state, token)
            .await
            .map(|user| Uploader::User(user.id))
    }
}
