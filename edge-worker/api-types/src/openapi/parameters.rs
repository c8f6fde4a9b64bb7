//! An operation's parameters (ADR 0020): its path parameters, each with the rule the handler
//! reads it by (a segment number from 1, a chunk index, 'pre' or 'post'…), and the query string or
//! headers its declaration names, from the fields of a type of `params.rs`.

use lupa_core::chunks::{MAX_CHUNK_INDEX, MAX_SEGMENTS};
use lupa_core::routes::{Route, RouteId};
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema};
use serde_json::{json, Value};

use crate::params::*;

/// The routes that take a chunk of a segment being recorded: their numbers are checked as such.
fn records_chunks(id: RouteId) -> bool {
    matches!(id, RouteId::EntryChunkPut | RouteId::EntryCameraChunkPut | RouteId::EntryAudioChunkPut)
}

/// How the handler reads path parameter `name` of `route`.
pub fn path_schema(route: &Route, name: &str) -> Value {
    match name {
        // `segments::put_chunk` (404 outside 1–200), `chunks::check_chunk` (400 above 50,000).
        "segment" if records_chunks(route.id) => json!({ "type": "integer", "minimum": 1, "maximum": MAX_SEGMENTS }),
        "index" if records_chunks(route.id) => json!({ "type": "integer", "minimum": 0, "maximum": MAX_CHUNK_INDEX }),
        // Signed paths: the signature covers them (403 for any other value); 0 is a whole recording.
        "segment" | "index" => json!({ "type": "integer", "minimum": 0, "maximum": u32::MAX }),
        "taskNumber" => json!({ "type": "integer", "minimum": 1, "maximum": lupa_core::analysis::MAX_TASKS }),
        "phase" => json!({ "type": "string", "enum": ["pre", "post"] }),
        "theme" => json!({ "type": "integer", "minimum": 1, "maximum": lupa_core::ai_summary::themes::MAX_THEMES }),
        "track" if route.id == RouteId::SharedMedia => {
            json!({ "type": "string", "enum": ["screen", "camera", "captions"] })
        }
        "track" => json!({ "type": "string", "enum": ["screen", "camera"] }),
        // A share or invitation link's token (`auth::token::is_well_formed`); any other is 404.
        "token" => json!({ "type": "string", "pattern": lupa_core::patterns::TOKEN }),
        // Ids: what the router matched (never empty); unknown ones are 404.
        _ => json!({ "type": "string", "minLength": 1 }),
    }
}

/// The schema of a type of `params.rs`, inlined (its fields become separate parameters).
fn inline<T: JsonSchema>() -> Schema {
    let mut settings = SchemaSettings::draft2020_12();
    settings.inline_subschemas = true;
    settings.into_generator().into_root_schema_for::<T>()
}

/// The fields of a `params.rs` type by its name, as declared with `.query(…)`/`.headers(…)`.
pub fn named_params(name: &str) -> Option<Schema> {
    Some(match name {
        "SignedQuery" => inline::<SignedQuery>(),
        "ResetCheckQuery" => inline::<ResetCheckQuery>(),
        "AdminUsersQuery" => inline::<AdminUsersQuery>(),
        "AnalysisNotesQuery" => inline::<AnalysisNotesQuery>(),
        "TranscriptSearchQuery" => inline::<TranscriptSearchQuery>(),
        "ChunkHeaders" => inline::<ChunkHeaders>(),
        "CameraChunkHeaders" => inline::<CameraChunkHeaders>(),
        "AudioChunkHeaders" => inline::<AudioChunkHeaders>(),
        "ThumbnailHeaders" => inline::<ThumbnailHeaders>(),
        "UploadHeaders" => inline::<UploadHeaders>(),
        "WebhookHeaders" => inline::<WebhookHeaders>(),
        "LiveHeaders" => inline::<LiveHeaders>(),
        _ => return None,
    })
}

/// One OpenAPI parameter per field of the named type, in `location` ("query" or "header").
pub fn from_type(name: &str, location: &str) -> Vec<Value> {
    let Some(schema) = named_params(name) else { return Vec::new() };
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return Vec::new() };
    properties
        .iter()
        .map(|(field, field_schema)| {
            let mut field_schema = field_schema.clone();
            // A parameter is present or absent; `null` is not a value a query or header can take.
            if let Some(types) = field_schema.get("type").and_then(Value::as_array) {
                let kept: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
                field_schema["type"] = if kept.len() == 1 { kept[0].clone() } else { Value::Array(kept) };
            }
            let description = field_schema.as_object_mut().and_then(|o| o.remove("description"));
            let mut param = json!({
                "name": field,
                "in": location,
                "required": required.contains(&field.as_str()),
                "schema": field_schema,
            });
            if let Some(description) = description {
                param["description"] = description;
            }
            param
        })
        .collect()
}

/// Every parameter of `route`: path, then query, then headers.
pub fn parameters(route: &Route) -> Vec<Value> {
    let path = route
        .param_names()
        .map(|name| json!({ "name": name, "in": "path", "required": true, "schema": path_schema(route, name) }));
    let query = route.doc.query.map(|name| from_type(name, "query")).unwrap_or_default();
    let headers = route.doc.headers.map(|name| from_type(name, "header")).unwrap_or_default();
    path.chain(query).chain(headers).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lupa_core::routes::{PARAM_NAMES, ROUTES};

    #[test]
    fn every_named_parameter_type_resolves() {
        for r in ROUTES {
            for name in [r.doc.query, r.doc.headers].into_iter().flatten() {
                assert!(named_params(name).is_some(), "{:?} names {name}", r.id);
                assert!(!from_type(name, "query").is_empty(), "{name} has no fields");
            }
        }
        assert!(PARAM_NAMES.iter().all(|n| path_schema(&ROUTES[0], n).is_object()));
    }

    #[test]
    fn header_names_are_the_wire_names() {
        let names: Vec<String> =
            from_type("CameraChunkHeaders", "header").iter().map(|p| p["name"].as_str().unwrap().to_string()).collect();
        assert_eq!(names, ["Content-Length", "x-lupa-end-ms", "x-lupa-start-ms"]);
        let required = from_type("ChunkHeaders", "header").iter().all(|p| p["required"] == true);
        assert!(required, "a chunk's size and end are required");
    }
}
