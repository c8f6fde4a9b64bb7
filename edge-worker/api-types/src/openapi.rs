//! The OpenAPI 3.1 document of the whole API, generated from the route declarations in
//! `lupa-core` (each says in a line what it takes and gives) and the JSON Schemas of these types
//! (schemars), found by the name the declaration gives. The committed
//! `openapi.json` is checked by a test and served at `/api/v1/openapi.json`.

use lupa_core::routes::{Access, Content, API_ROOT, ROUTES};
use schemars::generate::SchemaSettings;
use schemars::{Schema, SchemaGenerator};
use serde_json::{json, Map, Value};

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
            None
        }
    };
}

named_schemas! {
    AdminUserDto, AdminUsersResponse, AnalysisListResponse, AnalysisNotesResponse, AnalysisRequest, AnalysisResponse,
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
    AdminWorkspacesResponse
}

/// A declared body as OpenAPI content. A JSON type that is not in `named_schemas!` is described
/// as any JSON here; the test `every_named_type_resolves` refuses it.
fn content(body: Content, g: &mut SchemaGenerator) -> Option<Value> {
    match body {
        Content::NoBody => None,
        Content::Json(name) => {
            Some(json!({ "application/json": { "schema": named_schema(name, g).unwrap_or_default() } }))
        }
        Content::AnyJson => Some(json!({ "application/json": { "schema": Schema::default() } })),
        Content::Binary(mime) => Some(json!({ mime: { "schema": { "type": "string", "contentEncoding": "binary" } } })),
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

/// The whole document.
pub fn document() -> Value {
    let mut settings = SchemaSettings::draft2020_12();
    settings.definitions_path = "/components/schemas".into();
    let mut generator = settings.into_generator();
    let error = generator.subschema_for::<ValidationErrorBody>();
    let mut paths = Map::new();
    for spec in ROUTES {
        let shape = spec.doc;
        let path = format!("{API_ROOT}{}", spec.pattern);
        let params: Vec<Value> = spec
            .pattern
            .split('/')
            .filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .map(|name| json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string", "maxLength": 200 } }))
            .collect();
        let mut responses = Map::new();
        let mut ok = json!({ "description": "Success" });
        if let Some(c) = content(shape.response, &mut generator) {
            ok["content"] = c;
        }
        responses.insert(shape.status.to_string(), ok);
        responses.insert("default".into(), json!({ "description": "Error: {message, code}", "content": { "application/json": { "schema": error.clone() } } }));
        let mut op = json!({
            "operationId": format!("{:?}", spec.id),
            "summary": shape.summary,
            "x-lupa-access": access_note(spec.access),
            "responses": responses,
        });
        if !params.is_empty() {
            op["parameters"] = Value::Array(params);
        }
        if let Some(c) = content(shape.request, &mut generator) {
            op["requestBody"] = json!({ "required": true, "content": c });
        }
        let entry = paths.entry(path).or_insert_with(|| json!({}));
        entry[spec.method.to_ascii_lowercase()] = op;
    }
    json!({
        "openapi": "3.1.0",
        "info": { "title": "Lupa API", "version": lupa_core::VERSION,
                  "description": "Remote usability testing. Errors are JSON {message, code}; mutations from browsers must be same-origin." },
        "paths": paths,
        "components": { "schemas": generator.take_definitions(true) },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMITTED: &str = include_str!("../openapi.json");

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
        if std::env::var("LUPA_WRITE_OPENAPI").is_ok() {
            std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json"), &fresh).unwrap();
            return;
        }
        assert!(
            fresh == COMMITTED,
            "edge-worker/api-types/openapi.json is stale: run 'npm run check:types -- --write'"
        );
    }
}
