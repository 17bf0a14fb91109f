//! Booking requests, the public availability check, and the calendar's
//! blackout periods and availability entries.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use domain::booking as model;
use domain::validation::{self as rule, Email};
use ports::IdempotencyKey;

use http_common::{ApiError, ErrorBody, ValidationErrors};

use crate::extract::{
    AdminSession, IdempotencyKeyHeader, IdempotencyKeyParam, JsonBody, PublicWrite, created_response,
};
use crate::state::ApiState;
use crate::wire::fields::{
    AccommodationChoice, BlackoutTypeChoice, CalendarDate, CalendarMonth, Capacity, EmailAddress, Honeypot,
    OptionalCalendarDate, OptionalLongText, OptionalPromoCode, ServiceIdChoice, ShortText, TimeSlotChoice,
};
use crate::wire::messages::*;
use crate::wire::paging::{ListSearch, PageParams, Paged};
use crate::wire::{self, chosen, form_whole};

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
    /// The deposit it asks for (docs/decisions.md §14); null when none. Its
    /// amount is what the guest's card is charged: a gift card's part is
    /// `giftCardAmount`.
    pub deposit: Option<BookingDeposit>,
    /// What a gift card paid of the deposit ("0.00" without one). Additive.
    #[schema(example = "0.00")]
    pub gift_card_amount: String,
    /// The last four characters of that gift card, or null. Additive.
    pub gift_card_last_four: Option<String>,
    /// What a promo code took off its price ("0.00" without one). Additive.
    #[schema(example = "0.00")]
    pub discount: String,
    /// The promo code it used, or null. Additive.
    pub promo_code: Option<String>,
    /// Given only to the browser that made the request: the token of the
    /// guest's own page (`/bookings/manage/{token}`, the page the mails link
    /// to), where she sees it, adds it to her calendar and changes or cancels
    /// it. Additive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manage_token: Option<String>,
    /// How many times it was moved, by its guest or the retreat. Additive.
    #[serde(default)]
    pub moves: i32,
    /// When its guest said she will be there (a reminder's answer); null
    /// until she does. Additive.
    #[serde(default)]
    pub attendance_confirmed_at: Option<DateTime<Utc>>,
    /// Its intake form, in the dashboard's list only: `complete`, `needs_review`
    /// (an answer the owner flagged) or `missing`; absent where its service
    /// asks no form. Never the answers (docs/decisions.md §22). Additive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intake: Option<crate::routes::intake::IntakeStatus>,
}

/// A booking's deposit and where it stands.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingDeposit {
    pub state: wire::DepositState,
    #[schema(example = "54.00")]
    pub amount: String,
    #[schema(example = "0.00")]
    pub refunded: String,
    /// Why charging the saved card failed, in the bank's words.
    pub last_error: Option<String>,
}

impl From<domain::payment::Deposit> for BookingDeposit {
    fn from(deposit: domain::payment::Deposit) -> Self {
        Self {
            state: deposit.state.into(),
            amount: deposit.amount.to_string(),
            refunded: deposit.refunded.to_string(),
            last_error: deposit.error,
        }
    }
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
            deposit: b.deposit.filter(|d| d.state != domain::payment::DepositState::None).map(Into::into),
            discount: b.promo.as_ref().map_or(domain::Money::ZERO, |p| p.amount).to_string(),
            promo_code: b.promo.map(|p| p.code.as_str().to_owned()),
            gift_card_amount: b
                .gift_card
                .as_ref()
                .map_or(domain::Money::ZERO, |card| card.amount)
                .to_string(),
            gift_card_last_four: b.gift_card.map(|card| card.last_four),
            manage_token: None,
            moves: b.moves,
            attendance_confirmed_at: b.guest_confirmed_at,
            intake: None,
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
    /// When the service asks for a deposit and payments are on (see
    /// `GET /api/payments/config`): the payment method the guest's browser
    /// created with the provider (`pm_…`), saved for the deposit; nothing is
    /// charged until the retreat confirms. Without it such a request is
    /// refused (402 `payment_required`).
    #[serde(default)]
    #[schema(max_length = 255, pattern = r"^[A-Za-z0-9_]+$")]
    pub payment_method_id: Option<String>,
    /// A promo code for bookings (docs/decisions.md §15); null, blank or left
    /// out for none. One that does not apply refuses the request (409
    /// `promo_code_refused`, the message says why); the deposit is taken
    /// from the discounted price.
    #[serde(default)]
    pub promo_code: OptionalPromoCode,
    /// A gift card to pay the deposit with (docs/decisions.md §16): it pays
    /// what it holds of the deposit when the request is made, and the card
    /// (`paymentMethodId`, still asked for) is saved only for the rest. Null,
    /// blank or left out for none; a booking that asks no deposit (or
    /// payments off) takes none: the card is redeemed at the retreat.
    #[serde(default)]
    pub gift_card: crate::wire::fields::OptionalGiftCardCode,
    /// A waitlist offer's token (from its mail): the booking takes the place
    /// held for her (409 `offer_not_held` once it is taken, let go or
    /// lapsed). Null, blank or left out for none. Additive.
    #[serde(default)]
    #[schema(max_length = 2048)]
    pub offer_token: Option<String>,
}

