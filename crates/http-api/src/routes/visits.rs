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
    // The place she left is free for a guest waiting.
    state.waitlist.nudge();
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
    state.waitlist.nudge();
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
    /// When guests are reminded of their visits. Additive.
    pub reminders: ReminderSettings,
    /// How long a waitlist offer is held for its guest, in minutes (15–1440; default 120). Additive.
    pub offer_hold_minutes: i32,
}

/// When guests are reminded (docs/decisions.md §9 "Reminders"), in the retreat's time.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderSettings {
    /// Whether reminders go out at all (default on).
    pub on: bool,
    /// Treatments: the first reminder this many hours before the visit (1–336; default 48).
    pub treatment_first_hours: i32,
    /// Treatments: a second reminder on the morning of the visit (default on).
    pub treatment_morning_of: bool,
    /// Stays: the first reminder this many days before arrival (1–30; default 7).
    pub stay_first_days: i32,
    /// Stays: the second this many days before arrival (0 to one less than the first; default 1).
    pub stay_second_days: i32,
    /// No reminder leaves from this hour (0–23; default 21)…
    pub quiet_from_hour: u32,
    /// …until this one (0–23; default 8); the morning reminders go out then. Equal hours: no quiet hours.
    pub quiet_until_hour: u32,
    /// When the reminder sweep last looked (read-only; null before it ever did).
    pub checked_at: Option<chrono::DateTime<chrono::Utc>>,
}

impl VisitSettings {
    fn of(settings: model::VisitSettings, checked_at: Option<chrono::DateTime<chrono::Utc>>) -> Self {
        let r = settings.reminders;
        Self {
            free_moves: settings.free_moves,
            reminders: ReminderSettings {
                on: r.on,
                treatment_first_hours: r.treatment_first_hours,
                treatment_morning_of: r.treatment_morning_of,
                stay_first_days: r.stay_first_days,
                stay_second_days: r.stay_second_days,
                quiet_from_hour: r.quiet_from_hour,
                quiet_until_hour: r.quiet_until_hour,
                checked_at,
            },
            offer_hold_minutes: settings.offer_hold_minutes,
        }
    }
}

/// New settings; a field left out keeps its value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitSettingsInput {
    #[serde(default)]
    pub free_moves: Option<crate::wire::fields::FreeMoves>,
    #[serde(default, deserialize_with = "crate::wire::object_or_null")]
    pub reminders: Option<ReminderSettingsInput>,
    #[serde(default)]
    pub offer_hold_minutes: Option<crate::wire::fields::OfferHoldMinutes>,
}

/// New reminder settings; a field left out keeps its value.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderSettingsInput {
    #[serde(default)]
    pub on: Option<bool>,
    #[serde(default)]
    pub treatment_first_hours: Option<crate::wire::fields::ReminderHours>,
    #[serde(default)]
    pub treatment_morning_of: Option<bool>,
    #[serde(default)]
    pub stay_first_days: Option<crate::wire::fields::ReminderDays>,
    #[serde(default)]
    pub stay_second_days: Option<crate::wire::fields::ReminderDaysOrZero>,
    #[serde(default)]
    pub quiet_from_hour: Option<crate::wire::fields::HourOfDay>,
    #[serde(default)]
    pub quiet_until_hour: Option<crate::wire::fields::HourOfDay>,
}

pub const FREE_MOVES_MESSAGE: &str = "Free moves are a whole number from 0 to 10";
pub const OFFER_HOLD_MESSAGE: &str = "An offer is held for 15 to 1440 minutes";

