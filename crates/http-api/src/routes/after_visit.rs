//! After the visit (issue 43, docs/decisions.md §9 "After the visit"): the
//! guest's rating through her link, the ratings the site shows, the
//! follow-ups' unsubscribe, and the owner's side (replies, take-downs under
//! the written rules, each service's aftercare and "invite back after").

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use catalogue::CatalogueRead;
use catalogue::model::RatingSummary;
use domain::after_visit::{
    AfterVisitSettingsError, HideRule, Rating, RatingError, RatingInput, check_aftercare, check_return_after,
};
use http_common::{ApiError, ErrorBody, ErrorCode, ValidationErrors};
use ports::RateError;

use crate::extract::{JsonBody, OwnerSession};
use crate::routes::guest::{Unsubscribed, invalid_link};
use crate::state::ApiState;
use crate::wire::fields::{AftercareText, HideRuleChoice, RatingStars, RatingText, ReturnAfterDays};
use crate::wire::{self, form_whole};

#[utoipa::path(get, path = "/api/ratings", tag = "Services",
    responses(
        (status = 200, description = "Each service's ratings as the site shows them: the average and count of \
            every rating not taken down, and the newest comments their authors let us quote, with the owner's \
            replies (from memory, with a strong ETag)", body = [RatingSummary]),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),))]
pub async fn list_ratings(req: HttpRequest, state: web::Data<ApiState>) -> Result<HttpResponse, ApiError> {
    super::catalogue_answer(&req, &state, &CatalogueRead::Ratings, "Rating").await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RatingLinkQuery {
    /// The signed token from the thank-you (or the guest's booking page).
    #[param(required = true, max_length = 2048)]
    pub token: Option<String>,
}

/// The owner's public reply, as the guest sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingReplyView {
    pub text: String,
    pub date: String,
}

/// The guest's rating so far.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GivenRating {
    pub stars: u8,
    pub comment: Option<String>,
    pub may_quote: bool,
    /// Until when she may change it.
    pub changeable_until: DateTime<Utc>,
    /// Whether the owner took it off the site (she was told why by mail).
    pub hidden: bool,
    pub reply: Option<RatingReplyView>,
}

/// A visit as its rating page shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitRating {
    pub service_name: String,
    /// The visit's day (a stay's check-in), yyyy-MM-dd.
    #[schema(example = "2026-12-18")]
    pub date: String,
    pub first_name: String,
    /// Whether she may rate (or change her rating) now.
    pub can_rate: bool,
    /// Why not, in words for her.
    pub reason: Option<String>,
    pub rating: Option<GivenRating>,
}

async fn rated_booking(
    state: &ApiState,
    token: Option<String>,
) -> Result<domain::booking::Booking, ApiError> {
    let id = state.mail.links.verify_rating(token.as_deref().unwrap_or_default()).ok_or_else(invalid_link)?;
    state.calendar_store.get_booking(id).await.map_err(|_| invalid_link())
}

/// The retreat's day of `at`, as the site's summaries date a reply.
fn day_of(state: &ApiState, at: DateTime<Utc>) -> String {
    at.with_timezone(&state.mail.time_zone).date_naive().to_string()
}

async fn visit_rating(state: &ApiState, booking: &domain::booking::Booking) -> Result<VisitRating, ApiError> {
    let (rating, may) = state.after_visit.rating_state(booking).await?;
    let service_name = state
        .catalogue
        .services()
        .await?
        .into_iter()
        .find(|s| s.booking_key == Some(booking.service))
        .map_or_else(|| booking.service.service_name().to_owned(), |s| s.name);
    Ok(VisitRating {
        service_name,
        date: booking.date.to_string(),
        first_name: booking.first_name.clone(),
        can_rate: may.is_ok(),
        reason: may.err().map(|refusal| refusal.to_string()),
        rating: rating.map(|r| GivenRating {
            stars: r.stars,
            changeable_until: r.changeable_until(),
            hidden: r.hidden.is_some(),
            reply: r
                .reply
                .as_ref()
                .map(|reply| RatingReplyView { text: reply.text.clone(), date: day_of(state, reply.at) }),
            comment: r.comment,
            may_quote: r.may_quote,
        }),
    })
}

