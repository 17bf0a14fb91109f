//! What guests reach through the signed links in their mail: their booking
//! (to see it and cancel it up to the cutoff) and the newsletter's one-click
//! unsubscribe (RFC 8058). No account; the link is the permission.

use actix_web::web;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use domain::booking::{self as model, booking_starts_at, guest_may_cancel};
use domain::payment::{DepositState, cancellation_policy_text};

use crate::state::ApiState;
use crate::wire;
use http_common::{ApiError, ErrorBody, ErrorCode};

pub const INVALID_LINK_MESSAGE: &str =
    "This link is not valid or has expired. Please write to us and we will gladly help.";

pub(crate) fn invalid_link() -> ApiError {
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
    /// Its deposit, when it asks for one (docs/decisions.md §14).
    pub deposit: Option<GuestDeposit>,
    /// The cancellation policy in words, when it has a deposit.
    pub cancellation_policy: Option<String>,
    /// Until when a cancellation is free (the deposit refunded or never
    /// taken), in the retreat's local time; null without a deposit.
    #[schema(value_type = Option<String>, example = "2026-12-16T11:00:00")]
    pub free_cancellation_until: Option<NaiveDateTime>,
    /// The retreat's time zone, which every time here is in (IANA). Additive.
    #[schema(example = "America/Los_Angeles")]
    pub time_zone: String,
    /// Its abbreviation at the visit ("PST", "PDT"). Additive.
    #[schema(example = "PST")]
    pub time_zone_abbreviation: String,
    /// When it ends, in the retreat's local time (a stay: its check-out). Additive.
    #[schema(value_type = String, example = "2026-12-18T12:15:00")]
    pub ends_at: NaiveDateTime,
    /// "Add to calendar": web addresses that open Google Calendar and
    /// Outlook with the visit filled in (its words and times, never this
    /// link), and this link's `.ics` file. Additive.
    pub add_to_calendar: AddToCalendar,
    /// Whether the guest may move it here now (`POST …/move`). Additive.
    pub movable: bool,
    /// Until when it may be moved online, in the retreat's local time: the
    /// free-cancellation deadline (or the online cancellation cutoff, when
    /// earlier). Additive.
    #[schema(value_type = String, example = "2026-12-16T11:00:00")]
    pub movable_until: NaiveDateTime,
    /// Why it cannot be moved here, in words for the guest (past the
    /// deadline, the free moves used: what changing it costs). Additive.
    pub not_movable_reason: Option<String>,
    /// How many more times she may move it herself. Additive.
    pub free_moves_left: i32,
    /// For a stay: the treatments she booked inside it, which may move
    /// along with it. Additive.
    pub treatments_inside: Vec<GuestTreatment>,
    /// Whether she has said she will be there (a reminder's "Yes, I will be
    /// there"; `POST …/attendance`). A move clears it. Additive.
    pub attendance_confirmed: bool,
    /// Once the visit is over (`domain::after_visit::is_over`): the token of
    /// its rating page (`/visits/rate?token=…`); null before. Additive.
    pub rating_token: Option<String>,
}

/// A treatment booked inside a stay, as its guest sees it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestTreatment {
    pub id: Uuid,
    pub service: wire::ServiceKey,
    /// "Massage Therapy".
    pub service_name: String,
    #[schema(example = "2026-12-19")]
    pub date: String,
    pub time: wire::TimeSlot,
}

impl GuestTreatment {
    pub(crate) fn of(booking: &model::Booking) -> Self {
        Self {
            id: booking.id,
            service: booking.service.into(),
            service_name: booking.service.service_name().to_owned(),
            date: booking.date.format(model::DATE_FORMAT).to_string(),
            time: booking.time.into(),
        }
    }
}

/// Where the guest adds the visit to her calendar.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddToCalendar {
    pub google_url: String,
    pub outlook_url: String,
    /// `GET /api/guest/bookings/{token}/calendar.ics`: the visit as an
    /// iCalendar file in the retreat's time zone, with the UID of the
    /// invitations she is mailed (a later one updates it).
    pub ics_path: String,
}

/// A booking's deposit as its guest sees it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestDeposit {
    pub state: wire::DepositState,
    #[schema(example = "54.00")]
    pub amount: String,
    #[schema(example = "0.00")]
    pub refunded: String,
    /// When the guest's bank asks them to confirm the charge
    /// (`requires_authentication`): what their browser finishes it with at the provider.
    pub client_secret: Option<String>,
}

