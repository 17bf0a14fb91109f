//! Moving a visit (issue 42, docs/decisions.md §9 "Moving a visit"): the
//! guest through her link, the owner from the dashboard, and the owner's
//! settings for guests' visits.

use actix_web::web;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use domain::booking as model;
use http_common::{ApiError, ErrorBody, ValidationErrors};

use crate::extract::{AdminSession, JsonBody, OwnerSession};
use crate::routes::bookings::Booking;
use crate::routes::guest::{GuestBooking, GuestTreatment, guest_view, invalid_link};
use crate::state::ApiState;
use crate::wire::fields::CalendarDate;
use crate::wire::form_whole;
use crate::wire::messages::*;

/// Where a booking is to go.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveInput {
    /// The new date (a stay: its new check-in day; it keeps its number of nights).
    #[serde(default)]
    #[schema(required = true)]
    pub date: CalendarDate,
    /// The new time; left out or null, the booking's own. A stay keeps its
    /// check-in time (15:00) whatever is sent.
    #[serde(default)]
    #[schema(value_type = Option<crate::wire::TimeSlotInput>)]
    pub time: Option<String>,
    /// For a stay: move the treatments its guest booked inside it along, each
    /// to the same day of the stay at its own time, checked together with it
    /// (all move, or none). Left out: false.
    #[serde(default)]
    pub with_treatments: Option<bool>,
}

impl MoveInput {
    /// The date and, when sent, the time.
    fn read(&self) -> Result<(chrono::NaiveDate, Option<model::TimeSlot>), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let date = errors.field("date", model::parse_date(&self.date.0), DATE_REQUIRED);
        let time = match self.time.as_deref() {
            None => Some(None),
            Some(text) => errors.take("time", model::TimeSlot::parse(text).map(Some).ok_or(TIME_REQUIRED)),
        };
        match (date, time) {
            (Some(date), Some(time)) => Ok((date, time)),
            _ => Err(errors),
        }
    }
}

/// A guest's booking after her move, with the token of its page (the page's
/// link follows the visit's new date) and the treatments that moved along.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestMove {
    /// The booking page's token from now on (the old link keeps working until it expires).
    pub manage_token: String,
    pub booking: GuestBooking,
    pub moved_along: Vec<GuestTreatment>,
}

#[utoipa::path(post, path = "/api/guest/bookings/{token}/move", tag = "Guest", request_body = MoveInput,
    params(("token" = String, Path, description = "The signed link's token", max_length = 2048)),
    responses(
        (status = 200, description = "Moved: the new place is taken and the old one given back in one step; \
            its deposit, a gift card's part and its promo code stay with it. The guest (with her calendar \
            invitation updated: the same UID, a higher SEQUENCE) and the retreat are mailed", body = GuestMove),
        (status = 400, description = "Invalid date or time, or the booking's own place (`validation_failed`)", body = ErrorBody),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody),
        (status = 409, description = "Too close to its start or already taken place (`move_closed`), the free \
            moves used (`no_free_moves`), cancelled (`already_cancelled`), or the new place cannot be booked \
            (the booking request's codes: `slot_full`, `day_full`, `night_full`, `date_blacked_out`, `too_soon`, \
            …; for a treatment moving along, the message names it)", body = ErrorBody)))]
pub async fn guest_move(
    state: web::Data<ApiState>,
    token: web::Path<String>,
    input: JsonBody<MoveInput>,
) -> Result<web::Json<GuestMove>, ApiError> {
    let id = state.mail.links.verify_booking(&token).ok_or_else(invalid_link)?;
    let (date, time) = input.read()?;
    let booking = state.calendar_store.get_booking(id).await.map_err(|_| invalid_link())?;
    let to = model::NewPlace { date, time: time.unwrap_or(booking.time) };
    let with_treatments = input.with_treatments.unwrap_or(false);
    let moved = match state.bookings.move_by_guest(id, to, with_treatments).await {
        Err(ports::MoveError::Repo(ports::RepoError::NotFound)) => return Err(invalid_link()),
        other => other?,
    };
    let manage_token = state.mail.links.booking_token(moved.booking.id, moved.booking.date);
    let moved_along = moved.along.iter().map(GuestTreatment::of).collect();
    let booking = guest_view(&state, &manage_token, moved.booking).await?;
    Ok(web::Json(GuestMove { manage_token, booking, moved_along }))
}