impl BookingInput {
    /// The guest's request, each field checked by its rule; the errors of
    /// every field at once, by the wire's names.
    pub fn try_into_domain(self) -> Result<model::NewBooking, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let first_name =
            errors.field("firstName", rule::PersonName::parse(&self.first_name.0), FIRST_NAME_REQUIRED);
        let last_name =
            errors.field("lastName", rule::PersonName::parse(&self.last_name.0), LAST_NAME_REQUIRED);
        let email = errors.take("email", Email::parse(&self.email.0));
        let service =
            errors.take("service", model::ServiceKey::from_text(&self.service).ok_or(SERVICE_REQUIRED));
        let date = errors.field("date", model::parse_date(&self.date.0), DATE_REQUIRED);
        let check_out = errors.take("checkOut", stay_check_out(service, date, self.check_out.0.as_deref()));
        let time = errors.take("time", model::TimeSlot::parse(&self.time).ok_or(TIME_REQUIRED));
        let notes = errors.take("notes", rule::LongText::parse_optional(self.notes.0.as_deref()));
        let promo_code =
            errors.take("promoCode", crate::wire::parse::promo_code(self.promo_code.0.as_deref()));
        let gift_card =
            errors.take("giftCard", crate::wire::parse::gift_card_code(self.gift_card.0.as_deref()));
        let (Some(promo_code), Some(gift_card)) = (promo_code, gift_card) else {
            return Err(errors);
        };
        match (first_name, last_name, email, service, date, check_out, time, notes) {
            (
                Some(first_name),
                Some(last_name),
                Some(email),
                Some(service),
                Some(date),
                Some(check_out),
                Some(time),
                Some(notes),
            ) => Ok(model::NewBooking {
                first_name,
                last_name,
                email,
                service,
                date,
                check_out,
                time,
                notes,
                // A deposit's card is saved with the provider once the request
                // is read, and what the gift card pays of it decided then.
                deposit: None,
                promo_code,
                gift_card: gift_card.map(|code| (code, domain::Money::ZERO)),
            }),
            _ => Err(errors),
        }
    }
}

/// The check-out a request names, as far as the service and date it names
/// can be read: a stay's (`model::check_out_for`), or none. An empty text
/// is none.
fn stay_check_out(
    service: Option<model::ServiceKey>,
    date: Option<NaiveDate>,
    text: Option<&str>,
) -> Result<Option<NaiveDate>, String> {
    let text = text.filter(|text| !text.is_empty());
    let out = text.map(model::parse_date).transpose();
    match (service, date) {
        (Some(model::ServiceKey::Accommodation), None) | (None, _) => Ok(None),
        (Some(model::ServiceKey::Accommodation), Some(date)) => {
            model::check_out_for(model::ServiceKey::Accommodation, date, out.map_err(|e| e.to_string())?)
                .map_err(|e| e.to_string())
        }
        (Some(_), _) if text.is_some() => Err(model::StayError::NotAStay.to_string()),
        (Some(_), _) => Ok(None),
    }
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
    /// A waitlist offer's token: the place held for its guest reads as open
    /// to her (a token that is not good is ignored). Additive.
    #[param(max_length = 2048)]
    pub offer: Option<String>,
}

impl AvailabilityQuery {
    /// The booking key and the day asked about.
    pub fn try_into_domain(self) -> Result<(model::ServiceKey, NaiveDate), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let date =
            errors.field("date", model::parse_date(self.date.as_deref().unwrap_or_default()), DATE_REQUIRED);
        let key = errors.take("serviceId", service_key(self.service_id.as_deref()));
        match (key, date) {
            (Some(key), Some(date)) => Ok((key, date)),
            _ => Err(errors),
        }
    }
}

/// A booking key as a query names it.
fn service_key(text: Option<&str>) -> Result<model::ServiceKey, &'static str> {
    model::ServiceKey::from_text(text.unwrap_or_default()).ok_or(SERVICE_REQUIRED)
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
    /// The same reason for a client to tell apart (null when the date can be booked).
    #[serde(rename = "reasonCode")]
    pub reason_code: Option<wire::DayReason>,
    /// The five times of the day, each bookable or not.
    pub slots: Vec<SlotAvailability>,
    /// Whether a guest may join the waitlist for this date: it cannot be
    /// booked only because its places are taken (not a blackout, a block,
    /// the opening hours or the notice). Additive.
    #[serde(rename = "canWait", default)]
    pub can_wait: bool,
}

