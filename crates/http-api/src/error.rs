//! One error type for every handler, rendered as the JSON shape of DECISIONS
//! §3: `{"message": "...", "errors": {"field": "message"}}`.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError, error as actix_error};
use serde::Serialize;
use utoipa::ToSchema;

use domain::ValidationErrors;
use ports::{AuthError, BookingError, OrderError, RepoError};

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, fit to show to a person.
    pub message: String,
    /// Per-field messages; present only for validation errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, String>>,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("Request body is too large")]
    PayloadTooLarge,
    #[error("Content-Type must be application/json")]
    UnsupportedMediaType,
    #[error("Too many failed logins. Please try again later.")]
    TooManyRequests { retry_after_seconds: i64 },
    /// A bug or an outage: logged in full, answered without details.
    #[error("Something went wrong on our side. Please try again.")]
    Internal(String),
}

impl ApiError {
    /// Maps a repository error, naming the missing thing for a 404.
    pub fn from_repo(error: RepoError, missing: &str) -> Self {
        match error {
            RepoError::NotFound => ApiError::NotFound(format!("{missing} not found")),
            RepoError::Conflict(message) => ApiError::Conflict(message),
            RepoError::Invalid(errors) => ApiError::Validation(errors),
            RepoError::Storage(cause) => ApiError::Internal(error_chain(cause.as_ref())),
        }
    }

    /// `map_err` helper: `.map_err(ApiError::repo("Product"))`.
    pub fn repo(missing: &'static str) -> impl Fn(RepoError) -> ApiError {
        move |error| ApiError::from_repo(error, missing)
    }
}

fn error_chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

impl From<RepoError> for ApiError {
    fn from(error: RepoError) -> Self {
        ApiError::from_repo(error, "Record")
    }
}

impl From<ValidationErrors> for ApiError {
    fn from(errors: ValidationErrors) -> Self {
        ApiError::Validation(errors)
    }
}

impl From<BookingError> for ApiError {
    fn from(error: BookingError) -> Self {
        match error {
            BookingError::Rejected(rejection) => ApiError::Conflict(rejection.to_string()),
            BookingError::Repo(error) => error.into(),
        }
    }
}

impl From<OrderError> for ApiError {
    fn from(error: OrderError) -> Self {
        use domain::order::PricingError;
        match error {
            OrderError::Pricing(PricingError::PricesChanged) => {
                ApiError::Conflict(PricingError::PricesChanged.to_string())
            }
            OrderError::Pricing(error @ (PricingError::UnknownProduct(_) | PricingError::TooLarge)) => {
                ApiError::Validation(ValidationErrors::single("items", error.to_string()))
            }
            OrderError::Repo(error) => error.into(),
        }
    }
}

impl From<AuthError> for ApiError {
    fn from(error: AuthError) -> Self {
        match error {
            AuthError::InvalidCredentials | AuthError::Unauthenticated => {
                ApiError::Unauthorized(error.to_string())
            }
            AuthError::Throttled { retry_after_seconds } => ApiError::TooManyRequests { retry_after_seconds },
            AuthError::Invalid(errors) => ApiError::Validation(errors),
            AuthError::Repo(error) => error.into(),
            AuthError::Internal(reason) => ApiError::Internal(reason),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Validation(_) | ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let body = match self {
            ApiError::Validation(errors) => ErrorBody {
                message: errors.summary().to_owned(),
                errors: Some(errors.entries().iter().map(|(f, m)| ((*f).to_owned(), m.clone())).collect()),
            },
            ApiError::Internal(cause) => {
                tracing::error!(cause = %cause, "request failed");
                ErrorBody { message: self.to_string(), errors: None }
            }
            other => ErrorBody { message: other.to_string(), errors: None },
        };
        let mut response = HttpResponse::build(self.status_code());
        match self {
            ApiError::Unauthorized(_) => {
                response.insert_header((header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer")));
            }
            ApiError::TooManyRequests { retry_after_seconds } => {
                response.insert_header((header::RETRY_AFTER, retry_after_seconds.to_string()));
            }
            _ => {}
        }
        response.json(body)
    }
}

/// Turns actix's JSON extractor failures into our error shape.
pub fn json_error(error: actix_error::JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    use actix_error::JsonPayloadError as E;
    let api = match &error {
        E::OverflowKnownLength { .. } | E::Overflow { .. } => ApiError::PayloadTooLarge,
        E::ContentType => ApiError::UnsupportedMediaType,
        E::Deserialize(inner) if inner.is_eof() && inner.line() == 1 && inner.column() == 0 => {
            ApiError::BadRequest("A JSON body is required".to_owned())
        }
        E::Deserialize(inner) => ApiError::BadRequest(format!("Invalid JSON: {inner}")),
        other => ApiError::BadRequest(format!("Invalid request body: {other}")),
    };
    api.into()
}

pub fn query_error(error: actix_error::QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::BadRequest(format!("Invalid query string: {error}")).into()
}

pub fn path_error(_error: actix_error::PathError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::BadRequest("Invalid id in the URL".to_owned()).into()
}

/// A JSON request body that must be an object. serde would otherwise accept
/// a JSON array as a struct's fields by position.
pub struct JsonBody<T>(pub T);

impl<T> JsonBody<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for JsonBody<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: serde::de::DeserializeOwned + 'static> actix_web::FromRequest for JsonBody<T> {
    type Error = actix_web::Error;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let value = actix_web::web::Json::<serde_json::Value>::from_request(req, payload);
        Box::pin(async move {
            let actix_web::web::Json(value) = value.await?;
            if !value.is_object() {
                return Err(ApiError::BadRequest("The body must be a JSON object".to_owned()).into());
            }
            serde_json::from_value(value)
                .map(JsonBody)
                .map_err(|error| ApiError::BadRequest(format!("Invalid JSON: {error}")).into())
        })
    }
}
