//! The standing schedule (issue 26): capacity per booking key, opening
//! hours, notice and horizon, set by the owner; and what each day holds
//! against it, for the calendar and the dashboard.

use actix_web::web;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use domain::booking as model;
use http_common::{ApiError, ErrorBody, ValidationErrors};

use crate::extract::{AdminSession, JsonBody, OwnerSession};
use crate::state::ApiState;
use crate::wire::fields::{CalendarDate, HorizonDays, NoticeHours, StandingCapacity};
use crate::wire::{self, form_whole};

/// Standing guests per time (massage, spa, package) and Tiny Home units per
/// night; null is open, no standing limit.
#[derive(Debug, Serialize, ToSchema)]
pub struct Capacities {
    pub massage: Option<i32>,
    pub spa: Option<i32>,
    pub package: Option<i32>,
    pub accommodation: Option<i32>,
}

/// The open times of each weekday (massage, spa and packages follow them;
/// the Tiny Home takes guests every night). An empty list closes the day.
#[derive(Debug, Serialize, ToSchema)]
pub struct OpeningHours {
    pub monday: Vec<wire::TimeSlot>,
    pub tuesday: Vec<wire::TimeSlot>,
    pub wednesday: Vec<wire::TimeSlot>,
    pub thursday: Vec<wire::TimeSlot>,
    pub friday: Vec<wire::TimeSlot>,
    pub saturday: Vec<wire::TimeSlot>,
    pub sunday: Vec<wire::TimeSlot>,
}

/// The retreat's standing schedule. A date's availability entry overrides
/// it for the times it governs; a blackout closes what it covers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Schedule {
    pub capacity: Capacities,
    pub opening_hours: OpeningHours,
    /// A booking may be made until this many hours before it begins (0: until it begins).
    pub minimum_notice_hours: i32,
    /// Guests may book this many days ahead; null, as the specification, without a limit.
    pub horizon_days: Option<i32>,
}

impl From<model::Schedule> for Schedule {
    fn from(s: model::Schedule) -> Self {
        let day = |i: usize| s.opening_hours[i].iter().map(|slot| (*slot).into()).collect();
        Self {
            capacity: Capacities {
                massage: s.capacity.massage,
                spa: s.capacity.spa,
                package: s.capacity.package,
                accommodation: s.capacity.accommodation,
            },
            opening_hours: OpeningHours {
                monday: day(0),
                tuesday: day(1),
                wednesday: day(2),
                thursday: day(3),
                friday: day(4),
                saturday: day(5),
                sunday: day(6),
            },
            minimum_notice_hours: s.minimum_notice_hours,
            horizon_days: s.horizon_days,
        }
    }
}

/// Each key's standing figure: a whole number, or null for no standing
/// limit. Every key is required (null says "open" on purpose).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CapacitiesInput {
    #[serde(default, deserialize_with = "crate::wire::present")]
    #[schema(required = true, nullable = false)]
    pub massage: Option<StandingCapacity>,
    #[serde(default, deserialize_with = "crate::wire::present")]
    #[schema(required = true, nullable = false)]
    pub spa: Option<StandingCapacity>,
    #[serde(default, deserialize_with = "crate::wire::present")]
    #[schema(required = true, nullable = false)]
    pub package: Option<StandingCapacity>,
    #[serde(default, deserialize_with = "crate::wire::present")]
    #[schema(required = true, nullable = false)]
    pub accommodation: Option<StandingCapacity>,
}

/// Each weekday's open times, among 9:00, 11:00, 13:00, 15:00 and 17:00.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct OpeningHoursInput {
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = Vec<wire::TimeSlotInput>)]
    pub monday: Option<Vec<String>>,
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = Vec<wire::TimeSlotInput>)]
    pub tuesday: Option<Vec<String>>,
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = Vec<wire::TimeSlotInput>)]
    pub wednesday: Option<Vec<String>>,
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = Vec<wire::TimeSlotInput>)]
    pub thursday: Option<Vec<String>>,
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = Vec<wire::TimeSlotInput>)]
    pub friday: Option<Vec<String>>,
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = Vec<wire::TimeSlotInput>)]
    pub saturday: Option<Vec<String>>,
    #[serde(default)]
    #[schema(required = true, nullable = false, value_type = Vec<wire::TimeSlotInput>)]
    pub sunday: Option<Vec<String>>,
}

