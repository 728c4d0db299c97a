//! Signing up and in. The built-in identity provider (`/api/auth/…`) proves who someone
//! is and hands out an identity token; `PUT /api/users/{email}` exchanges that for our
//! access token in a new session, creating the marketplace user the first time. Proving
//! an address, recovering an account and signing out live in `identity.rs`.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{mail_language, EmailPath, PageLanguage};
use crate::auth::client_ip::ClientIp;
use crate::auth::{mail_tokens, passwords, throttle};
use crate::auth::{AuthUser, Buyer, Proven, ProvenIdentity, Tokens};
use crate::denied::{Denied, Throttled};
use crate::error::{AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::mail::letters;
use crate::records::{Identity, Language, MailPurpose, NewUser, Role, User};
use crate::store::{Refused, StoreError};
use crate::validate::{self, Checker};
use crate::views::UserView;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_up))
        .routes(routes!(log_in))
        .routes(routes!(get_user, put_user))
        .routes(routes!(set_language))
        .routes(routes!(start_selling))
}

/// E-mail and password for the built-in sign-in provider.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Credentials {
    #[schema(value_type = String)]
    email: Option<Value>,
    #[schema(value_type = String)]
    password: Option<Value>,
}

/// Proof of identity, to exchange at `PUT /api/users/{email}`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdentityToken {
    id_token: String,
}

fn read_credentials(body: &Credentials, password_required: &str) -> AppResult<(String, String)> {
    let mut check = Checker::new();
    let email = check.text(
        "email",
        body.email.as_ref(),
        "Email Address is required",
        254,
    );
    let password = match &body.password {
        Some(Value::String(p)) if !p.is_empty() => p.clone(),
        _ => {
            check.fail("password", FieldCode::Required, password_required);
            String::new()
        }
    };
    let email = match validate::email(&email) {
        Some(email) => email,
        None => {
            check.fail(
                "email",
                FieldCode::InvalidEmail,
                "Please provide a valid email address",
            );
            String::new()
        }
    };
    check.finish()?;
    Ok((email, password))
}

/// Creates an e-mail/password identity (sign-in step 1 for a new person) and mails the
/// link that proves the address.
#[utoipa::path(post, path = "/auth/signup", tag = "sign-in", request_body = Credentials,
    responses(JsonBodyRefused, (status = 201, body = IdentityToken), (status = 403), (status = 409), (status = 422), (status = 429)))]
async fn sign_up(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    PageLanguage(page): PageLanguage,
    Json(body): Json<Credentials>,
) -> AppResult<(StatusCode, Json<IdentityToken>)> {
    if state.firebase.is_some() {
        return Err(Denied::FirebaseSignUp.into());
    }
    state
        .limits
        .take(&throttle::SIGNUP_PER_CLIENT, &client)
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManyNewAccounts, retry))?;
    let (email, password) = read_credentials(&body, "Please Provide a Password")?;
    if let Some((code, problem)) = passwords::password_problem(&password) {
        return Err(AppError::field("password", code, problem));
    }
    refuse_if_removed(&state, &email, None).await?;
    let hash = passwords::hash_bounded(password)
        .await
        .map_err(AppError::internal)?;
    let identity = match state.store.create_identity(&email, &hash).await {
        Err(StoreError::Refused(Refused::EmailTaken)) => {
            tell_owner_of_sign_up(&state, &email, page).await;
            return Err(StoreError::Refused(Refused::EmailTaken).into());
        }
        created => created?,
    };
    send_verification(&state, &identity, page).await?;
    Ok((
        StatusCode::CREATED,
        Json(IdentityToken {
            id_token: state.tokens.identity_token(&identity),
        }),
    ))
}

/// Tells the owner of `email` that someone tried to sign up with it: the 409 answers
/// whoever asked, the mail reaches only the mailbox (a few a day at most).
async fn tell_owner_of_sign_up(state: &AppState, email: &str, page: Language) {
    if state
        .limits
        .take(&throttle::ACCOUNT_EXISTS_MAIL_PER_EMAIL, email)
        .await
        .is_err()
    {
        return;
    }
    let origin = &state.settings.public_origin;
    let language = mail_language(state, email, page).await;
    state.mailer.deliver(letters::account_exists(
        email,
        &format!("{origin}/login"),
        &format!("{origin}/forgot-password"),
        language,
    ));
}