#[utoipa::path(get, path = "/api/check-availability", tag = "Bookings", params(AvailabilityQuery),
    responses(
        (status = 200, description = "Whether the date can be booked, and which times", body = DayAvailability),
        (status = 400, description = "Malformed date or unknown service key", body = ErrorBody)))]
pub async fn check_availability(
    state: web::Data<ApiState>,
    query: web::Query<AvailabilityQuery>,
) -> Result<web::Json<DayAvailability>, ApiError> {
    let query = query.into_inner();
    let holder = offer_holder(&state, query.offer.as_deref());
    let (key, date) = query.try_into_domain()?;
    let day = state.bookings.availability_for(key, date, holder).await?;
    Ok(web::Json(DayAvailability {
        available: day.available,
        reason: day.reason.map(|reason| reason.text().to_owned()),
        reason_code: day.reason.map(Into::into),
        slots: day
            .slots
            .into_iter()
            .map(|(time, available)| SlotAvailability { time: time.into(), available })
            .collect(),
        can_wait: day.can_wait,
    }))
}

/// The waitlist offer a guest's `offer` parameter names, when its token is
/// good: her held place reads as open to her. A bad token is no offer.
fn offer_holder(state: &ApiState, token: Option<&str>) -> Option<Uuid> {
    token.filter(|token| !token.is_empty()).and_then(|token| state.mail.links.verify_waitlist_offer(token))
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
    /// A waitlist offer's token, as for `GET /api/check-availability`. Additive.
    #[param(max_length = 2048)]
    pub offer: Option<String>,
}

