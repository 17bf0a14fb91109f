//! Server rendering of the public pages (docs/decisions.md §13): the browser
//! app's own server bundle (`frontend/dist/.server/render.js`, built by Vite)
//! runs inside the server process in QuickJS, so the HTML a guest receives
//! already holds the page, from the same components the browser then
//! hydrates. No second runtime to deploy: QuickJS is compiled from C source by
//! the `rquickjs` crate.
//!
//! The bundle exports two functions:
//! - `routeData(url) -> string[]`: the catalogue API paths whose JSON the page
//!   needs for its first render;
//! - `render(url, data, siteInfo) -> { html, state }`: the markup of `#root`
//!   and the data the browser app starts from (TanStack Query's dehydrated
//!   state, as JSON).
//!
//! A QuickJS runtime is single-threaded, so one thread owns it and requests
//! queue on a channel. Each call has a time limit (an endless loop in the
//! bundle cannot hold the thread) and the runtime a memory limit. The engine
//! is loaded once, at start (so a broken bundle is known then), and stays
//! loaded: about 7 MiB, and every page made after a change of the catalogue
//! is made at once, without loading it again.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rquickjs::function::Rest;
use rquickjs::module::Declared;
use rquickjs::{Context, Ctx, Function, Module, Object, Runtime, Value};
use tokio::sync::oneshot;

/// The longest one call may run. A page renders in milliseconds; this only
/// bounds a bundle gone wrong.
const CALL_TIME_LIMIT: Duration = Duration::from_secs(2);
/// QuickJS heap limit: the bundle with React needs a few MiB.
const MEMORY_LIMIT_BYTES: usize = 64 * 1024 * 1024;
/// Native stack for the engine's recursion (React trees are deep).
const STACK_LIMIT_BYTES: usize = 4 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("cannot read the server bundle {path}: {reason}")]
    Bundle { path: String, reason: String },
    #[error("the server bundle failed: {0}")]
    Script(String),
    #[error("the page renderer has stopped")]
    Stopped,
}

/// What `render` gives back for one URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedPage {
    /// Inner HTML of `<div id="root">`.
    pub html: String,
    /// JSON of the app's starting data.
    pub state: String,
}

enum Call {
    RouteData {
        url: String,
        reply: oneshot::Sender<Result<Vec<String>, RenderError>>,
    },
    Render {
        url: String,
        data: String,
        site_info: String,
        reply: oneshot::Sender<Result<RenderedPage, RenderError>>,
    },
}

/// Handle to the rendering thread; cheap to clone. The thread ends when the
/// last handle is dropped.
#[derive(Clone)]
pub struct PageRenderer {
    calls: mpsc::Sender<Call>,
}

impl PageRenderer {
    /// Loads the bundle on a thread of its own; fails when the file is
    /// missing or does not evaluate to a module with both functions.
    pub fn start(bundle: &Path) -> Result<Self, RenderError> {
        let source = std::fs::read_to_string(bundle).map_err(|error| RenderError::Bundle {
            path: bundle.display().to_string(),
            reason: error.to_string(),
        })?;
        let (calls, queue) = mpsc::channel::<Call>();
        let (loaded_tx, load_result) = mpsc::channel::<Result<(), RenderError>>();
        std::thread::Builder::new()
            .name("page-render".to_owned())
            .stack_size(STACK_LIMIT_BYTES + 1024 * 1024)
            .spawn(move || {
                let engine = match Engine::load(&source) {
                    Ok(engine) => engine,
                    Err(error) => {
                        let _ = loaded_tx.send(Err(error));
                        return;
                    }
                };
                drop(source);
                let _ = loaded_tx.send(Ok(()));
                // Ends when the last handle is dropped.
                while let Ok(call) = queue.recv() {
                    engine.answer(call);
                }
            })
            .map_err(|error| RenderError::Script(format!("cannot start the render thread: {error}")))?;
        load_result.recv().map_err(|_| RenderError::Stopped)??;
        Ok(Self { calls })
    }

    /// The catalogue API paths the page at `url` needs.
    pub async fn route_data(&self, url: &str) -> Result<Vec<String>, RenderError> {
        let (reply, answer) = oneshot::channel();
        self.calls.send(Call::RouteData { url: url.to_owned(), reply }).map_err(|_| RenderError::Stopped)?;
        answer.await.map_err(|_| RenderError::Stopped)?
    }

    /// Renders the page at `url`. `data` is a JSON object from each path of
    /// [`Self::route_data`] to its JSON; `site_info` the site information JSON.
    pub async fn render(
        &self,
        url: &str,
        data: String,
        site_info: String,
    ) -> Result<RenderedPage, RenderError> {
        let (reply, answer) = oneshot::channel();
        self.calls
            .send(Call::Render { url: url.to_owned(), data, site_info, reply })
            .map_err(|_| RenderError::Stopped)?;
        answer.await.map_err(|_| RenderError::Stopped)?
    }
}