#[utoipa::path(get, path = "/api/visit-ratings", tag = "Services", params(RatingLinkQuery),
    responses(
        (status = 200, description = "The visit, whether it may be rated now, and her rating so far", body = VisitRating),
        (status = 404, description = "The link is tampered with or has expired, or its booking is gone (`invalid_link`)", body = ErrorBody)))]
pub async fn visit_rating_page(
    state: web::Data<ApiState>,
    query: web::Query<RatingLinkQuery>,
) -> Result<web::Json<VisitRating>, ApiError> {
    let booking = rated_booking(&state, query.into_inner().token).await?;
    Ok(web::Json(visit_rating(&state, &booking).await?))
}

/// A guest's rating of her visit.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingBody {
    #[serde(default)]
    #[schema(required = true)]
    pub stars: RatingStars,
    #[serde(default)]
    pub comment: RatingText,
    /// Whether the retreat may quote her comment on the site, with her first
    /// name and initial.
    #[serde(default)]
    pub may_quote: bool,
}

#[utoipa::path(put, path = "/api/visit-ratings", tag = "Services", params(RatingLinkQuery), request_body = RatingBody,
    responses(
        (status = 200, description = "Saved: one rating per booking, changeable for 30 days", body = VisitRating),
        (status = 400, description = "Stars from 1 to 5; a comment of at most 1,000 characters", body = ErrorBody),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody),
        (status = 409, description = "The visit is not over yet (`visit_not_over`), or the rating can no longer \
            change (`rating_closed`)", body = ErrorBody)))]
pub async fn rate_visit(
    state: web::Data<ApiState>,
    query: web::Query<RatingLinkQuery>,
    body: JsonBody<RatingBody>,
) -> Result<web::Json<VisitRating>, ApiError> {
    let booking = rated_booking(&state, query.into_inner().token).await?;
    let body = body.into_inner();
    let stars = form_whole(&body.stars.0).unwrap_or(i64::MIN);
    let input = RatingInput::parse(stars, body.comment.0.as_deref(), body.may_quote).map_err(|error| {
        let field = if error == RatingError::Stars { "stars" } else { "comment" };
        ValidationErrors::single(field, error.to_string())
    })?;
    match state.after_visit.rate(&booking, input).await {
        Ok(_) => {}
        Err(RateError::Rule(refusal @ RatingError::NotOver)) => {
            return Err(ApiError::new(ErrorCode::VisitNotOver, refusal.to_string()));
        }
        Err(RateError::Rule(refusal @ RatingError::Closed)) => {
            return Err(ApiError::new(ErrorCode::RatingClosed, refusal.to_string()));
        }
        Err(RateError::Rule(other)) => {
            return Err(ValidationErrors::single("stars", other.to_string()).into());
        }
        Err(RateError::Repo(error)) => return Err(error.into()),
    }
    state.catalogue.changed();
    Ok(web::Json(visit_rating(&state, &booking).await?))
}

/// The RFC 8058 one-click endpoint of the thank-yous and invitations: mail
/// clients POST `List-Unsubscribe=One-Click` to it; the page posts here too.
/// Its body is not read. Booking mail still goes to the address.
#[utoipa::path(post, path = "/api/follow-ups/unsubscribe", tag = "Newsletter", params(RatingLinkQuery),
    responses(
        (status = 200, description = "No more thank-yous or invitations to this address", body = Unsubscribed),
        (status = 404, description = "The link is tampered with or has expired (`invalid_link`)", body = ErrorBody)))]
pub async fn unsubscribe_follow_ups(
    state: web::Data<ApiState>,
    query: web::Query<RatingLinkQuery>,
) -> Result<web::Json<Unsubscribed>, ApiError> {
    let token = query.into_inner().token.unwrap_or_default();
    let booking = state.mail.links.verify_follow_up_unsubscribe(&token).ok_or_else(invalid_link)?;
    state.after_visit.repo().opt_out(booking).await?;
    Ok(web::Json(Unsubscribed { unsubscribed: true }))
}