impl MonthQuery {
    /// The booking key and the month's first day.
    pub fn try_into_domain(self) -> Result<(model::ServiceKey, NaiveDate), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let key = errors.take("serviceId", service_key(self.service_id.as_deref()));
        let month = self.month.unwrap_or_default();
        let shaped = month.len() == 7 && month.as_bytes()[4] == b'-';
        let first = shaped
            .then(|| NaiveDate::parse_from_str(&format!("{month}-01"), "%Y-%m-%d").ok())
            .flatten()
            .ok_or(MONTH_FORMAT);
        let first = errors.take("month", first);
        match (key, first) {
            (Some(key), Some(first)) => Ok((key, first)),
            _ => Err(errors),
        }
    }
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
    /// The same reason for a client to tell apart (null when it can be booked).
    #[serde(rename = "reasonCode")]
    pub reason_code: Option<wire::DayReason>,
    /// Whether a guest may join the waitlist for it (its places taken, not closed). Additive.
    #[serde(rename = "canWait", default)]
    pub can_wait: bool,
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
    state: web::Data<ApiState>,
    query: web::Query<MonthQuery>,
) -> Result<web::Json<MonthAvailability>, ApiError> {
    let query = query.into_inner();
    let holder = offer_holder(&state, query.offer.as_deref());
    let (key, first) = query.try_into_domain()?;
    let days = state.bookings.month(key, first, holder).await?;
    Ok(web::Json(MonthAvailability {
        service_id: key.into(),
        month: first.format("%Y-%m").to_string(),
        days: days
            .into_iter()
            .map(|day| MonthDay {
                date: day.date.format(model::DATE_FORMAT).to_string(),
                available: day.open,
                reason: day.reason.map(|reason| reason.text().to_owned()),
                reason_code: day.reason.map(Into::into),
                can_wait: day.can_wait,
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
    state: web::Data<ApiState>,
    query: web::Query<OpenTimesQuery>,
) -> Result<web::Json<Vec<OpenTime>>, ApiError> {
    let key = service_key(query.into_inner().service.as_deref())
        .map_err(|message| ValidationErrors::single("service", message))?;
    let times = state.bookings.open_times(key).await?;
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
        (status = 402, description = "The service asks for a deposit and no card was given (`payment_required`), \
            or the provider refused to save the card (`payment_declined`, with the bank's reason); nothing is \
            booked", body = ErrorBody),
        (status = 409, description = "The date or time is unavailable or full, the guest holds too many requests \
            for the date, or the Idempotency-Key was used for another request", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody),
        (status = 503, description = "The payment provider could not be reached to save the deposit's card \
            (`payment_provider_unavailable`: nothing is booked), or the database did not answer in time \
            (`temporarily_unavailable`); see Retry-After", body = ErrorBody)))]
pub async fn create_booking(
    _limit: PublicWrite,
    req: actix_web::HttpRequest,
    key: IdempotencyKeyHeader,
    state: web::Data<ApiState>,
    input: JsonBody<BookingInput>,
) -> Result<HttpResponse, ApiError> {
    let key = key.0.map(|key| IdempotencyKey { key, fingerprint: input.fingerprint().to_owned() });
    let input = input.into_inner();
    input.website.check()?;
    // A payment method id is read as the provider writes them, used or not.
    let payment_method = match input.payment_method_id.as_deref().map(str::trim).filter(|id| !id.is_empty()) {
        Some(id) => Some(crate::wire::parse::payment_method_id(id)?.to_owned()),
        None => None,
    };
    let offer = match input.offer_token.as_deref().map(str::trim).filter(|token| !token.is_empty()) {
        Some(token) => Some(
            state
                .mail
                .links
                .verify_waitlist_offer(token)
                .ok_or_else(|| ValidationErrors::single("offerToken", OFFER_LINK_INVALID))?,
        ),
        None => None,
    };
    let booking = input.try_into_domain()?;
    if booking.gift_card.is_some() {
        crate::extract::count_gift_card_lookup(&req, &state).await?;
    }
    let created =
        state.bookings.request(ports::BookingRequest { booking, payment_method, key, offer }).await?;
    let repeat = created.is_repeat();
    let booking = created.into_inner();
    // The guest lands on her booking's own page, the one her mail links to.
    let manage_token = Some(state.mail.links.booking_token(booking.id, booking.date));
    Ok(created_response(repeat).json(Booking { manage_token, ..Booking::from(booking) }))
}

/// A booking to price with a promo code, before it is requested.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingQuoteInput {
    #[serde(default)]
    #[schema(required = true, value_type = wire::ServiceKey)]
    pub service: String,
    #[serde(default)]
    #[schema(required = true)]
    pub date: CalendarDate,
    /// A stay's check-out day (the Tiny Home), as for `POST /api/bookings`.
    #[serde(default)]
    pub check_out: OptionalCalendarDate,
    #[serde(default)]
    #[schema(required = true)]
    pub promo_code: crate::wire::fields::PromoCodeName,
    /// The guest's address, when the dialog has it (for a code's limit per
    /// guest; text that is not an address is ignored, the request checks again).
    #[serde(default)]
    pub email: crate::wire::fields::OptionalShortText,
}

/// A booking's price with a promo code: what the request will record.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingQuote {
    /// The service's price (a stay's: all its nights).
    #[schema(example = "95.00")]
    pub price: String,
    #[schema(example = "9.50")]
    pub discount: String,
    /// What is left to pay (at the retreat, less any deposit).
    #[schema(example = "85.50")]
    pub total: String,
    /// The code as applied (in capitals).
    pub promo_code: String,
}

#[utoipa::path(post, path = "/api/bookings/quote", tag = "Bookings", request_body = BookingQuoteInput,
    responses(
        (status = 200, description = "The booking's price with the code. Nothing is stored or reserved: the \
            request decides again (and the deposit, when one is asked, is a share of `total`)", body = BookingQuote),
        (status = 400, description = "Invalid fields", body = ErrorBody),
        (status = 404, description = "No service carries this booking key", body = ErrorBody),
        (status = 409, description = "The code does not apply (`promo_code_refused`; the message says why)", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn quote_booking(
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: JsonBody<BookingQuoteInput>,
) -> Result<web::Json<BookingQuote>, ApiError> {
    let input = input.into_inner();
    let mut errors = ValidationErrors::new();
    let service =
        errors.take("service", model::ServiceKey::from_text(&input.service).ok_or(SERVICE_REQUIRED));
    let date = errors.field("date", model::parse_date(&input.date.0), DATE_REQUIRED);
    let check_out = errors.take("checkOut", stay_check_out(service, date, input.check_out.0.as_deref()));
    let code = errors.take("promoCode", domain::promo::PromoCodeText::parse(&input.promo_code.0));
    let email = errors.take("email", rule::ShortText::parse_optional(input.email.0.as_deref()));
    let (Some(service), Some(date), Some(check_out), Some(code), Some(email)) =
        (service, date, check_out, code, email)
    else {
        return Err(errors.into());
    };
    let guest = email.and_then(|text| Email::parse(text.as_ref()).ok());
    let quote =
        state.bookings.quote(service, model::stay_length(date, check_out), &code, guest).await?.ok_or_else(
            || ApiError::new(http_common::ErrorCode::NotFound, "No service is booked under this key"),
        )?;
    Ok(web::Json(BookingQuote {
        price: quote.price.to_string(),
        discount: quote.promo.amount.to_string(),
        total: quote.total().to_string(),
        promo_code: quote.promo.code.as_str().to_owned(),
    }))
}

#[utoipa::path(get, path = "/api/bookings", tag = "Bookings",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every booking, newest first", body = [Booking])))]
pub async fn list_bookings(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<Booking>>, ApiError> {
    Ok(web::Json(state.calendar_store.list_bookings().await?.into_iter().map(Booking::from).collect()))
}

/// The Bookings tab's filters (beside its search, visit days and page:
/// `wire::paging`; a visit is found by any of its days, a stay by its nights).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BookingFilter {
    #[param(value_type = Option<wire::BookingStatus>)]
    pub status: Option<wire::BookingStatus>,
    #[param(value_type = Option<wire::ServiceKey>)]
    pub service: Option<wire::ServiceKey>,
}

/// `GET /api/admin/bookings`: what the dashboard reads (the specification's
/// `GET /api/bookings` still answers every booking, for existing clients).
#[utoipa::path(get, path = "/api/admin/bookings", tag = "Bookings", params(ListSearch, BookingFilter, PageParams),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "A page of the matching bookings, newest request first", body = Paged<Booking>),
        (status = 400, description = "A search, date, status, service, page link or limit that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn page_bookings(
    _admin: AdminSession,
    state: web::Data<ApiState>,
    search: web::Query<ListSearch>,
    filter: web::Query<BookingFilter>,
    page: web::Query<PageParams>,
) -> Result<web::Json<Paged<Booking>>, ApiError> {
    let query = booking_query(search.into_inner(), filter.into_inner(), Some(page.into_inner()))?;
    let page = state.calendar_store.page_bookings(query).await?;
    let services: Vec<(Uuid, domain::booking::ServiceKey)> =
        page.items.iter().map(|b| (b.id, b.service)).collect();
    let statuses = state.intake.statuses(&services).await?;
    let mut paged: Paged<Booking> = Paged::of(page);
    for booking in &mut paged.items {
        booking.intake = statuses.get(&booking.id).copied().map(Into::into);
    }
    Ok(web::Json(paged))
}

/// The query as the store takes it, or every refusal by parameter (the CSV
/// export reads the same parameters).
pub(crate) fn booking_query(
    search: ListSearch,
    filter: BookingFilter,
    page: Option<PageParams>,
) -> Result<model::BookingQuery, ApiError> {
    let mut errors = ValidationErrors::default();
    let list = search.read(page, &mut errors);
    errors.into_result(|| ())?;
    Ok(model::BookingQuery {
        search: list.search,
        status: filter.status.map(Into::into),
        service: filter.service.map(Into::into),
        visit_from: list.from,
        visit_to: list.to,
        page: list.page,
    })
}

#[utoipa::path(put, path = "/api/admin/bookings/{id}", tag = "Bookings", request_body = BookingStatusInput,
    params(("id" = Uuid, Path, description = "Booking id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Updated; cancelling gives its capacity back. With payments on, confirming \
            a request charges its deposit first (a declined card shows on `deposit`), and cancelling or completing \
            lets a card saved for a deposit never charged go; a deposit taken stays until it is refunded", body = Booking),
        (status = 400, description = "Unknown status", body = ErrorBody),
        (status = 404, description = "No such booking", body = ErrorBody),
        (status = 409, description = "Reinstating it would exceed capacity (`no_capacity`), or its deposit's \
            charge is already under way (`payment_in_progress`)", body = ErrorBody),
        (status = 503, description = "The payment provider could not be reached to charge the deposit \
            (`payment_provider_unavailable`: nothing changed), or the database did not answer in time \
            (`temporarily_unavailable`); see Retry-After", body = ErrorBody)))]
pub async fn set_booking_status(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<BookingStatusInput>,
) -> Result<web::Json<Booking>, ApiError> {
    let status = model::BookingStatus::from_text(&input.status)
        .ok_or_else(|| ValidationErrors::single("status", BOOKING_STATUS_CHOICE))?;
    let booking =
        state.bookings.set_status(*id, status, admin.actor()).await.map_err(ApiError::repo("Booking"))?;
    // A cancellation frees a place: the first guest waiting for it is offered it.
    state.waitlist.nudge();
    Ok(web::Json(booking.into()))
}

#[utoipa::path(delete, path = "/api/admin/bookings/{id}", tag = "Bookings",
    params(("id" = Uuid, Path, description = "Booking id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Deleted; its capacity is given back, and the records of its payments stay"),
        (status = 404, description = "No such booking", body = ErrorBody),
        (status = 409, description = "It is pending or confirmed and holds the guest's money (a card saved or \
            charged for its deposit, a gift card's part of it): `booking_holds_money`, the message says what; \
            cancel it first (docs/decisions.md §14)", body = ErrorBody)))]
