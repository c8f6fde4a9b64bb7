//! The OpenAPI 3.1 document of the whole API, generated from the route declarations in
//! `lupa-core` (each says in a line what it takes and gives) and the JSON Schemas of these types
//! (schemars), found by the name the declaration gives. The committed `openapi.json` is checked by
//! a test and served at `/api/v1/openapi.json`.
//!
//! ADR 0020: the document says beforehand what the server refuses. Requests carry the handlers'
//! rules (required fields, lengths, ranges, patterns, enums: `request_rules.rs`, `params.rs`,
//! `lupa_core::patterns`); every operation lists the statuses it can answer, each with the one
//! error body (`responses.rs`); unknown properties are ignored and declared so
//! (`additionalProperties: true`); the workflows between operations are `links`
//! (`lupa_core::routes::LINKS`).

mod parameters;
mod responses;

use lupa_core::routes::{Access, Content, Link, Route, API_ROOT, LINKS, ROUTES};
use schemars::generate::SchemaSettings;
use schemars::{Schema, SchemaGenerator};
use serde_json::{json, Map, Value};

pub use responses::error_statuses;

use crate::*;

/// The JSON Schemas a route declaration may name (`Content::Json("Name")`), by the type's name.
/// A route that takes or gives a new type adds it here; `every_named_type_resolves` checks.
macro_rules! named_schemas {
    ($($ty:path),* $(,)?) => {
        fn named_schema(name: &str, g: &mut SchemaGenerator) -> Option<Schema> {
            // The name is the path's last segment (`transcript::TranscriptResponse` is "TranscriptResponse").
            $(if stringify!($ty).rsplit(':').next().map(str::trim) == Some(name) {
                return Some(g.subschema_for::<$ty>());
            })*
            variant(name).map(|(base, _)| {
                named_schema(base, g);
                schemars::json_schema!({ "$ref": format!("#/components/schemas/{name}") })
            })
        }
    };
}

named_schemas! {
    AdminUserDto, AdminUsersResponse, AnalysisListResponse, AnalysisThemesResponse, AnalysisNotesResponse, AnalysisRequest, AnalysisResponse,
    AnalysisSummaryResponse, BillingResponse, CheckoutRequest, CheckoutResponse, ChunkResponse, CompleteUploadRequest,
    CompleteUploadResponse, CustomerResponse, EntryPageResponse, EntryUrlResponse, HealthResponse, LocalCheckoutDto,
    LocalPortalDto, LoginRequest, MessageResponse, NoteDto, NoteRequest, NotesResponse, OpenSegmentRequest,
    ParticipateResponse, ParticipationRequest, PasswordResetEmailRequest, PasswordResetRequest, PortalResponse,
    QuestionAnswersRequest, QuestionAnswersResponse, ReelClipRequest, ReelDto, ReelRequest, ReelsResponse,
    RegisterRequest, ResumeInfo, ScreenRequest, ScreenResponse, SegmentResponse, ShareCreatedResponse, ShareDto,
    ShareRequest, SharedViewResponse, SharesResponse, StepsRequest, SubmittedResponse, SuccessResponse, SusAnswerDto, SusAnswerRequest,
    TaskAnswerDto, TaskAnswerRequest, UpdateEntryRequest, UpdatePasswordRequest, UploadUrlRequest, UploadUrlResponse,
    UserResponse, ValidateParticipationResponse, WaitlistRequest, WaitlistResponse, crate::AdminUserUpdate,
    transcript::TranscriptResponse, transcript::TranscriptSearchResponse, WorkspacesResponse, WorkspaceDto,
    TeamResponse, InvitationRequest, InvitationDto, MemberUpdateRequest, MemberDto, InvitationViewResponse,
    ActivityResponse, WorkspaceCreateRequest, WorkspaceDeleteRequest, OwnershipRequest,
    AdminWorkspacesResponse, EntrySummaryResponse, UplinkProbeResponse, NewSessionRequest, ModeratedSessionDto,
    ModeratedSessionsResponse, SessionLinkResponse, IceConfigDto
}

const VARIANTS: [&str; 2] = ["NewNoteRequest", "NewReelRequest"];

/// Requests that share a type with another route but need more on this one: the create forms,
/// where a missing field cannot mean "unchanged". (name, base type, what the create adds)
/// What a variant adds to its base type's schema.
type Addition = fn(&mut Map<String, Value>);

fn variant(name: &str) -> Option<(&'static str, Addition)> {
    match name {
        // `notes::create`: a moment, and words (text, or a clip's title).
        "NewNoteRequest" => Some(("NoteRequest", |schema| {
            require(schema, "atMs");
            let mut words = schemars::json_schema!({});
            request_rules::new_note(&mut words);
            schema.extend(words.as_object().cloned().unwrap_or_default());
        })),
        // `reels::create`: a title.
        "NewReelRequest" => Some(("ReelRequest", |schema| require(schema, "title"))),
        _ => None,
    }
}

