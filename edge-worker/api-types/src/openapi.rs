//! The OpenAPI 3.1 document of the whole API, generated from the route table in `lupa-core` and
//! the JSON Schemas of these types (schemars). The match on `RouteId` is exhaustive, so a new
//! route cannot compile without saying what it takes and returns. The committed
//! `openapi.json` is checked by a test and served at `/api/v1/openapi.json`.

use lupa_core::routes::{Access, RouteId, API_ROOT, ROUTES};
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{json, Map, Value};

use crate::*;

/// What one route takes and gives.
struct Shape {
    summary: &'static str,
    request: Body,
    status: u16,
    response: Body,
}

enum Body {
    None,
    Json(Schema),
    Binary(&'static str),
    Csv,
    Text(&'static str),
}

fn j<T: JsonSchema>(g: &mut SchemaGenerator) -> Body {
    Body::Json(g.subschema_for::<T>())
}

fn shape(id: RouteId, g: &mut SchemaGenerator) -> Shape {
    use RouteId::*;
    let s = |summary, request, status, response| Shape { summary, request, status, response };
    match id {
        Health => s("Health: touches D1 and R2", Body::None, 200, j::<HealthResponse>(g)),
        OpenApi => s("This document", Body::None, 200, Body::Json(Schema::default())),
        AuthLogin => s("Log in with e-mail and password", j::<LoginRequest>(g), 200, j::<UserResponse>(g)),
        AuthRegister => s("Register a customer", j::<RegisterRequest>(g), 201, j::<UserResponse>(g)),
        AuthLogout => s("Log out (revokes the session)", Body::None, 200, j::<MessageResponse>(g)),
        AuthSession | User => s("The signed-in user", Body::None, 200, j::<UserResponse>(g)),
        AuthResetRequest => s("Mail a password-reset link", j::<PasswordResetEmailRequest>(g), 200, j::<SuccessResponse>(g)),
        AuthResetCheck => s("Check a reset token (query passwordResetToken)", Body::None, 200, j::<SuccessResponse>(g)),
        AuthResetApply => s("Set a new password with a reset token", j::<PasswordResetRequest>(g), 200, j::<SuccessResponse>(g)),
        AuthUpdatePassword => s("Change the password", j::<UpdatePasswordRequest>(g), 200, j::<MessageResponse>(g)),
        Waitlist => s("Join the waitlist", j::<WaitlistRequest>(g), 201, j::<MessageResponse>(g)),
        AnalysisList => s("The caller's analyses", Body::None, 200, j::<AnalysisListResponse>(g)),
        AnalysisCreate => s("Create an analysis (needs a subscription)", j::<AnalysisRequest>(g), 201, j::<AnalysisResponse>(g)),
        AnalysisGet => s("One analysis with its entries", Body::None, 200, j::<AnalysisResponse>(g)),
        AnalysisUpdate => s("Edit an analysis", j::<AnalysisRequest>(g), 200, j::<AnalysisResponse>(g)),
        AnalysisDelete => s("Delete an analysis with its entries and recordings", Body::None, 200, j::<MessageResponse>(g)),
        AnalysisClose => s("Close an analysis", Body::None, 200, j::<AnalysisResponse>(g)),
        AnalysisReopen => s("Reopen an analysis", Body::None, 200, j::<AnalysisResponse>(g)),
        AnalysisSummary => s("Task figures (success, SEQ, time on task) and SUS across submitted entries", Body::None, 200, j::<AnalysisSummaryResponse>(g)),
        AnalysisExport => s("Per entry and task (time, success, SEQ), per entry (SUS) and per note, as CSV", Body::None, 200, Body::Csv),
        AnalysisExportTasks => s("The per-task summary (and the SUS) as CSV", Body::None, 200, Body::Csv),
        AnalysisNotes => s("Every note and clip of the analysis (query tag, task, kind=note|clip)", Body::None, 200, j::<AnalysisNotesResponse>(g)),
        EntryTaskAnswer => s("Save the answers after a task (idempotent)", j::<TaskAnswerRequest>(g), 200, j::<TaskAnswerDto>(g)),
        EntryQuestionAnswers => s(
            "Save the answers to the questions before ('pre') or after ('post') the tasks (idempotent)",
            j::<QuestionAnswersRequest>(g),
            200,
            j::<QuestionAnswersResponse>(g),
        ),
        Screen => s("The screener's verdict; a screen-out is counted and takes no place", j::<ScreenRequest>(g), 200, j::<ScreenResponse>(g)),
        EntrySusAnswer => s("Save the SUS answers (idempotent)", j::<SusAnswerRequest>(g), 200, j::<SusAnswerDto>(g)),
        ReelList => s("The analysis's highlight reels", Body::None, 200, j::<ReelsResponse>(g)),
        ReelCreate => s("Create a highlight reel (needs a subscription)", j::<ReelRequest>(g), 201, j::<ReelDto>(g)),
        ReelGet => s("A reel with its playlist", Body::None, 200, j::<ReelDto>(g)),
        ReelUpdate => s("Rename a reel or set its ordered clips (needs a subscription)", j::<ReelRequest>(g), 200, j::<ReelDto>(g)),
        ReelDelete => s("Delete a reel (its clips stay)", Body::None, 200, j::<MessageResponse>(g)),
        ReelClipAdd => s("Add a clip to a reel (needs a subscription)", j::<ReelClipRequest>(g), 200, j::<ReelDto>(g)),
        ReelClipRemove => s("Remove a clip from a reel", Body::None, 200, j::<ReelDto>(g)),
        ShareList => s("The analysis's share links", Body::None, 200, j::<SharesResponse>(g)),
        ShareCreate => s("Create a read-only share link (needs a subscription; the token is shown once)", j::<ShareRequest>(g), 201, j::<ShareCreatedResponse>(g)),
        ShareRevoke => s("Revoke a share link", Body::None, 200, j::<ShareDto>(g)),
        SharedView => s("What a share link shows; counts a view; 410 when revoked, expired or unknown", Body::None, 200, j::<SharedViewResponse>(g)),
        SharedMedia => s("Stream a shared recording's file through a signed URL (Range)", Body::None, 200, Body::Binary("video/mp4")),
        BillingGet => s("Billing state", Body::None, 200, j::<BillingResponse>(g)),
        BillingCreateCustomer => s("Create the billing customer once", Body::None, 200, j::<CustomerResponse>(g)),
        BillingCheckout => s("Start a checkout", j::<CheckoutRequest>(g), 200, j::<CheckoutResponse>(g)),
        BillingPortal => s("Open the customer portal", Body::None, 200, j::<PortalResponse>(g)),
        BillingWebhook => s("Stripe webhook (Stripe-Signature header)", Body::Binary("application/json"), 200, j::<MessageResponse>(g)),
        LocalCheckoutGet => s("Local test-mode checkout", Body::None, 200, j::<LocalCheckoutDto>(g)),
        LocalCheckoutPay => s("Pay a local checkout", Body::None, 200, j::<MessageResponse>(g)),
        LocalCheckoutCancel => s("Cancel a local checkout", Body::None, 200, j::<MessageResponse>(g)),
        LocalPortalGet => s("Local test-mode portal", Body::None, 200, j::<LocalPortalDto>(g)),
        LocalPortalCancel => s("Cancel the subscription (local)", Body::None, 200, j::<MessageResponse>(g)),
        ValidateParticipation => s("Check an analysis id before participating", j::<ParticipationRequest>(g), 200, j::<ValidateParticipationResponse>(g)),
        Participate => s("Claim a place; sets the capability cookie", j::<ParticipationRequest>(g), 200, j::<ParticipateResponse>(g)),
        EntryUploadUrl => s("A signed URL for one whole-file upload", j::<UploadUrlRequest>(g), 200, j::<UploadUrlResponse>(g)),
        EntryUpdate => s("Mark the entry submitted", j::<UpdateEntryRequest>(g), 200, j::<MessageResponse>(g)),
        ParticipationCurrent => s("This browser's unfinished participation (capability cookie)", Body::None, 200, j::<ResumeInfo>(g)),
        EntryResume => s("Continue an unfinished participation: hold the place again", Body::None, 200, j::<ResumeInfo>(g)),
        EntrySegmentOpen => s("Start a new capture (segment) of the participation", j::<OpenSegmentRequest>(g), 200, j::<SegmentResponse>(g)),
        EntryChunkPut => s("Store one chunk (Content-Length and x-lupa-end-ms headers)", Body::Binary("application/octet-stream"), 200, j::<ChunkResponse>(g)),
        EntryCameraChunkPut => s(
            "Store one chunk of the camera track (Content-Length, x-lupa-end-ms; x-lupa-start-ms: the camera's start on the screen file)",
            Body::Binary("application/octet-stream"),
            200,
            j::<ChunkResponse>(g),
        ),
        EntryAudioChunkPut => s(
            "Store one chunk of the audio track for transcription (audio/webm; x-lupa-start-ms: the audio's start on the screen file)",
            Body::Binary("audio/webm"),
            200,
            j::<ChunkResponse>(g),
        ),
        EntryThumbnailPut => s("Store the entry's thumbnail (image/jpeg, at most 256 KiB)", Body::Binary("image/jpeg"), 200, j::<MessageResponse>(g)),
        EntrySteps => s("Save the step marks so far", j::<StepsRequest>(g), 200, j::<MessageResponse>(g)),
        EntryComplete => s("Close every segment into a seekable file", j::<CompleteUploadRequest>(g), 200, j::<CompleteUploadResponse>(g)),
        EntryAbandon => s("Leave: delete the recording and free the place", Body::None, 200, j::<MessageResponse>(g)),
        EntryUrl => s("A signed playback URL", Body::None, 200, j::<EntryUrlResponse>(g)),
        EntryPage => s("The entry page: URL and chapters", Body::None, 200, j::<EntryPageResponse>(g)),
        EntryDelete => s("Delete a recording", Body::None, 200, j::<MessageResponse>(g)),
        NotesList => s("Notes of a recording", Body::None, 200, j::<NotesResponse>(g)),
        TranscriptGet => s("The recording's transcript, on its timeline, with its status", Body::None, 200, j::<transcript::TranscriptResponse>(g)),
        TranscriptVtt => s("The transcript as WebVTT (attachment)", Body::None, 200, Body::Text("text/vtt")),
        TranscriptText => s("The transcript as plain text, lines prefixed [mm:ss] (attachment)", Body::None, 200, Body::Text("text/plain")),
        TranscriptSearch => s(
            "Search every transcript of the analysis (q: 2–100 characters; case- and accent-insensitive; at most 50 results)",
            Body::None,
            200,
            j::<transcript::TranscriptSearchResponse>(g),
        ),
        NoteCreate => s("Add a note (a clip needs a subscription)", j::<NoteRequest>(g), 201, j::<NoteDto>(g)),
        NoteUpdate => s("Edit a note (a clip's new range needs a subscription)", j::<NoteRequest>(g), 200, j::<NoteDto>(g)),
        NoteDelete => s("Delete a note", Body::None, 200, j::<MessageResponse>(g)),
        SingleUpload => s("Whole-file upload through a signed URL", Body::Binary("video/mp4"), 200, j::<MessageResponse>(g)),
        RecordingStream => s("Stream a recording through a signed URL (Range)", Body::None, 200, Body::Binary("video/mp4")),
        SegmentStream => s("Stream one segment through a signed URL (Range)", Body::None, 200, Body::Binary("video/mp4")),
        SegmentCameraStream => s("Stream one segment's camera file through a signed URL (Range)", Body::None, 200, Body::Binary("video/mp4")),
        EntryLive => s("Watch a participation in progress: a WebSocket (Upgrade) of the participation object's events (ADR 0016)", Body::None, 101, Body::None),
        LiveChunk => s("One stored chunk of a participation in progress through a signed URL (ADR 0016)", Body::None, 200, Body::Binary("application/octet-stream")),
        ThumbnailGet => s("The entry's thumbnail through a signed URL", Body::None, 200, Body::Binary("image/jpeg")),
        AdminUsers => s("Users (page, pageSize, q)", Body::None, 200, j::<AdminUsersResponse>(g)),
        AdminUserUpdate => s("Change a user's role", j::<crate::AdminUserUpdate>(g), 200, j::<AdminUserDto>(g)),
        AdminUserDelete => s("Delete a user and everything they own", Body::None, 200, j::<MessageResponse>(g)),
        AdminWaitlist => s("Waitlist sign-ups", Body::None, 200, j::<WaitlistResponse>(g)),
        AdminWaitlistCsv => s("Waitlist as CSV", Body::None, 200, Body::Csv),
    }
}

fn content(body: Body) -> Option<Value> {
    match body {
        Body::None => None,
        Body::Json(schema) => Some(json!({ "application/json": { "schema": schema } })),
        Body::Binary(mime) => Some(json!({ mime: { "schema": { "type": "string", "contentEncoding": "binary" } } })),
        Body::Csv => Some(json!({ "text/csv": { "schema": { "type": "string" } } })),
        Body::Text(mime) => Some(json!({ mime: { "schema": { "type": "string" } } })),
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
        let shape = shape(spec.id, &mut generator);
        let path = format!("{API_ROOT}{}", spec.pattern);
        let params: Vec<Value> = spec
            .pattern
            .split('/')
            .filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .map(|name| json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string", "maxLength": 200 } }))
            .collect();
        let mut responses = Map::new();
        let mut ok = json!({ "description": "Success" });
        if let Some(c) = content(shape.response) {
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
        if let Some(c) = content(shape.request) {
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
    fn the_committed_document_is_fresh() {
        let fresh = serde_json::to_string_pretty(&document()).unwrap() + "\n";
        if std::env::var("LUPA_WRITE_OPENAPI").is_ok() {
            std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json"), &fresh).unwrap();
            return;
        }
        assert!(fresh == COMMITTED, "edge-worker/api-types/openapi.json is stale: run 'npm run check:types -- --write'");
    }
}