/// The whole schedule, as `GET` answers it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleInput {
    #[serde(default)]
    #[schema(required = true)]
    pub capacity: CapacitiesInput,
    #[serde(default)]
    #[schema(required = true)]
    pub opening_hours: OpeningHoursInput,
    #[serde(default)]
    #[schema(required = true, nullable = false)]
    pub minimum_notice_hours: Option<NoticeHours>,
    /// Null: no limit. Required (null says so on purpose).
    #[serde(default, deserialize_with = "crate::wire::present")]
    #[schema(required = true, nullable = false)]
    pub horizon_days: Option<HorizonDays>,
}

pub const TIMES_MESSAGE: &str = "Choose among 9:00, 11:00, 13:00, 15:00 and 17:00 (none closes the day)";

/// A whole number, or one out of every range (so the rule's message answers it).
fn figure(value: Option<&serde_json::Value>) -> Option<i32> {
    value.and_then(form_whole).map(|n| i32::try_from(n).unwrap_or(i32::MIN))
}

impl ScheduleInput {
    pub fn try_into_domain(self) -> Result<model::Schedule, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let c = &self.capacity;
        // Left out is not "open": a missing figure is refused by its field.
        let standing = |value: &Option<StandingCapacity>| match value {
            None => Some(i32::MIN),
            Some(figure_sent) => figure(Some(&figure_sent.0)),
        };
        let capacity = model::StandingCapacity {
            massage: standing(&c.massage),
            spa: standing(&c.spa),
            package: standing(&c.package),
            accommodation: standing(&c.accommodation),
        };
        let h = self.opening_hours;
        let days = [
            ("openingHours.monday", h.monday),
            ("openingHours.tuesday", h.tuesday),
            ("openingHours.wednesday", h.wednesday),
            ("openingHours.thursday", h.thursday),
            ("openingHours.friday", h.friday),
            ("openingHours.saturday", h.saturday),
            ("openingHours.sunday", h.sunday),
        ];
        let mut opening_hours: [Vec<model::TimeSlot>; 7] = Default::default();
        for (i, (field, times)) in days.into_iter().enumerate() {
            let parsed: Option<Vec<model::TimeSlot>> =
                times.and_then(|times| times.iter().map(|t| model::TimeSlot::parse(t)).collect());
            match parsed {
                Some(mut slots) => {
                    slots.sort_by_key(|slot| slot.starts_at());
                    slots.dedup();
                    opening_hours[i] = slots;
                }
                None => errors.add(field, TIMES_MESSAGE),
            }
        }
        let schedule = model::Schedule {
            capacity,
            opening_hours,
            minimum_notice_hours: figure(self.minimum_notice_hours.as_ref().map(|v| &v.0))
                .unwrap_or(i32::MIN),
            horizon_days: match &self.horizon_days {
                None => Some(i32::MIN),
                Some(days) => figure(Some(&days.0)),
            },
        };
        for error in model::check_schedule(&schedule) {
            errors.add(schedule_field(error.field), error.message);
        }
        if errors.is_empty() { Ok(schedule) } else { Err(errors) }
    }
}

#[utoipa::path(get, path = "/api/admin/schedule", tag = "Calendar",
    security(("bearer_auth" = [])),
    responses((status = 200, description = "The standing schedule (the specification's open calendar until saved)", body = Schedule)))]
pub async fn get_schedule(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Schedule>, ApiError> {
    Ok(web::Json(state.calendar_store.schedule().await?.into()))
}

#[utoipa::path(put, path = "/api/admin/schedule", tag = "Calendar", request_body = ScheduleInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Saved; bookings from now on follow it", body = Schedule),
        (status = 400, description = "Invalid fields (`errors` names each, e.g. `capacity.massage`, `openingHours.monday`)", body = ErrorBody)))]