struct Engine {
    // Kept for the context's lifetime; the runtime holds the limits.
    runtime: Runtime,
    context: Context,
    /// Milliseconds since `epoch` after which a running call is stopped.
    deadline: Arc<AtomicU64>,
    epoch: Instant,
}

impl Engine {
    /// An engine with the bundle loaded, checked to export both functions.
    fn load(source: &str) -> Result<Self, RenderError> {
        let engine = Self::empty()?;
        engine.within_time_limit(|| {
            engine.context.with(|ctx| {
                let declared =
                    Module::declare(ctx.clone(), "render.js", source).map_err(|e| caught(&ctx, e))?;
                expose_exports(&ctx, declared)
            })
        })?;
        Ok(engine)
    }

    /// A runtime with the limits and a context with `console`, nothing loaded.
    fn empty() -> Result<Self, RenderError> {
        let runtime = Runtime::new().map_err(script_error)?;
        runtime.set_memory_limit(MEMORY_LIMIT_BYTES);
        runtime.set_max_stack_size(STACK_LIMIT_BYTES);
        let epoch = Instant::now();
        let deadline = Arc::new(AtomicU64::new(u64::MAX));
        let watched = deadline.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || {
            epoch.elapsed().as_millis() as u64 > watched.load(Ordering::Relaxed)
        })));
        let context = Context::full(&runtime).map_err(script_error)?;
        context.with(|ctx| install_console(&ctx).map_err(|e| caught(&ctx, e)))?;
        Ok(Self { runtime, context, deadline, epoch })
    }

    fn within_time_limit<T>(&self, call: impl FnOnce() -> T) -> T {
        let limit = self.epoch.elapsed() + CALL_TIME_LIMIT;
        self.deadline.store(limit.as_millis() as u64, Ordering::Relaxed);
        let result = call();
        self.deadline.store(u64::MAX, Ordering::Relaxed);
        result
    }

    fn answer(&self, call: Call) {
        match call {
            Call::RouteData { url, reply } => {
                let _ = reply.send(self.within_time_limit(|| self.route_data(&url)));
            }
            Call::Render { url, data, site_info, reply } => {
                let _ = reply.send(self.within_time_limit(|| self.render(&url, &data, &site_info)));
                // A page's garbage (its element tree, its strings) is freed
                // now, between renders, so the engine's heap stays at the
                // size of one render instead of growing to the next collection.
                self.runtime.run_gc();
            }
        }
    }

    fn route_data(&self, url: &str) -> Result<Vec<String>, RenderError> {
        self.context.with(|ctx| {
            let function: Function = ctx.globals().get("__page_routeData").map_err(|e| caught(&ctx, e))?;
            function.call::<_, Vec<String>>((url,)).map_err(|e| caught(&ctx, e))
        })
    }

    fn render(&self, url: &str, data: &str, site_info: &str) -> Result<RenderedPage, RenderError> {
        self.context.with(|ctx| {
            let function: Function = ctx.globals().get("__page_render").map_err(|e| caught(&ctx, e))?;
            let data = ctx.json_parse(data).map_err(|e| caught(&ctx, e))?;
            let site_info = ctx.json_parse(site_info).map_err(|e| caught(&ctx, e))?;
            let page: Object = function.call((url, data, site_info)).map_err(|e| caught(&ctx, e))?;
            let html: String = page.get("html").map_err(|e| caught(&ctx, e))?;
            let state: String = page.get("state").map_err(|e| caught(&ctx, e))?;
            Ok(RenderedPage { html, state })
        })
    }
}

/// Runs the declared bundle and keeps its two functions as globals.
fn expose_exports<'js>(ctx: &Ctx<'js>, declared: Module<'js, Declared>) -> Result<(), RenderError> {
    let (module, evaluated) = declared.eval().map_err(|e| caught(ctx, e))?;
    evaluated.finish::<()>().map_err(|e| caught(ctx, e))?;
    let globals = ctx.globals();
    for name in ["routeData", "render"] {
        let function: Function = module
            .get(name)
            .map_err(|_| RenderError::Script(format!("the bundle does not export `{name}`")))?;
        globals.set(format!("__page_{name}"), function).map_err(|e| caught(ctx, e))?;
    }
    Ok(())
}

/// `console.*` of the bundle goes to the server's log (React reports its
/// warnings there).
fn install_console(ctx: &Ctx<'_>) -> rquickjs::Result<()> {
    let console = Object::new(ctx.clone())?;
    for level in ["log", "info", "debug", "warn", "error"] {
        let log = Function::new(ctx.clone(), move |parts: Rest<rquickjs::Coerced<String>>| {
            let text = parts.0.iter().map(|part| part.0.as_str()).collect::<Vec<_>>().join(" ");
            match level {
                "warn" => tracing::warn!(target: "page_render", "{text}"),
                "error" => tracing::error!(target: "page_render", "{text}"),
                _ => tracing::debug!(target: "page_render", "{text}"),
            }
        })?;
        console.set(level, log)?;
    }
    ctx.globals().set("console", console)
}

