//! The client's address: the TCP peer, or — when the peer is one of the
//! configured trusted proxies (`TRUSTED_PROXIES`) — the address the proxies
//! forwarded (`Forwarded: for=`, RFC 7239, else `X-Forwarded-For`), read from
//! the right, past every trusted proxy. Forwarding headers from any other peer
//! are ignored: anyone can send them.

use std::net::IpAddr;

use actix_web::HttpRequest;
use ipnet::IpNet;

/// The proxies whose forwarding headers are believed.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    pub fn new(networks: Vec<IpNet>) -> Self {
        Self(networks)
    }

    /// "127.0.0.1, 10.0.0.0/8, ::1" (single addresses or CIDR networks).
    pub fn parse(text: &str) -> Result<Self, String> {
        text.split(',')
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .map(|part| {
                part.parse::<IpNet>()
                    .or_else(|_| part.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| format!("{part:?} is not an IP address or network"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }

    fn trusts(&self, address: IpAddr) -> bool {
        self.0.iter().any(|network| network.contains(&address))
    }

    /// The client address of a request whose TCP peer is `peer`.
    pub fn client(&self, peer: IpAddr, forwarded: Option<&str>, x_forwarded_for: Option<&str>) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let chain: Vec<IpAddr> = match (forwarded, x_forwarded_for) {
            (Some(forwarded), _) => forwarded_for(forwarded),
            (None, Some(list)) => list.split(',').filter_map(|part| address(part.trim())).collect(),
            (None, None) => Vec::new(),
        };
        chain.into_iter().rev().find(|hop| !self.trusts(*hop)).unwrap_or(peer)
    }
}

/// The `for=` addresses of a `Forwarded` header, first hop first.
fn forwarded_for(header: &str) -> Vec<IpAddr> {
    header
        .split(',')
        .filter_map(|element| {
            element.split(';').find_map(|pair| {
                let (name, value) = pair.split_once('=')?;
                name.trim().eq_ignore_ascii_case("for").then(|| address(value.trim())).flatten()
            })
        })
        .collect()
}

/// An address as headers write it: `203.0.113.7`, `"[2001:db8::1]:4711"`,
/// `198.51.100.2:8080`.
fn address(text: &str) -> Option<IpAddr> {
    let text = text.trim_matches('"');
    if let Ok(address) = text.parse() {
        return Some(address);
    }
    if let Some(rest) = text.strip_prefix('[') {
        return rest.split_once(']').and_then(|(inner, _)| inner.parse().ok());
    }
    text.rsplit_once(':').and_then(|(host, _port)| host.parse().ok())
}

/// The client address of `req`, as text (the key its counts are kept under).
pub fn client_address(req: &HttpRequest, trusted: &TrustedProxies) -> String {
    let Some(peer) = req.peer_addr().map(|addr| addr.ip()) else {
        return "unknown".to_owned();
    };
    let header = |name| req.headers().get(name).and_then(|value| value.to_str().ok());
    trusted.client(peer, header("forwarded"), header("x-forwarded-for")).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("ip")
    }

    #[test]
    fn untrusted_peers_are_the_client_whatever_they_forward() {
        let trusted = TrustedProxies::parse("10.0.0.0/8").expect("parse");
        let peer = ip("203.0.113.9");
        assert_eq!(trusted.client(peer, Some("for=198.51.100.1"), Some("198.51.100.1")), peer);
        assert_eq!(
            TrustedProxies::default().client(ip("10.0.0.1"), None, Some("198.51.100.1")),
            ip("10.0.0.1")
        );
    }

    #[test]
    fn a_trusted_proxy_forwards_the_client_read_from_the_right() {
        let trusted = TrustedProxies::parse("127.0.0.1, 10.0.0.0/8").expect("parse");
        let proxy = ip("127.0.0.1");
        // A client may prepend anything; the last untrusted hop is the client.
        assert_eq!(trusted.client(proxy, None, Some("1.2.3.4, 198.51.100.7, 10.1.2.3")), ip("198.51.100.7"));
        assert_eq!(
            trusted.client(proxy, Some(r#"for=1.2.3.4, for="[2001:db8::7]:4711";proto=https"#), None),
            ip("2001:db8::7")
        );
        assert_eq!(trusted.client(proxy, Some("for=198.51.100.2:8080"), None), ip("198.51.100.2"));
        assert_eq!(trusted.client(proxy, None, None), proxy, "no header: the proxy itself");
        assert_eq!(trusted.client(proxy, None, Some("garbage")), proxy);
        assert_eq!(trusted.client(proxy, None, Some("10.0.0.5")), proxy, "only trusted hops");
    }

    #[test]
    fn bad_configuration_is_refused() {
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("proxy.example").is_err());
        assert!(TrustedProxies::parse("").expect("empty").0.is_empty());
    }
}