/// The bookable services by key, as mail and calendars show them.
pub(crate) async fn booked_services(
    state: &ApiState,
) -> Result<Vec<(model::ServiceKey, domain::mail::BookedService)>, ApiError> {
    let services = state.catalog_store.list_services().await?;
    Ok(services
        .into_iter()
        .filter_map(|s| {
            let service = domain::mail::BookedService {
                name: s.name,
                duration_minutes: s.duration_minutes,
                price: s.price,
                // Names and prices only: the guest's page and her calendar file ask no form.
                asks_intake: false,
            };
            Some((s.booking_key?, service))
        })
        .collect())
}

/// The service record a booking's key names, as mail and calendars show it.
async fn booked_service(
    state: &ApiState,
    booking: &model::Booking,
) -> Result<Option<domain::mail::BookedService>, ApiError> {
    let services = booked_services(state).await?;
    Ok(services.into_iter().find(|(key, _)| *key == booking.service).map(|(_, service)| service))
}

async fn view(state: &ApiState, token: &str, booking: model::Booking) -> Result<GuestBooking, ApiError> {
    guest_view(state, token, booking).await
}

/// The booking as its guest's page shows it, reached with `token`.
pub(crate) async fn guest_view(
    state: &ApiState,
    token: &str,
    booking: model::Booking,
) -> Result<GuestBooking, ApiError> {
    let move_refusal = state.bookings.guest_move_refusal(&booking).await?;
    let settings = state.bookings.visit_settings().await?;
    let movable_until = state.bookings.move_deadline(&booking);
    let treatments_inside =
        state.bookings.treatments_inside(&booking).await?.iter().map(GuestTreatment::of).collect();
    let free_moves_left = (settings.free_moves - booking.guest_moves).max(0);
    let cutoff = state.mail.guest_cancel_cutoff_hours;
    let refusal = guest_may_cancel(&booking, state.clock.local_now(), cutoff).err();
    let service = booked_service(state, &booking).await?;
    let calendar = state.mail.composer.booking_calendar(&booking, service.as_ref());
    let service_name = service.map(|s| s.name);
    let zone = state.mail.time_zone;
    let ends_at = calendar_end(&calendar.ics).unwrap_or_else(|| booking_starts_at(&booking));
    let starts_at = booking_starts_at(&booking);
    let nights = booking.stay_nights().map(|n| n as i64);
    let free_hours = state.payment_settings.cancellation_free_hours;
    let deposit = match booking.deposit.clone().filter(|d| d.state != DepositState::None) {
        None => None,
        Some(deposit) => {
            let client_secret = match (&state.payments, deposit.state) {
                (Some(payments), DepositState::RequiresAuthentication) => {
                    payments.deposit_client_secret(booking.id).await?
                }
                _ => None,
            };
            Some(GuestDeposit {
                state: deposit.state.into(),
                amount: deposit.amount.to_string(),
                refunded: deposit.refunded.to_string(),
                client_secret,
            })
        }
    };
    let has_deposit = deposit.is_some();
    let rating_token = domain::after_visit::is_over(&booking, state.clock.local_now().date)
        .then(|| state.mail.links.rating_token(booking.id));
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
        deposit,
        cancellation_policy: has_deposit.then(|| cancellation_policy_text(free_hours)),
        free_cancellation_until: has_deposit.then(|| starts_at - chrono::Duration::hours(free_hours)),
        time_zone: zone.name().to_owned(),
        time_zone_abbreviation: zone_abbreviation(zone, starts_at),
        ends_at,
        add_to_calendar: AddToCalendar {
            google_url: calendar.google_url,
            outlook_url: calendar.outlook_url,
            ics_path: format!("/api/guest/bookings/{token}/calendar.ics"),
        },
        movable: move_refusal.is_none(),
        movable_until,
        not_movable_reason: move_refusal.map(|r| r.to_string()),
        free_moves_left,
        treatments_inside,
        attendance_confirmed: booking.guest_confirmed_at.is_some(),
        rating_token,
    })
}

/// The zone's abbreviation at a local time ("PST", "PDT").
fn zone_abbreviation(zone: chrono_tz::Tz, at: NaiveDateTime) -> String {
    use chrono::TimeZone;
    use chrono_tz::OffsetName;
    zone.from_local_datetime(&at).earliest().map_or_else(
        || zone.name().to_owned(),
        |local| local.offset().abbreviation().unwrap_or(zone.name()).to_owned(),
    )
}

/// The event's local end, as the calendar file writes it (`DTEND;TZID=…:`),
/// so the page and the file never disagree.
fn calendar_end(ics: &str) -> Option<NaiveDateTime> {
    let line = ics.lines().find(|line| line.starts_with("DTEND;"))?;
    NaiveDateTime::parse_from_str(line.rsplit(':').next()?, "%Y%m%dT%H%M%S").ok()
}

