//! What guests reach through the signed links in their mail: their booking
//! (to see it and cancel it up to the cutoff) and the newsletter's one-click
//! unsubscribe (RFC 8058). No account; the link is the permission.

use actix_web::web;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use domain::booking::{self as model, booking_starts_at, guest_may_cancel};

use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::state::AppState;
use crate::wire;

pub const INVALID_LINK_MESSAGE: &str =
    "This link is not valid or has expired. Please write to us and we will gladly help.";

fn invalid_link() -> ApiError {
    ApiError::new(ErrorCode::InvalidLink, INVALID_LINK_MESSAGE)
}

/// A booking as its guest sees it through their link.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestBooking {
    pub id: Uuid,
    pub first_name: String,
    pub service: wire::ServiceKey,
    /// The name of the service record carrying the key, when there is one.
    pub service_name: Option<String>,
    #[schema(example = "2026-12-18")]
    pub date: String,
    /// A stay's check-out day (11:00), yyyy-MM-dd; null for other services.
    #[schema(example = "2026-12-20")]
    pub check_out: Option<String>,
    /// A stay's nights; null for other services.
    pub nights: Option<i64>,
    pub time: wire::TimeSlot,
    pub status: wire::BookingStatus,
    /// When it begins, in the retreat's local time (yyyy-MM-ddTHH:mm:ss).
    #[schema(value_type = String, example = "2026-12-18T11:00:00")]
    pub starts_at: NaiveDateTime,
    /// Whether the guest may still cancel it here.
    pub cancellable: bool,
    /// Until when it may be cancelled online, in the retreat's local time.
    #[schema(value_type = String, example = "2026-12-17T11:00:00")]
    pub cancellable_until: NaiveDateTime,
    /// Why it cannot be cancelled here, in words for the guest.
    pub not_cancellable_reason: Option<String>,
}

async fn view(state: &AppState, booking: model::Booking) -> Result<GuestBooking, ApiError> {
    let cutoff = state.mail.guest_cancel_cutoff_hours;
    let refusal = guest_may_cancel(&booking, state.clock.local_now(), cutoff).err();
    let services = state.catalog.list_services().await?;
    let service_name = services.into_iter().find(|s| s.booking_key == Some(booking.service)).map(|s| s.name);
    let starts_at = booking_starts_at(&booking);
    let nights = booking.stay_nights().map(|n| n as i64);
    Ok(GuestBooking {
        id: booking.id,
        first_name: booking.first_name,
        service: booking.service.into(),
        service_name,
        date: booking.date.format(model::DATE_FORMAT).to_string(),
        check_out: booking.check_out.map(|day| day.format(model::DATE_FORMAT).to_string()),
        nights,
        time: booking.time.into(),
        status: booking.status.into(),
        starts_at,
        cancellable: refusal.is_none(),
        cancellable_until: starts_at - chrono::Duration::hours(cutoff),
        not_cancellable_reason: refusal.map(|r| r.to_string()),
    })
}

#[utoipa::path(get, path = "/api/guest/bookings/{token}", tag = "Guest",
    params(("token" = String, Path, description = "The signed link's token", max_length = 2048)),
    responses(
        (status = 200, description = "The booking", body = GuestBooking),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody)))]
pub async fn booking(
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<web::Json<GuestBooking>, ApiError> {
    let id = state.mail.links.verify_booking(&token).ok_or_else(invalid_link)?;
    let booking = state.bookings.get_booking(id).await.map_err(|_| invalid_link())?;
    Ok(web::Json(view(&state, booking).await?))
}

#[utoipa::path(post, path = "/api/guest/bookings/{token}/cancel", tag = "Guest",
    params(("token" = String, Path, description = "The signed link's token", max_length = 2048)),
    responses(
        (status = 200, description = "Cancelled: its place is free again, and the retreat is told", body = GuestBooking),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody),
        (status = 409, description = "Too close to its start (`cancellation_closed`), or already cancelled \
            (`already_cancelled`)", body = ErrorBody)))]
pub async fn cancel_booking(
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<web::Json<GuestBooking>, ApiError> {
    let id = state.mail.links.verify_booking(&token).ok_or_else(invalid_link)?;
    let cutoff = state.mail.guest_cancel_cutoff_hours;
    let booking = match state.bookings.cancel_by_guest(id, state.clock.local_now(), cutoff).await {
        Err(ports::GuestCancelError::Repo(ports::RepoError::NotFound)) => return Err(invalid_link()),
        other => other?,
    };
    Ok(web::Json(view(&state, booking).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// The signed token from the newsletter message.
    #[param(required = true, max_length = 2048)]
    pub token: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Unsubscribed {
    pub unsubscribed: bool,
}

/// The RFC 8058 one-click endpoint: mail clients POST
/// `List-Unsubscribe=One-Click` to it; the unsubscribe page posts here too.
/// Its body is not read. Unsubscribing twice is not an error.
#[utoipa::path(post, path = "/api/newsletter/unsubscribe", tag = "Newsletter", params(UnsubscribeQuery),
    responses(
        (status = 200, description = "No more newsletter mail to this address", body = Unsubscribed),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody)))]
pub async fn unsubscribe(
    state: web::Data<AppState>,
    query: web::Query<UnsubscribeQuery>,
) -> Result<web::Json<Unsubscribed>, ApiError> {
    let token = query.into_inner().token.unwrap_or_default();
    let id = state.mail.links.verify_unsubscribe(&token).ok_or_else(invalid_link)?;
    match state.content.unsubscribe(id).await {
        Ok(()) | Err(ports::RepoError::NotFound) => Ok(web::Json(Unsubscribed { unsubscribed: true })),
        Err(error) => Err(error.into()),
    }
}
