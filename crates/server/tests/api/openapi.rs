//! The committed `openapi.json` is what the code generates: the frontend's
//! types are built from that file, so a stale copy would lie to them.

#[test]
fn committed_openapi_json_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.json");
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    let generated = server::openapi::document_json();
    assert!(committed == generated, "openapi.json is stale: run `just openapi` and commit the result");
}

/// The document spells every enum exactly as the domain (and so the wire) does.
#[test]
fn enum_schemas_match_the_domain_values() {
    use domain::{booking, catalog, content, order};
    let document: serde_json::Value =
        serde_json::from_str(&server::openapi::document_json()).expect("document is JSON");
    let schemas = &document["components"]["schemas"];
    let check = |name: &str, expected: Vec<&str>| {
        let actual: Vec<&str> = schemas[name]["enum"]
            .as_array()
            .unwrap_or_else(|| panic!("{name} has no enum"))
            .iter()
            .filter_map(|v| v.as_str())
            .collect();
        assert_eq!(actual, expected, "{name}");
    };
    check("ProductCategory", catalog::ProductCategory::ALL.iter().map(|v| v.as_str()).collect());
    check("MediaType", catalog::MediaType::ALL.iter().map(|v| v.as_str()).collect());
    check("OrderStatus", order::OrderStatus::ALL.iter().map(|v| v.as_str()).collect());
    check("BookingStatus", booking::BookingStatus::ALL.iter().map(|v| v.as_str()).collect());
    check("ServiceKey", booking::ServiceKey::ALL.iter().map(|v| v.as_str()).collect());
    check("TimeSlot", booking::TimeSlot::ALL.iter().map(|v| v.as_str()).collect());
    check("BlackoutType", booking::BlackoutType::ALL.iter().map(|v| v.as_str()).collect());
    check("AccommodationType", booking::AccommodationType::ALL.iter().map(|v| v.as_str()).collect());
    check("Interest", content::Interest::ALL.iter().map(|v| v.as_str()).collect());
}

/// Every operation has its own id: the generated client names its types by
/// them, and a repeated id silently gives one operation the other's types.
#[test]
fn operation_ids_are_unique() {
    let document: serde_json::Value =
        serde_json::from_str(&server::openapi::document_json()).expect("document is JSON");
    let mut seen = std::collections::HashSet::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            if let Some(id) = operation.get("operationId").and_then(|id| id.as_str()) {
                assert!(seen.insert(id.to_owned()), "{method} {path} repeats the operationId {id}");
            }
        }
    }
}

/// The frontend's list of pages is what the site's page table generates
/// (its titles and which pages the server renders; a frontend test checks
/// the route table against it).
#[test]
fn committed_frontend_pages_are_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../frontend/src/config/pages.json");
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == site::pages::frontend_list_json(),
        "frontend/src/config/pages.json is stale: run `just openapi` and commit the result"
    );
}

/// The JSON API's route table and its OpenAPI document name the same calls:
/// a call served but not documented, or documented but not served, fails
/// here (the two lists are written in different files).
#[test]
fn every_call_served_is_documented_and_every_call_documented_is_served() {
    use std::collections::BTreeSet;
    use utoipa::OpenApi;
    let served: BTreeSet<(String, String)> =
        http_api::calls().into_iter().map(|(method, path)| (method.as_str().to_lowercase(), path)).collect();
    let document = serde_json::to_value(http_api::openapi::ApiDoc::openapi()).expect("document");
    let documented: BTreeSet<(String, String)> = document["paths"]
        .as_object()
        .expect("paths")
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .expect("operations")
                .keys()
                .filter(|key| ["get", "post", "put", "delete", "patch"].contains(&key.as_str()))
                .map(|method| (method.clone(), path.clone()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(served.len() > 100, "the whole table: {}", served.len());
    let undocumented: Vec<_> = served.difference(&documented).collect();
    let unserved: Vec<_> = documented.difference(&served).collect();
    assert!(undocumented.is_empty(), "served but not in the OpenAPI document: {undocumented:?}");
    assert!(unserved.is_empty(), "documented but not served: {unserved:?}");
}
