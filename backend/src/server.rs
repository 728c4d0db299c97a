//! The HTTP surface and `bikehaat serve`: the API under `/api` (with its OpenAPI
//! description), uploaded images under `/uploads`, and the built front end for every
//! other path.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::auth::firebase::FirebaseAuth;
use crate::auth::Tokens;
use crate::bus::Bus;
use crate::config::ServeArgs;
use crate::error::AppError;
use crate::limiter::Limiter;
use crate::live::{pump, Hub};
use crate::mail::Mailer;
use crate::payments::{self, Provider};
use crate::random::random_hex;
use crate::PublicOrigin;
use crate::{demo, request_id, routes, store, AppState, Settings};

/// JSON request bodies are small; uploads have their own, larger limit.
const JSON_BODY_LIMIT: usize = 256 * 1024;

#[derive(OpenApi)]
#[openapi(
    info(title = "BikeHaat API", description = "A real-time marketplace for used motorcycles."),
    servers((url = "/api")),
    // What `/api/live` sends, as `{"type":"event","seq":N, …LiveEvent}`.
    components(schemas(crate::events::WireEvent)),
    modifiers(&SecuritySchemes)
)]
struct ApiDoc;

struct SecuritySchemes;

impl utoipa::Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        let bearer = |what: &str| {
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some(what))
                    .build(),
            )
        };
        components.add_security_scheme(
            "access_token",
            bearer("Access token from PUT /users/{email}"),
        );
        components.add_security_scheme(
            "identity_token",
            bearer(
                "Identity token from /auth/signup or /auth/login, or a Firebase ID token \
                 (Google sign-in) when Firebase is configured",
            ),
        );
    }
}

/// The OpenAPI description of every route under `/api`.
pub fn openapi() -> utoipa::openapi::OpenApi {
    described_api().1
}

/// The routes under `/api` and their description, error bodies included.
fn described_api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (api, mut doc) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(routes::api())
        .split_for_parts();
    crate::error::describe_error_bodies(&mut doc);
    (api, doc)
}

async fn api_not_found() -> AppError {
    AppError::NotFound("There is no such API route.".into())
}

async fn api_method_not_allowed() -> Response {
    let body = crate::error::ErrorBody {
        error: "method_not_allowed",
        message: "This API route does not accept this method.".into(),
        fields: None,
        codes: None,
        reason: None,
        retry_after: None,
    };
    (StatusCode::METHOD_NOT_ALLOWED, axum::Json(body)).into_response()
}

fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    AppError::Internal("a request handler panicked".into()).into_response()
}

/// The whole application over `state`.
pub fn app(state: AppState) -> Router {
    let (api, doc) = described_api();
    let doc = Arc::new(doc.to_json().unwrap_or_default());
    let api = api
        .route(
            "/openapi.json",
            get(move || async move {
                (
                    [(header::CONTENT_TYPE, "application/json")],
                    doc.as_ref().clone(),
                )
            }),
        )
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed)
        // Innermost: it keeps and replays the handlers' own answers, uncompressed.
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::replay::replay_writes,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::live::stamp_live_seq,
        ))
        .layer(axum::middleware::from_fn(
            crate::security::no_store_when_signed_in,
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(crate::security::API_POLICY),
        ))
        .layer(crate::compression::layer())
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT));

    let uploads = Router::new()
        .fallback_service(ServeDir::new(&state.settings.uploads_dir))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
        ));

    let policies = &state.settings.policies;
    let pages = pages(&state.settings.frontend_dir).layer(SetResponseHeaderLayer::overriding(
        header::CONTENT_SECURITY_POLICY,
        policies.page.clone(),
    ));
    let transport = policies.transport.clone();
    let connections = state.settings.connections;
    Router::new()
        .nest("/api", api)
        .nest("/uploads", uploads)
        .fallback_service(pages)
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static("cross-origin-opener-policy"),
            policies.opener.clone(),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static("permissions-policy"),
            HeaderValue::from_static(crate::security::PERMISSIONS_POLICY),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::STRICT_TRANSPORT_SECURITY,
            move |_: &Response| transport.clone(),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        ))
        .layer(axum::middleware::from_fn_with_state(
            crate::listen::BodyTiming {
                limits: connections,
                max_body,
            },
            crate::listen::limit_body_time,
        ))
        // Failures are logged where they are answered, naming the request id
        // (`error.rs`); tower-http's own line for each 5xx would repeat them without it.
        .layer(TraceLayer::new_for_http().on_failure(()))
        .layer(CatchPanicLayer::custom(panic_response))
        // Outermost, so even a panic's response and log line carry the request's id.
        .layer(axum::middleware::from_fn(request_id::tag))
        .with_state(state)
}

