//! Who may drive the server: the `Host` a request names, the `Origin` a browser says it
//! comes from, the content type of what it sends, and which client (by address) it is.
//!
//! Why (`docs/web.md` says it at length): the server has no login, so the browser's
//! own rules are what keeps other web sites out. A page on another site may make the
//! player's browser send a "simple" request (a form's `POST` with `text/plain`) to
//! `127.0.0.1:8080` without asking, so a request that changes something must be JSON
//! (which a browser sends cross-site only after asking the server, which never says yes)
//! and, when it says where it comes from (`Origin`, which browsers send with every such
//! request), come from this server's own page. A site may also rename itself to
//! `127.0.0.1` (DNS rebinding: `attacker.example` resolving to the loopback address),
//! after which its page is same-origin with the server; its requests still name
//! `attacker.example` in `Host`, so only the names the server is bound to (and
//! `--allow-host` names) are answered.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::http::{HeaderMap, Method, header};

use crate::error::ApiError;

/// The names and origins the server answers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hosts {
    /// The address the server listens on (its port is the origin's).
    addr: SocketAddr,
    /// The names given with `--allow-host`, in lower case.
    allowed: Vec<String>,
}

impl Hosts {
    /// The policy of a server listening on `addr` (the bound address, with its real port),
    /// answering also to the names in `allowed`.
    pub fn new(addr: SocketAddr, allowed: &[String]) -> Hosts {
        Hosts {
            addr,
            allowed: allowed
                .iter()
                .map(|name| name.trim_end_matches('.').to_ascii_lowercase())
                .collect(),
        }
    }

    /// Whether a `Host` name (without its port) is one of the server's: the address it
    /// is bound to; any IP address if it is bound to every interface (an address cannot
    /// be rebound, only a name can); `localhost` if it listens on loopback or everywhere;
    /// an `--allow-host` name.
    fn name_allowed(&self, name: &str) -> bool {
        let name = name.trim_end_matches('.').to_ascii_lowercase();
        if self.allowed.contains(&name) {
            return true;
        }
        let bound = self.addr.ip();
        let literal = name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .unwrap_or(&name);
        if let Ok(ip) = literal.parse::<IpAddr>() {
            return bound.is_unspecified() || canonical(ip) == canonical(bound);
        }
        name == "localhost" && (bound.is_loopback() || bound.is_unspecified())
    }

    /// Checks the request's `Host` (HTTP/1.1 requires one).
    pub fn check_host(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .ok_or_else(|| {
                ApiError::forbidden("host", "a request must name the server in its Host header")
            })?;
        let (name, _port) = split_port(host);
        if self.name_allowed(name) {
            Ok(())
        } else {
            Err(ApiError::forbidden(
                "host",
                format!(
                    "this server does not answer to the name '{}' (it answers to {}); \
                     start it with --allow-host NAME to add a name",
                    quote(name),
                    self.describe()
                ),
            ))
        }
    }

    /// Checks the `Origin` of a request that may change something: none (not a
    /// browser), or this server's own (`http://` one of its names, with its port; any
    /// scheme and port for an `--allow-host` name, which may stand in front of a proxy).
    pub fn check_origin(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(());
        };
        let text = origin.to_str().unwrap_or("");
        if self.origin_allowed(text) {
            Ok(())
        } else {
            Err(ApiError::forbidden(
                "origin",
                format!(
                    "a request from '{}' is refused: only this server's own page (http://{}) may \
                     change its games",
                    quote(text),
                    self.own_origin()
                ),
            ))
        }
    }

    fn origin_allowed(&self, origin: &str) -> bool {
        let (scheme, rest) = match origin.split_once("://") {
            Some(parts) => parts,
            None => return false,
        };
        if rest.is_empty() || rest.contains('/') {
            return false;
        }
        let (name, port) = split_port(rest);
        let lower = name.trim_end_matches('.').to_ascii_lowercase();
        if self.allowed.contains(&lower) {
            return scheme == "http" || scheme == "https";
        }
        let port = match port {
            None => Some(80),
            Some(p) => p.parse::<u16>().ok(),
        };
        scheme == "http" && port == Some(self.addr.port()) && self.name_allowed(name)
    }

    fn own_origin(&self) -> String {
        let ip = self.addr.ip();
        let host = if ip.is_unspecified() || ip.is_loopback() {
            "localhost".to_owned()
        } else {
            match ip {
                IpAddr::V4(v4) => v4.to_string(),
                IpAddr::V6(v6) => format!("[{v6}]"),
            }
        };
        format!("{host}:{}", self.addr.port())
    }

    fn describe(&self) -> String {
        let ip = self.addr.ip();
        let mut names = vec![if ip.is_unspecified() {
            "any IP address".to_owned()
        } else {
            ip.to_string()
        }];
        if ip.is_loopback() || ip.is_unspecified() {
            names.push("localhost".to_owned());
        }
        names.extend(self.allowed.iter().cloned());
        names.join(", ")
    }
}

/// Whether a request may change something (the methods a browser must not send on
/// another site's behalf without asking).
pub fn changes_state(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Checks that a `POST` says it sends JSON: `text/plain`, form data and no type at all
/// are what a browser sends across sites without asking the server first.
pub fn check_content_type(method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    if *method != Method::POST {
        return Ok(());
    }
    let given = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    let is_json = given.is_some_and(|v| {
        v.split(';')
            .next()
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
    });
    if is_json {
        Ok(())
    } else {
        Err(ApiError::content_type(format!(
            "a POST must send Content-Type: application/json (not {})",
            given.map_or_else(|| "none".to_owned(), |g| format!("'{}'", quote(g)))
        )))
    }
}

/// `name:port` (or `[v6]:port`) into the name and the port, if any.
fn split_port(host: &str) -> (&str, Option<&str>) {
    if host.starts_with('[') {
        return match host.find(']') {
            Some(end) => {
                let port = host[end + 1..].strip_prefix(':');
                (&host[..=end], port)
            }
            None => (host, None),
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) => (name, Some(port)),
        None => (host, None),
    }
}

/// An IPv4-mapped IPv6 address as its IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    }
}

