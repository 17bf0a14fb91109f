//! The waitlist (issue 43, docs/decisions.md §9 "The waitlist"): a guest
//! joins where her day is full, takes or lets go the place offered to her
//! through her link, or leaves; the team reads the list and may take a
//! guest off it.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use domain::booking as model;
use domain::validation::{self as rule, Email};
use domain::waitlist::{Offer, WaitlistEntry, Wish, WishField, check_wishes};
use http_common::{ApiError, ErrorBody, ErrorCode, ValidationErrors};
use ports::{NewWaitlistEntry, OfferError};

use crate::extract::{AdminSession, JsonBody, PublicWrite};
use crate::routes::guest::invalid_link;
use crate::state::ApiState;
use crate::wire::fields::{CalendarDate, EmailAddress, Honeypot, ShortText};
use crate::wire::messages::*;
use crate::wire::{self};

/// One wish as a guest sends it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishInput {
    /// A treatment: the first day. The Tiny Home: the check-in day (the first night).
    #[serde(default)]
    #[schema(required = true)]
    pub from: CalendarDate,
    /// A treatment: the last day (at most 31 days after `from`). The Tiny
    /// Home: the check-out day, 1 to 14 nights after `from`.
    #[serde(default)]
    #[schema(required = true)]
    pub to: CalendarDate,
    /// A treatment's time; null or left out for any time (ignored for the Tiny Home).
    #[serde(default)]
    #[schema(value_type = Option<wire::TimeSlot>)]
    pub time: Option<String>,
}

/// A guest joining the waitlist.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitlistInput {
    #[serde(default)]
    #[schema(required = true, value_type = wire::ServiceKey)]
    pub service: String,
    #[serde(default)]
    #[schema(required = true)]
    pub first_name: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub last_name: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub email: EmailAddress,
    /// One to three wishes, offered in this order.
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 3)]
    pub wishes: Vec<WishInput>,
    #[serde(default)]
    pub website: Honeypot,
}

impl WaitlistInput {
    fn try_into_entry(self, today: chrono::NaiveDate) -> Result<NewWaitlistEntry, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let first_name =
            errors.field("firstName", rule::PersonName::parse(&self.first_name.0), FIRST_NAME_REQUIRED);
        let last_name =
            errors.field("lastName", rule::PersonName::parse(&self.last_name.0), LAST_NAME_REQUIRED);
        let email = errors.take("email", Email::parse(&self.email.0));
        let service =
            errors.take("service", model::ServiceKey::from_text(&self.service).ok_or(SERVICE_REQUIRED));
        const FROM: [&str; 3] = ["wishes[0].from", "wishes[1].from", "wishes[2].from"];
        const TO: [&str; 3] = ["wishes[0].to", "wishes[1].to", "wishes[2].to"];
        const TIME: [&str; 3] = ["wishes[0].time", "wishes[1].time", "wishes[2].time"];
        let mut wishes = Vec::new();
        let mut all_read = true;
        if self.wishes.is_empty() || self.wishes.len() > domain::waitlist::MAX_WISHES {
            errors.add("wishes", domain::waitlist::WishError::Count.to_string());
            all_read = false;
        } else {
            for (i, wish) in self.wishes.iter().enumerate() {
                let from = errors.field(FROM[i], model::parse_date(&wish.from.0), DATE_REQUIRED);
                let to = errors.field(TO[i], model::parse_date(&wish.to.0), DATE_REQUIRED);
                let time = match wish.time.as_deref().filter(|text| !text.is_empty()) {
                    None => Some(None),
                    Some(text) => {
                        errors.take(TIME[i], model::TimeSlot::parse(text).map(Some).ok_or(TIME_REQUIRED))
                    }
                };
                let (Some(from), Some(to), Some(time)) = (from, to, time) else {
                    all_read = false;
                    continue;
                };
                // The Tiny Home's wishes are nights: a time means nothing there.
                let time = time.filter(|_| service != Some(model::ServiceKey::Accommodation));
                let wish = Wish { from, to, time };
                // Each wish read is checked on its own, so every field's error shows at once.
                if let Some(service) = service {
                    for (field, error) in check_wishes(service, std::slice::from_ref(&wish), today) {
                        let name = match field {
                            WishField::List => "wishes",
                            WishField::From(_) => FROM[i],
                            WishField::To(_) => TO[i],
                        };
                        errors.add(name, error.to_string());
                    }
                }
                wishes.push(wish);
            }
        }
        match (first_name, last_name, email, service) {
            (Some(first_name), Some(last_name), Some(email), Some(service))
                if errors.is_empty() && all_read =>
            {
                Ok(NewWaitlistEntry {
                    service,
                    first_name: first_name.as_str().to_owned(),
                    last_name: last_name.as_str().to_owned(),
                    email: email.as_str().to_owned(),
                    wishes,
                })
            }
            _ => Err(errors),
        }
    }
}

