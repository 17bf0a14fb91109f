//! The media library (issue 24): uploads, the list of kept files with where
//! each is shown, and deleting what is not shown anywhere. Admin-only.
//!
//! An upload is the file's bytes as the request body (one request per file,
//! so the browser can show each file's progress), with the file's type as
//! `Content-Type` and its name in `?name=`. The body is read in chunks and
//! refused as soon as it is not a taken type (its first bytes tell) or
//! grows past the limit for its type, so at most one file's bytes are held.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use domain::media::{self as rules, LibraryEntry, MediaError, MediaFile, MediaKind, MediaUse, MediaUser};
use http_common::{ApiError, ErrorBody, ErrorCode};
use ports::{MediaDeleteError, UploadError};

use crate::extract::OwnerSession;
use crate::state::ApiState;

/// A kept file's type.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MediaFileKind {
    Jpeg,
    Png,
    Webp,
    Avif,
    Mp4,
    Webm,
}

impl From<MediaKind> for MediaFileKind {
    fn from(kind: MediaKind) -> Self {
        match kind {
            MediaKind::Jpeg => MediaFileKind::Jpeg,
            MediaKind::Png => MediaFileKind::Png,
            MediaKind::Webp => MediaFileKind::Webp,
            MediaKind::Avif => MediaFileKind::Avif,
            MediaKind::Mp4 => MediaFileKind::Mp4,
            MediaKind::Webm => MediaFileKind::Webm,
        }
    }
}

/// What shows a file.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum MediaUserKind {
    /// A product's main picture.
    Product,
    /// A picture or video of a product's gallery.
    ProductGallery,
    Service,
    BlogPost,
}

/// One place a file is shown.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MediaUseView {
    pub kind: MediaUserKind,
    /// The product (for a gallery too), service or post.
    pub id: Uuid,
    /// Its name or title.
    pub label: String,
}

impl From<MediaUse> for MediaUseView {
    fn from(found: MediaUse) -> Self {
        let kind = match found.user {
            MediaUser::Product => MediaUserKind::Product,
            MediaUser::ProductGallery => MediaUserKind::ProductGallery,
            MediaUser::Service => MediaUserKind::Service,
            MediaUser::BlogPost => MediaUserKind::BlogPost,
        };
        Self { kind, id: found.id, label: found.label }
    }
}

/// A file of the media library.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MediaFileView {
    pub id: Uuid,
    /// The content-addressed name: SHA-256 of the kept bytes and the type's extension.
    #[schema(example = "3f0c8e1d9a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d.jpg")]
    pub name: String,
    /// Where it is served; put it in any image or media field.
    #[schema(
        example = "/media/uploads/3f0c8e1d9a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d.jpg"
    )]
    pub url: String,
    pub kind: MediaFileKind,
    #[schema(example = "image/jpeg")]
    pub content_type: String,
    /// Bytes as kept (after its metadata was removed).
    pub byte_size: i64,
    /// Pixels, for an image.
    pub width: Option<i32>,
    pub height: Option<i32>,
    /// The name it was uploaded with (its last part only).
    pub original_name: String,
    pub uploaded_at: DateTime<Utc>,
    /// Where it is shown; a file shown nowhere may be deleted.
    pub uses: Vec<MediaUseView>,
}

impl MediaFileView {
    fn of(file: MediaFile, uses: Vec<MediaUse>) -> Self {
        Self {
            id: file.id,
            url: file.url(),
            name: file.name,
            kind: file.kind.into(),
            content_type: file.kind.mime().to_owned(),
            byte_size: file.byte_size,
            width: file.width,
            height: file.height,
            original_name: file.original_name,
            uploaded_at: file.uploaded_at,
            uses: uses.into_iter().map(MediaUseView::from).collect(),
        }
    }
}

/// A file's bytes, as they are on the owner's device.
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct FileBytes(pub Vec<u8>);

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadQuery {
    /// The file's name on the owner's device (shown in the library; a path is cut to its last part).
    pub name: Option<String>,
}

fn refused(error: MediaError) -> ApiError {
    let code = match &error {
        MediaError::NotAccepted | MediaError::TypeMismatch { .. } => ErrorCode::UnsupportedMediaType,
        MediaError::TooLarge { .. } => ErrorCode::PayloadTooLarge,
        MediaError::Empty
        | MediaError::TooManyPixels { .. }
        | MediaError::Unreadable(_)
        | MediaError::Refused(_) => ErrorCode::MediaRefused,
    };
    ApiError::new(code, error.to_string())
}