/// Mails `identity` a new link that proves its address, in its account's language or,
/// before it has one, the page's.
pub(super) async fn send_verification(
    state: &AppState,
    identity: &Identity,
    page: Language,
) -> AppResult<()> {
    let (token, hash) = mail_tokens::new_token();
    let expires = chrono::Utc::now() + chrono::Duration::hours(mail_tokens::VERIFY_EMAIL_HOURS);
    state
        .store
        .create_mail_token(identity.id, MailPurpose::VerifyEmail, &hash, expires)
        .await?;
    let link = format!(
        "{}/verify-email?token={token}",
        state.settings.public_origin
    );
    let language = mail_language(state, &identity.email, page).await;
    state.mailer.deliver(letters::verify_email(
        &identity.email,
        &link,
        mail_tokens::VERIFY_EMAIL_HOURS,
        language,
    ));
    Ok(())
}

/// A hash of a random password, checked when the e-mail is unknown so that a wrong
/// e-mail takes as long to refuse as a wrong password.
const DECOY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0yaIoWcCBYT4uOxnz5c5GnDqyzpXqE5sD6Q0jgbUBKs";

/// Proves an existing e-mail/password identity (sign-in step 1).
#[utoipa::path(post, path = "/auth/login", tag = "sign-in", request_body = Credentials,
    responses(JsonBodyRefused, (status = 200, body = IdentityToken), (status = 401), (status = 422), (status = 429)))]
async fn log_in(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Json(body): Json<Credentials>,
) -> AppResult<Json<IdentityToken>> {
    let (email, password) = read_credentials(&body, "Please give your password")?;
    state
        .limits
        .take(&throttle::LOGIN_PER_CLIENT, &client)
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManySignInsFromNetwork, retry))?;
    let identity = state.store.identity_by_email(&email).await?;
    let stored = identity.as_ref().map(|i| i.password_hash.as_str());
    if !password_matches(&state, &client, &email, password, stored).await? {
        return Err(Denied::WrongPassword.into());
    }
    let identity = identity.ok_or_else(|| AppError::internal("a decoy hash matched"))?;
    Ok(Json(IdentityToken {
        id_token: state.tokens.identity_token(&identity),
    }))
}

/// Whether `password` is the one whose hash is `stored` (None: the address has no
/// password, and a decoy is checked so that the answer takes as long). The attempt is
/// counted against the (address, client) pair before the check, so guesses sent at
/// once cannot all be checked before the first failure counts; the right password
/// clears the pair's count. A wrong one also counts against the address from
/// everywhere, and once many have, wrong answers come slowly.
pub(super) async fn password_matches(
    state: &AppState,
    client: &str,
    email: &str,
    password: String,
    stored: Option<&str>,
) -> AppResult<bool> {
    let limits = &state.limits;
    let pair = format!("{email} {client}");
    limits
        .take(&throttle::LOGIN_FAILURES_PER_PAIR, &pair)
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManyWrongPasswords, retry))?;
    let matches = passwords::verify_bounded(password, stored.unwrap_or(DECOY_HASH).to_owned())
        .await
        .map_err(AppError::internal)?;
    if matches && stored.is_some() {
        limits
            .clear(&throttle::LOGIN_FAILURES_PER_PAIR, &pair)
            .await;
        return Ok(true);
    }
    let failures = limits.add(&throttle::LOGIN_FAILURES_PER_EMAIL, email).await;
    // Someone is guessing this address from many places: their wrong answers come
    // slowly, while the owner's right password still goes straight through.
    tokio::time::sleep(throttle::wrong_password_delay(failures)).await;
    Ok(false)
}