/// A wish as the list keeps it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishView {
    /// yyyy-MM-dd
    pub from: String,
    /// yyyy-MM-dd (the Tiny Home: the check-out day)
    pub to: String,
    /// Null: any time (always null for the Tiny Home).
    pub time: Option<wire::TimeSlot>,
}

pub(crate) fn wishes_of(entry: &WaitlistEntry) -> Vec<WishView> {
    entry
        .wishes
        .iter()
        .map(|wish| WishView {
            from: wish.from.format(model::DATE_FORMAT).to_string(),
            to: wish.to.format(model::DATE_FORMAT).to_string(),
            time: wish.time.map(Into::into),
        })
        .collect()
}

/// The guest's place on the list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitlistJoined {
    pub id: Uuid,
    pub service: wire::ServiceKey,
    pub wishes: Vec<WishView>,
    pub state: wire::WaitlistState,
    pub created_at: DateTime<Utc>,
}

#[utoipa::path(post, path = "/api/waitlist", tag = "Bookings", request_body = WaitlistInput,
    responses(
        (status = 201, description = "On the list: she is mailed that she is, with a link to leave it, and is \
            offered a place (held for her) the moment one her wishes ask for frees up", body = WaitlistJoined),
        (status = 400, description = "Invalid fields (`wishes[0].to`…)", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn join_waitlist(
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: JsonBody<WaitlistInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    input.website.check()?;
    let entry = input.try_into_entry(state.clock.local_now().date)?;
    let joined = state.waitlist.join(entry).await?;
    Ok(HttpResponse::Created().json(WaitlistJoined {
        id: joined.id,
        service: joined.service.into(),
        wishes: wishes_of(&joined),
        state: joined.state.into(),
        created_at: joined.created_at,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WaitlistLinkQuery {
    /// The signed token from the waitlist's mail.
    #[param(required = true, max_length = 2048)]
    pub token: Option<String>,
}

/// A place offered to a waiting guest, as she sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitlistOffer {
    pub service: wire::ServiceKey,
    pub service_name: String,
    /// yyyy-MM-dd (the Tiny Home: check-in)
    pub date: String,
    /// The Tiny Home's check-out day.
    pub check_out: Option<String>,
    pub time: wire::TimeSlot,
    pub held_until: DateTime<Utc>,
    pub state: wire::OfferState,
    pub first_name: String,
    /// The site's path that opens the booking dialog with this place and the offer chosen.
    pub book_url: String,
}

/// The offer as its guest sees it, its service named as the owner names it
/// (a renamed service reads as in her mail).
async fn offer_view(
    state: &ApiState,
    offer: &Offer,
    entry: &WaitlistEntry,
) -> Result<WaitlistOffer, ApiError> {
    let service_name = crate::routes::guest::booked_services(state)
        .await?
        .into_iter()
        .find(|(key, _)| *key == offer.place.key)
        .map_or_else(|| offer.place.key.service_name().to_owned(), |(_, service)| service.name);
    let token = state.mail.links.waitlist_offer_token(offer.id);
    let date = offer.place.date.format(model::DATE_FORMAT).to_string();
    let check_out = offer.check_out().map(|day| day.format(model::DATE_FORMAT).to_string());
    let encode = domain::mail::url_component;
    let mut book_url = format!(
        "/services?book={}&date={date}&time={}&offer={}",
        offer.place.key.as_str(),
        encode(offer.place.slot.as_str()),
        encode(&token)
    );
    if let Some(out) = &check_out {
        book_url.push_str(&format!("&checkOut={out}"));
    }
    Ok(WaitlistOffer {
        service: offer.place.key.into(),
        service_name,
        date,
        check_out,
        time: offer.place.slot.into(),
        held_until: offer.held_until,
        state: offer.state.into(),
        first_name: entry.first_name.clone(),
        book_url,
    })
}

/// The offer a link names.
fn offer_id(state: &ApiState, query: web::Query<WaitlistLinkQuery>) -> Result<Uuid, ApiError> {
    let token = query.into_inner().token.unwrap_or_default();
    state.mail.links.verify_waitlist_offer(&token).ok_or_else(invalid_link)
}

#[utoipa::path(get, path = "/api/waitlist/offer", tag = "Bookings", params(WaitlistLinkQuery),
    responses(
        (status = 200, description = "The place offered to her and until when it is held", body = WaitlistOffer),
        (status = 404, description = "The link is tampered with or names no offer (`invalid_link`)", body = ErrorBody)))]
pub async fn get_offer(
    state: web::Data<ApiState>,
    query: web::Query<WaitlistLinkQuery>,
) -> Result<web::Json<WaitlistOffer>, ApiError> {
    let id = offer_id(&state, query)?;
    let (offer, entry) = state.waitlist.offer(id).await.map_err(|_| invalid_link())?;
    Ok(web::Json(offer_view(&state, &offer, &entry).await?))
}

#[utoipa::path(post, path = "/api/waitlist/offer/decline", tag = "Bookings", params(WaitlistLinkQuery),
    responses(
        (status = 200, description = "Let go: the place goes to the next guest; she stays on the list for her \
            other dates", body = WaitlistOffer),
        (status = 404, description = "The link is tampered with or names no offer (`invalid_link`)", body = ErrorBody),
        (status = 409, description = "The offer is no longer held (`offer_not_held`)", body = ErrorBody)))]
pub async fn decline_offer(
    state: web::Data<ApiState>,
    query: web::Query<WaitlistLinkQuery>,
) -> Result<web::Json<WaitlistOffer>, ApiError> {
    let id = offer_id(&state, query)?;
    match state.waitlist.decline(id).await {
        Ok((offer, entry)) => Ok(web::Json(offer_view(&state, &offer, &entry).await?)),
        Err(OfferError::NotHeld) => {
            Err(ApiError::new(ErrorCode::OfferNotHeld, OfferError::NotHeld.to_string()))
        }
        Err(OfferError::Repo(ports::RepoError::NotFound)) => Err(invalid_link()),
        Err(OfferError::Repo(error)) => Err(error.into()),
    }
}

#[utoipa::path(post, path = "/api/waitlist/leave", tag = "Bookings", params(WaitlistLinkQuery),
    responses(
        (status = 204, description = "Off the list (a place held for her goes to the next guest)"),
        (status = 404, description = "The link is tampered with or names no entry (`invalid_link`)", body = ErrorBody)))]