pub async fn save_schedule(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<ScheduleInput>,
) -> Result<web::Json<Schedule>, ApiError> {
    let schedule = input.into_inner().try_into_domain()?;
    let saved = state.calendar_store.save_schedule(schedule, admin.actor()).await?;
    // More capacity or longer hours may open places for guests waiting.
    state.waitlist.nudge();
    Ok(web::Json(saved.into()))
}

/// One key's day: its bookings against what the day holds.
#[derive(Debug, Serialize, ToSchema)]
pub struct ServiceLoad {
    pub service: wire::ServiceKey,
    /// Active bookings that day (for the Tiny Home, stays holding the night).
    pub taken: i32,
    /// What the day holds: the open times' figures added up (a day-wide
    /// entry's figure; the Tiny Home's units); null is open, no limit; 0 when closed.
    pub capacity: Option<i32>,
    pub source: wire::LoadSource,
    /// Guests on the waitlist whose wishes ask for this day (the owner's demand). Additive.
    pub waiting: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DayCapacity {
    /// yyyy-MM-dd
    pub date: String,
    /// massage, spa, package, accommodation, in that order.
    pub services: Vec<ServiceLoad>,
}

/// The longest view of the capacity overview, in days.
pub const MAX_OVERVIEW_DAYS: i64 = 62;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OverviewQuery {
    /// First day, yyyy-MM-dd.
    #[param(required = true, value_type = CalendarDate)]
    pub start: Option<String>,
    /// Last day, yyyy-MM-dd: on or after `start`, at most 61 days later.
    #[param(required = true, value_type = CalendarDate)]
    pub end: Option<String>,
}

pub const OVERVIEW_RANGE_MESSAGE: &str = "End must be on or after start, at most 61 days later";

impl OverviewQuery {
    fn try_into_domain(self) -> Result<(NaiveDate, NaiveDate), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let start = errors.field(
            "start",
            model::parse_date(self.start.as_deref().unwrap_or_default()),
            crate::wire::messages::START_DATE_REQUIRED,
        );
        let end = errors.field(
            "end",
            model::parse_date(self.end.as_deref().unwrap_or_default()),
            crate::wire::messages::END_DATE_REQUIRED,
        );
        let (Some(start), Some(end)) = (start, end) else { return Err(errors) };
        let days = (end - start).num_days();
        if !(0..MAX_OVERVIEW_DAYS).contains(&days) {
            return Err(ValidationErrors::single("end", OVERVIEW_RANGE_MESSAGE));
        }
        Ok((start, end))
    }
}

#[utoipa::path(get, path = "/api/admin/capacity", tag = "Calendar", params(OverviewQuery),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Each day from start to end: each service's bookings against what the day holds", body = [DayCapacity]),
        (status = 400, description = "Malformed range", body = ErrorBody)))]
pub async fn capacity_overview(
    _admin: AdminSession,
    state: web::Data<ApiState>,
    query: web::Query<OverviewQuery>,
) -> Result<web::Json<Vec<DayCapacity>>, ApiError> {
    let (start, end) = query.into_inner().try_into_domain()?;
    let days = state.calendar_store.capacity_overview(start, end).await?;
    let demand = state.waitlist.demand(start, end).await?;
    Ok(web::Json(
        days.into_iter()
            .map(|(date, loads)| DayCapacity {
                date: date.format(model::DATE_FORMAT).to_string(),
                services: loads
                    .into_iter()
                    .map(|load| ServiceLoad {
                        service: load.service.into(),
                        taken: load.taken,
                        capacity: load.capacity,
                        source: load.source.into(),
                        waiting: demand.get(&(load.service, date)).copied().unwrap_or(0),
                    })
                    .collect(),
            })
            .collect(),
    ))
}

/// A schedule figure's name on the wire.
fn schedule_field(field: model::ScheduleField) -> &'static str {
    use model::{ScheduleField as F, ServiceKey as K};
    match field {
        F::Capacity(K::Massage) => "capacity.massage",
        F::Capacity(K::Spa) => "capacity.spa",
        F::Capacity(K::Package) => "capacity.package",
        F::Capacity(K::Accommodation) => "capacity.accommodation",
        F::MinimumNoticeHours => "minimumNoticeHours",
        F::HorizonDays => "horizonDays",
    }
}