/// A booking moved from the dashboard, and the treatments that moved along.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MovedBooking {
    pub booking: Booking,
    pub moved_along: Vec<Booking>,
}

#[utoipa::path(post, path = "/api/admin/bookings/{id}/move", tag = "Bookings", request_body = MoveInput,
    params(("id" = Uuid, Path, description = "Booking id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Moved under the rules of a new booking (no deadline, no limit on moves); \
            the guest is mailed, her calendar invitation updated", body = MovedBooking),
        (status = 400, description = "Invalid date or time, or the booking's own place (`validation_failed`)", body = ErrorBody),
        (status = 404, description = "No such booking", body = ErrorBody),
        (status = 409, description = "Cancelled (`already_cancelled`) or completed (`move_closed`), or the new \
            place cannot be booked (the booking request's codes)", body = ErrorBody)))]
pub async fn admin_move(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<MoveInput>,
) -> Result<web::Json<MovedBooking>, ApiError> {
    let (date, time) = input.read()?;
    let booking = state.calendar_store.get_booking(*id).await.map_err(ApiError::repo("Booking"))?;
    let to = model::NewPlace { date, time: time.unwrap_or(booking.time) };
    let with_treatments = input.with_treatments.unwrap_or(false);
    let moved = match state.bookings.move_by_owner(*id, to, with_treatments, admin.actor()).await {
        Err(ports::MoveError::Repo(error)) => return Err(ApiError::repo("Booking")(error)),
        other => other?,
    };
    Ok(web::Json(MovedBooking {
        booking: moved.booking.into(),
        moved_along: moved.along.into_iter().map(Into::into).collect(),
    }))
}

/// The owner's settings for guests' visits.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitSettings {
    /// How many times a guest may move a booking herself, free (0 to 10; default 1).
    pub free_moves: i32,
}

impl From<model::VisitSettings> for VisitSettings {
    fn from(settings: model::VisitSettings) -> Self {
        Self { free_moves: settings.free_moves }
    }
}

/// New settings; a field left out keeps its value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitSettingsInput {
    #[serde(default)]
    pub free_moves: Option<crate::wire::fields::FreeMoves>,
}

pub const FREE_MOVES_MESSAGE: &str = "Free moves are a whole number from 0 to 10";

#[utoipa::path(get, path = "/api/admin/visit-settings", tag = "Bookings",
    security(("bearer_auth" = [])),
    responses((status = 200, description = "The owner's settings for guests' visits (the defaults until saved)", body = VisitSettings)))]
pub async fn visit_settings(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<VisitSettings>, ApiError> {
    Ok(web::Json(state.bookings.visit_settings().await?.into()))
}

#[utoipa::path(put, path = "/api/admin/visit-settings", tag = "Bookings", request_body = VisitSettingsInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Saved; guests' pages follow it from now on", body = VisitSettings),
        (status = 400, description = "Invalid fields (`errors` names each)", body = ErrorBody),
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody)))]
pub async fn save_visit_settings(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<VisitSettingsInput>,
) -> Result<web::Json<VisitSettings>, ApiError> {
    let mut settings = state.bookings.visit_settings().await?;
    if let Some(free_moves) = &input.free_moves {
        let sent = form_whole(&free_moves.0).filter(|n| (0..=i64::from(model::MAX_FREE_MOVES)).contains(n));
        let Some(free_moves) = sent.and_then(|n| i32::try_from(n).ok()) else {
            return Err(ValidationErrors::single("freeMoves", FREE_MOVES_MESSAGE).into());
        };
        settings.free_moves = free_moves;
    }
    Ok(web::Json(state.bookings.save_visit_settings(settings, admin.actor()).await?.into()))
}