pub async fn leave_waitlist(
    state: web::Data<ApiState>,
    query: web::Query<WaitlistLinkQuery>,
) -> Result<HttpResponse, ApiError> {
    let token = query.into_inner().token.unwrap_or_default();
    let entry = state.mail.links.verify_waitlist_leave(&token).ok_or_else(invalid_link)?;
    match state.waitlist.leave(entry).await {
        Ok(()) => Ok(HttpResponse::NoContent().finish()),
        Err(ports::RepoError::NotFound) => Err(invalid_link()),
        Err(error) => Err(error.into()),
    }
}

/// The offer a guest on the list has, as the team sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOffer {
    pub date: String,
    pub check_out: Option<String>,
    pub time: wire::TimeSlot,
    pub held_until: DateTime<Utc>,
    pub state: wire::OfferState,
}

/// A guest on the list, as the team sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminWaitlistEntry {
    pub id: Uuid,
    pub service: wire::ServiceKey,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub wishes: Vec<WishView>,
    pub state: wire::WaitlistState,
    pub created_at: DateTime<Utc>,
    /// Her latest offer, if she had one.
    pub offer: Option<AdminOffer>,
}

#[utoipa::path(get, path = "/api/admin/waitlist", tag = "Bookings", security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "The guests waiting, in the order they are offered places, then those \
            whose wait ended in the last 30 days; each with her latest offer", body = [AdminWaitlistEntry])))]
pub async fn admin_waitlist(
    _admin: AdminSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<AdminWaitlistEntry>>, ApiError> {
    let list = state.waitlist.list().await?;
    Ok(web::Json(
        list.into_iter()
            .map(|(entry, offer)| AdminWaitlistEntry {
                id: entry.id,
                service: entry.service.into(),
                first_name: entry.first_name.clone(),
                last_name: entry.last_name.clone(),
                email: entry.email.clone(),
                wishes: wishes_of(&entry),
                state: entry.state.into(),
                created_at: entry.created_at,
                offer: offer.map(|offer| AdminOffer {
                    date: offer.place.date.format(model::DATE_FORMAT).to_string(),
                    check_out: offer.check_out().map(|day| day.format(model::DATE_FORMAT).to_string()),
                    time: offer.place.slot.into(),
                    held_until: offer.held_until,
                    state: offer.state.into(),
                }),
            })
            .collect(),
    ))
}

#[utoipa::path(delete, path = "/api/admin/waitlist/{id}", tag = "Bookings", security(("bearer_auth" = [])),
    params(("id" = Uuid, Path, description = "The entry")),
    responses(
        (status = 204, description = "Taken off the list (a place held for her goes to the next guest); audited"),
        (status = 404, description = "No such entry", body = ErrorBody)))]
pub async fn remove_from_waitlist(
    admin: AdminSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.waitlist.remove(id.into_inner(), admin.actor()).await?;
    Ok(HttpResponse::NoContent().finish())
}
