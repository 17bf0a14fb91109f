//! The site's files: the build's hashed assets (with their brotli copies),
//! media (with right-sized copies of images) and the build's other files,
//! falling back to the app's not-found page.

use actix_files::{Files, NamedFile};
use actix_web::dev::{HttpServiceFactory, ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::header::{self, ContentEncoding, Encoding};
use actix_web::middleware::DefaultHeaders;
use actix_web::{HttpRequest, HttpResponse, guard, web};
use serde::Deserialize;

use http_common::conditional::preferred_encoding;
use http_common::{ApiError, ErrorCode};

use crate::state::SiteState;

/// Hashed build assets: the name changes with the content, so browsers may
/// keep them forever. Scripts and stylesheets come with a brotli copy made
/// at build time at the highest quality (`file.js.br`, frontend/build),
/// sent to browsers that take brotli: smaller than compressing each
/// response on the fly, and no work per request.
pub fn assets() -> impl HttpServiceFactory + use<> {
    web::scope("/assets")
        .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "public, max-age=31536000, immutable")))
        .service(
            web::resource("/{name}")
                .route(web::get().to(asset))
                .route(web::head().to(asset))
                .default_service(web::to(|| async {
                    HttpResponse::MethodNotAllowed().insert_header((header::ALLOW, "GET, HEAD")).finish()
                })),
        )
}

/// A file of the build's `assets/` folder, its brotli copy when there is one
/// and the browser takes it.
async fn asset(req: HttpRequest, state: web::Data<SiteState>, name: web::Path<String>) -> HttpResponse {
    // One plain file name of the build (`index-3f9a1c.js`): nothing that
    // could leave the folder.
    let plain_name = !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !plain_name {
        return HttpResponse::NotFound().finish();
    }
    let folder = state.config.frontend_dir.join("assets");
    let takes_brotli = preferred_encoding(&req, &[Encoding::brotli(), Encoding::identity()])
        .is_some_and(|chosen| chosen == Encoding::brotli());
    let extension = std::path::Path::new(name.as_str()).extension().and_then(|e| e.to_str()).unwrap_or("");
    let compressed = folder.join(format!("{name}.br"));
    let file = if takes_brotli && compressed.is_file() {
        NamedFile::open(&compressed).map(|file| {
            file.set_content_type(actix_files::file_extension_to_mime(extension))
                .set_content_encoding(ContentEncoding::Brotli)
        })
    } else {
        NamedFile::open(folder.join(name.as_str()))
    };
    match file {
        Ok(file) => {
            let mut response = file.use_etag(true).disable_content_disposition().into_response(&req);
            response.headers_mut().insert(header::VARY, header::HeaderValue::from_static("Accept-Encoding"));
            response
        }
        Err(_) => HttpResponse::NotFound().finish(),
    }
}

/// Demo and uploaded media: stable names, cached for a day. An image with
/// `?w=` (one of `image_variants::WIDTHS`) is answered with its WebP copy of
/// that width, made on the first request and kept on disk.
pub fn media(state: &SiteState) -> impl HttpServiceFactory + use<> {
    web::scope("/media")
        .service(
            // Uploads: content-addressed, so never changed under their name.
            web::resource("/uploads/{name}")
                .wrap(
                    DefaultHeaders::new().add((header::CACHE_CONTROL, "public, max-age=31536000, immutable")),
                )
                .route(web::get().to(upload))
                .route(web::head().to(upload)),
        )
        .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "public, max-age=86400")))
        .service(
            // The tail form, not a regex segment: the metrics middleware can name it.
            web::resource("/{path}*")
                .guard(guard::fn_guard(|ctx| asks_for_width(ctx.head().uri.query())))
                .route(web::get().to(media_copy))
                .route(web::head().to(media_copy)),
        )
        .service(Files::new("", &state.config.media_dir).use_etag(true))
}

fn asks_for_width(query: Option<&str>) -> bool {
    query.is_some_and(|query| query.split('&').any(|pair| pair.starts_with("w=")))
}

#[derive(Deserialize)]
struct CopyWidth {
    w: String,
}