impl VisitSettingsInput {
    /// `current` with what was sent, each field checked; the errors of every field at once.
    fn apply(&self, current: model::VisitSettings) -> Result<model::VisitSettings, ValidationErrors> {
        use domain::reminders::ReminderSettingsError as E;
        let mut errors = ValidationErrors::new();
        let mut settings = current;
        let whole = |value: &serde_json::Value, range: std::ops::RangeInclusive<i64>| {
            form_whole(value).filter(|n| range.contains(n)).and_then(|n| i32::try_from(n).ok())
        };
        if let Some(sent) = &self.free_moves {
            match whole(&sent.0, 0..=i64::from(model::MAX_FREE_MOVES)) {
                Some(n) => settings.free_moves = n,
                None => errors.add("freeMoves", FREE_MOVES_MESSAGE),
            }
        }
        if let Some(sent) = &self.offer_hold_minutes {
            let range = domain::waitlist::OFFER_HOLD_MINUTES_MIN..=domain::waitlist::OFFER_HOLD_MINUTES_MAX;
            match whole(&sent.0, i64::from(*range.start())..=i64::from(*range.end())) {
                Some(n) => settings.offer_hold_minutes = n,
                None => errors.add("offerHoldMinutes", OFFER_HOLD_MESSAGE),
            }
        }
        if let Some(sent) = &self.reminders {
            let r = &mut settings.reminders;
            if let Some(on) = sent.on {
                r.on = on;
            }
            if let Some(on) = sent.treatment_morning_of {
                r.treatment_morning_of = on;
            }
            let mut whole_field = |field: &'static str,
                                   value: Option<&serde_json::Value>,
                                   range,
                                   error: E,
                                   target: &mut i32| {
                if let Some(value) = value {
                    match whole(value, range) {
                        Some(n) => *target = n,
                        None => errors.add(field, error.to_string()),
                    }
                }
            };
            whole_field(
                "reminders.treatmentFirstHours",
                sent.treatment_first_hours.as_ref().map(|v| &v.0),
                1..=i64::from(domain::reminders::MAX_TREATMENT_FIRST_HOURS),
                E::TreatmentFirstHours,
                &mut r.treatment_first_hours,
            );
            whole_field(
                "reminders.stayFirstDays",
                sent.stay_first_days.as_ref().map(|v| &v.0),
                1..=i64::from(domain::reminders::MAX_STAY_FIRST_DAYS),
                E::StayFirstDays,
                &mut r.stay_first_days,
            );
            whole_field(
                "reminders.staySecondDays",
                sent.stay_second_days.as_ref().map(|v| &v.0),
                0..=i64::from(domain::reminders::MAX_STAY_FIRST_DAYS) - 1,
                E::StaySecondDays,
                &mut r.stay_second_days,
            );
            for (field, value, target) in [
                ("reminders.quietFromHour", &sent.quiet_from_hour, &mut r.quiet_from_hour),
                ("reminders.quietUntilHour", &sent.quiet_until_hour, &mut r.quiet_until_hour),
            ] {
                if let Some(value) = value {
                    match whole(&value.0, 0..=23).and_then(|n| u32::try_from(n).ok()) {
                        Some(n) => *target = n,
                        None => errors.add(field, E::QuietHours.to_string()),
                    }
                }
            }
            if errors.is_empty()
                && let Err(error) = settings.reminders.check()
            {
                let field = match error {
                    E::TreatmentFirstHours => "reminders.treatmentFirstHours",
                    E::StayFirstDays => "reminders.stayFirstDays",
                    E::StaySecondDays => "reminders.staySecondDays",
                    E::QuietHours => "reminders.quietFromHour",
                };
                errors.add(field, error.to_string());
            }
        }
        if errors.is_empty() { Ok(settings) } else { Err(errors) }
    }
}

#[utoipa::path(get, path = "/api/admin/visit-settings", tag = "Bookings",
    security(("bearer_auth" = [])),
    responses((status = 200, description = "The owner's settings for guests' visits (the defaults until saved)", body = VisitSettings)))]
pub async fn visit_settings(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<VisitSettings>, ApiError> {
    let checked_at = state.visits.reminders_checked_at().await?;
    Ok(web::Json(VisitSettings::of(state.bookings.visit_settings().await?, checked_at)))
}

#[utoipa::path(put, path = "/api/admin/visit-settings", tag = "Bookings", request_body = VisitSettingsInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Saved; guests' pages and the reminder sweep follow it from now on", body = VisitSettings),
        (status = 400, description = "Invalid fields (`errors` names each, e.g. `freeMoves`, `reminders.stayFirstDays`)", body = ErrorBody),
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody)))]
pub async fn save_visit_settings(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<VisitSettingsInput>,
) -> Result<web::Json<VisitSettings>, ApiError> {
    let settings = input.apply(state.bookings.visit_settings().await?)?;
    let saved = state.bookings.save_visit_settings(settings, admin.actor()).await?;
    Ok(web::Json(VisitSettings::of(saved, state.visits.reminders_checked_at().await?)))
}

