//! The Tiny Home in step with other sites (issue 44, `domain::stay_sync`):
//! the owner's imports of listing calendars (Airbnb, VRBO, Booking.com),
//! how often they are fetched, the double bookings they reveal, and the
//! export of the retreat's own taken nights for those sites to import.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use domain::stay_sync::{NewStayImport, StayImport, SyncSettings};
use http_common::{ApiError, ErrorBody, ErrorCode, ValidationErrors};
use ports::SyncOutcome;

use crate::extract::{JsonBody, OwnerSession};
use crate::routes::bookings::Booking;
use crate::routes::calendar_feed::calendar_answer;
use crate::state::ApiState;
use crate::wire::fields::{ImportAddress, ImportName, SyncMinutes};
use crate::wire::form_whole;

/// Where the retreat's own taken nights are exported, under the API.
const EXPORT_PATH: &str = "/api/stays/tiny-home.ics";
const DUPLICATE_MESSAGE: &str = "This calendar is imported already";
const MINUTES_MESSAGE: &str = "Fetch every 5 to 1,440 minutes";

/// A listing calendar the owner imports, and how its last fetch went.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StayImportView {
    pub id: Uuid,
    /// The site, as the owner named it ("Airbnb").
    pub name: String,
    /// The calendar's address (the site's export link: a secret of the listing).
    pub url: String,
    pub created_at: DateTime<Utc>,
    /// When it was last fetched (or tried).
    #[schema(nullable = true)]
    pub attempted_at: Option<DateTime<Utc>>,
    /// When a fetch last succeeded.
    #[schema(nullable = true)]
    pub synced_at: Option<DateTime<Utc>>,
    /// How many nights the last good fetch took (blocked here).
    pub nights: i32,
    /// Why the last fetch failed; the nights of the last good one stay blocked.
    #[schema(nullable = true)]
    pub last_error: Option<String>,
}

impl From<StayImport> for StayImportView {
    fn from(i: StayImport) -> Self {
        Self {
            id: i.id,
            name: i.name,
            url: i.url,
            created_at: i.created_at,
            attempted_at: i.attempted_at,
            synced_at: i.synced_at,
            nights: i.nights,
            last_error: i.last_error,
        }
    }
}

/// A booking here on nights an import also takes: the owner settles it
/// (cancels or moves it here, or frees the night on the other site).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoubleBookingView {
    pub booking: Booking,
    /// The import whose calendar takes the nights.
    pub import_name: String,
    /// The nights both take.
    #[schema(value_type = Vec<String>, format = Date)]
    pub nights: Vec<NaiveDate>,
}

/// The Tiny Home's calendars: the export, the imports, their schedule and
/// the double bookings they reveal.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaySync {
    /// The retreat's taken nights as iCalendar, for Airbnb, VRBO or
    /// Booking.com to import: no names, nothing but the nights.
    pub export_url: String,
    /// Minutes between fetches of each import.
    pub every_minutes: i32,
    pub imports: Vec<StayImportView>,
    pub double_bookings: Vec<DoubleBookingView>,
}

async fn stay_sync_view(state: &ApiState) -> Result<StaySync, ApiError> {
    let store = state.stay_sync.store();
    let settings = store.sync_settings().await?;
    let imports = store.stay_imports().await?;
    let double_bookings = store
        .double_bookings()
        .await?
        .into_iter()
        .map(|d| DoubleBookingView {
            booking: d.booking.into(),
            import_name: d.import_name,
            nights: d.nights,
        })
        .collect();
    Ok(StaySync {
        export_url: format!("{}{EXPORT_PATH}", state.public_url),
        every_minutes: settings.every_minutes,
        imports: imports.into_iter().map(Into::into).collect(),
        double_bookings,
    })
}

#[utoipa::path(get, path = "/api/admin/stay-sync", tag = "Calendar",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The Tiny Home's calendars: the export address, the imports and how their \
            last fetch went, how often they are fetched, and the bookings here on nights an import takes",
            body = StaySync),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner", body = ErrorBody)))]
pub async fn stay_sync(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<StaySync>, ApiError> {
    Ok(web::Json(stay_sync_view(&state).await?))
}

/// How often the imports are fetched.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaySyncSettingsInput {
    #[serde(default)]
    #[schema(required = true)]
    pub every_minutes: SyncMinutes,
}

#[utoipa::path(put, path = "/api/admin/stay-sync", tag = "Calendar", request_body = StaySyncSettingsInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Saved", body = StaySync),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner", body = ErrorBody),
        (status = 400, description = "Not a whole number of minutes from 5 to 1,440", body = ErrorBody)))]
