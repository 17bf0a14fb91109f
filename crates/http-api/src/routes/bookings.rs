//! Booking requests, the public availability check, and the calendar's
//! blackout periods and availability entries.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use domain::ValidationErrors;
use domain::booking as model;
use ports::IdempotencyKey;

use crate::error::{ApiError, ErrorBody, JsonBody};
use crate::state::{
    AdminSession, AppState, IdempotencyKeyHeader, IdempotencyKeyParam, PublicWrite, created_response,
};
use crate::wire::fields::{
    AccommodationChoice, BlackoutTypeChoice, CalendarDate, CalendarMonth, Capacity, EmailAddress, Honeypot,
    OptionalCalendarDate, OptionalLongText, ServiceIdChoice, ShortText, TimeSlotChoice,
};
use crate::wire::{self, form_whole};

/// A booking request.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Booking {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub service: wire::ServiceKey,
    /// yyyy-MM-dd
    #[schema(example = "2026-12-18")]
    pub date: String,
    /// A stay's check-out day, yyyy-MM-dd (every Tiny Home booking; null
    /// for other services). Check-in is at 15:00 on `date`, check-out at 11:00.
    #[schema(example = "2026-12-20")]
    pub check_out: Option<String>,
    /// A stay's nights (null for other services).
    pub nights: Option<i64>,
    pub time: wire::TimeSlot,
    pub notes: Option<String>,
    pub status: wire::BookingStatus,
    pub created_at: DateTime<Utc>,
}

impl From<model::Booking> for Booking {
    fn from(b: model::Booking) -> Self {
        let nights = b.stay_nights().map(|n| n as i64);
        Self {
            id: b.id,
            first_name: b.first_name,
            last_name: b.last_name,
            email: b.email,
            service: b.service.into(),
            date: b.date.format(model::DATE_FORMAT).to_string(),
            check_out: b.check_out.map(|day| day.format(model::DATE_FORMAT).to_string()),
            nights,
            time: b.time.into(),
            notes: b.notes,
            status: b.status.into(),
            created_at: b.created_at,
        }
    }
}

