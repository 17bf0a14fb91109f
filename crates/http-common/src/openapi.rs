//! What every operation of the document shares, applied once the whole
//! document is assembled (the API's operations and the site's): the admin
//! token's security scheme, and the answers each operation can give for
//! reasons outside its own rules.

use utoipa::Modify;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};

/// Applies [`BearerAuth`] and [`CommonResponses`] to the assembled document.
pub fn apply_conventions(openapi: &mut utoipa::openapi::OpenApi) {
    BearerAuth.modify(openapi);
    CommonResponses.modify(openapi);
}

pub struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let mut scheme = Http::new(HttpAuthScheme::Bearer);
        scheme.bearer_format = Some("JWT".to_owned());
        components.add_security_scheme("bearer_auth", SecurityScheme::Http(scheme));
    }
}

/// The answers every operation can give for reasons outside its own rules,
/// documented once here so each operation lists every status it can answer:
/// - an admin operation (one with a security requirement): 401;
/// - an `{id}` in the path that is not a uuid: 400 `invalid_id`;
/// - a query string: 400 (`invalid_query`, or `validation_failed`);
/// - a JSON body: 400 `invalid_json`, 408 `request_timeout`,
///   413 `payload_too_large`, 415 `unsupported_media_type`;
/// - every operation reads the database: 503 `temporarily_unavailable` when
///   it does not answer in time.
pub struct CommonResponses;

impl Modify for CommonResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::path::ParameterIn;
        for item in openapi.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete];
            for operation in operations.into_iter().flatten() {
                let parameters = operation.parameters.iter().flatten();
                let has_id =
                    parameters.clone().any(|p| p.name == "id" && p.parameter_in == ParameterIn::Path);
                let has_query = parameters.clone().any(|p| p.parameter_in == ParameterIn::Query);
                let admin = operation.security.as_ref().is_some_and(|s| !s.is_empty());
                let body = operation.request_body.is_some();
                let mut add = |status: &str, description: &str| {
                    operation
                        .responses
                        .responses
                        .entry(status.to_owned())
                        .or_insert_with(|| error_response(description));
                };
                if admin {
                    add("401", "Not an admin: no valid token (`unauthenticated`)");
                }
                if has_id {
                    add("400", "Malformed id (`invalid_id`), or invalid fields");
                }
                if has_query {
                    add("400", "Malformed query (`invalid_query`, `validation_failed`)");
                }
                if body {
                    add("400", "Invalid body (`invalid_json`) or fields (`validation_failed`)");
                    add("408", "The body did not arrive in time (`request_timeout`)");
                    add("413", "Body too large (`payload_too_large`)");
                    add("415", "Body is not application/json (`unsupported_media_type`)");
                }
                add(
                    "503",
                    "The database did not answer in time (`temporarily_unavailable`); see Retry-After",
                );
            }
        }
    }
}

fn error_response(description: &str) -> utoipa::openapi::RefOr<utoipa::openapi::Response> {
    use utoipa::openapi::{Content, Ref, ResponseBuilder};
    ResponseBuilder::new()
        .description(description)
        .content("application/json", Content::new(Some(Ref::from_schema_name("ErrorBody"))))
        .build()
        .into()
}