pub async fn delete_booking(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.bookings.delete(*id, admin.actor()).await?;
    state.waitlist.nudge();
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
    /// How many guests on the waitlist ask for a day it covers: lifting it
    /// would free those days for them (0 where not counted). Additive.
    #[serde(default)]
    pub waiting_guests: i32,
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
            waiting_guests: 0,
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
    /// The period, and whether the bookings it covers are cancelled with it.
    pub fn try_into_domain(self) -> Result<(model::NewBlackout, bool), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let start_date =
            errors.field("startDate", model::parse_date(&self.start_date.0), START_DATE_REQUIRED);
        let end_date = errors.field("endDate", model::parse_date(&self.end_date.0), END_DATE_REQUIRED);
        let blackout_type = errors.take(
            "type",
            match self.blackout_type.0.as_deref() {
                None | Some("") => Ok(model::BlackoutType::All),
                Some(text) => model::BlackoutType::from_text(text).ok_or(BLACKOUT_TYPE_CHOICE),
            },
        );
        let reason = errors.take("reason", rule::LongText::parse_optional(self.reason.0.as_deref()));
        let period = match (start_date, end_date) {
            (Some(start), Some(end)) => errors.take("endDate", model::period(start, end)),
            _ => None,
        };
        match (period, blackout_type, reason) {
            (Some((start_date, end_date)), Some(blackout_type), Some(reason)) => Ok((
                model::NewBlackout { start_date, end_date, blackout_type, reason },
                self.cancel_covered.unwrap_or(false),
            )),
            _ => Err(errors),
        }
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
    state: web::Data<ApiState>,
    input: JsonBody<BlackoutInput>,
) -> Result<web::Json<Vec<Booking>>, ApiError> {
    let (blackout, _) = input.into_inner().try_into_domain()?;
    let covered = state.bookings.blackout_impact(&blackout).await?;
    Ok(web::Json(covered.into_iter().map(Booking::from).collect()))
}

