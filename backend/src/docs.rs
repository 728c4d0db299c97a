//! The reference pages of `docs/` that are rendered, never written by hand: `api.md`
//! from the OpenAPI description and `events.md` from the event catalogue. A test keeps
//! the committed pages equal to what these functions render, so they cannot drift from
//! the code.

use std::fmt::Write as _;

use serde_json::Value;

use crate::events::{examples, NAMES};
use crate::views::Form;

/// `docs/api.md`: every call, grouped by what it is about.
pub fn api_markdown() -> String {
    let doc = serde_json::to_value(crate::server::openapi()).unwrap_or_default();
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    let paths = doc["paths"].as_object().cloned().unwrap_or_default();
    for (path, item) in &paths {
        for method in ["get", "put", "post", "patch", "delete"] {
            let Some(operation) = item.get(method) else {
                continue;
            };
            let tag = operation["tags"][0].as_str().unwrap_or("other").to_owned();
            let section = operation_markdown(method, path, operation);
            match groups.iter_mut().find(|(name, _)| *name == tag) {
                Some((_, sections)) => sections.push(section),
                None => groups.push((tag, vec![section])),
            }
        }
    }
    groups.sort_by(|a, b| a.0.cmp(&b.0));

    let mut out = String::from(
        "# The HTTP API\n\n\
         <!-- Rendered from the server's OpenAPI description (`backend/src/docs.rs`); do not \
         edit by hand. -->\n\n\
         Every call is under `/api`. The full description, with every field, is served at \
         `/api/openapi.json`; the page's types are generated from it. Bodies are JSON with \
         camelCase fields and `_id` as a string. A failure answers with its status and \
         `{\"error\": \"<code>\", \"message\": \"<text>\", \"fields\": {…}, \"codes\": {…}, \
         \"reason\": \"<code>\", \"retryAfter\": <seconds>}` (`fields` and `codes` for \
         validation only, `reason` on refusals, `retryAfter` on a 429); see \
         `architecture.md`. Any call that needs the database answers \
         503 `service_unavailable` while the database cannot be reached: try again in a \
         moment.\n\n\
         Retrying a write: a signed-in `POST` or `PUT` sent with an `Idempotency-Key` header \
         (1 to 128 characters, new for each action) is done once; sent again with the same \
         key and body within a day, it answers what the first did, with \
         `Idempotent-Replayed: true` (a 5xx is not kept: the retry runs again). The same key \
         with another body answers 422; while the first is still being answered, 409.\n\n\
         Sign-in: *identity token* is the proof from `/api/auth/signup`, `/api/auth/login` or \
         Firebase; *access token* is what `PUT /api/users/{email}` exchanges it for \
         (`identity.md`).\n",
    );
    for (tag, sections) in groups {
        let _ = write!(out, "\n## {tag}\n");
        for section in sections {
            out.push('\n');
            out.push_str(&section);
        }
    }
    out
}

fn operation_markdown(method: &str, path: &str, operation: &Value) -> String {
    let mut out = format!("### `{} /api{path}`\n\n", method.to_uppercase());
    if let Some(summary) = operation["summary"].as_str() {
        let _ = writeln!(out, "{}\n", one_line(summary));
    }
    let _ = writeln!(out, "- Sign-in: {}", sign_in(&operation["security"]));
    if let Some(body) = operation["requestBody"]["content"].as_object() {
        let kinds: Vec<String> = body
            .iter()
            .map(|(kind, content)| match schema_name(&content["schema"]) {
                Some(name) => format!("`{name}` ({kind})"),
                None => format!("({kind})"),
            })
            .collect();
        let _ = writeln!(out, "- Body: {}", kinds.join(", "));
    }
    if let Some(responses) = operation["responses"].as_object() {
        let answers: Vec<String> = responses
            .iter()
            .map(|(status, response)| {
                let schema = response["content"]
                    .as_object()
                    .and_then(|content| content.values().next())
                    .and_then(|content| schema_name(&content["schema"]));
                match schema {
                    Some(name) => format!("{status} `{name}`"),
                    None => status.clone(),
                }
            })
            .collect();
        let _ = writeln!(out, "- Answers: {}", answers.join(", "));
    }
    out
}

/// Who may call it, from the operation's security requirements.
fn sign_in(security: &Value) -> String {
    let Some(options) = security.as_array() else {
        return "none".to_owned();
    };
    let mut names: Vec<&str> = Vec::new();
    let mut optional = false;
    for option in options {
        match option.as_object() {
            Some(schemes) if schemes.is_empty() => optional = true,
            Some(schemes) => names.extend(schemes.keys().map(|k| match k.as_str() {
                "access_token" => "access token",
                "identity_token" => "identity token",
                other => other,
            })),
            None => {}
        }
    }
    let named = names.join(" or ");
    match (named.is_empty(), optional) {
        (true, _) => "none".to_owned(),
        (false, true) => format!("optional ({named}: signed-in readers get more)"),
        (false, false) => named,
    }
}

