//! Who is knocking, for rate limits: the peer's address, or with `--trust-proxy` the
//! address the reverse proxy in front saw (the last one it appended to
//! `X-Forwarded-For`; earlier entries come from the client and prove nothing). IPv6
//! clients count per /64, the block one household or phone gets.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::error::AppError;
use crate::AppState;

/// The client's address as a rate-limit key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let forwarded = state
            .settings
            .trust_proxy
            .then(|| last_forwarded(parts))
            .flatten();
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip());
        Ok(ClientIp(
            forwarded.or(peer).map_or_else(|| "unknown".to_owned(), key),
        ))
    }
}

fn last_forwarded(parts: &Parts) -> Option<IpAddr> {
    let header = parts
        .headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()?
        .to_str()
        .ok()?;
    header.rsplit(',').next()?.trim().parse().ok()
}

pub(crate) fn key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_count_per_64_and_mapped_ipv4_as_ipv4() {
        assert_eq!(key("203.0.113.7".parse().unwrap()), "203.0.113.7");
        assert_eq!(
            key("2001:db8:1:2:aaaa::1".parse().unwrap()),
            "2001:db8:1:2::/64"
        );
        assert_eq!(
            key("2001:db8:1:2:bbbb::9".parse().unwrap()),
            "2001:db8:1:2::/64"
        );
        assert_eq!(key("::ffff:198.51.100.4".parse().unwrap()), "198.51.100.4");
    }

    #[test]
    fn only_the_address_the_proxy_appended_counts() {
        let request = axum::http::Request::builder()
            .header("x-forwarded-for", "1.2.3.4, 203.0.113.9")
            .body(())
            .unwrap();
        let (parts, ()) = request.into_parts();
        assert_eq!(last_forwarded(&parts), "203.0.113.9".parse().ok());
        let (spoofed, ()) = axum::http::Request::builder()
            .header("x-forwarded-for", "1.2.3.4")
            .header("x-forwarded-for", "not an address")
            .body(())
            .unwrap()
            .into_parts();
        assert_eq!(last_forwarded(&spoofed), None);
    }
}