/// A reply as the owner sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminReply {
    pub text: String,
    pub at: DateTime<Utc>,
}

/// A take-down: the rule and when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminHidden {
    pub rule: wire::HideRule,
    pub at: DateTime<Utc>,
}

/// A rating as the owner reads it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminRating {
    pub id: Uuid,
    /// The booking rated (null once the booking was deleted: the rating stays).
    pub booking_id: Option<Uuid>,
    pub service_key: wire::ServiceKey,
    pub stars: u8,
    pub comment: Option<String>,
    pub may_quote: bool,
    pub author: String,
    pub email: String,
    #[schema(example = "2026-12-18")]
    pub visited_on: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub reply: Option<AdminReply>,
    pub hidden: Option<AdminHidden>,
}

impl From<Rating> for AdminRating {
    fn from(r: Rating) -> Self {
        Self {
            id: r.id,
            booking_id: r.booking,
            service_key: r.service.into(),
            stars: r.stars,
            comment: r.comment,
            may_quote: r.may_quote,
            author: r.author,
            email: r.email,
            visited_on: r.visited_on.to_string(),
            created_at: r.created_at,
            updated_at: r.updated_at,
            reply: r.reply.map(|reply| AdminReply { text: reply.text, at: reply.at }),
            hidden: r.hidden.map(|h| AdminHidden { rule: h.rule.into(), at: h.at }),
        }
    }
}

/// A written rule under which a rating may be taken down.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HideRuleView {
    pub rule: wire::HideRule,
    /// The rule as written (and as its author is told).
    pub wording: String,
}

/// Every rating, newest first, and the rules a take-down names.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminRatings {
    pub ratings: Vec<AdminRating>,
    pub hide_rules: Vec<HideRuleView>,
}

#[utoipa::path(get, path = "/api/admin/ratings", tag = "Services",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every rating, newest first (taken-down ones too), and the written rules", body = AdminRatings),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner", body = ErrorBody)))]
pub async fn admin_ratings(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<AdminRatings>, ApiError> {
    let ratings = state.after_visit.repo().ratings().await?;
    Ok(web::Json(AdminRatings {
        ratings: ratings.into_iter().map(Into::into).collect(),
        hide_rules: HideRule::ALL
            .iter()
            .map(|rule| HideRuleView { rule: (*rule).into(), wording: rule.wording().to_owned() })
            .collect(),
    }))
}

/// The owner's public reply; null or blank removes it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingReplyInput {
    #[serde(default)]
    pub reply: RatingText,
}

#[utoipa::path(put, path = "/api/admin/ratings/{id}/reply", tag = "Services", request_body = RatingReplyInput,
    params(("id" = Uuid, Path, description = "The rating")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Saved (shown on the site under the rating when it is quoted)", body = AdminRating),
        (status = 400, description = "A reply is at most 1,000 characters", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner", body = ErrorBody),
        (status = 404, description = "No such rating", body = ErrorBody)))]
pub async fn reply_to_rating(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<RatingReplyInput>,
) -> Result<web::Json<AdminRating>, ApiError> {
    let reply = domain::after_visit::check_reply(input.into_inner().reply.0.as_deref())
        .map_err(|_| ValidationErrors::single("reply", "A reply is at most 1,000 characters of text"))?;
    let rating = state
        .after_visit
        .reply(id.into_inner(), reply, admin.actor())
        .await
        .map_err(ApiError::repo("Rating"))?;
    state.catalogue.changed();
    Ok(web::Json(rating.into()))
}

/// Takes a rating down under a written rule, or (null) shows it again.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatingHiddenInput {
    #[serde(default)]
    pub rule: HideRuleChoice,
}