#[utoipa::path(get, path = "/api/admin/blackout-dates", tag = "Calendar",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every blackout period, by start date, with how many guests on the waitlist \
            wait for the days it covers", body = [BlackoutDate])))]
pub async fn list_blackouts(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<BlackoutDate>>, ApiError> {
    let blackouts = state.calendar_store.list_blackouts().await?;
    let waiting = state.waitlist.waiting_for_blackouts(&blackouts).await?;
    Ok(web::Json(
        blackouts
            .into_iter()
            .zip(waiting)
            .map(|(blackout, waiting_guests)| BlackoutDate { waiting_guests, ..BlackoutDate::from(blackout) })
            .collect(),
    ))
}

#[utoipa::path(post, path = "/api/admin/blackout-dates", tag = "Calendar", request_body = BlackoutInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 201, description = "Created", body = BlackoutDate),
        (status = 400, description = "Invalid dates (or the end before the start)", body = ErrorBody)))]
pub async fn create_blackout(
    admin: AdminSession,
    state: web::Data<ApiState>,
    input: JsonBody<BlackoutInput>,
) -> Result<HttpResponse, ApiError> {
    let (blackout, cancel_covered) = input.into_inner().try_into_domain()?;
    let (blackout, _cancelled) = state.bookings.add_blackout(blackout, admin.actor(), cancel_covered).await?;
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
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state
        .calendar_store
        .delete_blackout(*id, admin.actor())
        .await
        .map_err(ApiError::repo("Blackout period"))?;
    // Its days may be open again: the first guests waiting for them are offered places.
    state.waitlist.nudge();
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

impl AvailabilityInput {
    /// The entry to save; the dashboard's "none" is no service,
    /// accommodation or time.
    pub fn try_into_domain(self) -> Result<model::NewAvailability, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let date = errors.field("date", model::parse_date(&self.date.0), DATE_IS_REQUIRED);
        let service_id = errors.take(
            "serviceId",
            chosen(self.service_id.0.as_deref())
                .map(|text| Uuid::parse_str(text).map_err(|_| model::UNKNOWN_SERVICE_MESSAGE))
                .transpose(),
        );
        let accommodation_type = errors.take(
            "accommodationType",
            chosen(self.accommodation_type.0.as_deref())
                .map(|text| model::AccommodationType::from_text(text).ok_or(ACCOMMODATION_CHOICE))
                .transpose(),
        );
        let time_slot = errors.take(
            "timeSlot",
            chosen(self.time_slot.0.as_deref())
                .map(|text| model::TimeSlot::parse(text).ok_or(TIME_SLOT_CHOICE))
                .transpose(),
        );
        let max_capacity = errors.take(
            "maxCapacity",
            model::capacity(self.max_capacity.and_then(|capacity| form_whole(&capacity.0))),
        );
        let block_reason =
            errors.take("blockReason", rule::LongText::parse_optional(self.block_reason.0.as_deref()));
        match (date, service_id, accommodation_type, time_slot, max_capacity, block_reason) {
            (
                Some(date),
                Some(service_id),
                Some(accommodation_type),
                Some(time_slot),
                Some(max_capacity),
                Some(block_reason),
            ) => Ok(model::NewAvailability {
                date,
                service_id,
                accommodation_type,
                time_slot,
                max_capacity,
                is_blocked: self.is_blocked.unwrap_or(false),
                block_reason,
            }),
            _ => Err(errors),
        }
    }
}

