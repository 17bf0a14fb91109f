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
use std::sync::{Arc, RwLock};

use actix_web::http::header::{self, AcceptEncoding, Encoding, Header, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use page_render::RenderedPage;
use serde::Serialize;

use crate::error::ApiError;

/// What browsers are told: keep it, but ask again each time (a 304 is cheap).
pub const CATALOGUE_CACHE_CONTROL: &str = "no-cache";

#[derive(Clone)]
pub(crate) struct Answer {
    pub(crate) body: web::Bytes,
    etag: String,
}

#[derive(Default)]
struct Entries {
    generation: u64,
    answers: HashMap<String, Answer>,
    /// Server-rendered pages by path (`crate::site`), built from the answers
    /// above and so forgotten with them.
    pages: HashMap<String, Arc<RenderedPage>>,
    /// Whole public pages as they are sent, by path: the rendered markup in
    /// the app shell with the page's head tags and structured data.
    sent: HashMap<String, Arc<SentPage>>,
}

#[derive(Default)]
pub struct CatalogueCache {
    entries: RwLock<Entries>,
    /// Taken to make a page: a burst of first requests for a page (after a
    /// change, many guests at once) makes it once, and the others are
    /// answered with it, instead of each rendering and compressing its own.
    making: tokio::sync::Mutex<()>,
}

impl CatalogueCache {
    /// Forgets every answer; reads already under way will not store theirs.
    pub fn invalidate(&self) {
        let mut entries = self.write();
        entries.generation = entries.generation.wrapping_add(1);
        entries.answers.clear();
        entries.pages.clear();
        entries.sent.clear();
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Entries> {
        self.entries.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Entries> {
        self.entries.write().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The answer for `key`: from memory, or from `load` (then kept, unless
    /// the catalogue changed meanwhile). Only successful answers are kept, so
    /// unknown ids and slugs cannot fill the memory.
    pub(crate) async fn kept<T, F, Fut>(&self, key: &str, load: F) -> Result<Answer, ApiError>
    where
        T: Serialize,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, ApiError>>,
    {
        let (kept, generation) = {
            let entries = self.read();
            (entries.answers.get(key).cloned(), entries.generation)
        };
        if let Some(answer) = kept {
            return Ok(answer);
        }
        let value = load().await?;
        let body = serde_json::to_vec(&value).map_err(|e| ApiError::internal(e.to_string()))?;
        let answer = Answer { etag: strong_etag(&body), body: body.into() };
        let mut entries = self.write();
        if entries.generation == generation {
            entries.answers.insert(key.to_owned(), answer.clone());
        }
        Ok(answer)
    }

    /// The rendered page kept under `key` (its path): from memory, or from
    /// `render` (then kept under the same rule as the answers). `None` from
    /// `render` is not kept.
    pub(crate) async fn page<F, Fut>(&self, key: &str, render: F) -> Option<Arc<RenderedPage>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Option<RenderedPage>>,
    {
        let (kept, generation) = {
            let entries = self.read();
            (entries.pages.get(key).cloned(), entries.generation)
        };
        if kept.is_some() {
            return kept;
        }
        let page = Arc::new(render().await?);
        let mut entries = self.write();
        if entries.generation == generation {
            entries.pages.insert(key.to_owned(), page.clone());
        }
        Some(page)
    }
    /// The page kept under `key` (its path) when it was made from `shell`;
    /// otherwise `make`'s, kept under the same rule as the answers when
    /// `make` says it may be. `make`'s error (a response not to keep, such
    /// as the not-found page of an unknown post) is passed on.
    pub(crate) async fn sent_page<F, Fut, E>(
        &self,
        key: &str,
        shell: ShellVersion,
        make: F,
    ) -> Result<Arc<SentPage>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<(SentPage, Keep), E>>,
    {
        let kept = |cache: &Self| {
            let entries = cache.read();
            (entries.sent.get(key).filter(|page| page.shell == shell).cloned(), entries.generation)
        };
        if let (Some(page), _) = kept(self) {
            return Ok(page);
        }
        let _turn = self.making.lock().await;
        // Made by the request this one waited for?
        let (made, generation) = kept(self);
        if let Some(page) = made {
            return Ok(page);
        }
        let (page, keep) = make().await?;
        let page = Arc::new(page);
        let mut entries = self.write();
        if keep == Keep::Yes && entries.generation == generation {
            entries.sent.insert(key.to_owned(), page.clone());
        }
        Ok(page)
    }
}

/// Whether a page just made may be kept: not when a part of it could not
/// be read (it goes out without that part, and is made again next time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    Yes,
    No,
}

/// The app shell (`index.html`) a page was made from, by its modification
/// time and length: a rebuilt frontend (a development server reading
/// `frontend/dist`) is picked up at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ShellVersion(pub(crate) Option<(std::time::SystemTime, u64)>);

/// A public page as it is sent, in each encoding it is sent in: made once
/// per catalogue change, so no request compresses it again. Brotli at
/// quality 5 with a 256 KiB window (a page is smaller than that): a
/// millisecond or two for the home page and a tenth larger than quality 10,
/// which takes ten times as long and far more memory; gzip at 9 for the
/// browsers without brotli.
pub(crate) struct SentPage {
    shell: ShellVersion,
    /// A hash of the HTML: each encoding's strong `ETag` is made from it.
    tag: String,
    html: web::Bytes,
    brotli: web::Bytes,
    gzip: web::Bytes,
}

impl SentPage {
    pub(crate) fn new(shell: ShellVersion, html: String) -> std::io::Result<Self> {
        use std::io::Write;
        let mut brotli = Vec::new();
        let params = brotli::enc::BrotliEncoderParams { quality: 5, lgwin: 18, ..Default::default() };
        brotli::BrotliCompress(&mut html.as_bytes(), &mut brotli, &params)?;
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gzip.write_all(html.as_bytes())?;
        let gzip = gzip.finish()?;
        let tag = strong_etag(html.as_bytes()).trim_matches('"').to_owned();
        Ok(Self { shell, tag, html: html.into(), brotli: brotli.into(), gzip: gzip.into() })
    }

    /// 200 with the page in the best encoding the browser takes (brotli,
    /// gzip or none), or 304 when it names that encoding's tag.
    pub(crate) fn respond(&self, req: &HttpRequest) -> HttpResponse {
        let chosen = preferred_encoding(req, &[Encoding::brotli(), Encoding::gzip(), Encoding::identity()]);
        let (body, encoding) = match chosen {
            Some(encoding) if encoding == Encoding::brotli() => (&self.brotli, Some("br")),
            Some(encoding) if encoding == Encoding::gzip() => (&self.gzip, Some("gzip")),
            _ => (&self.html, None),
        };
        // A strong tag names one representation: each encoding has its own.
        let etag = match encoding {
            Some(name) => format!("\"{}-{name}\"", self.tag),
            None => format!("\"{}\"", self.tag),
        };
        let fresh = names_tag(req, &etag);
        let mut response = if fresh { HttpResponse::NotModified() } else { HttpResponse::Ok() };
        response
            .insert_header((header::ETAG, etag))
            .insert_header((header::CACHE_CONTROL, CATALOGUE_CACHE_CONTROL))
            .insert_header((header::VARY, "Accept-Encoding"));
        if fresh {
            return response.finish();
        }
        if let Some(name) = encoding {
            response.insert_header((header::CONTENT_ENCODING, name));
        }
        response.content_type("text/html; charset=utf-8").body(body.clone())
    }
}

/// Which of the `supported` encodings the request's `Accept-Encoding` takes
/// first (by its weights), if any.
pub(crate) fn preferred_encoding(req: &HttpRequest, supported: &[Encoding]) -> Option<Encoding> {
    AcceptEncoding::parse(req).ok().and_then(|accepted| accepted.negotiate(supported.iter()))
}

/// Whether the request's `If-None-Match` names `etag` (or any tag).
fn names_tag(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|tag| {
            let tag = tag.trim();
            tag == "*" || tag == etag
        })
}

/// The kept answer as an HTTP response: 200 with the JSON, or 304 when the
/// browser names its tag.
pub(crate) fn respond(req: &HttpRequest, answer: Answer) -> HttpResponse {
    let fresh = names_tag(req, &answer.etag);
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