#[utoipa::path(get, path = "/api/guest/bookings/{token}", tag = "Guest",
    params(("token" = String, Path, description = "The signed link's token", max_length = 2048)),
    responses(
        (status = 200, description = "The booking", body = GuestBooking),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody)))]
pub async fn booking(
    state: web::Data<ApiState>,
    token: web::Path<String>,
) -> Result<web::Json<GuestBooking>, ApiError> {
    let id = state.mail.links.verify_booking(&token).ok_or_else(invalid_link)?;
    let booking = state.calendar_store.get_booking(id).await.map_err(|_| invalid_link())?;
    Ok(web::Json(view(&state, &token, booking).await?))
}

#[utoipa::path(post, path = "/api/guest/bookings/{token}/cancel", tag = "Guest",
    params(("token" = String, Path, description = "The signed link's token", max_length = 2048)),
    responses(
        (status = 200, description = "Cancelled: its place is free again, and the retreat is told", body = GuestBooking),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody),
        (status = 409, description = "Too close to its start (`cancellation_closed`), or already cancelled \
            (`already_cancelled`)", body = ErrorBody),
        (status = 503, description = "Cancelled, but the payment provider could not be reached to refund the \
            deposit (`payment_provider_unavailable`: the retreat sees it and refunds it), or the database did not \
            answer in time (`temporarily_unavailable`); see Retry-After", body = ErrorBody)))]
pub async fn cancel_booking(
    state: web::Data<ApiState>,
    token: web::Path<String>,
) -> Result<web::Json<GuestBooking>, ApiError> {
    let id = state.mail.links.verify_booking(&token).ok_or_else(invalid_link)?;
    let booking = match state.bookings.cancel_by_guest(id).await {
        Err(ports::GuestCancelError::Repo(ports::RepoError::NotFound)) => return Err(invalid_link()),
        other => other?,
    };
    // Her place is free: the first guest waiting for it is offered it.
    state.waitlist.nudge();
    Ok(web::Json(view(&state, &token, booking).await?))
}

#[utoipa::path(get, path = "/api/guest/bookings/{token}/calendar.ics", tag = "Guest",
    params(("token" = String, Path, description = "The signed link's token", max_length = 2048)),
    responses(
        (status = 200, description = "The visit as an iCalendar file (`METHOD:PUBLISH`) in the retreat's time \
            zone, with the UID of the guest's invitations", content_type = "text/calendar", body = String),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody)))]
pub async fn calendar_file(
    state: web::Data<ApiState>,
    token: web::Path<String>,
) -> Result<actix_web::HttpResponse, ApiError> {
    let id = state.mail.links.verify_booking(&token).ok_or_else(invalid_link)?;
    let booking = state.calendar_store.get_booking(id).await.map_err(|_| invalid_link())?;
    let service = booked_service(&state, &booking).await?;
    let calendar = state.mail.composer.booking_calendar(&booking, service.as_ref());
    Ok(actix_web::HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .insert_header(("Content-Disposition", "attachment; filename=\"golden-pine-visit.ics\""))
        .insert_header(("Cache-Control", "no-store"))
        .body(calendar.ics))
}

#[utoipa::path(post, path = "/api/guest/bookings/{token}/deposit/refresh", tag = "Guest",
    params(("token" = String, Path, description = "The signed link's token", max_length = 2048)),
    responses(
        (status = 200, description = "The booking, its deposit as the provider has it now (the guest is back \
            from their bank's step)", body = GuestBooking),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody),
        (status = 409, description = "Payments are off (`payments_off`)", body = ErrorBody),
        (status = 503, description = "The payment provider could not be reached (`payment_provider_unavailable`), or the \
            database did not answer in time (`temporarily_unavailable`); see Retry-After", body = ErrorBody)))]
pub async fn refresh_deposit(
    state: web::Data<ApiState>,
    token: web::Path<String>,
) -> Result<web::Json<GuestBooking>, ApiError> {
    let id = state.mail.links.verify_booking(&token).ok_or_else(invalid_link)?;
    let payments = crate::routes::payments::payments(&state)?;
    payments.refresh_deposit(id).await?;
    let booking = state.calendar_store.get_booking(id).await.map_err(|_| invalid_link())?;
    Ok(web::Json(view(&state, &token, booking).await?))
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
    state: web::Data<ApiState>,
    query: web::Query<UnsubscribeQuery>,
) -> Result<web::Json<Unsubscribed>, ApiError> {
    let token = query.into_inner().token.unwrap_or_default();
    let id = state.mail.links.verify_unsubscribe(&token).ok_or_else(invalid_link)?;
    match state.content_store.unsubscribe(id).await {
        Ok(()) | Err(ports::RepoError::NotFound) => Ok(web::Json(Unsubscribed { unsubscribed: true })),
        Err(error) => Err(error.into()),
    }
}
