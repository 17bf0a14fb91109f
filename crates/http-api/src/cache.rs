//! The catalogue's answers from memory (docs/decisions.md §13): the JSON of
//! `GET /api/products`, `/api/services`, `/api/blog-posts`,
//! `/api/blog-posts/{slug}` and `/api/products/{id}/media`, kept serialised
//! with a strong `ETag`, so a read costs no query and a browser's revalidation
//! (`If-None-Match`) costs no body.
//!
//! Invalidation: every successful write through this process clears it when
//! its response leaves (see `invalidate_after_writes`), and the store's
//! change feed clears it when any process's transaction changes a catalogue
//! table (PostgreSQL NOTIFY). A generation number keeps an answer read before
//! a change from being stored after it.

use std::collections::HashMap;
use std::future::Future;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::RwLock;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use crate::error::ApiError;

/// What browsers are told: keep it, but ask again each time (a 304 is cheap).
pub const CATALOGUE_CACHE_CONTROL: &str = "no-cache";

#[derive(Clone)]
struct Answer {
    body: web::Bytes,
    etag: String,
}

#[derive(Default)]
struct Entries {
    generation: u64,
    answers: HashMap<String, Answer>,
}

#[derive(Default)]
pub struct CatalogueCache {
    entries: RwLock<Entries>,
}

impl CatalogueCache {
    /// Forgets every answer; reads already under way will not store theirs.
    pub fn invalidate(&self) {
        let mut entries = self.entries.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        entries.generation = entries.generation.wrapping_add(1);
        entries.answers.clear();
    }

    /// The answer for `key`: from memory, or from `load` (then kept, unless
    /// the catalogue changed meanwhile). Only successful answers are kept, so
    /// unknown ids and slugs cannot fill the memory.
    pub async fn answer<T, F, Fut>(
        &self,
        req: &HttpRequest,
        key: &str,
        load: F,
    ) -> Result<HttpResponse, ApiError>
    where
        T: Serialize,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, ApiError>>,
    {
        let (kept, generation) = {
            let entries = self.entries.read().unwrap_or_else(|poisoned| poisoned.into_inner());
            (entries.answers.get(key).cloned(), entries.generation)
        };
        let answer = match kept {
            Some(answer) => answer,
            None => {
                let value = load().await?;
                let body = serde_json::to_vec(&value).map_err(|e| ApiError::internal(e.to_string()))?;
                let answer = Answer { etag: strong_etag(&body), body: body.into() };
                let mut entries = self.entries.write().unwrap_or_else(|poisoned| poisoned.into_inner());
                if entries.generation == generation {
                    entries.answers.insert(key.to_owned(), answer.clone());
                }
                answer
            }
        };
        Ok(respond(req, answer))
    }
}

fn respond(req: &HttpRequest, answer: Answer) -> HttpResponse {
    let fresh = req
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|tag| {
            let tag = tag.trim();
            tag == "*" || tag == answer.etag
        });
    let mut response = if fresh { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response
        .insert_header((
            header::ETAG,
            HeaderValue::from_str(&answer.etag).unwrap_or(HeaderValue::from_static("\"0\"")),
        ))
        .insert_header((header::CACHE_CONTROL, CATALOGUE_CACHE_CONTROL));
    if fresh { response.finish() } else { response.content_type("application/json").body(answer.body) }
}

/// A strong validator: the body's length and a hash of its bytes, the same in
/// every process of one build (the hasher's keys are fixed).
fn strong_etag(body: &[u8]) -> String {
    let mut hasher = DefaultHasher::new();
    body.hash(&mut hasher);
    format!("\"{:x}-{:016x}\"", body.len(), hasher.finish())
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