/// The profile sent with the token exchange; only a new user's profile is used.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Profile {
    #[schema(value_type = Option<String>)]
    name: Option<Value>,
    /// Ignored: the proven e-mail is used, whatever the body says.
    #[schema(value_type = Option<String>)]
    #[serde(rename = "email")]
    _email: Option<Value>,
    #[schema(value_type = Option<String>)]
    image: Option<Value>,
    /// buyer (default) or seller; nobody can choose admin.
    #[schema(value_type = Option<String>)]
    role: Option<Value>,
    /// en (default) or bn: the language the person chose before signing up, kept on
    /// the new account. Ignored for an account that exists.
    #[schema(value_type = Option<String>)]
    language: Option<Value>,
}

/// Our access token and the user it belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct Session {
    token: String,
    user: UserView,
}

/// Exchanges an identity token for an access token, creating the user on first sign-in.
#[utoipa::path(put, path = "/users/{email}", tag = "users", request_body = Profile,
    params(("email" = String, Path, description = "The signed-in person's e-mail")),
    responses(JsonBodyRefused, (status = 200, body = Session), (status = 401), (status = 403), (status = 409), (status = 422), (status = 429)),
    security(("identity_token" = [])))]
async fn put_user(
    State(state): State<AppState>,
    Proven(identity): Proven,
    EmailPath(email): EmailPath,
    Json(profile): Json<Profile>,
) -> AppResult<Json<Session>> {
    if email != identity.email {
        return Err(Denied::NotYourEmail.into());
    }
    refuse_if_removed(&state, &identity.email, Some(&identity.subject)).await?;
    state
        .limits
        .take(&throttle::SESSIONS_PER_SUBJECT, &identity.subject)
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManySignInsToAccount, retry))?;
    let user = match state.store.user_by_subject(&identity.subject).await? {
        Some(user) if identity.email_verified && !user.email_verified => {
            state.store.mark_email_verified(user.id).await?;
            reread(&state, user.id).await?
        }
        Some(user) => user,
        // A proof of the address: a proven account holding it is theirs too (both showed
        // the same inbox); one its claimant never proved goes, with all it holds, and so
        // does a password for the address that nobody proved.
        None if identity.email_verified => {
            match state
                .store
                .prove_email(&identity.email, &identity.subject)
                .await?
            {
                Some(user) => user,
                None => {
                    state
                        .store
                        .create_user(&new_user(&identity, &profile)?)
                        .await?
                }
            }
        }
        None => match state.store.user_by_email(&identity.email).await? {
            Some(_) => return Err(StoreError::Refused(Refused::AccountTaken).into()),
            None => {
                state
                    .store
                    .create_user(&new_user(&identity, &profile)?)
                    .await?
            }
        },
    };
    let user = promote_if_admin(&state, user).await?;
    let session = crate::random::random_hex(16);
    state
        .store
        .create_session(&session, user.id, Tokens::access_expiry())
        .await?;
    Ok(Json(Session {
        token: state.tokens.access_token(user.id, &session),
        user: UserView::from(&user),
    }))
}

/// 403 when an admin removed or suspended an account with this address or sign-in: it
/// stays out, and signs in no more.
async fn refuse_if_removed(state: &AppState, email: &str, subject: Option<&str>) -> AppResult<()> {
    if state.store.was_removed(email, subject).await? {
        return Err(Denied::AccountRemoved.into());
    }
    if state.store.is_suspended(email, subject).await? {
        return Err(Denied::AccountSuspended.into());
    }
    Ok(())
}

async fn reread(state: &AppState, id: i64) -> AppResult<User> {
    state
        .store
        .user_by_id(id)
        .await?
        .ok_or_else(|| AppError::internal("user vanished"))
}

/// Makes a user admin when `ADMIN_EMAILS` names their address and they have proven it.
pub(super) async fn promote_if_admin(state: &AppState, user: User) -> AppResult<User> {
    if user.email_verified
        && user.role() != Role::Admin
        && state.settings.is_admin_email(&user.email)
    {
        state.store.grant_admin(&user.email).await?;
        return reread(state, user.id).await;
    }
    Ok(user)
}