/// Makes `field` required and not null.
fn require(schema: &mut Map<String, Value>, field: &str) {
    let required = schema.entry("required").or_insert_with(|| json!([]));
    if let Some(list) = required.as_array_mut() {
        list.push(json!(field));
    }
    if let Some(types) = schema.get_mut("properties").and_then(|p| p.get_mut(field)).and_then(|f| f.get_mut("type")) {
        if let Some(list) = types.as_array() {
            let kept: Vec<Value> = list.iter().filter(|t| *t != "null").cloned().collect();
            *types = if kept.len() == 1 { kept[0].clone() } else { Value::Array(kept) };
        }
    }
}

/// A declared body as OpenAPI content. A JSON type that is not in `named_schemas!` is described
/// as any JSON here; the test `every_named_type_resolves` refuses it. Binary bodies are bytes
/// (`format: binary`), never empty, so a generator can make them; their most bytes are said in
/// words (and by the `Content-Length` header's range where one is declared): a larger body is 413
/// whole, before anything in it is read, like a JSON body over 64 KiB.
fn content(body: Content, g: &mut SchemaGenerator, sizes: Option<(u64, u64)>) -> Option<Value> {
    match body {
        Content::NoBody => None,
        Content::Json(name) => {
            Some(json!({ "application/json": { "schema": named_schema(name, g).unwrap_or_default() } }))
        }
        Content::AnyJson => Some(json!({ "application/json": { "schema": Schema::default() } })),
        Content::Binary(mime) => {
            let mut schema = json!({ "type": "string", "format": "binary" });
            if let Some((min, max)) = sizes {
                schema["minLength"] = json!(min);
                schema["description"] = json!(format!("At most {max} bytes (413 above)."));
            }
            Some(json!({ mime: { "schema": schema } }))
        }
        Content::Recording | Content::RecordingOrCaptions => {
            let mut schema = json!({ "type": "string", "format": "binary" });
            if let Some((min, max)) = sizes {
                schema["minLength"] = json!(min);
                schema["description"] = json!(format!("At most {max} bytes (413 above)."));
            }
            let mut media = json!({ "video/mp4": { "schema": schema }, "video/webm": { "schema": schema } });
            if body == Content::RecordingOrCaptions {
                media["text/vtt"] = json!({ "schema": { "type": "string" } });
            }
            Some(media)
        }
        Content::Csv => Some(json!({ "text/csv": { "schema": { "type": "string" } } })),
        Content::Text(mime) => Some(json!({ mime: { "schema": { "type": "string" } } })),
    }
}

fn access_note(access: Access) -> &'static str {
    match access {
        Access::Public => "public",
        Access::Session => "session cookie",
        Access::Admin => "admin session",
        Access::Participant => "participant capability cookie",
        Access::Signed => "signed URL or signature",
    }
}

/// Who may call: the session cookie, or the participation's capability cookie (or nobody's, for
/// a route that answers without it too).
fn security(route: &Route) -> Option<Value> {
    let scheme = match route.access {
        Access::Session | Access::Admin => json!({ "session": [] }),
        Access::Participant => json!({ "participation": [] }),
        Access::Signed if route.doc.with_capability => json!({ "participation": [] }),
        Access::Public | Access::Signed => return None,
    };
    Some(if route.doc.credentials_optional { json!([{}, scheme]) } else { json!([scheme]) })
}

/// The `links` of `route`'s success answer: the workflows that start from it.
fn links_from(route: &Route) -> Map<String, Value> {
    LINKS
        .iter()
        .filter(|link: &&Link| link.from == route.id)
        .map(|link| {
            let parameters: Map<String, Value> =
                link.parameters.iter().map(|(name, expr)| (name.to_string(), json!(expr))).collect();
            let mut value = json!({ "operationId": format!("{:?}", link.to) });
            if !parameters.is_empty() {
                value["parameters"] = Value::Object(parameters);
            }
            if !link.body.is_empty() {
                let body: Map<String, Value> =
                    link.body.iter().map(|(name, expr)| (name.to_string(), json!(expr))).collect();
                value["requestBody"] = Value::Object(body);
            }
            (format!("{:?}", link.to), value)
        })
        .collect()
}

/// The size limits of a binary request body: its `Content-Length` header's range, or the route's
/// own limit.
fn body_sizes(route: &Route) -> Option<(u64, u64)> {
    let from_header = route.doc.headers.and_then(parameters::named_params).and_then(|schema| {
        let length = schema.get("properties")?.get("Content-Length")?;
        Some((length.get("minimum")?.as_u64()?, length.get("maximum")?.as_u64()?))
    });
    from_header.or(route.doc.body_max.map(|max| (1, max)))
}

