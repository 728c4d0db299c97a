//! What the server's OpenAPI description promises for a call, and whether an answer keeps
//! that promise: its status is listed for the call, and its JSON body fits the schema
//! documented for that status. The same promise `scripts/fuzz.sh` checks at random.

use reqwest::StatusCode;
use serde_json::Value;

/// The server's OpenAPI description.
pub struct Described {
    pub doc: Value,
}

impl Default for Described {
    fn default() -> Self {
        Described {
            doc: serde_json::to_value(bikehaat::server::openapi()).expect("serialises"),
        }
    }
}

impl Described {
    /// Every call: (method in lower case, path template under `/api`, operation).
    pub fn operations(&self) -> Vec<(String, String, &Value)> {
        let mut operations = Vec::new();
        for (path, item) in self.doc["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("a path item") {
                operations.push((method.clone(), path.clone(), operation));
            }
        }
        operations
    }

    /// Panics unless `status` is listed for `method template` and `body` (the answer's
    /// JSON, or Null when it had none) fits the schema documented for it.
    #[track_caller]
    pub fn assert_answer(&self, method: &str, template: &str, status: StatusCode, body: &Value) {
        let call = format!("{} {template}", method.to_uppercase());
        let responses = &self.doc["paths"][template][method.to_lowercase()]["responses"];
        assert!(responses.is_object(), "{call} is not described");
        let response = &responses[status.as_str()];
        assert!(
            response.is_object(),
            "{call} answered {status}, which its description does not list: {body}"
        );
        if let Some(schema) = response["content"]["application/json"].get("schema") {
            if let Err(problem) = self.fits(schema, body) {
                panic!("{call} answered {status} with {body}, not its documented body: {problem}");
            }
        }
    }

    fn resolve<'a>(&'a self, schema: &'a Value) -> &'a Value {
        match schema["$ref"].as_str() {
            Some(reference) => {
                let name = reference
                    .strip_prefix("#/components/schemas/")
                    .expect("a schema reference");
                let target = &self.doc["components"]["schemas"][name];
                assert!(target.is_object(), "{reference} names no schema");
                self.resolve(target)
            }
            None => schema,
        }
    }

    /// Whether `value` fits `schema`, for the parts of JSON Schema the description uses.
    pub fn fits(&self, schema: &Value, value: &Value) -> Result<(), String> {
        let schema = self.resolve(schema);
        if let Some(options) = schema["oneOf"].as_array() {
            let fitting = options
                .iter()
                .filter(|option| self.fits(option, value).is_ok())
                .count();
            return match fitting {
                1 => Ok(()),
                n => Err(format!("{value} fits {n} of the oneOf options, not one")),
            };
        }
        if let Some(types) = schema.get("type") {
            let types: Vec<&str> = match types {
                Value::Array(types) => types.iter().filter_map(Value::as_str).collect(),
                other => other.as_str().into_iter().collect(),
            };
            if !types.iter().any(|kind| is_a(kind, value)) {
                return Err(format!("{value} is not {types:?}"));
            }
        }
        if let Some(allowed) = schema["enum"].as_array() {
            if !allowed.contains(value) {
                return Err(format!("{value} is not one of {allowed:?}"));
            }
        }
        if let Value::Object(fields) = value {
            for required in schema["required"].as_array().into_iter().flatten() {
                let name = required.as_str().unwrap_or_default();
                if !fields.contains_key(name) {
                    return Err(format!("{value} lacks the required `{name}`"));
                }
            }
            for (name, field) in fields {
                let field_schema = schema["properties"]
                    .get(name)
                    .or_else(|| schema.get("additionalProperties").filter(|s| s.is_object()));
                if let Some(field_schema) = field_schema {
                    self.fits(field_schema, field)
                        .map_err(|problem| format!("`{name}`: {problem}"))?;
                }
            }
        }
        if let (Value::Array(items), Some(item_schema)) = (value, schema.get("items")) {
            for item in items {
                self.fits(item_schema, item)?;
            }
        }
        Ok(())
    }
}

fn is_a(kind: &str, value: &Value) -> bool {
    match kind {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        _ => true,
    }
}