#[utoipa::path(get, path = "/api/admin/availability", tag = "Calendar", params(crate::wire::parse::RangeQuery),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Entries dated from start to end", body = [Availability]),
        (status = 400, description = "Malformed range", body = ErrorBody)))]
pub async fn list_availability(
    _admin: AdminSession,
    state: web::Data<ApiState>,
    query: web::Query<crate::wire::parse::RangeQuery>,
) -> Result<web::Json<Vec<Availability>>, ApiError> {
    let (start, end) = query.into_inner().try_into_domain()?;
    let entries = state.calendar_store.list_availability(start, end).await?;
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
    state: web::Data<ApiState>,
    input: JsonBody<AvailabilityInput>,
) -> Result<web::Json<Availability>, ApiError> {
    let entry = input.into_inner().try_into_domain()?;
    let saved = state.calendar_store.upsert_availability(entry, admin.actor()).await?;
    // Capacity raised or a block lifted: places may be open for guests waiting.
    state.waitlist.nudge();
    Ok(web::Json(saved.into()))
}

#[utoipa::path(delete, path = "/api/admin/availability/{id}", tag = "Calendar",
    params(("id" = Uuid, Path, description = "Availability entry id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 204, description = "Removed; the bookings it governed stay"),
        (status = 404, description = "No such entry", body = ErrorBody)))]
pub async fn delete_availability(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state
        .calendar_store
        .delete_availability(*id, admin.actor())
        .await
        .map_err(ApiError::repo("Availability entry"))?;
    state.waitlist.nudge();
    Ok(HttpResponse::NoContent().finish())
}

#[cfg(test)]
mod tests {
    //! The booking and calendar inputs parse into the domain's types with
    //! the specification's messages, keyed by the wire's field names.
    use serde_json::{Value, json};

    use super::*;

    fn booking(fields: Value) -> Result<model::NewBooking, ValidationErrors> {
        let mut body = json!({"firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com",
            "service": "massage", "date": "2026-12-01", "time": "09:00", "notes": "  "});
        for (key, value) in fields.as_object().expect("fields") {
            body[key] = value.clone();
        }
        serde_json::from_value::<BookingInput>(body).expect("shape").try_into_domain()
    }

    #[test]
    fn a_booking_uses_the_spec_messages() {
        let input: BookingInput = serde_json::from_value(json!({})).expect("shape");
        let errors = input.try_into_domain().expect_err("invalid");
        assert_eq!(errors.message_for("firstName"), Some("First name is required"));
        assert_eq!(errors.message_for("lastName"), Some("Last name is required"));
        assert_eq!(errors.message_for("email"), Some("Please enter a valid email address"));
        assert_eq!(errors.message_for("service"), Some("Please select a service"));
        assert_eq!(errors.message_for("date"), Some("Please select a date"));
        assert_eq!(errors.message_for("time"), Some("Please select a time"));
        assert_eq!(errors.message_for("notes"), None);
    }

    #[test]
    fn a_booking_refuses_unknown_keys_slots_and_dates() {
        let valid = booking(json!({})).expect("valid");
        assert_eq!((valid.time, valid.notes), (model::TimeSlot::NineAm, None));
        for (field, value) in [
            ("service", "Massage Therapy"),
            ("time", "10:00"),
            ("time", "9:00 "),
            ("service", " massage"),
            ("date", "2026-12-01 "),
            ("date", "2026-02-30"),
            ("date", "2026-1-5"),
            ("date", "-001-01-01"),
            ("date", "+026-12-01"),
        ] {
            assert!(booking(json!({ field: value })).is_err(), "{field} {value:?}");
        }
    }