fn script_error(error: rquickjs::Error) -> RenderError {
    RenderError::Script(error.to_string())
}

/// The thrown JavaScript value as text (with its stack when it is an Error).
fn caught(ctx: &Ctx<'_>, error: rquickjs::Error) -> RenderError {
    if !error.is_exception() {
        return script_error(error);
    }
    let thrown: Value = ctx.catch();
    let text = match thrown.as_exception() {
        Some(exception) => {
            format!("{}\n{}", exception.message().unwrap_or_default(), exception.stack().unwrap_or_default())
        }
        None => thrown
            .as_string()
            .and_then(|text| text.to_string().ok())
            .unwrap_or_else(|| "a non-Error value was thrown".to_owned()),
    };
    RenderError::Script(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bundle written to a temporary file, removed when dropped.
    struct TempBundle(std::path::PathBuf);

    impl Drop for TempBundle {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    fn bundle(source: &str) -> TempBundle {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!("page-render-{}-{}.js", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, source).expect("write bundle");
        TempBundle(path)
    }

    const ECHO: &str = r#"
        export function routeData(url) { return url === '/products' ? ['/api/products'] : []; }
        export function render(url, data, siteInfo) {
            console.warn('rendering', url);
            return { html: '<h1>' + url + '</h1><p>' + data['/api/products'].length + ' in ' + siteInfo.timeZone + '</p>', state: JSON.stringify(data) };
        }
    "#;

    #[tokio::test]
    async fn renders_with_the_data_and_site_info_given() {
        let file = bundle(ECHO);
        let renderer = PageRenderer::start(&file.0).expect("start");
        assert_eq!(renderer.route_data("/products").await.expect("route data"), vec!["/api/products"]);
        assert!(renderer.route_data("/").await.expect("route data").is_empty());
        let page = renderer
            .render(
                "/products",
                r#"{"/api/products":[1,2,3]}"#.to_owned(),
                r#"{"timeZone":"UTC"}"#.to_owned(),
            )
            .await
            .expect("render");
        assert_eq!(page.html, "<h1>/products</h1><p>3 in UTC</p>");
        assert_eq!(page.state, r#"{"/api/products":[1,2,3]}"#);
    }

    #[tokio::test]
    async fn a_throwing_render_is_an_error_and_the_next_call_still_works() {
        let file = bundle(
            r#"
            export function routeData() { return []; }
            export function render(url) { if (url === '/bad') throw new Error('boom'); return { html: 'ok', state: '{}' }; }
        "#,
        );
        let renderer = PageRenderer::start(&file.0).expect("start");
        let error = renderer.render("/bad", "{}".to_owned(), "{}".to_owned()).await.expect_err("throws");
        assert!(error.to_string().contains("boom"), "{error}");
        // The stack says where: the line (3) of the bundle.
        assert!(error.to_string().contains("render.js:3:"), "{error}");
        let page = renderer.render("/good", "{}".to_owned(), "{}".to_owned()).await.expect("render");
        assert_eq!(page.html, "ok");
    }

    #[tokio::test]
    async fn an_endless_loop_is_stopped_by_the_time_limit() {
        let file = bundle(
            r#"
            export function routeData() { return []; }
            export function render(url) { if (url === '/loop') { for (;;) {} } return { html: 'ok', state: '{}' }; }
        "#,
        );
        let renderer = PageRenderer::start(&file.0).expect("start");
        let started = Instant::now();
        assert!(renderer.render("/loop", "{}".to_owned(), "{}".to_owned()).await.is_err());
        assert!(started.elapsed() < CALL_TIME_LIMIT * 3);
        assert_eq!(renderer.render("/", "{}".to_owned(), "{}".to_owned()).await.expect("render").html, "ok");
    }

    #[tokio::test]
    async fn the_engine_stays_loaded_between_pages() {
        // The module counts the pages its engine made.
        let file = bundle(
            r#"
            let made = 0;
            export function routeData() { return []; }
            export function render() { made += 1; return { html: String(made), state: '{}' }; }
        "#,
        );
        let renderer = PageRenderer::start(&file.0).expect("start");
        let render = || renderer.render("/", "{}".to_owned(), "{}".to_owned());
        let (first, second) = tokio::join!(render(), render());
        let mut made = [first.expect("first").html, second.expect("second").html];
        made.sort();
        assert_eq!(made, ["1", "2"], "one engine makes every page, in turn");
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(render().await.expect("after a pause").html, "3", "the same engine, still loaded");
    }

    #[test]
    fn a_missing_bundle_or_export_is_refused() {
        let missing = PageRenderer::start(Path::new("/nonexistent/render.js"));
        assert!(matches!(missing, Err(RenderError::Bundle { .. })));
        let file = bundle("export function render() {}");
        let error = PageRenderer::start(&file.0).err().expect("no routeData");
        assert!(error.to_string().contains("routeData"), "{error}");
        let file = bundle("export function routeData() { return [] } syntax error here");
        assert!(PageRenderer::start(&file.0).is_err());
    }
}
