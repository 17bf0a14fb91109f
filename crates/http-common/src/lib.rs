//! The conventions every HTTP answer of the server follows, shared by the
//! JSON API (`http-api`) and the website (`site`): the error body and its
//! stable codes (docs/decisions.md §3), a JSON 405 with `Allow` for a path
//! served with other methods, the responses every operation documents, the
//! wire's twins of domain enums, and strong validators (`ETag`).

pub mod conditional;
pub mod error;
pub mod openapi;
pub mod validation;

use actix_web::http::Method;
use actix_web::{HttpResponse, Route, web};

pub use error::{ApiError, ErrorBody, ErrorCode, card_refused};
pub use validation::ValidationErrors;

/// A resource serving `routes`; any other method answers a JSON 405 whose
/// `Allow` header lists the methods it serves (RFC 9110).
pub fn resource(path: &str, routes: Vec<(Method, Route)>) -> actix_web::Resource {
    let allow = routes.iter().map(|(method, _)| method.as_str()).collect::<Vec<_>>().join(", ");
    routes
        .into_iter()
        .fold(web::resource(path), |resource, (_, route)| resource.route(route))
        .default_service(web::to(move || {
            let allow = allow.clone();
            async move { Err::<HttpResponse, _>(ApiError::method_not_allowed(allow)) }
        }))
}

/// `resource!("/path", GET => handler, POST => handler)`: see [`resource`].
#[macro_export]
macro_rules! resource {
    ($path:expr, $($method:ident => $handler:expr),+ $(,)?) => {
        $crate::resource(
            $path,
            vec![$((
                ::actix_web::http::Method::$method,
                ::actix_web::web::method(::actix_web::http::Method::$method).to($handler),
            )),+],
        )
    };
}

/// Declares the wire twin of a domain enum: the same variants, spelled on
/// the wire as given (the domain's own text), with its OpenAPI schema and
/// conversions both ways. The one place a domain enum is mirrored.
#[macro_export]
macro_rules! wire_enum {
    ($(#[$meta:meta])* $name:ident mirrors $domain:path { $($variant:ident = $text:tt),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, ::serde::Serialize, ::serde::Deserialize, ::utoipa::ToSchema,
        )]
        pub enum $name { $(#[serde(rename = $text)] $variant),+ }

        impl From<$domain> for $name {
            fn from(value: $domain) -> Self {
                use $domain as D;
                match value { $(D::$variant => $name::$variant),+ }
            }
        }

        impl From<$name> for $domain {
            fn from(value: $name) -> Self {
                use $domain as D;
                match value { $($name::$variant => D::$variant),+ }
            }
        }
    };
}