fn new_user(identity: &ProvenIdentity, profile: &Profile) -> AppResult<NewUser> {
    let mut check = Checker::new();
    let role = match profile.role.as_ref() {
        None | Some(Value::Null) => Role::Buyer,
        Some(Value::String(r)) if r == "buyer" || r.is_empty() => Role::Buyer,
        Some(Value::String(r)) if r == "seller" => Role::Seller,
        Some(Value::String(r)) if r == "admin" => {
            return Err(Denied::NoAdminSignUp.into());
        }
        Some(_) => {
            check.fail(
                "role",
                FieldCode::NotOnList,
                "Please choose As a Buyer or As a Seller",
            );
            Role::Buyer
        }
    };
    let mut name = check.optional_text("name", profile.name.as_ref(), 80);
    if name.is_empty() {
        name = identity
            .email
            .split('@')
            .next()
            .unwrap_or_default()
            .to_owned();
    }
    let image = match profile.image.as_ref() {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) if s.trim().is_empty() => String::new(),
        Some(v) => check.image("image", Some(v), "Please Provide Your photo"),
    };
    let language = match profile.language.as_ref() {
        None | Some(Value::Null) => Language::En,
        Some(v) => check.language("language", v),
    };
    check.finish()?;
    Ok(NewUser {
        subject: identity.subject.clone(),
        email: identity.email.clone(),
        name,
        image,
        role,
        email_verified: identity.email_verified,
        language,
    })
}

/// A signed-in user's own profile (the page reads `role` from it); an admin may read
/// anyone's. Nobody else learns whether an address has an account: another's address
/// answers 404, as an unknown one does.
#[utoipa::path(get, path = "/users/{email}", tag = "users",
    params(("email" = String, Path, description = "The signed-in user's e-mail")),
    responses((status = 200, body = UserView), (status = 401), (status = 404)),
    security(("access_token" = [])))]
async fn get_user(
    State(state): State<AppState>,
    AuthUser(reader): AuthUser,
    EmailPath(email): EmailPath,
) -> AppResult<Json<UserView>> {
    let not_found = || AppError::from(Denied::NoSuchUser);
    if reader.email != email && reader.role() != Role::Admin {
        return Err(not_found());
    }
    let user = state
        .store
        .user_by_email(&email)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(UserView::from(&user)))
}

/// The language to read the marketplace in.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LanguageChoice {
    /// en or bn.
    #[schema(value_type = String)]
    language: Option<Value>,
}

/// Sets the signed-in user's language: every device they sign in on opens in it, and
/// their mails and notifications are written in it. Answers the user as it now is.
#[utoipa::path(put, path = "/users/me/language", tag = "users", request_body = LanguageChoice,
    responses(JsonBodyRefused, (status = 200, body = UserView), (status = 401), (status = 422)),
    security(("access_token" = [])))]
async fn set_language(
    State(state): State<AppState>,
    AuthUser(reader): AuthUser,
    Json(body): Json<LanguageChoice>,
) -> AppResult<Json<UserView>> {
    let mut check = Checker::new();
    let language = match body.language.as_ref() {
        Some(value) => check.language("language", value),
        None => {
            check.fail("language", FieldCode::NotOnList, validate::LANGUAGE_CHOICE);
            Language::En
        }
    };
    check.finish()?;
    if reader.language() != language {
        state.store.set_language(reader.id, language).await?;
    }
    let user = reread(&state, reader.id).await?;
    Ok(Json(UserView::from(&user)))
}

/// Makes the signed-in buyer a seller as well: the same account lists bikes from now on
/// and keeps its bookings, wishlist and conversations. A seller calling it again changes
/// nothing. Answers the user as it now is.
#[utoipa::path(post, path = "/users/me/start-selling", tag = "users",
    responses((status = 200, body = UserView), (status = 401), (status = 403)),
    security(("access_token" = [])))]
async fn start_selling(
    State(state): State<AppState>,
    Buyer(reader): Buyer,
) -> AppResult<Json<UserView>> {
    if reader.role() == Role::Buyer {
        state.store.start_selling(reader.id).await?;
    }
    let user = reread(&state, reader.id).await?;
    Ok(Json(UserView::from(&user)))
}
