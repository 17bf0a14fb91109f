pub mod activity;
pub mod admin;
pub mod after_visit;
pub mod bookings;
pub mod calendar_feed;
pub mod catalog;
pub mod content;
pub mod emails;
pub mod exports;
pub mod gift_cards;
pub mod guest;
pub mod intake;
pub mod media;
pub mod orders;
pub mod payments;
pub mod privacy;
pub mod promos;
pub mod quiz;
pub mod schedule;
pub mod sign_in;
pub mod stay_sync;
pub mod team;
pub mod two_factor;
pub mod visits;
pub mod waitlist;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};
use catalogue::CatalogueRead;
use http_common::ApiError;
use http_common::conditional::{REVALIDATE, names_tag};

use crate::state::ApiState;

/// A catalogue read answered from the read model: 200 with the kept JSON and
/// its strong `ETag`, or 304 when the browser names that tag. `missing`
/// names the record of a 404.
async fn catalogue_answer(
    req: &HttpRequest,
    state: &ApiState,
    read: &CatalogueRead,
    missing: &'static str,
) -> Result<HttpResponse, ApiError> {
    let answer = state.catalogue.answer(read).await.map_err(ApiError::repo(missing))?;
    let fresh = names_tag(req, &answer.etag);
    let mut response = if fresh { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response
        .insert_header((
            header::ETAG,
            HeaderValue::from_str(&answer.etag).unwrap_or(HeaderValue::from_static("\"0\"")),
        ))
        .insert_header((header::CACHE_CONTROL, REVALIDATE));
    Ok(if fresh { response.finish() } else { response.content_type("application/json").body(answer.body) })
}
pub mod summary;