/// `Listing`, or `Listing[]` for a list of them.
fn schema_name(schema: &Value) -> Option<String> {
    if let Some(reference) = schema["$ref"].as_str() {
        return reference.rsplit('/').next().map(str::to_owned);
    }
    if schema["type"] == "array" {
        return schema_name(&schema["items"]).map(|name| format!("{name}[]"));
    }
    None
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `docs/events.md`: every live event, who receives it, and what its `data` looks like.
pub fn events_markdown() -> String {
    let doc = serde_json::to_value(crate::server::openapi()).unwrap_or_default();
    let variants = doc["components"]["schemas"]["LiveEvent"]["oneOf"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut out = String::from(
        "# Live events\n\n\
         <!-- Rendered from the event catalogue (`backend/src/events.rs`, \
         `backend/src/docs.rs`); do not edit by hand. -->\n\n\
         A page's socket (`GET /api/live`) receives \
         `{\"type\":\"event\",\"seq\":N,\"event\":\"<name>\",\"data\":{…}}` for every event \
         its reader may see, in the order they were committed. The socket starts anonymous; \
         `{\"type\":\"auth\",\"token\":…}` adds the events of its user's role and their own. \
         `{\"type\":\"resume\",\"since\":N}` replays what came after N; when that is no \
         longer kept, or is more than 5,000 events back (one resume never replays more; a \
         page away that long reads afresh), or the socket already sent events newer than N (what it skipped could \
         only follow them out of order, and a page takes nothing older than what it has), \
         the server answers `{\"type\":\"reset\"}` and the page reads its data again. A \
         page resumes once, as its socket opens: the socket holds live events back until then \
         (300 ms at most), so the replay and the live events arrive in one order. Every list the page patches from events answers with `x-live-seq`, the last \
         event already in it (`architecture.md`).\n\n\
         A signed-in page in a conversation sends `{\"type\":\"typing\",\"conversationId\":\"…\"}` \
         while its reader types; the other side's sockets, on whichever process, receive \
         `{\"type\":\"typing\",\"conversationId\":\"…\",\"from\":\"<user id>\"}` (one every \
         two seconds at most, not between people who blocked, never stored, no `seq`: a \
         page that was not there misses nothing worth having).\n\n\
         The JSON Schema of every event is `LiveEvent` in `/api/openapi.json`. Visitors get \
         the public form of an event: the same, without anyone's e-mail address or phone \
         number.\n\n\
         A write's answer carries, beside its other fields, `events`: the events that write \
         recorded which its caller's own socket receives, as `{\"seq\":N,\"event\":…,\"data\":…}` \
         in the form the socket sends them (`SeenEvent`). The page applies them through the \
         same reducers, so it shows its own change at once; the same events arriving on the \
         socket change nothing.\n\n\
         | event | who receives it |\n|---|---|\n",
    );
    let events: Vec<_> = NAMES.iter().map(|name| examples::of(name)).collect();
    for event in &events {
        let _ = writeln!(
            out,
            "| [`{0}`](#{1}) | {2} |",
            event.name(),
            event.name().replace('.', ""),
            event.audience().describe()
        );
    }
    for event in &events {
        let name = event.name();
        let _ = write!(out, "\n## {name}\n\n");
        let variant = variants
            .iter()
            .find(|v| v["properties"]["event"]["enum"][0] == name);
        if let Some(description) = variant.and_then(|v| v["description"].as_str()) {
            let _ = writeln!(out, "{}\n", one_line(description));
        }
        let payload = variant.and_then(|v| schema_name(&v["properties"]["data"]));
        let _ = writeln!(
            out,
            "- Receives it: {}\n- `data`: {}\n",
            event.audience().describe(),
            payload.map_or_else(|| "see the schema".to_owned(), |p| format!("`{p}`"))
        );
        let signed_in = pretty(&event.data(Form::SignedIn));
        let _ = writeln!(out, "```json\n{signed_in}\n```");
        if matches!(event.audience(), crate::events::Audience::Public) {
            let public = pretty(&event.data(Form::Public));
            if public != signed_in {
                let _ = writeln!(out, "\nIts public form:\n\n```json\n{public}\n```");
            }
        }
    }
    out
}

fn pretty(json: &str) -> String {
    serde_json::from_str::<Value>(json)
        .and_then(|value| serde_json::to_string_pretty(&value))
        .unwrap_or_else(|_| json.to_owned())
}