/// Text from a request, shortened and with control characters escaped, for a message.
pub fn quote(text: &str) -> String {
    let mut out: String = text.chars().take(60).flat_map(char::escape_debug).collect();
    if text.chars().count() > 60 {
        out.push('…');
    }
    out
}

/// A client, as far as the server can tell one: its IPv4 address, or the /64 network
/// of its IPv6 address (one machine may take any number of addresses in its /64).
/// Loopback is one client: the browser, tests and scripts of the machine it runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Client(pub IpAddr);

impl Client {
    /// The client a connection from `peer` belongs to.
    pub fn of(peer: IpAddr) -> Client {
        match canonical(peer) {
            // 127.0.0.2 is as much this machine as 127.0.0.1: one allowance, not 2^24.
            ip if ip.is_loopback() => Client(IpAddr::V4(std::net::Ipv4Addr::LOCALHOST)),
            IpAddr::V6(v6) => {
                let s = v6.segments();
                Client(IpAddr::V6(Ipv6Addr::new(
                    s[0], s[1], s[2], s[3], 0, 0, 0, 0,
                )))
            }
            v4 => Client(v4),
        }
    }
}

impl std::fmt::Display for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
            IpAddr::V4(v4) => write!(f, "{v4}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(name: header::HeaderName, value: &str) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert(name, HeaderValue::from_str(value).unwrap());
        map
    }

    #[test]
    fn hosts_on_loopback() {
        let hosts = Hosts::new("127.0.0.1:8080".parse().unwrap(), &["games.lan".into()]);
        for ok in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "localhost:8080",
            "LOCALHOST.",
            "games.lan:80",
            "[::ffff:127.0.0.1]:8080",
        ] {
            assert!(hosts.check_host(&headers(header::HOST, ok)).is_ok(), "{ok}");
        }
        for bad in [
            "attacker.example",
            "attacker.example:8080",
            "10.0.0.1:8080",
            "[::1]:8080",
            "localhost.attacker.example",
            "",
        ] {
            let e = hosts.check_host(&headers(header::HOST, bad)).unwrap_err();
            assert_eq!(e.code, "host", "{bad}");
        }
        assert!(hosts.check_host(&HeaderMap::new()).is_err());
    }

    #[test]
    fn hosts_on_every_interface_take_any_address_but_no_other_name() {
        let hosts = Hosts::new("0.0.0.0:9000".parse().unwrap(), &[]);
        for ok in ["192.168.1.20:9000", "[fe80::1]:9000", "localhost:9000"] {
            assert!(hosts.check_host(&headers(header::HOST, ok)).is_ok(), "{ok}");
        }
        assert!(
            hosts
                .check_host(&headers(header::HOST, "classroom.example:9000"))
                .is_err()
        );
    }

    #[test]
    fn origins() {
        let hosts = Hosts::new("127.0.0.1:8080".parse().unwrap(), &["games.lan".into()]);
        for ok in [
            "http://127.0.0.1:8080",
            "http://localhost:8080",
            "https://games.lan",
            "http://games.lan:3000",
        ] {
            assert!(
                hosts.check_origin(&headers(header::ORIGIN, ok)).is_ok(),
                "{ok}"
            );
        }
        for bad in [
            "https://evil.example",
            "null",
            "http://127.0.0.1:8081",
            "https://127.0.0.1:8080",
            "http://localhost",
            "http://127.0.0.1:8080/x",
            "http://evil.example:8080",
        ] {
            let e = hosts
                .check_origin(&headers(header::ORIGIN, bad))
                .unwrap_err();
            assert_eq!(e.code, "origin", "{bad}");
        }
        assert!(hosts.check_origin(&HeaderMap::new()).is_ok());
    }

    #[test]
    fn only_json_posts() {
        for ok in ["application/json", "Application/JSON; charset=utf-8"] {
            assert!(check_content_type(&Method::POST, &headers(header::CONTENT_TYPE, ok)).is_ok());
        }
        for bad in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/jsonx",
        ] {
            let e =
                check_content_type(&Method::POST, &headers(header::CONTENT_TYPE, bad)).unwrap_err();
            assert_eq!(e.status.as_u16(), 415, "{bad}");
        }
        assert!(check_content_type(&Method::POST, &HeaderMap::new()).is_err());
        assert!(check_content_type(&Method::DELETE, &HeaderMap::new()).is_ok());
    }

    #[test]
    fn clients() {
        let a = Client::of("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = Client::of("2001:db8:1:2:bbbb::9".parse().unwrap());
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "2001:db8:1:2::/64");
        assert_eq!(
            Client::of("::ffff:10.0.0.7".parse().unwrap()),
            Client::of("10.0.0.7".parse().unwrap())
        );
        // Every loopback address is the one machine.
        let loopback = Client::of("127.0.0.1".parse().unwrap());
        for other in ["127.0.0.2", "127.255.0.3", "::1", "::ffff:127.0.0.9"] {
            assert_eq!(Client::of(other.parse().unwrap()), loopback, "{other}");
        }
        assert_ne!(Client::of("128.0.0.1".parse().unwrap()), loopback);
    }
}
