//! Signing up and in. The built-in identity provider (`/api/auth/…`) proves who someone
//! is and hands out an identity token; `PUT /api/users/{email}` exchanges that for our
//! access token, creating the marketplace user the first time.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::EmailPath;
use crate::auth::passwords;
use crate::auth::{Proven, ProvenIdentity};
use crate::error::{AppError, AppResult, Json};
use crate::store::{NewUser, Role};
use crate::validate::{self, Checker};
use crate::views::UserView;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_up))
        .routes(routes!(log_in))
        .routes(routes!(get_user, put_user))
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
            check.fail("password", password_required);
            String::new()
        }
    };
    let email = match validate::email(&email) {
        Some(email) => email,
        None => {
            check.fail("email", "Please provide a valid email address");
            String::new()
        }
    };
    check.finish()?;
    Ok((email, password))
}

async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> AppResult<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(AppError::internal)
}

/// Creates an e-mail/password identity (sign-in step 1 for a new person).
#[utoipa::path(post, path = "/auth/signup", tag = "sign-in", request_body = Credentials,
    responses((status = 201, body = IdentityToken), (status = 409), (status = 422)))]
async fn sign_up(
    State(state): State<AppState>,
    Json(body): Json<Credentials>,
) -> AppResult<(StatusCode, Json<IdentityToken>)> {
    let (email, password) = read_credentials(&body, "Please Provide a Password")?;
    if let Some(problem) = passwords::password_problem(&password) {
        return Err(AppError::field("password", problem));
    }
    let hash = blocking(move || passwords::hash(&password))
        .await?
        .map_err(AppError::internal)?;
    let identity = state.store.create_identity(&email, &hash).await?;
    let proven = ProvenIdentity {
        subject: format!("local:{}", identity.id),
        email: identity.email,
    };
    Ok((
        StatusCode::CREATED,
        Json(IdentityToken {
            id_token: state.tokens.identity_token(&proven),
        }),
    ))
}

/// A hash of a random password, checked when the e-mail is unknown so that a wrong
/// e-mail takes as long to refuse as a wrong password.
const DECOY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0yaIoWcCBYT4uOxnz5c5GnDqyzpXqE5sD6Q0jgbUBKs";

/// Proves an existing e-mail/password identity (sign-in step 1).
#[utoipa::path(post, path = "/auth/login", tag = "sign-in", request_body = Credentials,
    responses((status = 200, body = IdentityToken), (status = 401), (status = 422), (status = 429)))]
async fn log_in(
    State(state): State<AppState>,
    Json(body): Json<Credentials>,
) -> AppResult<Json<IdentityToken>> {
    let (email, password) = read_credentials(&body, "Please give your password")?;
    if !state.logins.allows(&email) {
        return Err(AppError::TooManyRequests(
            "Too many wrong passwords for this email. Please wait 15 minutes and try again.".into(),
        ));
    }
    let identity = state.store.identity_by_email(&email).await?;
    let stored = identity
        .as_ref()
        .map_or(DECOY_HASH.to_owned(), |i| i.password_hash.clone());
    let matches = blocking(move || passwords::verify(&password, &stored)).await?;
    match identity {
        Some(identity) if matches => {
            state.logins.succeeded(&email);
            let proven = ProvenIdentity {
                subject: format!("local:{}", identity.id),
                email: identity.email,
            };
            Ok(Json(IdentityToken {
                id_token: state.tokens.identity_token(&proven),
            }))
        }
        _ => {
            state.logins.failed(&email);
            Err(AppError::Unauthorized(
                "Incorrect email or password.".into(),
            ))
        }
    }
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
    responses((status = 200, body = Session), (status = 401), (status = 403), (status = 409), (status = 422)),
    security(("identity_token" = [])))]
async fn put_user(
    State(state): State<AppState>,
    Proven(identity): Proven,
    EmailPath(email): EmailPath,
    Json(profile): Json<Profile>,
) -> AppResult<Json<Session>> {
    if email != identity.email {
        return Err(AppError::Forbidden(
            "You can only sign in with your own email address.".into(),
        ));
    }
    let admin = state.settings.is_admin_email(&identity.email);
    let user = match state.store.user_by_subject(&identity.subject).await? {
        Some(user) if admin && user.role() != Role::Admin => {
            state.store.grant_admin(&user.email).await?;
            state
                .store
                .user_by_id(user.id)
                .await?
                .ok_or_else(|| AppError::internal("user vanished"))?
        }
        Some(user) => user,
        None => {
            let new = new_user(&identity, &profile, admin)?;
            state.store.create_user(&new).await?
        }
    };
    Ok(Json(Session {
        token: state.tokens.access_token(user.id),
        user: UserView::from(&user),
    }))
}

fn new_user(identity: &ProvenIdentity, profile: &Profile, admin: bool) -> AppResult<NewUser> {
    let mut check = Checker::new();
    let role = match profile.role.as_ref() {
        None | Some(Value::Null) => Role::Buyer,
        Some(Value::String(r)) if r == "buyer" || r.is_empty() => Role::Buyer,
        Some(Value::String(r)) if r == "seller" => Role::Seller,
        Some(Value::String(r)) if r == "admin" => {
            return Err(AppError::Forbidden(
                "Nobody can sign up as an admin.".into(),
            ));
        }
        Some(_) => {
            check.fail("role", "Please choose As a Buyer or As a Seller");
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
    check.finish()?;
    Ok(NewUser {
        subject: identity.subject.clone(),
        email: identity.email.clone(),
        name,
        image,
        role: if admin { Role::Admin } else { role },
    })
}

/// A user's public profile (the page reads `role` from it).
#[utoipa::path(get, path = "/users/{email}", tag = "users",
    params(("email" = String, Path, description = "The user's e-mail")),
    responses((status = 200, body = UserView), (status = 404)))]
async fn get_user(
    State(state): State<AppState>,
    EmailPath(email): EmailPath,
) -> AppResult<Json<UserView>> {
    let user = state
        .store
        .user_by_email(&email)
        .await?
        .ok_or_else(|| AppError::NotFound("No user has this email address.".into()))?;
    Ok(Json(UserView::from(&user)))
}
