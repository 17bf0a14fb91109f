//! Pages kept as they are sent (docs/decisions.md §13): the rendered markup
//! and whole pages, each made once per catalogue generation, so no request
//! renders or compresses a page again until what it shows changes.
//!
//! Making is single-flight per page: a burst of first requests for one page
//! (after a change, many guests at once) makes it once and the others are
//! answered with it, while other pages are made at the same time.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex, RwLock};

use actix_web::http::header::{self, Encoding};
use actix_web::{HttpRequest, HttpResponse, web};
use page_render::RenderedPage;

use http_common::conditional::{REVALIDATE, names_tag, preferred_encoding, strong_etag};

/// Whether a page just made may be kept: not when a part of it could not
/// be read (it goes out without that part, and is made again next time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    Yes,
    No,
}

impl Keep {
    /// Both parts may be kept.
    pub fn and(self, other: Keep) -> Keep {
        if self == Keep::Yes && other == Keep::Yes { Keep::Yes } else { Keep::No }
    }
}

/// The app shell (`index.html`) a page was made from, by its modification
/// time and length: a rebuilt frontend (a development server reading
/// `frontend/dist`) is picked up at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShellVersion(pub Option<(std::time::SystemTime, u64)>);

/// One kind of kept thing by key, made single-flight, all of it from one
/// catalogue generation.
struct Kept<K, V> {
    entries: RwLock<(u64, HashMap<K, Arc<V>>)>,
    /// A turn per key being made: requests for the same key wait for the one
    /// making it; other keys are made meanwhile.
    making: Mutex<HashMap<K, Arc<tokio::sync::Mutex<()>>>>,
}

impl<K: Eq + Hash + Clone, V> Default for Kept<K, V> {
    fn default() -> Self {
        Self { entries: RwLock::default(), making: Mutex::default() }
    }
}

impl<K: Eq + Hash + Clone, V> Kept<K, V> {
    fn find(&self, key: &K, generation: u64, fits: &impl Fn(&V) -> bool) -> Option<Arc<V>> {
        let entries = self.entries.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        (entries.0 == generation).then(|| entries.1.get(key).filter(|value| fits(value)).cloned()).flatten()
    }

    fn keep(&self, key: K, generation: u64, value: Arc<V>) {
        let mut entries = self.entries.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        if entries.0 != generation {
            // Everything kept was made from an older catalogue.
            *entries = (generation, HashMap::new());
        }
        entries.1.insert(key, value);
    }

    /// The value kept under `key` for the current `generation` (and that
    /// `fits`), else `make`'s, made once however many ask at the same time
    /// and kept when `make` says it may be and the catalogue did not change
    /// meanwhile. `make`'s error is passed on, never kept.
    async fn get_or_make<F, Fut, E>(
        &self,
        key: &K,
        generation: impl Fn() -> u64,
        fits: impl Fn(&V) -> bool,
        make: F,
    ) -> Result<Arc<V>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<(V, Keep), E>>,
    {
        if let Some(value) = self.find(key, generation(), &fits) {
            return Ok(value);
        }
        let turn = {
            let mut making = self.making.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            making.entry(key.clone()).or_default().clone()
        };
        let made = async {
            let _turn = turn.lock().await;
            // Made by the request this one waited for?
            let before = generation();
            if let Some(value) = self.find(key, before, &fits) {
                return Ok(value);
            }
            let (value, keep) = make().await?;
            let value = Arc::new(value);
            if keep == Keep::Yes && generation() == before {
                self.keep(key.clone(), before, value.clone());
            }
            Ok(value)
        }
        .await;
        // The last one out forgets the key's turn (the map holds one reference).
        let mut making = self.making.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if Arc::strong_count(&turn) <= 2 {
            making.remove(key);
        }
        made
    }
}

/// The site's kept pages: the server bundle's markup by path (the
/// not-found page's under one key), and whole pages as sent by path.
#[derive(Default)]
pub struct KeptPages {
    rendered: Kept<String, RenderedPage>,
    sent: Kept<String, SentPage>,
}

impl KeptPages {
    /// The rendered markup kept under `key`, or `render`'s.
    pub async fn rendered<F, Fut>(
        &self,
        key: &str,
        generation: impl Fn() -> u64,
        render: F,
    ) -> Option<Arc<RenderedPage>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Option<RenderedPage>>,
    {
        let made = self
            .rendered
            .get_or_make(
                &key.to_owned(),
                generation,
                |_| true,
                || async { render().await.map(|page| (page, Keep::Yes)).ok_or(()) },
            )
            .await;
        made.ok()
    }

