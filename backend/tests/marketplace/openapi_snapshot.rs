//! The front end's API types are generated from `frontend/src/lib/api/openapi.json`.
//! This test keeps that snapshot equal to what the server really describes, so the
//! types cannot drift from the handlers unnoticed.

use std::path::PathBuf;

/// Where the front end keeps its copy of the server's OpenAPI description.
fn snapshot_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../frontend/src/lib/api/openapi.json")
}

const REGENERATE: &str =
    "BIKEHAAT_UPDATE_OPENAPI=1 cargo test --test marketplace -- openapi_snapshot \
     && (cd frontend && npm run gen:api)";

#[test]
fn the_front_ends_openapi_snapshot_matches_the_server() {
    let current = serde_json::to_string_pretty(&bikehaat::server::openapi())
        .expect("an OpenAPI document always serialises")
        + "\n";
    let path = snapshot_path();

    if std::env::var("BIKEHAAT_UPDATE_OPENAPI").as_deref() == Ok("1") {
        std::fs::write(&path, &current).expect("the snapshot file is writable");
        return;
    }

    let saved = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        saved == current,
        "{} is out of date with the server's API (or missing).\n\
         Regenerate it and the front end's types with:\n  {REGENERATE}",
        path.display()
    );
}
