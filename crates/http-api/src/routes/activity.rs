//! The dashboard's Activity view: the audit trail, read-only
//! (docs/decisions.md §12). Records are written by the store in each
//! admin write's transaction; nothing here writes.

use actix_web::web;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use domain::audit::{AuditEntry, AuditQuery, MAX_AUDIT_PAGE};
use domain::booking::{DateError, parse_date};

use crate::extract::OwnerSession;
use crate::state::ApiState;
use crate::wire::fields::CalendarDate;
use crate::wire::paging::page_start;
use crate::wire::{ActivityAction, ActivityEntity};
use http_common::{ApiError, ErrorBody, ValidationErrors};

/// One admin write or login attempt.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityEntry {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    /// The acting admin's id (none for a login to an unknown account).
    pub actor_id: Option<Uuid>,
    /// The acting admin's e-mail, or the address tried at a failed login.
    pub actor: String,
    pub entity: ActivityEntity,
    /// The record changed (none where there is no single record).
    pub entity_id: Option<Uuid>,
    pub action: ActivityAction,
    /// What changed, before → after, in a line.
    pub summary: String,
}

impl From<AuditEntry> for ActivityEntry {
    fn from(e: AuditEntry) -> Self {
        Self {
            id: e.id,
            at: e.at,
            actor_id: e.actor_id,
            actor: e.actor,
            entity: e.entity.into(),
            entity_id: e.entity_id,
            action: e.action.into(),
            summary: e.summary,
        }
    }
}

/// A page of the trail and everyone it names (for the admin filter).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityPage {
    /// Newest first.
    pub entries: Vec<ActivityEntry>,
    /// Every actor the whole trail names, alphabetically.
    pub actors: Vec<String>,
    /// The `after` of the next (older) page; null on the last page. Additive.
    pub next: Option<String>,
    /// The `before` of the previous (newer) page; null on the first page. Additive.
    pub previous: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActivityFilter {
    /// Only this actor's records (an e-mail from `actors`).
    #[param(max_length = 254, pattern = r"^[^\u0000]*$")]
    pub actor: Option<String>,
    /// Only records about this kind of thing.
    #[param(value_type = Option<ActivityEntity>)]
    pub entity: Option<ActivityEntity>,
    /// From this day on (yyyy-MM-dd, the retreat's time zone).
    #[param(value_type = Option<CalendarDate>)]
    pub from: Option<String>,
    /// Up to and including this day (yyyy-MM-dd, the retreat's time zone).
    #[param(value_type = Option<CalendarDate>)]
    pub to: Option<String>,
    /// At most this many records (default 200).
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<i64>,
    /// The `next` of the page before: the page of older records.
    #[param(pattern = r"^[0-9]{1,17}_[0-9a-f]{32}$")]
    pub after: Option<String>,
    /// The `previous` of the page after: the page of newer records (not with `after`).
    #[param(pattern = r"^[0-9]{1,17}_[0-9a-f]{32}$")]
    pub before: Option<String>,
}

const DEFAULT_PAGE: i64 = 200;

#[utoipa::path(get, path = "/api/admin/activity", tag = "Activity", params(ActivityFilter), operation_id = "list_activity",
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Matching records, newest first", body = ActivityPage),
        (status = 400, description = "A malformed date or limit", body = ErrorBody)))]
pub async fn list(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    filter: web::Query<ActivityFilter>,
) -> Result<web::Json<ActivityPage>, ApiError> {
    let filter = filter.into_inner();
    let mut errors = ValidationErrors::default();
    let mut day = |field: &'static str, text: Option<String>| match text {
        None => None,
        // Sent empty, it is malformed too (a filter, unlike a form field, has no "required").
        Some(text) => errors.take(field, parse_date(&text).map_err(|_| DateError::Malformed)),
    };
    let (from, to) = (day("from", filter.from), day("to", filter.to));
    // What a record can name: at most an e-mail's length, and never NUL (PostgreSQL text holds none).
    if filter.actor.as_ref().is_some_and(|a| a.chars().count() > 254 || a.contains('\0')) {
        errors.add("actor", "Please choose an admin from the list");
    }
    let limit = filter.limit.unwrap_or(DEFAULT_PAGE);
    if !(1..=MAX_AUDIT_PAGE).contains(&limit) {
        errors.add("limit", "Limit must be a whole number from 1 to 500");
    }
    // The trail keeps its own page size (up to 500); the cursors read as every list's do.
    let start = page_start(filter.after, filter.before, &mut errors);
    errors.into_result(|| ())?;
    let query = AuditQuery {
        actor: filter.actor.filter(|a| !a.is_empty()),
        entity: filter.entity.map(Into::into),
        from: from.map(|d| state.clock.start_of_local_day(d)),
        until: to.and_then(|d| d.succ_opt()).map(|d| state.clock.start_of_local_day(d)),
        limit,
        start,
    };
    let page = state.audit_trail.list_activity(query).await?;
    let actors = state.audit_trail.activity_actors().await?;
    Ok(web::Json(ActivityPage {
        entries: page.items.into_iter().map(Into::into).collect(),
        actors,
        next: page.next.map(|cursor| cursor.encode()),
        previous: page.previous.map(|cursor| cursor.encode()),
    }))
}