    /// The page kept under `key` (its path) when it was made from `shell`;
    /// otherwise `make`'s (see [`Kept::get_or_make`]).
    pub async fn sent<F, Fut, E>(
        &self,
        key: &str,
        generation: impl Fn() -> u64,
        shell: ShellVersion,
        make: F,
    ) -> Result<Arc<SentPage>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<(SentPage, Keep), E>>,
    {
        self.sent.get_or_make(&key.to_owned(), generation, |page| page.shell == shell, make).await
    }
}

/// A public page as it is sent, in each encoding it is sent in: made once
/// per catalogue change, so no request compresses it again. Brotli at
/// quality 5 with a 256 KiB window (a page is smaller than that): a
/// millisecond or two for the home page and a tenth larger than quality 10,
/// which takes ten times as long and far more memory; gzip at 9 for the
/// browsers without brotli.
pub struct SentPage {
    shell: ShellVersion,
    content_type: &'static str,
    /// A hash of the HTML: each encoding's strong `ETag` is made from it.
    tag: String,
    html: web::Bytes,
    brotli: web::Bytes,
    gzip: web::Bytes,
}

impl SentPage {
    pub fn new(shell: ShellVersion, html: String) -> std::io::Result<Self> {
        Self::of_type(shell, html, "text/html; charset=utf-8")
    }

    /// A kept document of another type (the journal's feed).
    pub fn of_type(shell: ShellVersion, html: String, content_type: &'static str) -> std::io::Result<Self> {
        use std::io::Write;
        let mut brotli = Vec::new();
        let params = brotli::enc::BrotliEncoderParams { quality: 5, lgwin: 18, ..Default::default() };
        brotli::BrotliCompress(&mut html.as_bytes(), &mut brotli, &params)?;
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gzip.write_all(html.as_bytes())?;
        let gzip = gzip.finish()?;
        let tag = strong_etag(html.as_bytes()).trim_matches('"').to_owned();
        Ok(Self { shell, content_type, tag, html: html.into(), brotli: brotli.into(), gzip: gzip.into() })
    }

    /// 200 with the page in the best encoding the browser takes (brotli,
    /// gzip or none), or 304 when it names that encoding's tag.
    pub fn respond(&self, req: &HttpRequest) -> HttpResponse {
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
            .insert_header((header::CACHE_CONTROL, REVALIDATE))
            .insert_header((header::VARY, "Accept-Encoding"));
        if fresh {
            return response.finish();
        }
        if let Some(name) = encoding {
            response.insert_header((header::CONTENT_ENCODING, name));
        }
        response.content_type(self.content_type).body(body.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[tokio::test]
    async fn a_burst_makes_a_page_once_and_other_pages_meanwhile() {
        let kept: Arc<Kept<String, String>> = Arc::default();
        let made = Arc::new(AtomicU64::new(0));
        let (gate, opened) = tokio::sync::watch::channel(false);
        let make = |page: &'static str| {
            let (kept, made, mut opened) = (kept.clone(), made.clone(), opened.clone());
            tokio::spawn(async move {
                kept.get_or_make(
                    &page.to_owned(),
                    || 0,
                    |_| true,
                    || async move {
                        made.fetch_add(1, Ordering::SeqCst);
                        // Held until the test opens the gate: the others wait meanwhile.
                        let _ = opened.wait_for(|open| *open).await;
                        Ok::<_, ()>((page.to_owned(), Keep::Yes))
                    },
                )
                .await
            })
        };
        let home: Vec<_> = (0..5).map(|_| make("/")).collect();
        let shop = make("/products");
        // Both pages are being made at once, each by one request.
        while made.load(Ordering::SeqCst) < 2 {
            tokio::task::yield_now().await;
        }
        let _ = gate.send(true);
        for request in home {
            assert_eq!(*request.await.expect("joined").expect("made"), "/");
        }
        assert_eq!(*shop.await.expect("joined").expect("made"), "/products");
        assert_eq!(made.load(Ordering::SeqCst), 2, "each page made once");
        assert!(kept.making.lock().expect("lock").is_empty(), "no turn is left behind");
    }

    #[tokio::test]
    async fn a_page_made_from_an_older_catalogue_is_not_kept() {
        let kept: Kept<String, String> = Kept::default();
        let generation = AtomicU64::new(1);
        let made = kept
            .get_or_make(
                &"/".to_owned(),
                || generation.load(Ordering::SeqCst),
                |_| true,
                || async {
                    generation.store(2, Ordering::SeqCst); // the catalogue changes while the page is made
                    Ok::<_, ()>(("old".to_owned(), Keep::Yes))
                },
            )
            .await;
        assert_eq!(*made.expect("made"), "old", "it still goes out");
        assert!(kept.find(&"/".to_owned(), 2, &|_| true).is_none());
        assert!(kept.find(&"/".to_owned(), 1, &|_| true).is_none());
    }
}
