//! The route declarations: one row per `/api/v1` route, the only place a route is written down.
//!
//! Each row says the method, the path pattern, who may call it, and how many D1 round trips its
//! costliest path may wait for (ADR 0011), with the reason when that is above the target or not
//! obvious. The worker's dispatch and access check, the OpenAPI document, the authorization
//! matrix's list of routes, the D1 budget table and the web's path builders are all derived from
//! it (ADR 0014). Order matters only between patterns that could both match: literal segments
//! before parameters.

use super::Access::{Admin, Participant, Public, Session, Signed};
use super::Route;
use super::RouteId::*;

/// Every route of the API.
pub const ROUTES: &[Route] = &[
    Route::get(Health, "/health", Public).d1(1),
    Route::get(OpenApi, "/openapi.json", Public).d1(0),
    Route::post(AuthLogin, "/auth/login/local", Public).d1(3).why(
        "the attempt counted with both failure counters and the user read; the session opened. A wrong password counts the failure instead, and mails the owner when the account hits its limit",
    ),
    Route::post(AuthRegister, "/auth/register/local/customer", Public).d1(2),
    Route::post(AuthLogout, "/auth/logout", Public).d1(2),
    Route::get(AuthSession, "/auth/session", Session).d1(1),
    Route::post(AuthResetRequest, "/auth/password-reset", Public)
        .d1(1)
        .why("the attempt counted; the link is made and mailed after the answer (same timing either way)"),
    Route::get(AuthResetCheck, "/auth/password-reset", Public).d1(1),
    Route::patch(AuthResetApply, "/auth/password-reset", Public).d1(2),
    Route::patch(AuthUpdatePassword, "/auth/update-user-password", Session).d1(3),
    Route::get(User, "/user", Session).d1(1),
    Route::post(Waitlist, "/waitlist", Public).d1(2),
    Route::post(ValidateParticipation, "/analysis/validate-participation", Public).d1(1),
    Route::post(Participate, "/analysis/participate", Public)
        .d1(2)
        .why("the attempt counted with the analysis's screener and order read (ADR 0017); the place claimed with the analysis read"),
    Route::post(Screen, "/analysis/screen", Public)
        .d1(2)
        .why("the attempt counted with the screener read; a screen-out stored with its reason (ADR 0017)"),
    Route::get(AnalysisList, "/analysis", Session).d1(2),
    Route::post(AnalysisCreate, "/analysis", Session).d1(3),
    Route::get(AnalysisGet, "/analysis/{id}", Session).d1(2),
    Route::patch(AnalysisUpdate, "/analysis/{id}", Session).d1(3),
    Route::delete(AnalysisDelete, "/analysis/{id}", Session)
        .d1(3)
        .why("the rows deleted with the queue read; R2 emptied before the answer, the queue noted after"),
    Route::post(AnalysisClose, "/analysis/{id}/close", Session).d1(3),
    Route::post(AnalysisReopen, "/analysis/{id}/reopen", Session).d1(3),
    Route::get(BillingGet, "/billing", Session).d1(2),
    Route::post(BillingCreateCustomer, "/billing", Session).d1(3),
    Route::post(BillingCheckout, "/billing/checkout-session", Session).d1(3),
    Route::post(BillingPortal, "/billing/customer-portal", Session).d1(3),
    Route::post(BillingWebhook, "/billing/webhook", Signed).d1(2),
    Route::get(LocalCheckoutGet, "/billing/local/checkout/{id}", Session).d1(2).local_only(),
    Route::post(LocalCheckoutPay, "/billing/local/checkout/{id}/pay", Session).d1(4).local_only().why(
        "the local test-mode checkout (404 in production): the session and checkout read, the checkout claimed, then both events and the invoice",
    ),
    Route::post(LocalCheckoutCancel, "/billing/local/checkout/{id}/cancel", Session).d1(3).local_only(),
    Route::get(LocalPortalGet, "/billing/local/portal", Session).d1(2).local_only(),
    Route::post(LocalPortalCancel, "/billing/local/portal/cancel", Session).d1(3).local_only(),
    Route::get(AdminUsers, "/admin", Admin).d1(2),
    Route::patch(AdminUserUpdate, "/admin/users/{id}", Admin).d1(2),
    Route::delete(AdminUserDelete, "/admin/users/{id}", Admin).d1(3),
    Route::get(AdminWaitlist, "/admin/waitlist", Admin).d1(2),
    Route::get(AdminWaitlistCsv, "/admin/waitlist/export", Admin).d1(2),
    Route::post(EntryUploadUrl, "/analysisEntry/upload-url", Participant).d1(1),
    Route::patch(EntryUpdate, "/analysisEntry", Participant).d1(3).why("without a free place the entry is deleted on the spot (one more)"),
    Route::get(ParticipationCurrent, "/participation/current", Participant).d1(2),
    Route::post(EntryResume, "/analysisEntry/{id}/resume", Participant).d1(3),
    Route::post(EntrySegmentOpen, "/analysisEntry/{id}/segments", Participant)
        .d1(1)
        .why("the object checks the capability and opens it; D1 records the segment with the hold"),
    Route::put(EntryChunkPut, "/analysisEntry/{id}/segments/{segment}/chunks/{index}", Participant)
        .chunk()
        .why("the participation's Durable Object keeps the ledger: a chunk never waits for D1 (ADR 0013)"),
    Route::put(EntryCameraChunkPut, "/analysisEntry/{id}/segments/{segment}/camera-chunks/{index}", Participant)
        .chunk()
        .why("the participation's Durable Object keeps the ledger: a chunk never waits for D1 (ADR 0013)"),
    Route::put(EntryAudioChunkPut, "/analysisEntry/{id}/segments/{segment}/audio-chunks/{index}", Participant)
        .d1(0)
        .why("the participation's object checks the capability and keeps the audio for transcription (ADR 0018); no D1"),
    Route::put(EntryThumbnailPut, "/analysisEntry/{id}/thumbnail", Participant)
        .d1(2)
        .why("the capability with the entry; the image to R2; the time it was taken stored"),
    Route::put(EntrySteps, "/analysisEntry/{id}/steps", Participant).d1(0).why("kept by the participation's object until Finish (ADR 0013)"),
    Route::post(EntryComplete, "/analysisEntry/{id}/complete", Participant).d1(2).why(
        "the object checks the capability and closes the segments (ADR 0013); D1 records them and the length in one batch (the spec's single upload reads the entry once more)",
    ),
    Route::put(EntryTaskAnswer, "/analysisEntry/{id}/answers/tasks/{taskNumber}", Participant)
        .d1(3)
        .why("the capability with the entry; the analysis's question settings; the answer with the hold"),
    Route::put(EntrySusAnswer, "/analysisEntry/{id}/answers/sus", Participant)
        .d1(3)
        .why("the capability with the entry; the analysis's question settings; the answer with the hold"),
    Route::put(EntryQuestionAnswers, "/analysisEntry/{id}/answers/questions/{phase}", Participant)
        .d1(3)
        .why("the capability with the entry; the analysis's questions; the answers with the hold"),
    Route::delete(EntryAbandon, "/analysisEntry/{id}", Participant).d1(2),
    Route::get(EntryUrl, "/analysisEntry/{id}", Session).d1(2),
    Route::get(EntryPage, "/entry/{id}", Session).d1(2),
    Route::delete(EntryDelete, "/entry/{id}", Session).d1(3),
    Route::get(EntryLive, "/entry/{id}/live", Session)
        .d1(2)
        .why("the session; the entry with its analysis's task count. Then the WebSocket is the participation object's: its events cost no D1 (ADR 0016)"),
    Route::get(NotesList, "/entry/{id}/notes", Session).d1(2),
    Route::get(TranscriptGet, "/entry/{id}/transcript", Session).d1(2),
    Route::get(TranscriptVtt, "/entry/{id}/transcript.vtt", Session).d1(2),
    Route::get(TranscriptText, "/entry/{id}/transcript.txt", Session).d1(2),
    Route::post(NoteCreate, "/entry/{id}/notes", Session).d1(3),
    Route::patch(NoteUpdate, "/entry/{id}/notes/{noteId}", Session).d1(3),
    Route::delete(NoteDelete, "/entry/{id}/notes/{noteId}", Session).d1(3),
    Route::get(AnalysisSummary, "/analysis/{id}/summary", Session).d1(2),
    Route::get(AnalysisExport, "/analysis/{id}/export", Session).d1(2),
    Route::get(AnalysisExportTasks, "/analysis/{id}/export/tasks", Session).d1(2),
    Route::get(AnalysisNotes, "/analysis/{id}/notes", Session).d1(2),
    Route::get(TranscriptSearch, "/analysis/{id}/transcript-search", Session).d1(2),
    Route::get(ReelList, "/analysis/{id}/reels", Session).d1(2),
    Route::post(ReelCreate, "/analysis/{id}/reels", Session)
        .d1(3)
        .why("the session; the analysis with the clips named; the reel stored and read back with its playlist"),
    Route::get(ReelGet, "/reels/{id}", Session).d1(2),
    Route::patch(ReelUpdate, "/reels/{id}", Session).d1(3),
    Route::delete(ReelDelete, "/reels/{id}", Session).d1(3),
    Route::post(ReelClipAdd, "/reels/{id}/clips", Session).d1(3),
    Route::delete(ReelClipRemove, "/reels/{id}/clips/{clipId}", Session).d1(3),
    Route::get(ShareList, "/analysis/{id}/shares", Session).d1(2),
    Route::post(ShareCreate, "/analysis/{id}/shares", Session).d1(3).why("the session; the analysis with the link's target; the link stored and read back"),
    Route::post(ShareRevoke, "/shares/{id}/revoke", Session).d1(3),
    Route::get(SharedView, "/share/{token}", Public)
        .d1(2)
        .why("no session: the attempt counted with the link read, then the view counted with what it shows"),
    Route::get(SharedMedia, "/share-media/{id}/{source}/{segment}/{track}", Signed)
        .d1(1)
        .media()
        .why("the link and the file it may play, joined (the URL's signature is checked without D1)"),
    Route::put(SingleUpload, "/uploads/{id}", Signed).d1(2),
    Route::get(RecordingStream, "/recordings/{id}", Signed).d1(1).media(),
    Route::get(SegmentStream, "/recordings/{id}/{segment}", Signed).d1(1).media(),
    Route::get(SegmentCameraStream, "/recordings/{id}/{segment}/camera", Signed).d1(1).media(),
    Route::get(ThumbnailGet, "/thumbnails/{id}", Signed).d1(1),
    Route::get(LiveChunk, "/live-chunks/{id}/{segment}/{track}/{index}", Signed)
        .d1(1)
        .why("the entry's analysis, for the chunk's R2 key (the URL's signature is checked without D1; ADR 0016)"),
];
