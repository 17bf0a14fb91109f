//! Conditional requests and content negotiation: strong validators made
//! from a body's bytes, `If-None-Match`, and `Accept-Encoding`.

use std::hash::{DefaultHasher, Hash, Hasher};

use actix_web::HttpRequest;
use actix_web::http::header::{self, AcceptEncoding, Encoding, Header};

/// What browsers are told of answers that change only with the catalogue:
/// keep it, but ask again each time (a 304 is cheap).
pub const REVALIDATE: &str = "no-cache";

/// A strong validator: the body's length and a hash of its bytes, the same in
/// every process of one build (the hasher's keys are fixed).
pub fn strong_etag(body: &[u8]) -> String {
    let mut hasher = DefaultHasher::new();
    body.hash(&mut hasher);
    format!("\"{:x}-{:016x}\"", body.len(), hasher.finish())
}

/// Whether the request's `If-None-Match` names `etag` (or any tag).
pub fn names_tag(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|tag| {
            let tag = tag.trim();
            tag == "*" || tag == etag
        })
}

/// Which of the `supported` encodings the request's `Accept-Encoding` takes
/// first (by its weights), if any.
pub fn preferred_encoding(req: &HttpRequest, supported: &[Encoding]) -> Option<Encoding> {
    AcceptEncoding::parse(req).ok().and_then(|accepted| accepted.negotiate(supported.iter()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_etag_follows_the_bytes() {
        assert_eq!(strong_etag(b"[1]"), strong_etag(b"[1]"));
        assert_ne!(strong_etag(b"[1]"), strong_etag(b"[2]"));
        assert!(strong_etag(b"[]").starts_with("\"2-"));
    }
}
