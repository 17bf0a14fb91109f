//! The committed `openapi.json` is what the code generates: the frontend's
//! types are built from that file, so a stale copy would lie to them.

#[test]
fn committed_openapi_json_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.json");
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    let generated = http_api::openapi::document_json();
    assert!(committed == generated, "openapi.json is stale: run `just openapi` and commit the result");
}