/// A booking request. Every field but `notes` is required.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingInput {
    #[serde(default)]
    #[schema(required = true)]
    pub first_name: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub last_name: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub email: EmailAddress,
    #[serde(default)]
    #[schema(required = true, value_type = wire::ServiceKey)]
    pub service: String,
    /// Today or later in the retreat's time zone (otherwise 409 `date_passed`).
    #[serde(default)]
    #[schema(required = true)]
    pub date: CalendarDate,
    /// For the Tiny Home only: the check-out day, 1 to 14 nights after `date`
    /// (the check-in day); absent or null means one night. Each night is
    /// checked and taken (409 `night_full` / `night_unavailable` naming the
    /// night that stops it).
    #[serde(default)]
    pub check_out: OptionalCalendarDate,
    #[serde(default)]
    #[schema(required = true, value_type = wire::TimeSlotInput)]
    pub time: String,
    #[serde(default)]
    pub notes: OptionalLongText,
    #[serde(default)]
    pub website: Honeypot,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BookingStatusInput {
    #[serde(default)]
    #[schema(required = true, value_type = wire::BookingStatus)]
    pub status: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AvailabilityQuery {
    /// The day, yyyy-MM-dd.
    #[param(required = true, value_type = CalendarDate)]
    pub date: Option<String>,
    /// The booking key: massage, spa, accommodation or package.
    #[param(required = true, value_type = wire::ServiceKey)]
    pub service_id: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SlotAvailability {
    pub time: wire::TimeSlot,
    pub available: bool,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct DayAvailability {
    pub available: bool,
    /// Why the date cannot be booked, in words for a guest.
    pub reason: Option<String>,
    /// The five times of the day, each bookable or not.
    pub slots: Vec<SlotAvailability>,
}

#[utoipa::path(get, path = "/api/check-availability", tag = "Bookings", params(AvailabilityQuery),
    responses(
        (status = 200, description = "Whether the date can be booked, and which times", body = DayAvailability),
        (status = 400, description = "Malformed date or unknown service key", body = ErrorBody)))]
pub async fn check_availability(
    state: web::Data<AppState>,
    query: web::Query<AvailabilityQuery>,
) -> Result<web::Json<DayAvailability>, ApiError> {
    let query = query.into_inner();
    let (key, date) = model::AvailabilityQuestion {
        date: query.date.unwrap_or_default(),
        service: query.service_id.unwrap_or_default(),
    }
    .validate()?;
    let day = state.booking.availability(key, date).await?;
    Ok(web::Json(DayAvailability {
        available: day.available,
        reason: day.reason.map(str::to_owned),
        slots: day
            .slots
            .into_iter()
            .map(|(time, available)| SlotAvailability { time: time.into(), available })
            .collect(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OpenTimesQuery {
    /// The booking key: massage, spa, accommodation or package.
    #[param(required = true, value_type = wire::ServiceKey)]
    pub service: Option<String>,
}

/// A time that can be booked now.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct OpenTime {
    #[schema(example = "2026-12-18")]
    pub date: String,
    pub time: wire::TimeSlot,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MonthQuery {
    /// The booking key: massage, spa, accommodation or package.
    #[param(required = true, value_type = wire::ServiceKey)]
    pub service_id: Option<String>,
    /// The month, yyyy-MM.
    #[param(required = true, value_type = CalendarMonth)]
    pub month: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MonthDay {
    /// yyyy-MM-dd
    pub date: String,
    /// For the Tiny Home: whether the night beginning this day can be part
    /// of a stay (a stay's check-out day need not be). For other services:
    /// whether some time of the day can be booked.
    pub available: bool,
    /// Why not, in words for a guest.
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthAvailability {
    pub service_id: wire::ServiceKey,
    /// yyyy-MM
    pub month: String,
    /// Every day of the month, in order.
    pub days: Vec<MonthDay>,
}

#[utoipa::path(get, path = "/api/availability/month", tag = "Bookings", params(MonthQuery),
    responses(
        (status = 200, description = "Each day of the month, bookable or not (the stay calendar)", body = MonthAvailability),
        (status = 400, description = "Malformed month or unknown service key", body = ErrorBody)))]
pub async fn month_availability(
    state: web::Data<AppState>,
    query: web::Query<MonthQuery>,
) -> Result<web::Json<MonthAvailability>, ApiError> {
    let query = query.into_inner();
    let (key, first) = model::MonthQuestion {
        month: query.month.unwrap_or_default(),
        service: query.service_id.unwrap_or_default(),
    }
    .validate()?;
    let days = state.booking.month(key, first).await?;
    Ok(web::Json(MonthAvailability {
        service_id: key.into(),
        month: first.format("%Y-%m").to_string(),
        days: days
            .into_iter()
            .map(|(date, open, reason)| MonthDay {
                date: date.format(model::DATE_FORMAT).to_string(),
                available: open,
                reason: reason.map(str::to_owned),
            })
            .collect(),
    }))
}

#[utoipa::path(get, path = "/api/open-times", tag = "Bookings", params(OpenTimesQuery),
    responses(
        (status = 200, description = "The next bookable times within 14 days, at most three, earliest first \
            (for the Tiny Home, one per night); empty when none is open", body = [OpenTime]),
        (status = 400, description = "Unknown service key", body = ErrorBody)))]
pub async fn open_times(
    state: web::Data<AppState>,
    query: web::Query<OpenTimesQuery>,
) -> Result<web::Json<Vec<OpenTime>>, ApiError> {
    let text = query.into_inner().service.unwrap_or_default();
    let key = model::ServiceKey::from_text(&text).ok_or_else(|| {
        ApiError::validation(domain::ValidationErrors::single("service", "Please select a service"))
    })?;
    let times = state.booking.open_times(key).await?;
    Ok(web::Json(
        times
            .into_iter()
            .map(|(date, time)| OpenTime {
                date: date.format(model::DATE_FORMAT).to_string(),
                time: time.into(),
            })
            .collect(),
    ))
}

#[utoipa::path(post, path = "/api/bookings", tag = "Bookings", request_body = BookingInput,
    params(IdempotencyKeyParam),
    responses(
        (status = 201, description = "Requested", body = Booking),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 409, description = "The date or time is unavailable or full, the guest holds too many requests \
            for the date, or the Idempotency-Key was used for another request", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn create_booking(
    _limit: PublicWrite,
    key: IdempotencyKeyHeader,
    state: web::Data<AppState>,
    input: JsonBody<BookingInput>,
) -> Result<HttpResponse, ApiError> {
    let key = key.0.map(|key| IdempotencyKey { key, fingerprint: input.fingerprint().to_owned() });
    let input = input.into_inner();
    input.website.check()?;
    let booking = model::BookingForm {
        first_name: input.first_name.into_inner(),
        last_name: input.last_name.into_inner(),
        email: input.email.into_inner(),
        service: input.service,
        date: input.date.into_inner(),
        check_out: input.check_out.into_inner(),
        time: input.time,
        notes: input.notes.into_inner(),
    }
    .validate()?;
    let created = state.booking.request(booking, key).await?;
    Ok(created_response(created.is_repeat()).json(Booking::from(created.into_inner())))
}

#[utoipa::path(get, path = "/api/bookings", tag = "Bookings",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every booking, newest first", body = [Booking])))]
pub async fn list_bookings(
    _admin: AdminSession,
    state: web::Data<AppState>,
) -> Result<web::Json<Vec<Booking>>, ApiError> {
    Ok(web::Json(state.bookings.list_bookings().await?.into_iter().map(Booking::from).collect()))
}

#[utoipa::path(put, path = "/api/admin/bookings/{id}", tag = "Bookings", request_body = BookingStatusInput,
    params(("id" = Uuid, Path, description = "Booking id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Updated; cancelling gives its capacity back", body = Booking),
        (status = 400, description = "Unknown status", body = ErrorBody),
        (status = 404, description = "No such booking", body = ErrorBody),
        (status = 409, description = "Reinstating it would exceed capacity", body = ErrorBody)))]
pub async fn set_booking_status(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
    input: JsonBody<BookingStatusInput>,
) -> Result<web::Json<Booking>, ApiError> {
    let status = model::BookingStatus::from_text(&input.status).ok_or_else(|| {
        ValidationErrors::single("status", "Status must be pending, confirmed, completed or cancelled")
    })?;
    let booking =
        state.booking.set_status(*id, status, admin.actor()).await.map_err(ApiError::repo("Booking"))?;
    Ok(web::Json(booking.into()))
}

#[utoipa::path(delete, path = "/api/admin/bookings/{id}", tag = "Bookings",
    params(("id" = Uuid, Path, description = "Booking id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Deleted; its capacity is given back"),
        (status = 404, description = "No such booking", body = ErrorBody)))]
pub async fn delete_booking(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.booking.delete(*id, admin.actor()).await.map_err(ApiError::repo("Booking"))?;
    Ok(HttpResponse::NoContent().finish())
}

/// A period when bookings of some kind are closed (start and end inclusive).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlackoutDate {
    pub id: Uuid,
    #[schema(example = "2026-12-24")]
    pub start_date: String,
    #[schema(example = "2026-12-26")]
    pub end_date: String,
    #[serde(rename = "type")]
    pub blackout_type: wire::BlackoutType,
    pub reason: Option<String>,
    pub created_by: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

fn date_text(date: NaiveDate) -> String {
    date.format(model::DATE_FORMAT).to_string()
}

impl From<model::Blackout> for BlackoutDate {
    fn from(b: model::Blackout) -> Self {
        Self {
            id: b.id,
            start_date: date_text(b.start_date),
            end_date: date_text(b.end_date),
            blackout_type: b.blackout_type.into(),
            reason: b.reason,
            created_by: b.created_by,
            created_at: b.created_at,
        }
    }
}

/// A blackout period; the end may not be before the start.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlackoutInput {
    #[serde(default)]
    #[schema(required = true)]
    pub start_date: CalendarDate,
    /// On or after `startDate`.
    #[serde(default)]
    #[schema(required = true)]
    pub end_date: CalendarDate,
    #[serde(default, rename = "type")]
    pub blackout_type: BlackoutTypeChoice,
    #[serde(default)]
    pub reason: OptionalLongText,
    /// Cancel the active bookings the period covers, in the same step (their
    /// places come back and their guests are told); by default they are kept.
    /// See `POST /api/admin/blackout-impact` for which they are.
    #[serde(default)]
    pub cancel_covered: Option<bool>,
}

