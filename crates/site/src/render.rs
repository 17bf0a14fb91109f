//! Server rendering (docs/decisions.md §13): the page's markup made by the
//! frontend's own server bundle in QuickJS, from the catalogue's answers.
//! The bundle names what a page reads (`routeData`: the API paths, as the
//! browser app asks for them); each names a read of the catalogue read
//! model, which answers it from memory.

use std::sync::Arc;

use catalogue::CatalogueRead;
use page_render::RenderedPage;

use crate::info::site_info;
use crate::kept::Keep;
use crate::state::SiteState;

/// Why a page could not be rendered (logged; the page goes out as the shell).
#[derive(Debug, thiserror::Error)]
enum RenderFailure {
    #[error(transparent)]
    Engine(#[from] page_render::RenderError),
    #[error("the server bundle asked for {0}, which is not a catalogue read")]
    NotACatalogueRead(String),
    #[error("the catalogue could not be read: {0}")]
    Catalogue(#[from] ports::RepoError),
    #[error("the data could not be written: {0}")]
    Json(#[from] serde_json::Error),
    #[error("a catalogue answer is not UTF-8")]
    NotUtf8,
}

/// The page at `path` rendered by the app's server bundle, kept under `key`
/// until the catalogue changes. `None` (the page goes out as the bare shell,
/// the browser renders it) when there is no bundle, or it or the catalogue
/// fails; the error is logged.
pub async fn rendered(state: &SiteState, path: &str, key: &str) -> Option<Arc<RenderedPage>> {
    state.renderer.as_ref()?;
    state
        .kept
        .rendered(
            key,
            || state.catalogue.generation(),
            || async {
                match render(state, path).await {
                    Ok(page) => {
                        state.pages_made.inc();
                        Some(page)
                    }
                    Err(error) => {
                        tracing::error!(%error, path, "server rendering");
                        None
                    }
                }
            },
        )
        .await
}

async fn render(state: &SiteState, path: &str) -> Result<RenderedPage, RenderFailure> {
    let Some(renderer) = state.renderer.as_ref() else {
        return Err(page_render::RenderError::Stopped.into());
    };
    let needed = renderer.route_data(path).await?;
    // {"/api/products": <its answer>, ...}: the kept JSON as it is, not parsed again.
    let mut data = String::from("{");
    for (index, api_path) in needed.iter().enumerate() {
        let read = CatalogueRead::from_api_path(api_path)
            .ok_or_else(|| RenderFailure::NotACatalogueRead(api_path.clone()))?;
        let answer = state.catalogue.answer(&read).await?;
        if index > 0 {
            data.push(',');
        }
        data.push_str(&serde_json::to_string(api_path)?);
        data.push(':');
        data.push_str(std::str::from_utf8(&answer.body).map_err(|_| RenderFailure::NotUtf8)?);
    }
    data.push('}');
    let site_info = serde_json::to_string(&site_info(&state.config))?;
    Ok(renderer.render(path, data, site_info).await?)
}

/// The page's markup when it is one the server renders, and whether the
/// page may be kept: not when rendering failed (it goes out as the bare
/// shell until it renders again).
pub async fn markup_of(state: &SiteState, path: &str) -> (Option<Arc<RenderedPage>>, Keep) {
    let rendered = rendered(state, path, path).await;
    let keep = if rendered.is_some() || state.renderer.is_none() { Keep::Yes } else { Keep::No };
    (rendered, keep)
}