/// Reads the body, refusing it as soon as its first bytes are not a taken
/// type, or it grows past its type's limit; a stall longer than the body
/// timeout ends it.
async fn read_upload(
    req: &HttpRequest,
    mut payload: web::Payload,
    declared: Option<MediaKind>,
    stall: std::time::Duration,
) -> Result<(Vec<u8>, MediaKind), ApiError> {
    let length = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    let most = declared.map_or(rules::MAX_VIDEO_BYTES, MediaKind::max_bytes);
    if length.is_some_and(|length| length > most) {
        return Err(refused(MediaError::too_large(declared)));
    }
    let capacity = usize::try_from(length.unwrap_or(0).min(most)).unwrap_or(0);
    let mut bytes = Vec::with_capacity(capacity);
    let mut kind = None;
    loop {
        let next = tokio::time::timeout(stall, payload.next()).await.map_err(|_| {
            ApiError::new(ErrorCode::RequestTimeout, "The upload stalled: nothing arrived for too long")
        })?;
        let Some(chunk) = next else { break };
        let chunk = chunk.map_err(|error| {
            ApiError::new(ErrorCode::MediaRefused, format!("The upload broke off: {error}"))
        })?;
        bytes.extend_from_slice(&chunk);
        if kind.is_none() && bytes.len() >= rules::SNIFF_BYTES {
            let found = MediaKind::sniff(&bytes).ok_or_else(|| refused(MediaError::NotAccepted))?;
            found.check_declared(declared).map_err(refused)?;
            kind = Some(found);
        }
        let limit = kind.map_or(most, MediaKind::max_bytes);
        if bytes.len() as u64 > limit {
            return Err(refused(MediaError::too_large(kind.or(declared))));
        }
    }
    if bytes.is_empty() {
        return Err(refused(MediaError::Empty));
    }
    let kind = match kind {
        Some(kind) => kind,
        None => {
            let found = MediaKind::sniff(&bytes).ok_or_else(|| refused(MediaError::NotAccepted))?;
            found.check_declared(declared).map_err(refused)?;
            found
        }
    };
    Ok((bytes, kind))
}

#[utoipa::path(post, path = "/api/admin/media", tag = "Media library",
    params(UploadQuery),
    request_body(
        description = "The file's bytes. JPEG, PNG, WebP or AVIF images up to 20 MB and 36 megapixels; MP4 or WebM videos up to 64 MB. The type is read from the bytes; a `Content-Type` naming another type is refused.",
        content(
            (FileBytes = "image/jpeg"), (FileBytes = "image/png"), (FileBytes = "image/webp"),
            (FileBytes = "image/avif"), (FileBytes = "video/mp4"), (FileBytes = "video/webm"),
            (FileBytes = "application/octet-stream"),
        ),
    ),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 201, description = "Kept: metadata removed, turned upright, stored under its content's name", body = MediaFileView),
        (status = 200, description = "The same file was uploaded before: that record", body = MediaFileView),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 408, description = "The upload stalled (`request_timeout`)", body = ErrorBody),
        (status = 413, description = "Larger than the limit for its type (`payload_too_large`)", body = ErrorBody),
        (status = 415, description = "Not a taken type, or not the type its `Content-Type` names (`unsupported_media_type`)", body = ErrorBody),
        (status = 422, description = "Too many pixels (a decompression bomb), unreadable, or with metadata that cannot be removed (`media_refused`)", body = ErrorBody)))]
pub async fn upload(
    req: HttpRequest,
    admin: OwnerSession,
    state: web::Data<ApiState>,
    query: web::Query<UploadQuery>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let declared = req
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|value| value.to_str().unwrap_or("invalid/invalid"))
        .map_or(Ok(None), MediaKind::from_declared)
        .map_err(refused)?;
    let (bytes, kind) = read_upload(&req, payload, declared, state.guard.body_timeout).await?;
    let original_name = rules::display_name(query.name.as_deref().unwrap_or_default());
    let (file, new) =
        state.media.upload(bytes, kind, original_name, admin.actor()).await.map_err(|error| match error {
            UploadError::Refused(error) => refused(error),
            UploadError::Store(error) => ApiError::internal(format!("media store: {error}")),
            UploadError::Repo(error) => ApiError::repo("Media file")(error),
        })?;
    let body = MediaFileView::of(file, Vec::new());
    Ok(if new { HttpResponse::Created().json(body) } else { HttpResponse::Ok().json(body) })
}

#[utoipa::path(get, path = "/api/admin/media", tag = "Media library",
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Every kept file, newest first, with where each is shown", body = [MediaFileView]),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn library(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<MediaFileView>>, ApiError> {
    let entries = state.media.library().await.map_err(ApiError::repo("Media file"))?;
    Ok(web::Json(
        entries.into_iter().map(|LibraryEntry { file, uses }| MediaFileView::of(file, uses)).collect(),
    ))
}

#[utoipa::path(delete, path = "/api/admin/media/{name}", tag = "Media library",
    params(("name" = String, Path, description = "The file's content-addressed name",
        pattern = r"^[0-9a-f]{64}\.(jpg|png|webp|avif|mp4|webm)$")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 204, description = "Deleted from the library and the store"),
        (status = 400, description = "Not a content-addressed name (`invalid_id`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such file", body = ErrorBody),
        (status = 409, description = "Still shown somewhere (`media_in_use`); the message names where", body = ErrorBody)))]
pub async fn delete(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    name: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    if rules::parse_content_name(&name).is_none() {
        return Err(ApiError::new(
            ErrorCode::InvalidId,
            "Not a media file's name (its content's SHA-256 and its type's extension)",
        ));
    }
    match state.media.delete(&name, admin.actor()).await {
        Ok(_) => Ok(HttpResponse::NoContent().finish()),
        Err(MediaDeleteError::NotFound) => Err(ApiError::not_found("Media file")),
        Err(MediaDeleteError::InUse(uses)) => {
            let places: Vec<String> = uses
                .iter()
                .map(|found| {
                    let what = match found.user {
                        MediaUser::Product => "product",
                        MediaUser::ProductGallery => "gallery of",
                        MediaUser::Service => "service",
                        MediaUser::BlogPost => "post",
                    };
                    format!("{what} “{}”", found.label)
                })
                .collect();
            Err(ApiError::new(
                ErrorCode::MediaInUse,
                format!("This file is still shown by: {}. Replace it there first.", places.join(", ")),
            ))
        }
        Err(MediaDeleteError::Repo(error)) => Err(ApiError::repo("Media file")(error)),
    }
}