impl BlackoutInput {
    fn into_domain(self) -> Result<(model::NewBlackout, bool), ApiError> {
        let cancel = self.cancel_covered.unwrap_or(false);
        let blackout = model::BlackoutForm {
            start_date: self.start_date.into_inner(),
            end_date: self.end_date.into_inner(),
            blackout_type: self.blackout_type.into_inner(),
            reason: self.reason.into_inner(),
        }
        .validate()?;
        Ok((blackout, cancel))
    }
}

#[utoipa::path(post, path = "/api/admin/blackout-impact", tag = "Calendar", request_body = BlackoutInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The active (pending or confirmed) bookings this blackout would cover, by \
            date and time; nothing is saved", body = [Booking]),
        (status = 400, description = "Invalid dates (or the end before the start)", body = ErrorBody)))]
pub async fn blackout_impact(
    _admin: AdminSession,
    state: web::Data<AppState>,
    input: JsonBody<BlackoutInput>,
) -> Result<web::Json<Vec<Booking>>, ApiError> {
    let (blackout, _) = input.into_inner().into_domain()?;
    let covered = state.booking.blackout_impact(&blackout).await?;
    Ok(web::Json(covered.into_iter().map(Booking::from).collect()))
}

#[utoipa::path(get, path = "/api/admin/blackout-dates", tag = "Calendar",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every blackout period, by start date", body = [BlackoutDate])))]
pub async fn list_blackouts(
    _admin: AdminSession,
    state: web::Data<AppState>,
) -> Result<web::Json<Vec<BlackoutDate>>, ApiError> {
    Ok(web::Json(state.bookings.list_blackouts().await?.into_iter().map(BlackoutDate::from).collect()))
}