/// Unknown properties are ignored (ADR 0020), in requests and answers: every object schema says
/// so. Whole numbers carry the range their Rust type parses.
fn declare(schema: &mut Value) {
    match schema {
        Value::Object(object) => {
            if object.contains_key("properties") && !object.contains_key("additionalProperties") {
                object.insert("additionalProperties".into(), json!(true));
            }
            let range = match object.get("format").and_then(Value::as_str) {
                Some("int64") => Some((json!(i64::MIN), json!(i64::MAX))),
                Some("uint64") => Some((json!(0), json!(u64::MAX))),
                Some("uint32") => Some((json!(0), json!(u32::MAX))),
                Some("uint16") => Some((json!(0), json!(u16::MAX))),
                Some("uint8") => Some((json!(0), json!(u8::MAX))),
                Some("int32") => Some((json!(i32::MIN), json!(i32::MAX))),
                _ => None,
            };
            if let Some((min, max)) = range {
                object.entry("minimum").or_insert(min);
                object.entry("maximum").or_insert(max);
            }
            object.values_mut().for_each(declare);
        }
        Value::Array(items) => items.iter_mut().for_each(declare),
        _ => {}
    }
}

/// The whole document.
pub fn document() -> Value {
    let mut settings = SchemaSettings::draft2020_12();
    settings.definitions_path = "/components/schemas".into();
    let mut generator = settings.into_generator();
    let error = Value::from(generator.subschema_for::<ErrorBody>());
    let mut paths = Map::new();
    for spec in ROUTES {
        let shape = spec.doc;
        let path = format!("{API_ROOT}{}", spec.pattern);
        let success = content(shape.response, &mut generator, None);
        let mut op = json!({
            "operationId": format!("{:?}", spec.id),
            "summary": shape.summary,
            "x-lupa-access": access_note(spec.access),
            "responses": responses::responses(spec, success, &error, links_from(spec)),
        });
        if let Some(security) = security(spec) {
            op["security"] = security;
        }
        let params = parameters::parameters(spec);
        if !params.is_empty() {
            op["parameters"] = Value::Array(params);
        }
        if let Some(c) = content(shape.request, &mut generator, body_sizes(spec)) {
            op["requestBody"] = json!({ "required": true, "content": c });
        }
        if responses::is_websocket(spec.id) {
            op["description"] = json!("A WebSocket: an HTTP client that does not upgrade gets 426.");
        }
        let entry = paths.entry(path).or_insert_with(|| json!({}));
        entry[spec.method.to_ascii_lowercase()] = op;
    }
    let mut schemas = generator.take_definitions(true);
    for name in VARIANTS {
        let Some((base, add)) = variant(name) else { continue };
        if let Some(Value::Object(base_schema)) = schemas.get(base) {
            let mut schema = base_schema.clone();
            add(&mut schema);
            schemas.insert(name.into(), Value::Object(schema));
        }
    }
    let mut schemas = Value::Object(schemas);
    declare(&mut schemas);
    let mut paths = Value::Object(paths);
    declare(&mut paths);
    json!({
        "openapi": "3.1.0",
        "info": { "title": "Lupa API", "version": lupa_core::VERSION,
                  "description": "Remote usability testing. Errors are JSON {message, code, errors?}; mutations from browsers must be same-origin. Unknown properties are ignored." },
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "session": { "type": "apiKey", "in": "cookie", "name": "__Host-lupa_session",
                             "description": "Set by logging in (HttpOnly)." },
                "participation": { "type": "apiKey", "in": "cookie", "name": "__Host-lupa_participation",
                                   "description": "The participation's capability, set by participate (HttpOnly)." }
            }
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMITTED: &str = include_str!("../../openapi.json");

    #[test]
    fn every_route_is_documented() {
        let doc = document();
        for spec in ROUTES {
            let path = format!("{API_ROOT}{}", spec.pattern);
            assert!(doc["paths"][&path][spec.method.to_ascii_lowercase()].is_object(), "{} {path}", spec.method);
        }
        assert_eq!(doc["openapi"], "3.1.0");
    }

    #[test]
    fn every_named_type_resolves() {
        let mut g = SchemaSettings::draft2020_12().into_generator();
        for spec in ROUTES {
            assert!(!spec.doc.summary.is_empty(), "{:?} has no .doc(..)", spec.id);
            for body in [spec.doc.request, spec.doc.response] {
                if let Content::Json(name) = body {
                    assert!(
                        named_schema(name, &mut g).is_some(),
                        "{:?} names {name}, which named_schemas! does not list",
                        spec.id
                    );
                }
            }
        }
    }

    #[test]
    fn the_committed_document_is_fresh() {
        let fresh = serde_json::to_string_pretty(&document()).unwrap() + "\n";
        crate::committed::check_or_write("edge-worker/api-types/openapi.json", &fresh, COMMITTED);
    }
}