    #[test]
    fn a_stay_is_one_to_fourteen_nights_of_the_tiny_home_only() {
        let stay = |check_out: Value, service: &str| {
            booking(json!({"service": service, "date": "2026-12-01", "time": "15:00", "checkOut": check_out}))
        };
        let one = stay(Value::Null, "accommodation").expect("one night");
        assert_eq!(one.check_out, NaiveDate::from_ymd_opt(2026, 12, 2), "a single date is one night");
        assert_eq!(stay(json!("2026-12-15"), "accommodation").expect("14 nights").nights().len(), 14);
        for bad in ["2026-12-16", "2026-12-01", "2026-11-30"] {
            let errors = stay(json!(bad), "accommodation").expect_err(bad);
            assert_eq!(errors.message_for("checkOut"), Some(model::STAY_LENGTH_MESSAGE), "{bad}");
        }
        let errors = stay(json!("12/03/2026"), "accommodation").expect_err("format");
        assert_eq!(errors.message_for("checkOut"), Some("Please use a real date in the yyyy-MM-dd format"));
        let errors = stay(json!("2026-12-03"), "massage").expect_err("massage");
        assert_eq!(errors.message_for("checkOut"), Some(model::STAY_ONLY_MESSAGE));
        let massage = stay(json!(""), "massage").expect("an empty check-out is none");
        assert_eq!(massage.check_out, None);
    }

    #[test]
    fn a_blackout_may_not_end_before_it_starts_and_covers_everything_by_default() {
        let blackout =
            |body: Value| serde_json::from_value::<BlackoutInput>(body).expect("shape").try_into_domain();
        let errors = blackout(json!({"startDate": "2026-12-10", "endDate": "2026-12-09", "type": "all"}))
            .expect_err("invalid");
        assert_eq!(errors.message_for("endDate"), Some("End date must be on or after the start date"));
        let (same_day, cancel) =
            blackout(json!({"startDate": "2026-12-10", "endDate": "2026-12-10", "reason": "Staff retreat"}))
                .expect("valid");
        assert_eq!((same_day.blackout_type, cancel), (model::BlackoutType::All, false));
        let errors = blackout(json!({})).expect_err("empty");
        assert_eq!(errors.message_for("startDate"), Some("Start date is required"));
        assert_eq!(errors.message_for("endDate"), Some("End date is required"));
    }

    #[test]
    fn an_availability_entry_reads_the_dashboard_s_none_as_absent() {
        let entry = |fields: Value| {
            let mut body = json!({"date": "2026-12-10", "serviceId": "none", "accommodationType": "none",
                "timeSlot": ""});
            for (key, value) in fields.as_object().expect("fields") {
                body[key] = value.clone();
            }
            serde_json::from_value::<AvailabilityInput>(body).expect("shape").try_into_domain()
        };
        let saved = entry(json!({})).expect("valid");
        assert_eq!((saved.service_id, saved.accommodation_type, saved.time_slot), (None, None, None));
        assert_eq!((saved.max_capacity, saved.is_blocked), (1, false));
        for max in [0, -1, model::MAX_CAPACITY_LIMIT + 1] {
            let errors = entry(json!({ "maxCapacity": max })).expect_err("out of range");
            assert_eq!(
                errors.message_for("maxCapacity"),
                Some("Max capacity must be from 1 to 10000"),
                "{max}"
            );
        }
        let errors = entry(json!({"serviceId": "massage"})).expect_err("not an id");
        assert_eq!(errors.message_for("serviceId"), Some(model::UNKNOWN_SERVICE_MESSAGE));
    }

    #[test]
    fn availability_questions_and_ranges_are_checked() {
        let question = |date: Option<&str>, key: Option<&str>| {
            AvailabilityQuery { date: date.map(Into::into), service_id: key.map(Into::into), offer: None }
                .try_into_domain()
        };
        assert_eq!(
            question(Some("2026-12-01"), Some("spa")),
            Ok((model::ServiceKey::Spa, NaiveDate::from_ymd_opt(2026, 12, 1).expect("date")))
        );
        let errors = question(None, None).expect_err("invalid");
        assert_eq!(errors.message_for("date"), Some(DATE_REQUIRED));
        assert_eq!(errors.message_for("serviceId"), Some(SERVICE_REQUIRED));

        let range = |start: &str, end: &str| {
            crate::wire::parse::RangeQuery { start: Some(start.into()), end: Some(end.into()) }
                .try_into_domain()
        };
        assert!(range("2026-12-01", "2026-12-31").is_ok());
        assert!(range("2026-12-01", "2026-12-01").is_ok());
        assert!(range("2026-12-01", "2027-12-02").is_ok()); // 366 days
        assert!(range("2026-12-01", "2027-12-03").is_err());
        assert!(range("2026-12-02", "2026-12-01").is_err());
        assert!(range("", "2026-12-01").expect_err("start").message_for("start").is_some());
    }
}