#[utoipa::path(post, path = "/api/admin/blackout-dates", tag = "Calendar", request_body = BlackoutInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "Created", body = BlackoutDate),
        (status = 400, description = "Invalid dates (or the end before the start)", body = ErrorBody)))]
pub async fn create_blackout(
    admin: AdminSession,
    state: web::Data<AppState>,
    input: JsonBody<BlackoutInput>,
) -> Result<HttpResponse, ApiError> {
    let (blackout, cancel_covered) = input.into_inner().into_domain()?;
    let (blackout, _cancelled) = state.booking.add_blackout(blackout, admin.actor(), cancel_covered).await?;
    Ok(HttpResponse::Created().json(BlackoutDate::from(blackout)))
}

#[utoipa::path(delete, path = "/api/admin/blackout-dates/{id}", tag = "Calendar",
    params(("id" = Uuid, Path, description = "Blackout id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such blackout period", body = ErrorBody)))]
pub async fn delete_blackout(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.bookings.delete_blackout(*id, admin.actor()).await.map_err(ApiError::repo("Blackout period"))?;
    Ok(HttpResponse::NoContent().finish())
}

/// Capacity or a block for one date, optionally for one service,
/// accommodation and time slot. Neither service nor accommodation means the
/// whole retreat; no time slot means the whole day.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Availability {
    pub id: Uuid,
    pub service_id: Option<Uuid>,
    /// The name of `serviceId`'s record.
    pub service_name: Option<String>,
    pub accommodation_type: Option<wire::AccommodationType>,
    #[schema(example = "2026-12-18")]
    pub date: String,
    pub time_slot: Option<wire::TimeSlot>,
    pub max_capacity: i32,
    pub current_bookings: i32,
    pub is_blocked: bool,
    pub block_reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<model::AvailabilityEntry> for Availability {
    fn from(e: model::AvailabilityEntry) -> Self {
        Self {
            id: e.id,
            service_id: e.service_id,
            service_name: e.service_name,
            accommodation_type: e.accommodation_type.map(Into::into),
            date: date_text(e.date),
            time_slot: e.time_slot.map(Into::into),
            max_capacity: e.max_capacity,
            current_bookings: e.current_bookings,
            is_blocked: e.is_blocked,
            block_reason: e.block_reason,
            created_at: e.created_at,
        }
    }
}

