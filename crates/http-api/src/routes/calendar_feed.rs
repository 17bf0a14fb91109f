//! A team member's calendar feed (issue 44, `domain::calendar_feed`): her
//! secret address, shown in Security, which she can regenerate or turn off;
//! and the feed itself, read by her phone's calendar.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use http_common::conditional::{names_tag, strong_etag};
use http_common::{ApiError, ErrorBody};

use crate::extract::{AdminSession, count_secret_lookup};
use crate::routes::guest::{booked_services, invalid_link};
use crate::state::ApiState;

/// How long a calendar may keep the feed before asking again (it asks with
/// the `ETag`, so an unchanged feed costs no body). Apple asks every few
/// minutes; Google every 12–24 hours, whatever is said.
const FEED_MAX_AGE_SECONDS: u32 = 300;

/// The member's feed, as the Security view shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarFeed {
    /// Whether her feed is on.
    pub on: bool,
    /// The address to subscribe to (`webcal://`), while on. A secret: anyone
    /// with it sees the retreat's bookings (first names and services).
    #[schema(nullable = true)]
    pub webcal_url: Option<String>,
    /// The same address over `https://`, for calendars that ask for one
    /// (Google Calendar's "From URL"), while on.
    #[schema(nullable = true)]
    pub https_url: Option<String>,
}

impl CalendarFeed {
    fn of(state: &ApiState, token: Option<String>) -> Self {
        let https_url =
            token.map(|token| format!("{}/api/calendar-feeds/{token}/bookings.ics", state.public_url));
        let webcal_url = https_url.as_deref().map(|url| {
            let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://")).unwrap_or(url);
            format!("webcal://{rest}")
        });
        Self { on: https_url.is_some(), webcal_url, https_url }
    }
}

#[utoipa::path(get, path = "/api/admin/calendar-feed", tag = "Security",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Your calendar feed: whether it is on, and its address", body = CalendarFeed),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn calendar_feed(
    admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<CalendarFeed>, ApiError> {
    let token = state.calendar_feeds.token_of(admin.0.id).await?;
    Ok(web::Json(CalendarFeed::of(&state, token)))
}

#[utoipa::path(post, path = "/api/admin/calendar-feed", tag = "Security",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Your feed is on, at a new address: an earlier address stops at once",
            body = CalendarFeed),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn renew_calendar_feed(
    admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<CalendarFeed>, ApiError> {
    let token = state.calendar_feeds.renew(admin.0.id, admin.actor()).await?;
    Ok(web::Json(CalendarFeed::of(&state, Some(token))))
}

#[utoipa::path(delete, path = "/api/admin/calendar-feed", tag = "Security",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Your feed is off: its address stops at once", body = CalendarFeed),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn turn_off_calendar_feed(
    admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<CalendarFeed>, ApiError> {
    state.calendar_feeds.turn_off(admin.0.id, admin.actor()).await?;
    Ok(web::Json(CalendarFeed::of(&state, None)))
}

#[utoipa::path(get, path = "/api/calendar-feeds/{token}/bookings.ics", tag = "Security",
    params(("token" = String, Path, description = "The feed address's secret", max_length = 2048)),
    responses(
        (status = 200, description = "The retreat's bookings (the guest's first name and the service, never her \
            contact details or notes) from 60 days ago on, cancelled ones marked so, and blackouts as busy days: \
            iCalendar (`METHOD:PUBLISH`) in the retreat's time zone, each booking under its invitations' UID. \
            Revalidated with its `ETag`", content_type = "text/calendar", body = String),
        (status = 304, description = "Unchanged since the `ETag` named in `If-None-Match`"),
        (status = 404, description = "No feed at this address: mistyped, regenerated or turned off \
            (`invalid_link`)", body = ErrorBody),
        (status = 429, description = "Too many addresses tried from this connection (`rate_limited`); see \
            Retry-After", body = ErrorBody)))]
pub async fn feed(
    req: HttpRequest,
    state: web::Data<ApiState>,
    token: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let Some(content) = state.calendar_feeds.read(&token).await? else {
        // Counted per client address under the gift card look-ups' limit
        // (past it, 429), so addresses cannot be tried one after another. A
        // working address is never counted: a calendar that polls is never
        // held back.
        count_secret_lookup(&req, &state, "calendar-feed").await?;
        return Err(invalid_link());
    };
    let services = booked_services(&state).await?;
    let ics = state.mail.composer.team_calendar(&content.bookings, &services, &content.blackouts);
    let cache = format!("private, max-age={FEED_MAX_AGE_SECONDS}");
    Ok(calendar_answer(&req, ics, &cache, "golden-pine-bookings.ics"))
}

/// A calendar feed's answer: its text with a strong `ETag` and `cache`, or
/// 304 when the calendar asking already has it.
pub(crate) fn calendar_answer(req: &HttpRequest, ics: String, cache: &str, file_name: &str) -> HttpResponse {
    let etag = strong_etag(ics.as_bytes());
    let fresh = names_tag(req, &etag);
    let mut answer = if fresh { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    answer.insert_header((header::ETAG, etag)).insert_header((header::CACHE_CONTROL, cache));
    if fresh {
        return answer.finish();
    }
    answer
        .content_type("text/calendar; charset=utf-8")
        .insert_header(("Content-Disposition", format!("inline; filename=\"{file_name}\"")))
        .body(ics)
}