/// The largest request body `path` takes: a photo upload's, or a JSON body's.
fn max_body(path: &str) -> usize {
    if path == "/api/uploads" {
        crate::routes::UPLOAD_BODY_LIMIT
    } else {
        JSON_BODY_LIMIT
    }
}

/// The built front end; any path that is not a file gets `index.html` (client routing).
///
/// The build writes a `.br` and a `.gz` beside each text file, served to clients that
/// accept them, so nothing is compressed per request. Files under `/assets` have content
/// hashes in their names and never change; everything else (`index.html` above all)
/// is revalidated on each load so a deploy shows at once.
fn pages(dir: &Path) -> Router {
    let index = dir.join("index.html");
    if !index.is_file() {
        return Router::new().fallback(|| async {
            Html(
                "<!doctype html><meta charset=utf-8><title>BikeHaat</title>\
                 <p>The BikeHaat API is running, but the pages are not built. \
                 Start it with <code>scripts/run.sh</code>, which builds them.</p>",
            )
        });
    }
    let index = ServeFile::new(index)
        .precompressed_br()
        .precompressed_gzip();
    let files = ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(index);
    // A missing asset is a 404, not `index.html`: an old tab asking for a chunk of a
    // previous build gets an error it can report instead of HTML it cannot run.
    let assets = ServeDir::new(dir.join("assets"))
        .precompressed_br()
        .precompressed_gzip();
    let immutable = |response: &Response| {
        response
            .status()
            .is_success()
            .then(|| HeaderValue::from_static("public, max-age=31536000, immutable"))
    };
    Router::new()
        .nest_service(
            "/assets",
            Router::new()
                .fallback_service(assets)
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    immutable,
                )),
        )
        .fallback_service(files)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::VARY,
            HeaderValue::from_static("accept-encoding"),
        ))
}

/// The fewest bytes a configured token secret may have: HS256 keys shorter than its
/// 32-byte output are guessable offline from any one token.
const MIN_SECRET_BYTES: usize = 32;

/// The token secret: configured, or generated once and kept in the data directory.
async fn jwt_secret(configured: Option<&str>, data_dir: &Path) -> StartResult<Vec<u8>> {
    if let Some(secret) = configured.filter(|s| !s.is_empty()) {
        if secret.len() < MIN_SECRET_BYTES {
            return Err(format!(
                "JWT_SECRET is {} bytes; it must be at least {MIN_SECRET_BYTES} (for example \
                 the output of `openssl rand -hex 32`), or unset to keep a generated one in \
                 the data directory",
                secret.len()
            ));
        }
        return Ok(secret.as_bytes().to_vec());
    }
    let path = data_dir.join("jwt-secret");
    match tokio::fs::read_to_string(&path).await {
        Ok(secret) if secret.trim().len() >= 32 => Ok(secret.trim().as_bytes().to_vec()),
        _ => {
            let secret = random_hex(32);
            crate::files::write_private(&path, secret.as_bytes()).await?;
            Ok(secret.into_bytes())
        }
    }
}

/// Names the admins whose address was never proven. Since addresses must be proven,
/// `ADMIN_EMAILS` promotes nobody who has not; an account it promoted before then may
/// belong to whoever signed up first with the address, and only the operator can tell.
async fn warn_of_unproven_admins(store: &dyn store::Store) {
    match store.users_with_role(crate::records::Role::Admin).await {
        Ok(admins) => {
            for admin in admins.iter().filter(|admin| !admin.email_verified) {
                tracing::warn!(
                    email = %admin.email,
                    "an admin whose address is not proven: if ADMIN_EMAILS made them admin \
                     before addresses were proven, check they own it (they can prove it with \
                     a password reset)"
                );
            }
        }
        Err(err) => tracing::warn!(%err, "cannot list the admins"),
    }
}