/// Capacity or a block for one date. Neither service nor accommodation
/// means the whole retreat; no time slot means the whole day.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilityInput {
    #[serde(default)]
    #[schema(required = true)]
    pub date: CalendarDate,
    #[serde(default)]
    pub service_id: ServiceIdChoice,
    #[serde(default)]
    pub accommodation_type: AccommodationChoice,
    #[serde(default)]
    pub time_slot: TimeSlotChoice,
    /// Left out or null: 1.
    #[serde(default)]
    pub max_capacity: Option<Capacity>,
    /// Left out or null: not blocked.
    #[serde(default)]
    pub is_blocked: Option<bool>,
    #[serde(default)]
    pub block_reason: OptionalLongText,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RangeQuery {
    /// First day, yyyy-MM-dd.
    #[param(required = true, value_type = CalendarDate)]
    pub start: Option<String>,
    /// Last day, yyyy-MM-dd: on or after `start`, at most 366 days later.
    #[param(required = true, value_type = CalendarDate)]
    pub end: Option<String>,
}

#[utoipa::path(get, path = "/api/admin/availability", tag = "Calendar", params(RangeQuery),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Entries dated from start to end", body = [Availability]),
        (status = 400, description = "Malformed range", body = ErrorBody)))]
pub async fn list_availability(
    _admin: AdminSession,
    state: web::Data<AppState>,
    query: web::Query<RangeQuery>,
) -> Result<web::Json<Vec<Availability>>, ApiError> {
    let query = query.into_inner();
    let (start, end) =
        model::DateRangeForm { start: query.start.unwrap_or_default(), end: query.end.unwrap_or_default() }
            .validate()?;
    let entries = state.bookings.list_availability(start, end).await?;
    Ok(web::Json(entries.into_iter().map(Availability::from).collect()))
}

#[utoipa::path(post, path = "/api/admin/availability", tag = "Calendar", request_body = AvailabilityInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Created or updated (one entry per date, service, accommodation and time)", body = Availability),
        (status = 400, description = "Invalid fields or unknown service", body = ErrorBody),
        (status = 409, description = "Max capacity below the bookings already made", body = ErrorBody)))]
pub async fn upsert_availability(
    admin: AdminSession,
    state: web::Data<AppState>,
    input: JsonBody<AvailabilityInput>,
) -> Result<web::Json<Availability>, ApiError> {
    let input = input.into_inner();
    let entry = model::AvailabilityForm {
        date: input.date.into_inner(),
        service_id: input.service_id.into_inner(),
        accommodation_type: input.accommodation_type.into_inner(),
        time_slot: input.time_slot.into_inner(),
        max_capacity: input.max_capacity.and_then(|capacity| form_whole(&capacity.into_inner())),
        is_blocked: input.is_blocked,
        block_reason: input.block_reason.into_inner(),
    }
    .validate()?;
    Ok(web::Json(state.bookings.upsert_availability(entry, admin.actor()).await?.into()))
}

#[utoipa::path(delete, path = "/api/admin/availability/{id}", tag = "Calendar",
    params(("id" = Uuid, Path, description = "Availability entry id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Removed; the bookings it governed stay"),
        (status = 404, description = "No such entry", body = ErrorBody)))]
pub async fn delete_availability(
    admin: AdminSession,
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state
        .bookings
        .delete_availability(*id, admin.actor())
        .await
        .map_err(ApiError::repo("Availability entry"))?;
    Ok(HttpResponse::NoContent().finish())
}