/// A reminder sent for a booking.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SentReminder {
    pub kind: crate::wire::ReminderKind,
    /// The visit's date and time it was sent for (a moved visit is reminded again).
    #[schema(example = "2026-12-18")]
    pub date: String,
    pub time: crate::wire::TimeSlot,
    /// Whether it asked the guest to confirm (else a plain reminder).
    pub asked: bool,
    pub sent_at: chrono::DateTime<chrono::Utc>,
}

impl From<ports::ReminderRecord> for SentReminder {
    fn from(r: ports::ReminderRecord) -> Self {
        Self {
            kind: r.kind.into(),
            date: r.date.format(model::DATE_FORMAT).to_string(),
            time: r.time.into(),
            asked: r.asked,
            sent_at: r.sent_at,
        }
    }
}

/// A booking's reminders and its guest's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingReminders {
    /// When the guest said she will be there; null until she does (a move clears it).
    pub attendance_confirmed_at: Option<chrono::DateTime<chrono::Utc>>,
    pub reminders: Vec<SentReminder>,
}

#[utoipa::path(get, path = "/api/admin/bookings/{id}/reminders", tag = "Bookings",
    params(("id" = Uuid, Path, description = "Booking id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The reminders sent for it and its guest's answer", body = BookingReminders),
        (status = 404, description = "No such booking", body = ErrorBody)))]
pub async fn booking_reminders(
    _admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<BookingReminders>, ApiError> {
    let booking = state.calendar_store.get_booking(*id).await.map_err(ApiError::repo("Booking"))?;
    let reminders = state.visits.reminders_of(booking.id).await?;
    Ok(web::Json(BookingReminders {
        attendance_confirmed_at: booking.guest_confirmed_at,
        reminders: reminders.into_iter().map(Into::into).collect(),
    }))
}

/// A visit of the coming days as the dashboard shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComingVisit {
    pub booking: Booking,
    /// Where the guest's answer stands.
    pub answer: crate::wire::GuestAnswer,
    pub reminders: Vec<SentReminder>,
}

#[utoipa::path(get, path = "/api/admin/visits/coming", tag = "Bookings",
    security(("bearer_auth" = [])),
    responses((status = 200, description = "Today's and tomorrow's active bookings by start, each with its         guest's answer and its reminders: which visits are still unconfirmed", body = Vec<ComingVisit>)))]
pub async fn coming_visits(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<ComingVisit>>, ApiError> {
    let coming = state.visits.coming().await?;
    Ok(web::Json(
        coming
            .into_iter()
            .map(|(booking, reminders)| {
                let answer = if booking.guest_confirmed_at.is_some() {
                    crate::wire::GuestAnswer::Confirmed
                } else if booking.status == model::BookingStatus::Pending {
                    crate::wire::GuestAnswer::RequestPending
                } else if reminders
                    .iter()
                    .any(|r| r.asked && r.date == booking.date && r.time == booking.time)
                {
                    crate::wire::GuestAnswer::Asked
                } else {
                    crate::wire::GuestAnswer::NotAsked
                };
                ComingVisit {
                    booking: booking.into(),
                    answer,
                    reminders: reminders.into_iter().map(Into::into).collect(),
                }
            })
            .collect(),
    ))
}

#[utoipa::path(post, path = "/api/guest/bookings/{token}/attendance", tag = "Guest",
    params(("token" = String, Path, description = "The signed link's token", max_length = 2048)),
    responses(
        (status = 200, description = "Noted: she will be there (with the rest of her visit: a stay and the             treatments inside it). Saying so again changes nothing", body = GuestBooking),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody),
        (status = 409, description = "The booking is cancelled (`already_cancelled`)", body = ErrorBody)))]
pub async fn confirm_attendance(
    state: web::Data<ApiState>,
    token: web::Path<String>,
) -> Result<web::Json<GuestBooking>, ApiError> {
    let id = state.mail.links.verify_booking(&token).ok_or_else(invalid_link)?;
    let booking = state.calendar_store.get_booking(id).await.map_err(|_| invalid_link())?;
    if booking.status == model::BookingStatus::Cancelled {
        return Err(ApiError::new(
            http_common::ErrorCode::AlreadyCancelled,
            model::GuestCancelRefusal::AlreadyCancelled.to_string(),
        ));
    }
    state.visits.confirm_attendance(&booking).await?;
    let booking = state.calendar_store.get_booking(id).await.map_err(|_| invalid_link())?;
    Ok(web::Json(guest_view(&state, &token, booking).await?))
}