#[utoipa::path(put, path = "/api/admin/ratings/{id}/hidden", tag = "Services", request_body = RatingHiddenInput,
    params(("id" = Uuid, Path, description = "The rating")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Taken down (its author is mailed which rule) or shown again; in the \
            Activity trail either way", body = AdminRating),
        (status = 400, description = "Not one of the written rules", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner", body = ErrorBody),
        (status = 404, description = "No such rating", body = ErrorBody)))]
pub async fn hide_rating(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<RatingHiddenInput>,
) -> Result<web::Json<AdminRating>, ApiError> {
    let rule = match input.into_inner().rule.0 {
        None => None,
        Some(text) => Some(
            HideRule::from_text(&text)
                .ok_or_else(|| ValidationErrors::single("rule", "Choose one of the written rules"))?,
        ),
    };
    let rating = state
        .after_visit
        .hide(id.into_inner(), rule, admin.actor())
        .await
        .map_err(ApiError::repo("Rating"))?;
    state.catalogue.changed();
    Ok(web::Json(rating.into()))
}

/// A service's words and timing after the visit.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceFollowUpView {
    pub service_id: Uuid,
    pub name: String,
    pub booking_key: Option<wire::ServiceKey>,
    /// Words for after the visit, in the thank-you.
    pub aftercare: Option<String>,
    /// After how many days its guests are invited back; null: never.
    pub return_after_days: Option<i32>,
}

impl From<ports::ServiceFollowUp> for ServiceFollowUpView {
    fn from(s: ports::ServiceFollowUp) -> Self {
        Self {
            service_id: s.service_id,
            name: s.name,
            booking_key: s.booking_key.map(Into::into),
            aftercare: s.aftercare,
            return_after_days: s.return_after_days,
        }
    }
}

#[utoipa::path(get, path = "/api/admin/service-follow-ups", tag = "Services",
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Every service's aftercare words and \"invite back after\" days, by name", body = [ServiceFollowUpView]),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner", body = ErrorBody)))]
pub async fn service_follow_ups(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<ServiceFollowUpView>>, ApiError> {
    let all = state.after_visit.repo().service_follow_ups().await?;
    Ok(web::Json(all.into_iter().map(Into::into).collect()))
}

/// A service's words and timing after the visit (a full replacement).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceFollowUpInput {
    #[serde(default)]
    pub aftercare: AftercareText,
    #[serde(default)]
    pub return_after_days: ReturnAfterDays,
}

#[utoipa::path(put, path = "/api/admin/service-follow-ups/{id}", tag = "Services", request_body = ServiceFollowUpInput,
    params(("id" = Uuid, Path, description = "The service")),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Saved", body = ServiceFollowUpView),
        (status = 400, description = "Aftercare of at most 2,000 characters; days from 1 to 730 or none", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner", body = ErrorBody),
        (status = 404, description = "No such service", body = ErrorBody)))]
pub async fn save_service_follow_up(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<ServiceFollowUpInput>,
) -> Result<web::Json<ServiceFollowUpView>, ApiError> {
    let input = input.into_inner();
    let mut errors = ValidationErrors::new();
    let aftercare =
        errors.take("aftercare", check_aftercare(input.aftercare.0.as_deref()).map_err(|e| e.to_string()));
    let days = match wire::whole_number(&input.return_after_days.0) {
        Ok(None) => Ok(None),
        Ok(Some(days)) => i32::try_from(days)
            .map_err(|_| AfterVisitSettingsError::ReturnAfter)
            .and_then(|days| check_return_after(Some(days))),
        Err(_) => Err(AfterVisitSettingsError::ReturnAfter),
    };
    let days = errors.take("returnAfterDays", days.map_err(|e| e.to_string()));
    let (Some(aftercare), Some(days)) = (aftercare, days) else { return Err(errors.into()) };
    let saved = state
        .after_visit
        .repo()
        .set_service_follow_up(id.into_inner(), aftercare, days, admin.actor())
        .await
        .map_err(ApiError::repo("Service"))?;
    Ok(web::Json(saved.into()))
}