fn non_blank(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// Start-up failures are sentences for whoever runs the command.
pub type StartResult<T> = Result<T, String>;

/// Builds the application state for `args`, served at `addr` (the address actually
/// bound, so port 0 means the port the system chose): opens and migrates the store,
/// seeds demo data into a new empty marketplace, loads the token secret.
pub async fn state(args: &ServeArgs, addr: SocketAddr) -> StartResult<AppState> {
    let payments = Provider::choose(&args.stripe, addr, args.test_payments)?;
    let test_payments = args.test_payments || addr.ip().is_loopback();
    let bkash = payments::choose_bkash(&args.bkash, test_payments)?.map(Arc::new);
    if bkash.is_some() {
        tracing::info!(api = %args.bkash.api_base, "bKash holds are set up");
    }
    match payments {
        Provider::TestMode if !addr.ip().is_loopback() => tracing::warn!(
            provider = payments.name(),
            "card payments use the built-in test mode on a public address: anyone can \
             mark a bike sold with a test card"
        ),
        Provider::Disabled => tracing::warn!(
            provider = payments.name(),
            "no card payments: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and \
             STRIPE_WEBHOOK_SECRET to take them"
        ),
        _ => tracing::info!(provider = payments.name(), "card payments are set up"),
    }
    let firebase = args.firebase.web()?;
    let firebase_auth = match &firebase {
        Some(web) => {
            if web.emulator_host.is_some() {
                tracing::warn!(
                    "FIREBASE_AUTH_EMULATOR_HOST is set: unsigned Firebase tokens are \
                     accepted, so anyone can sign in as anyone. Never set it in production."
                );
            }
            Some(Arc::new(FirebaseAuth::new(
                web.project_id.clone(),
                web.emulator_host.is_some(),
                args.firebase.jwks_url.clone(),
            )?))
        }
        None => None,
    };
    let data_dir = &args.database.data_dir;
    crate::files::create_private_dir(data_dir).await?;
    crate::files::warn_if_others_can_read(data_dir).await;
    let url = args.database.url();
    let store = store::open(&url)
        .await
        .map_err(|e| format!("cannot open the database: {e}"))?;
    store.migrate().await.map_err(|e| e.to_string())?;
    index_old_listings(store.as_ref()).await?;
    let uploads_dir: PathBuf = data_dir.join("uploads");
    tokio::fs::create_dir_all(&uploads_dir)
        .await
        .map_err(|e| format!("cannot create {}: {e}", uploads_dir.display()))?;
    if !args.no_demo && store.is_empty().await.map_err(|e| e.to_string())? {
        demo::seed(store.as_ref(), &uploads_dir)
            .await
            .map_err(|e| format!("cannot add demo data: {e}"))?;
        tracing::info!("filled the new marketplace with demo categories and listings");
    }
    warn_of_unproven_admins(store.as_ref()).await;
    let secret = jwt_secret(args.jwt_secret.as_deref(), data_dir).await?;
    let redis_url = args.redis_url.as_deref().filter(|u| !u.trim().is_empty());
    let bus = Arc::new(match redis_url {
        Some(url) => Bus::redis(url)?,
        None => Bus::in_process(),
    });
    bus.start();
    let limits = Arc::new(match redis_url {
        Some(url) => Limiter::redis(url)?,
        None => Limiter::in_process(),
    });
    if addr.ip().is_unspecified() && args.public_url_origin().is_none() && args.smtp_url().is_some()
    {
        return Err(format!(
            "--addr {addr} listens on every address, so the links mailed to people cannot name \
             one: set --public-url (BIKEHAAT_PUBLIC_URL) to the address people open the site at, \
             e.g. https://bikehaat.com.bd"
        ));
    }
    let mailer = Mailer::new(
        args.smtp_url().as_deref(),
        non_blank(args.mail_from.as_deref()),
        data_dir.join("outbox"),
    )?;
    tracing::info!(mail = mailer.kind(), "mail is set up");
    let texter = crate::sms::Texter::new(
        args.sms_url().as_deref(),
        non_blank(args.sms_api_key.as_deref()),
        non_blank(args.sms_sender_id.as_deref()),
        data_dir.join("outbox"),
    )?;
    tracing::info!(sms = texter.kind(), "text messages are set up");
    let live = Hub::start();
    // Known before the first request: a socket opened at once gets every event written
    // after it, and every list's `x-live-seq` is a real position.
    let start = store
        .last_event_seq()
        .await
        .map_err(|e| format!("cannot read the event log: {e}"))?;
    live.advance_head(start);
    tokio::spawn(pump::run(store.clone(), live.clone(), bus.clone(), start));
    let policies = crate::Policies {
        page: HeaderValue::from_str(&crate::security::page_policy(&crate::security::Outside {
            stripe_api: matches!(payments, Provider::Stripe(_))
                .then(|| args.stripe.api_base.clone()),
            firebase: firebase.clone(),
        }))
        .map_err(|e| format!("the content security policy is not a header value: {e}"))?,
        opener: crate::security::opener_policy(firebase.is_some()),
        transport: crate::security::transport_policy(args.public_url_origin().as_deref()),
    };
    let ids_dir = data_dir.join("private").join("ids");
    tokio::spawn(crate::routes::sweep_unused_every_hour(
        store.clone(),
        uploads_dir.clone(),
        ids_dir.clone(),
    ));
    tokio::spawn(crate::routes::lapse_reservations_every_minute(
        store.clone(),
    ));
    let payments = Arc::new(payments);
    let capture_every = std::time::Duration::from_millis(args.stripe.capture_every_ms.max(1));
    tokio::spawn(payments::sweep(
        store.clone(),
        payments.clone(),
        bkash.clone(),
        capture_every,
    ));
    let connections = crate::listen::ConnectionLimits::fit(
        args.max_connections as usize,
        args.max_connections_per_client.map(|n| n as usize),
        std::time::Duration::from_secs(args.request_timeout),
        args.trust_proxy,
    );
    let state = AppState::new(crate::Shared {
        live_seats: Arc::new(crate::listen::LiveSeats::new(&connections)),
        store,
        tokens: Arc::new(Tokens::new(&secret)),
        payments,
        bkash,
        cache: Arc::default(),
        search_index: Arc::default(),
        limits,
        mailer: Arc::new(mailer),
        texter: Arc::new(texter),
        code_key: Arc::new(crate::phone::CodeKey::new(&secret)),
        live,
        bus,
        firebase: firebase_auth,
        uploads_in_flight: Arc::default(),
        decode_slots: Arc::new(crate::images::DecodeSlots::new(
            args.upload_slots,
            args.upload_queue,
            crate::images::MAX_WAIT,
        )),
        settings: Arc::new(Settings {
            admin_emails: args.admin_emails(),
            public_origin: args
                .public_url_origin()
                .map_or_else(|| PublicOrigin::Served(addr), PublicOrigin::Fixed),
            uploads_dir,
            ids_dir,
            frontend_dir: args.frontend_dir.clone(),
            trust_proxy: args.trust_proxy,
            database: if url.starts_with("postgres") {
                "postgres"
            } else {
                "sqlite"
            },
            firebase,
            stripe_publishable_key: args
                .stripe
                .publishable_key
                .clone()
                .filter(|key| !key.trim().is_empty()),
            policies,
            connections,
            first_listings_reviewed: args.first_listings_reviewed.max(0),
        }),
    });
    tokio::spawn(crate::routes::mail_unread_every_minute(state.clone()));
    tokio::spawn(pass_on_typing(state.bus.clone(), state.live.clone()));
    Ok(state)
}

/// Shows this process's sockets who is typing to them, as the bus brings the signals
/// (from this process or another), until the runtime stops.
async fn pass_on_typing(bus: Arc<crate::bus::Bus>, live: Arc<Hub>) {
    let mut signals = bus.typing_signals();
    loop {
        match signals.recv().await {
            Ok(signal) => live.signal(signal.to, &signal.frame()),
            // Signals missed while this task was behind are worth nothing now.
            Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
            Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
        }
    }
}

/// Gives listings posted before brand, model, engine size, kilometres and district were
/// fields those fields and their search words, read from what they say (once: a
/// listing indexed is not read again).
async fn index_old_listings(store: &dyn crate::Store) -> Result<(), String> {
    let (mut after, mut batches) = (0, 0);
    while let Some(last) = store
        .index_old_listings(after, 500)
        .await
        .map_err(|e| format!("cannot index the listings: {e}"))?
    {
        after = last;
        batches += 1;
    }
    if batches > 0 {
        tracing::info!(up_to = after, "indexed older listings for search");
    }
    store
        .refresh_statistics(batches > 0)
        .await
        .map_err(|e| format!("cannot refresh the query planner's statistics: {e}"))
}

/// `bikehaat serve`: migrate, then serve until Ctrl-C or SIGTERM.
pub async fn serve(args: ServeArgs) -> StartResult<()> {
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let state = state(&args, addr).await?;
    println!(
        "BikeHaat is running at {}  (database: {}, Ctrl-C to stop)",
        state.settings.public_origin, state.settings.database
    );
    let limits = state.settings.connections;
    crate::listen::run(listener, app(state), limits, shutdown_signal()).await;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = terminate => {} }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, VARY};
    use reqwest::StatusCode;

    /// A built front end in a fresh directory: index.html and one hashed script, each
    /// with a compressed copy whose body says which file was sent.
    async fn serve_built_pages() -> (String, PathBuf) {
        let dir = std::env::temp_dir().join(format!("bikehaat-pages-{}", random_hex(8)));
        std::fs::create_dir_all(dir.join("assets")).expect("create dist");
        for (path, body) in [
            ("index.html", "index"),
            ("index.html.gz", "gzip index"),
            ("assets/app-3f9a.js", "script"),
            ("assets/app-3f9a.js.br", "brotli script"),
            ("assets/app-3f9a.js.gz", "gzip script"),
        ] {
            std::fs::write(dir.join(path), body).expect("write dist");
        }
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("address");
        let router = pages(&dir);
        tokio::spawn(async move { axum::serve(listener, router).await });
        (format!("http://{addr}"), dir)
    }

    async fn get(url: &str, accept_encoding: Option<&str>) -> reqwest::Response {
        let mut request = reqwest::Client::new().get(url);
        if let Some(encodings) = accept_encoding {
            request = request.header(ACCEPT_ENCODING, encodings);
        }
        request.send().await.expect("request")
    }

    fn header<'a>(response: &'a reqwest::Response, name: &reqwest::header::HeaderName) -> &'a str {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    #[tokio::test]
    async fn hashed_assets_are_sent_precompressed_and_cached_for_a_year() {
        let (base, dir) = serve_built_pages().await;

        let brotli = get(&format!("{base}/assets/app-3f9a.js"), Some("gzip, br")).await;
        assert_eq!(brotli.status(), StatusCode::OK);
        assert_eq!(header(&brotli, &CONTENT_ENCODING), "br");
        assert_eq!(
            header(&brotli, &CACHE_CONTROL),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(header(&brotli, &VARY), "accept-encoding");
        assert_eq!(brotli.text().await.expect("body"), "brotli script");

        let gzip = get(&format!("{base}/assets/app-3f9a.js"), Some("gzip")).await;
        assert_eq!(header(&gzip, &CONTENT_ENCODING), "gzip");
        assert_eq!(gzip.text().await.expect("body"), "gzip script");

        let plain = get(&format!("{base}/assets/app-3f9a.js"), None).await;
        assert_eq!(header(&plain, &CONTENT_ENCODING), "");
        assert_eq!(plain.text().await.expect("body"), "script");

        std::fs::remove_dir_all(dir).expect("remove dist");
    }

    #[tokio::test]
    async fn a_missing_asset_is_a_404_that_no_cache_keeps() {
        let (base, dir) = serve_built_pages().await;

        let missing = get(&format!("{base}/assets/app-0000.js"), Some("br")).await;
        assert_eq!(missing.status(), StatusCode::NOT_FOUND);
        assert_eq!(header(&missing, &CACHE_CONTROL), "no-cache");

        std::fs::remove_dir_all(dir).expect("remove dist");
    }

    #[tokio::test]
    async fn client_routes_get_index_html_revalidated_on_every_load() {
        let (base, dir) = serve_built_pages().await;

        for path in ["/", "/dashboard/my-orders", "/category/c1"] {
            let page = get(&format!("{base}{path}"), Some("gzip")).await;
            assert_eq!(page.status(), StatusCode::OK, "{path}");
            assert_eq!(header(&page, &CACHE_CONTROL), "no-cache", "{path}");
            assert_eq!(header(&page, &CONTENT_ENCODING), "gzip", "{path}");
            assert_eq!(page.text().await.expect("body"), "gzip index", "{path}");
        }
        let plain = get(&format!("{base}/login"), None).await;
        assert_eq!(plain.text().await.expect("body"), "index");

        std::fs::remove_dir_all(dir).expect("remove dist");
    }
}