/// An uploaded file (or its copy `?w=` wide), from the uploads folder;
/// with a shared store, fetched from it into the folder on first request.
async fn upload(
    req: HttpRequest,
    state: web::Data<SiteState>,
    name: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let name = name.into_inner();
    let kind = domain::media::parse_content_name(&name).ok_or_else(|| ApiError::not_found("File"))?;
    let dir = state.uploads_dir.clone().ok_or_else(|| ApiError::not_found("File"))?;
    let path = dir.join(&name);
    if !tokio::fs::try_exists(&path).await.unwrap_or(false) {
        let Some(remote) = &state.remote_uploads else { return Err(ApiError::not_found("File")) };
        let bytes = remote
            .get(&name)
            .await
            .map_err(|error| ApiError::internal(format!("media store: {error}")))?
            .ok_or_else(|| ApiError::not_found("File"))?;
        media_copy_keep(&dir, &name, bytes).await?;
    }
    if asks_for_width(req.query_string().into()) {
        let width = web::Query::<CopyWidth>::from_query(req.query_string())
            .map_err(|_| ApiError::new(ErrorCode::InvalidQuery, "w must be a width"))?;
        return serve_copy(&req, &state, format!("uploads/{name}"), &width.w).await;
    }
    let file = NamedFile::open(&path).map_err(|_| ApiError::not_found("File"))?;
    let mime = kind.mime().parse().map_err(|_| ApiError::internal("mime"))?;
    Ok(file.set_content_type(mime).use_etag(true).disable_content_disposition().into_response(&req))
}

/// Keeps a fetched upload in the folder, whole (written aside, renamed).
async fn media_copy_keep(dir: &std::path::Path, name: &str, bytes: Vec<u8>) -> Result<(), ApiError> {
    tokio::fs::create_dir_all(dir)
        .await
        .map_err(|error| ApiError::internal(format!("uploads folder: {error}")))?;
    let partial = dir.join(format!(".{name}.fetched-{}-{}", std::process::id(), rand_suffix()));
    tokio::fs::write(&partial, bytes)
        .await
        .map_err(|error| ApiError::internal(format!("uploads folder: {error}")))?;
    tokio::fs::rename(&partial, dir.join(name))
        .await
        .map_err(|error| ApiError::internal(format!("uploads folder: {error}")))
}

fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

async fn media_copy(
    req: HttpRequest,
    state: web::Data<SiteState>,
    path: web::Path<String>,
    width: web::Query<CopyWidth>,
) -> Result<HttpResponse, ApiError> {
    serve_copy(&req, &state, path.into_inner(), &width.w).await
}

/// The copy of the media file at `relative`, `width` wide.
async fn serve_copy(
    req: &HttpRequest,
    state: &SiteState,
    relative: String,
    width: &str,
) -> Result<HttpResponse, ApiError> {
    let width = width.parse::<u32>().ok().filter(|width| image_variants::WIDTHS.contains(width)).ok_or_else(
        || {
            ApiError::new(
                ErrorCode::InvalidQuery,
                "w must be one of the widths copies are made at: 320, 640, 960, 1280 or 1920",
            )
        },
    )?;
    let images = state.catalogue.images().clone();
    // Made (or found) and opened off the event loop: both touch the disk.
    let made = web::block(move || images.variant(&relative, width).map(actix_files::NamedFile::open))
        .await
        .map_err(|error| ApiError::internal(format!("image copy: {error}")))?;
    let file = match made {
        Ok(Ok(file)) => file,
        Ok(Err(error)) => return Err(ApiError::internal(format!("image copy: {error}"))),
        Err(image_variants::VariantError::NotFound) => return Err(ApiError::not_found("Image")),
        Err(image_variants::VariantError::Unreadable(cause)) => {
            tracing::warn!(path = %req.path(), %cause, "a media file is not an image copies can be made of");
            return Err(ApiError::not_found("Image"));
        }
        Err(error) => return Err(ApiError::internal(format!("image copy: {error}"))),
    };
    let file = file.set_content_type("image/webp".parse().map_err(|_| ApiError::internal("image/webp"))?);
    Ok(file.into_response(req))
}

/// Other files of the build (favicon, social image, fonts...), falling back
/// to the app's not-found page for every other path.
pub fn root_files(state: &SiteState) -> Files {
    Files::new("/", &state.config.frontend_dir).use_etag(true).default_handler(fn_service(
        |req: ServiceRequest| async {
            let (req, _) = req.into_parts();
            let state = req.app_data::<web::Data<SiteState>>().cloned();
            let response = match state {
                Some(state) => crate::document::not_found(&state, req.path()).await,
                None => HttpResponse::NotFound().finish(),
            };
            Ok(ServiceResponse::new(req, response))
        },
    ))
}