pub async fn save_stay_sync(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<StaySyncSettingsInput>,
) -> Result<web::Json<StaySync>, ApiError> {
    let minutes = form_whole(&input.every_minutes.0).and_then(|n| i32::try_from(n).ok());
    let settings = minutes
        .map(|every_minutes| SyncSettings { every_minutes })
        .and_then(|settings| settings.check().ok())
        .ok_or_else(|| ValidationErrors::single("everyMinutes", MINUTES_MESSAGE))?;
    state.stay_sync.store().save_sync_settings(settings, admin.actor()).await?;
    Ok(web::Json(stay_sync_view(&state).await?))
}

/// A listing calendar to import.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StayImportInput {
    #[serde(default)]
    #[schema(required = true)]
    pub name: ImportName,
    /// The listing's calendar export address (Airbnb: Listing → Availability →
    /// Connect calendars → Export calendar).
    #[serde(default)]
    #[schema(required = true)]
    pub url: ImportAddress,
}

#[utoipa::path(post, path = "/api/admin/stay-imports", tag = "Calendar", request_body = StayImportInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "Added; fetched with the next round of the schedule, or at once with \
            `POST /api/admin/stay-imports/{id}/sync`", body = StayImportView),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner", body = ErrorBody),
        (status = 400, description = "A name or an http(s) address is missing", body = ErrorBody),
        (status = 409, description = "This calendar is imported already (`duplicate_import`)", body = ErrorBody)))]
pub async fn add_stay_import(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<StayImportInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    let import = NewStayImport::parse(&input.name.0, &input.url.0).map_err(|refusals| {
        let mut errors = ValidationErrors::new();
        for (field, message) in refusals {
            errors.add(field, message);
        }
        errors
    })?;
    let saved = state
        .stay_sync
        .store()
        .add_stay_import(import, admin.actor())
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::DuplicateImport, DUPLICATE_MESSAGE))?;
    Ok(HttpResponse::Created().json(StayImportView::from(saved)))
}

#[utoipa::path(delete, path = "/api/admin/stay-imports/{id}", tag = "Calendar",
    params(("id" = Uuid, Path, description = "The import")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Removed, with every night it blocked"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner", body = ErrorBody),
        (status = 404, description = "No such import", body = ErrorBody)))]
pub async fn remove_stay_import(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    if state.stay_sync.store().remove_stay_import(*id, admin.actor()).await? {
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(ApiError::not_found("Calendar import"))
    }
}

#[utoipa::path(post, path = "/api/admin/stay-imports/{id}/sync", tag = "Calendar",
    params(("id" = Uuid, Path, description = "The import")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Fetched now: its nights are blocked here, or `lastError` says why not (the \
            last good nights stay)", body = StayImportView),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner", body = ErrorBody),
        (status = 404, description = "No such import", body = ErrorBody)))]
pub async fn sync_stay_import(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<StayImportView>, ApiError> {
    let not_found = || ApiError::not_found("Calendar import");
    match state.stay_sync.sync_now(*id).await? {
        None | Some(SyncOutcome::Gone) => Err(not_found()),
        Some(SyncOutcome::Synced { .. } | SyncOutcome::Failed(_)) => {
            let imports = state.stay_sync.store().stay_imports().await?;
            let import = imports.into_iter().find(|i| i.id == *id).ok_or_else(not_found)?;
            Ok(web::Json(import.into()))
        }
    }
}

#[utoipa::path(get, path = "/api/stays/tiny-home.ics", tag = "Calendar",
    responses(
        (status = 200, description = "The Tiny Home's nights taken here (bookings and the owner's closures, not \
            what other sites' calendars took), from yesterday on, as whole-day events named \"Not available\": \
            iCalendar for Airbnb, VRBO or Booking.com to import. No names or anything else of a guest. Revalidated \
            with its `ETag`", content_type = "text/calendar", body = String),
        (status = 304, description = "Unchanged since the `ETag` named in `If-None-Match`")))]
pub async fn tiny_home_calendar(
    req: HttpRequest,
    state: web::Data<ApiState>,
) -> Result<HttpResponse, ApiError> {
    let runs = state.stay_sync.nights_taken_here().await?;
    let ics = state.mail.composer.taken_nights_calendar(&runs);
    // The other sites poll every few hours at most; a short cache spares the
    // database a burst.
    Ok(calendar_answer(&req, ics, "public, max-age=300", "golden-pine-tiny-home.ics"))
}
