//! The headers that tell browsers what the site's pages may do: a content security
//! policy naming exactly the outside code the configured services need (Stripe.js when
//! Stripe takes payments, Firebase's sign-in when it is on), no framing by other sites,
//! HTTPS only once the public address is HTTPS, and no caching of a signed-in answer.

use axum::extract::Request;
use axum::http::header::{AUTHORIZATION, CACHE_CONTROL};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;

use crate::config::FirebaseWeb;

/// What the pages load from outside the site, by service.
#[derive(Debug, Default, Clone)]
pub struct Outside {
    /// Stripe's API address when Stripe takes the payments (`https://api.stripe.com`, or
    /// the Stripe-compatible server the tests point it at).
    pub stripe_api: Option<String>,
    /// Firebase's web configuration when Firebase signs people in.
    pub firebase: Option<FirebaseWeb>,
}

/// The scheme, host and port of `url`, as a CSP source.
fn origin(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("https", url));
    let host = rest.split('/').next().unwrap_or(rest);
    format!("{scheme}://{host}")
}

/// The policy of every page: the site's own scripts, styles and sockets, and only the
/// outside sources `outside` needs. No inline script; inline styles are allowed (the
/// toasts and Stripe's fields set their own).
pub fn page_policy(outside: &Outside) -> String {
    let mut script = vec!["'self'".to_owned()];
    let mut connect = vec!["'self'".to_owned()];
    let mut frame = Vec::new();
    if let Some(api) = &outside.stripe_api {
        // What Stripe asks of a site's policy for Stripe.js and Elements.
        script.extend([
            "https://js.stripe.com".into(),
            "https://*.js.stripe.com".into(),
        ]);
        connect.push(origin(api));
        frame.extend([
            "https://js.stripe.com".into(),
            "https://*.js.stripe.com".into(),
            "https://hooks.stripe.com".into(),
        ]);
    }
    if let Some(firebase) = &outside.firebase {
        script.push("https://apis.google.com".into());
        connect.extend([
            "https://identitytoolkit.googleapis.com".into(),
            "https://securetoken.googleapis.com".into(),
            "https://www.googleapis.com".into(),
        ]);
        if let Some(emulator) = &firebase.emulator_host {
            connect.push(format!("http://{emulator}"));
        }
        frame.push(format!("https://{}", firebase.auth_domain));
    }
    let frame = if frame.is_empty() {
        "'none'".to_owned()
    } else {
        frame.join(" ")
    };
    format!(
        "default-src 'self'; script-src {}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; \
         font-src 'self' data:; connect-src {}; frame-src {frame}; worker-src 'self'; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        script.join(" "),
        connect.join(" ")
    )
}

/// The policy of every API answer: nothing to run, nothing to frame.
pub const API_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// Only what a page needs of the browser: no camera, microphone or location.
pub const PERMISSIONS_POLICY: &str =
    "camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=()";

/// Google's sign-in popup must be able to answer its opener; otherwise no other window
/// shares the site's browsing context.
pub fn opener_policy(firebase: bool) -> HeaderValue {
    HeaderValue::from_static(if firebase {
        "same-origin-allow-popups"
    } else {
        "same-origin"
    })
}

/// HSTS for a site whose public address is HTTPS: browsers never try it over HTTP again.
pub fn transport_policy(public_url: Option<&str>) -> Option<HeaderValue> {
    public_url
        .filter(|url| url.to_ascii_lowercase().starts_with("https://"))
        .map(|_| HeaderValue::from_static("max-age=31536000; includeSubDomains"))
}

/// An answer to a request that carried a token holds someone's data: no cache, shared
/// or the browser's, may keep it.
pub async fn no_store_when_signed_in(request: Request, next: Next) -> Response {
    let signed_in = request.headers().contains_key(AUTHORIZATION);
    let mut response = next.run(request).await;
    if signed_in {
        response
            .headers_mut()
            .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_policy_names_only_what_is_configured() {
        let plain = page_policy(&Outside::default());
        assert!(plain.contains("script-src 'self';"), "{plain}");
        assert!(plain.contains("frame-src 'none'"), "{plain}");
        assert!(plain.contains("frame-ancestors 'none'"), "{plain}");
        assert!(
            !plain.contains("stripe") && !plain.contains("google"),
            "{plain}"
        );
        assert!(
            !plain.contains("unsafe-eval") && !plain.contains("script-src 'self' 'unsafe-inline'")
        );

        let stripe = page_policy(&Outside {
            stripe_api: Some("http://127.0.0.1:4242/".into()),
            firebase: None,
        });
        assert!(
            stripe.contains("script-src 'self' https://js.stripe.com https://*.js.stripe.com;"),
            "{stripe}"
        );
        assert!(
            stripe.contains("connect-src 'self' http://127.0.0.1:4242;"),
            "{stripe}"
        );
        assert!(
            stripe.contains(
                "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;"
            ),
            "{stripe}"
        );

        let firebase = page_policy(&Outside {
            stripe_api: None,
            firebase: Some(FirebaseWeb {
                api_key: "key".into(),
                auth_domain: "bikehaat.firebaseapp.com".into(),
                project_id: "bikehaat".into(),
                emulator_host: Some("127.0.0.1:9099".into()),
            }),
        });
        assert!(firebase.contains("https://apis.google.com"), "{firebase}");
        assert!(firebase.contains("http://127.0.0.1:9099"), "{firebase}");
        assert!(
            firebase.contains("frame-src https://bikehaat.firebaseapp.com;"),
            "{firebase}"
        );
    }

    #[test]
    fn hsts_only_for_an_https_public_address() {
        assert!(transport_policy(Some("https://bikehaat.com.bd")).is_some());
        assert!(transport_policy(Some("HTTPS://BikeHaat.com.bd")).is_some());
        assert!(transport_policy(Some("http://bikehaat.local")).is_none());
        assert!(transport_policy(None).is_none());
    }
}
