//! The front end's API types are generated from `frontend/src/lib/api/openapi.json`,
//! and `docs/api.md` and `docs/events.md` are rendered from the same description and
//! the event catalogue. These tests keep every copy equal to what the server really
//! describes, so neither the types nor the docs drift from the handlers unnoticed.

use std::path::PathBuf;

/// Where the front end keeps its copy of the server's OpenAPI description.
fn snapshot_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../frontend/src/lib/api/openapi.json")
}

const REGENERATE: &str =
    "BIKEHAAT_UPDATE_OPENAPI=1 cargo test --test marketplace -- openapi_snapshot \
     && (cd frontend && npm run gen:api)";

/// Compares `path` with `current`, or rewrites it when asked to.
fn check_snapshot(path: PathBuf, current: &str) {
    if std::env::var("BIKEHAAT_UPDATE_OPENAPI").as_deref() == Ok("1") {
        // CI checks the copies; rewriting them there would pass whatever drifted.
        assert!(
            std::env::var_os("CI").is_none(),
            "BIKEHAAT_UPDATE_OPENAPI=1 rewrites the snapshots: it is refused under CI"
        );
        std::fs::write(&path, current).expect("the snapshot file is writable");
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

fn docs_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(name)
}

#[test]
fn the_front_ends_openapi_snapshot_matches_the_server() {
    let current = serde_json::to_string_pretty(&bikehaat::server::openapi())
        .expect("an OpenAPI document always serialises")
        + "\n";
    check_snapshot(snapshot_path(), &current);
}

#[test]
fn docs_api_md_lists_every_call_the_server_has() {
    let rendered = bikehaat::docs::api_markdown();
    // Every path and method of the description has its section.
    let doc = serde_json::to_value(bikehaat::server::openapi()).expect("serialises");
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("a path item").keys() {
            if ["get", "put", "post", "patch", "delete"].contains(&method.as_str()) {
                let heading = format!("### `{} /api{path}`", method.to_uppercase());
                assert!(rendered.contains(&heading), "missing {heading}");
            }
        }
    }
    check_snapshot(docs_path("api.md"), &rendered);
}

#[test]
fn docs_events_md_describes_every_event() {
    let rendered = bikehaat::docs::events_markdown();
    for name in bikehaat::events::NAMES {
        assert!(
            rendered.contains(&format!("\n## {name}\n")),
            "missing {name}"
        );
    }
    // The examples name everyone's contact details; the public forms show none.
    for public in rendered.split("Its public form:").skip(1) {
        let block = public.split("```").nth(1).expect("a JSON block");
        for secret in [
            bikehaat::events::examples::SELLER_EMAIL,
            bikehaat::events::examples::SELLER_PHONE,
        ] {
            assert!(!block.contains(secret), "a public form shows {secret}");
        }
    }
    check_snapshot(docs_path("events.md"), &rendered);
}

/// Every `$ref` in `value`, wherever it is.
fn references(value: &serde_json::Value, found: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(fields) => {
            if let Some(reference) = fields.get("$ref").and_then(|r| r.as_str()) {
                found.push(reference.to_owned());
            }
            fields.values().for_each(|field| references(field, found));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|item| references(item, found)),
        _ => {}
    }
}

#[test]
fn every_schema_the_description_refers_to_is_defined() {
    // A type alias (the error body's `fields`) once became a reference to nothing, so no
    // client could check an error body against the description.
    let doc = serde_json::to_value(bikehaat::server::openapi()).expect("serialises");
    let mut found = Vec::new();
    references(&doc, &mut found);
    assert!(found.iter().any(|r| r == "#/components/schemas/ErrorBody"));
    for reference in found {
        let name = reference
            .strip_prefix("#/components/schemas/")
            .unwrap_or_else(|| panic!("{reference} is not a schema reference"));
        assert!(
            doc["components"]["schemas"][name].is_object(),
            "{reference} names no schema"
        );
    }
}

#[test]
fn every_failure_the_description_lists_says_what_body_it_answers() {
    let doc = serde_json::to_value(bikehaat::server::openapi()).expect("serialises");
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("a path item") {
            for (status, response) in operation["responses"].as_object().expect("responses") {
                if status.parse::<u16>().expect("a status code") >= 400 {
                    assert!(
                        response["content"]["application/json"]["schema"].is_object(),
                        "{method} {path} lists {status} without its body"
                    );
                }
            }
        }
    }
}
