//! The route declarations: one row per `/api/v1` route, the only place a route is written down.
//!
//! Each row names the route (`declare_routes!` makes its `RouteId` variant from that name) and
//! says the method, the path pattern, who may call it, how many D1 round trips its costliest path
//! may wait for (ADR 0011), with the reason when that is above the target or not obvious, and, for
//! the OpenAPI document, what it does in a line, what it takes and what it gives. The worker's dispatch and access check, the OpenAPI document, the authorization
//! matrix's list of routes, the D1 budget table and the web's path builders are all derived from
//! it (ADR 0014). Order matters only between patterns that could both match: literal segments
//! before parameters.

use super::participant::{AUDIO_CHUNK, CAMERA_CHUNK, COMPLETE, LEAVE, SCREEN_CHUNK, SEGMENT_OPEN, STEPS};
use super::Access::{Admin, Participant, Public, Session, Signed};
use super::Content::{AnyJson, Binary, Csv, Json, NoBody, Recording, RecordingOrCaptions, Text};
use super::{declare_routes, Route};

declare_routes! {
    Health: get("/health", Public).d1(1).doc("Health: touches D1 and R2").gives(200, Json("HealthResponse")),
    OpenApi: get("/openapi.json", Public).d1(0).doc("This document").gives(200, AnyJson),
    AuthLogin: post("/auth/login/local", Public)
        .d1(3)
        .why(
            "the attempt counted with both failure counters and the user read; the session opened. A wrong password counts the failure instead, and mails the owner when the account hits its limit",
        )
        .doc("Log in with e-mail and password").takes(Json("LoginRequest")).gives(200, Json("UserResponse")).rate_limited().fails(&[401]),
    AuthRegister: post("/auth/register/local/customer", Public).d1(2)
        .doc("Register a customer").takes(Json("RegisterRequest")).gives(201, Json("UserResponse")).rate_limited().fails(&[409]),
    AuthLogout: post("/auth/logout", Public).d1(2).doc("Log out (revokes the session)").gives(200, Json("MessageResponse")),
    AuthSession: get("/auth/session", Session).d1(1).doc("The signed-in user").gives(200, Json("UserResponse")),
    AuthResetRequest: post("/auth/password-reset", Public)
        .d1(1)
        .why("the attempt counted; the link is made and mailed after the answer (same timing either way)")
        .doc("Mail a password-reset link").takes(Json("PasswordResetEmailRequest")).gives(200, Json("SuccessResponse")).rate_limited(),
    AuthResetCheck: get("/auth/password-reset", Public).d1(1)
        .doc("Check a reset token (query passwordResetToken)").gives(200, Json("SuccessResponse")).query("ResetCheckQuery").fails(&[400, 404]),
    AuthResetApply: patch("/auth/password-reset", Public).d1(2)
        .doc("Set a new password with a reset token").takes(Json("PasswordResetRequest")).gives(200, Json("SuccessResponse")).fails(&[404]),
    AuthUpdatePassword: patch("/auth/update-user-password", Session).d1(3)
        .doc("Change the password").takes(Json("UpdatePasswordRequest")).gives(200, Json("MessageResponse")).rate_limited(),
    User: get("/user", Session).d1(1).doc("The signed-in user").gives(200, Json("UserResponse")),
    Waitlist: post("/waitlist", Public).d1(2).doc("Join the waitlist").takes(Json("WaitlistRequest")).gives(201, Json("MessageResponse")).rate_limited(),
    ValidateParticipation: post("/analysis/validate-participation", Public).d1(1)
        .doc("Check an analysis id before participating")
        .takes(Json("ParticipationRequest")).gives(200, Json("ValidateParticipationResponse")).rate_limited().fails(&[404]),
    Participate: post("/analysis/participate", Public)
        .d1(2)
        .why("the attempt counted with the analysis's screener and order read (ADR 0017); the place claimed with the analysis read")
        .doc("Claim a place; sets the capability cookie").takes(Json("ParticipationRequest")).gives(200, Json("ParticipateResponse")).rate_limited().fails(&[404, 409]),
    UplinkProbe: post("/analysis/{id}/uplink-probe", Public)
        .d1(1)
        .why("the attempt counted with the analysis's status read, in one batch; the body is counted and dropped, never stored (issue 48)")
        .doc("Time an upload before recording: a probe of up to 512 KiB, read and dropped; answers how many bytes arrived")
        .takes(Binary("application/octet-stream")).gives(200, Json("UplinkProbeResponse")).body_max(crate::participation::UPLINK_PROBE_MAX_BYTES)
        .rate_limited().fails(&[400, 413]),
    Screen: post("/analysis/screen", Public)
        .d1(2)
        .why("the attempt counted with the screener read; a screen-out stored with its reason (ADR 0017)")
        .doc("The screener's verdict; a screen-out is counted and takes no place")
        .takes(Json("ScreenRequest")).gives(200, Json("ScreenResponse")).rate_limited().fails(&[404, 409]),
    AnalysisList: get("/analysis", Session).d1(2).doc("The caller's analyses").gives(200, Json("AnalysisListResponse")),
    AnalysisCreate: post("/analysis", Session).d1(3)
        .doc("Create an analysis (needs a subscription)").takes(Json("AnalysisRequest")).gives(201, Json("AnalysisResponse")).fails(&[402]),
    AnalysisGet: get("/analysis/{id}", Session).d1(2).doc("One analysis with its entries").gives(200, Json("AnalysisResponse")),
    AnalysisUpdate: patch("/analysis/{id}", Session).d1(3)
        .doc("Edit an analysis").takes(Json("AnalysisRequest")).gives(200, Json("AnalysisResponse")).fails(&[402, 409]),
    AnalysisDelete: delete("/analysis/{id}", Session)
        .d1(3)
        .why("the rows deleted with the queue read; R2 emptied before the answer, the queue noted after")
        .doc("Delete an analysis with its entries and recordings").gives(200, Json("MessageResponse")),
    AnalysisClose: post("/analysis/{id}/close", Session).d1(3).doc("Close an analysis").gives(200, Json("AnalysisResponse")),
    AnalysisReopen: post("/analysis/{id}/reopen", Session).d1(3).doc("Reopen an analysis").gives(200, Json("AnalysisResponse")).fails(&[402, 409]),
    BillingGet: get("/billing", Session).d1(2).doc("Billing state").gives(200, Json("BillingResponse")),
    BillingCreateCustomer: post("/billing", Session).d1(3).doc("Create the billing customer once").gives(200, Json("CustomerResponse")),
    BillingCheckout: post("/billing/checkout-session", Session).d1(3)
        .doc("Start a checkout").takes(Json("CheckoutRequest")).gives(200, Json("CheckoutResponse")),
    BillingPortal: post("/billing/customer-portal", Session).d1(3).doc("Open the customer portal").gives(200, Json("PortalResponse")),
    BillingWebhook: post("/billing/webhook", Signed).d1(2)
        .doc("Stripe webhook (Stripe-Signature header)").takes(Binary("application/json")).gives(200, Json("MessageResponse")).headers("WebhookHeaders").body_max(crate::billing::MAX_EVENT_BYTES).fails(&[400, 413]),
    LocalCheckoutGet: get("/billing/local/checkout/{id}", Session).d1(2).local_only()
        .doc("Local test-mode checkout").gives(200, Json("LocalCheckoutDto")),
    LocalCheckoutPay: post("/billing/local/checkout/{id}/pay", Session)
        .d1(4)
        .local_only()
        .why(
            "the local test-mode checkout (404 in production): the session and checkout read, the checkout claimed, then both events and the invoice",
        )
        .doc("Pay a local checkout").gives(200, Json("MessageResponse")).fails(&[409]),
    LocalCheckoutCancel: post("/billing/local/checkout/{id}/cancel", Session).d1(3).local_only()
        .doc("Cancel a local checkout").gives(200, Json("MessageResponse")).fails(&[409]),
    LocalPortalGet: get("/billing/local/portal", Session).d1(2).local_only()
        .doc("Local test-mode portal").gives(200, Json("LocalPortalDto")),
    LocalPortalCancel: post("/billing/local/portal/cancel", Session).d1(3).local_only()
        .doc("Cancel the subscription (local)").gives(200, Json("MessageResponse")).fails(&[409]),
    AdminUsers: get("/admin", Admin).d1(2).doc("Users (page, pageSize, q)").gives(200, Json("AdminUsersResponse")).query("AdminUsersQuery").fails(&[400]),
    AdminUserUpdate: patch("/admin/users/{id}", Admin).d1(2)
        .doc("Change a user's role").takes(Json("AdminUserUpdate")).gives(200, Json("AdminUserDto")).fails(&[409]),
    AdminUserDelete: delete("/admin/users/{id}", Admin).d1(3)
        .doc("Delete a user and everything they own").gives(200, Json("MessageResponse")).fails(&[409]),
    AdminWorkspaces: get("/admin/workspaces", Admin).d1(2)
        .doc("Workspaces with their seats, subscription and members (page, pageSize ≤ 100, q: name or a member's e-mail; ADR 0019)")
        .gives(200, Json("AdminWorkspacesResponse")),
    AdminWaitlist: get("/admin/waitlist", Admin).d1(2).doc("Waitlist sign-ups").gives(200, Json("WaitlistResponse")),
    AdminWaitlistCsv: get("/admin/waitlist/export", Admin).d1(2).doc("Waitlist as CSV").gives(200, Csv),
    EntryUploadUrl: post("/analysisEntry/upload-url", Participant).d1(1)
        .doc("A signed URL for one whole-file upload").takes(Json("UploadUrlRequest")).gives(200, Json("UploadUrlResponse")).fails(&[404]),
    EntryUpdate: patch("/analysisEntry", Participant).d1(3).why("without a free place the entry is deleted on the spot (one more)")
        .doc("Mark the entry submitted").takes(Json("UpdateEntryRequest")).gives(200, Json("SubmittedResponse")).fails(&[404, 409]),
    ParticipationCurrent: get("/participation/current", Participant).d1(2)
        .doc("This browser's unfinished participation (capability cookie)").gives(200, Json("ResumeInfo")).fails(&[404]).credentials_optional(),
    EntryResume: post("/analysisEntry/{id}/resume", Participant).d1(3)
        .doc("Continue an unfinished participation: hold the place again").gives(200, Json("ResumeInfo")).fails(&[409]),
    EntrySegmentOpen: at(SEGMENT_OPEN, Participant)
        .d1(1)
        .why("the object checks the capability and opens it; D1 records the segment with the hold")
        .doc("Start a new capture (segment) of the participation").takes(Json("OpenSegmentRequest")).gives(200, Json("SegmentResponse")).fails(&[409, 413]),
    EntryChunkPut: at(SCREEN_CHUNK, Participant)
        .chunk()
        .why("the participation's Durable Object keeps the ledger: a chunk never waits for D1 (ADR 0013)")
        .doc("Store one chunk (Content-Length and x-lupa-end-ms headers)")
        .takes(Binary("application/octet-stream")).gives(200, Json("ChunkResponse")).headers("ChunkHeaders").fails(&[400, 409, 411, 413]),
    EntryCameraChunkPut: at(CAMERA_CHUNK, Participant)
        .chunk()
        .why("the participation's Durable Object keeps the ledger: a chunk never waits for D1 (ADR 0013)")
        .doc("Store one chunk of the camera track (Content-Length, x-lupa-end-ms; x-lupa-start-ms: the camera's start on the screen file)")
        .takes(Binary("application/octet-stream")).gives(200, Json("ChunkResponse")).headers("CameraChunkHeaders").fails(&[400, 409, 411, 413]),
    EntryAudioChunkPut: at(AUDIO_CHUNK, Participant)
        .d1(0)
        .why("the participation's object checks the capability and keeps the audio for transcription (ADR 0018); no D1")
        .doc("Store one chunk of the audio track for transcription (audio/webm; x-lupa-start-ms: the audio's start on the screen file)")
        .takes(Binary("audio/webm")).gives(200, Json("ChunkResponse")).headers("AudioChunkHeaders").body_max(crate::transcript::MAX_AUDIO_CHUNK).fails(&[400, 409, 413]),
    EntryThumbnailPut: put("/analysisEntry/{id}/thumbnail", Participant)
        .d1(2)
        .why("the capability with the entry; the image to R2; the time it was taken stored")
        .doc("Store the entry's thumbnail (image/jpeg, at most 256 KiB)").takes(Binary("image/jpeg")).gives(200, Json("MessageResponse")).headers("ThumbnailHeaders").fails(&[400, 411, 413, 415]),
    EntrySteps: at(STEPS, Participant).d1(0).why("kept by the participation's object until Finish (ADR 0013)")
        .doc("Save the step marks so far").takes(Json("StepsRequest")).gives(200, Json("MessageResponse")).fails(&[409]),
    EntryComplete: at(COMPLETE, Participant)
        .d1(2)
        .why(
            "the object checks the capability and closes the segments (ADR 0013); D1 records them and the length in one batch (product §7's single upload reads the entry once more)",
        )
        .doc("Close every segment into a seekable file").takes(Json("CompleteUploadRequest")).gives(200, Json("CompleteUploadResponse")).fails(&[409]),
    EntryTaskAnswer: put("/analysisEntry/{id}/answers/tasks/{taskNumber}", Participant)
        .d1(3)
        .why("the capability with the entry; the analysis's question settings; the answer with the hold")
        .doc("Save the answers after a task (idempotent)").takes(Json("TaskAnswerRequest")).gives(200, Json("TaskAnswerDto")).fails(&[409]),
    EntrySusAnswer: put("/analysisEntry/{id}/answers/sus", Participant)
        .d1(3)
        .why("the capability with the entry; the analysis's question settings; the answer with the hold")
        .doc("Save the SUS answers (idempotent)").takes(Json("SusAnswerRequest")).gives(200, Json("SusAnswerDto")).fails(&[409]),
    EntryQuestionAnswers: put("/analysisEntry/{id}/answers/questions/{phase}", Participant)
        .d1(3)
        .why("the capability with the entry; the analysis's questions; the answers with the hold")
        .doc("Save the answers to the questions before ('pre') or after ('post') the tasks (idempotent)")
        .takes(Json("QuestionAnswersRequest")).gives(200, Json("QuestionAnswersResponse")).fails(&[409]),
    EntryAbandon: at(LEAVE, Participant).d1(2)
        .doc("Leave: delete the recording and free the place").gives(200, Json("MessageResponse")),
    EntryUrl: get("/analysisEntry/{id}", Session).d1(2).doc("A signed playback URL").gives(200, Json("EntryUrlResponse")),
    EntryPage: get("/entry/{id}", Session).d1(2).doc("The entry page: URL and chapters").gives(200, Json("EntryPageResponse")),
    EntryDelete: delete("/entry/{id}", Session).d1(3).doc("Delete a recording").gives(200, Json("MessageResponse")),
    EntryLive: get("/entry/{id}/live", Session)
        .d1(2)
        .why("the session; the entry with its analysis's task count. Then the WebSocket is the participation object's: its events cost no D1 (ADR 0016)")
        .doc("Watch a participation in progress: a WebSocket (Upgrade) of the participation object's events (ADR 0016)").gives(101, NoBody).headers("LiveHeaders").fails(&[403, 426, 429]),
    NotesList: get("/entry/{id}/notes", Session).d1(2).doc("Notes of a recording").gives(200, Json("NotesResponse")),
    TranscriptGet: get("/entry/{id}/transcript", Session).d1(2)
        .doc("The recording's transcript, on its timeline, with its status").gives(200, Json("TranscriptResponse")),
    TranscriptVtt: get("/entry/{id}/transcript.vtt", Session).d1(2)
        .doc("The transcript as WebVTT (attachment)").gives(200, Text("text/vtt")),
    TranscriptText: get("/entry/{id}/transcript.txt", Session).d1(2)
        .doc("The transcript as plain text, lines prefixed [mm:ss] (attachment)").gives(200, Text("text/plain")),
    SummaryGet: get("/entry/{id}/summary", Session).d1(2)
        .doc("The participation's AI summary: findings per task with quotes verified against the transcript (ADR 0021)").gives(200, Json("EntrySummaryResponse")),
    SummaryRegenerate: post("/entry/{id}/summary", Session).d1(3)
        .doc("Make the AI summary again (after the answer; the summary is pending meanwhile)").gives(202, Json("EntrySummaryResponse")).fails(&[409, 503]),
    ThemesGet: get("/analysis/{id}/themes", Session).d1(2)
        .doc("The analysis's AI themes: each with the participations it shows in and quotes the summaries verified (ADR 0021)").gives(200, Json("AnalysisThemesResponse")),
    ThemesRegenerate: post("/analysis/{id}/themes", Session).d1(3)
        .doc("Make the themes again from the summaries (after the answer; pending meanwhile)").gives(202, Json("AnalysisThemesResponse")).fails(&[409, 503]),
    ThemeReel: post("/analysis/{id}/themes/{theme}/reel", Session).d1(3)
        .doc("A reel of a theme's quotes, each a clip of the quote ±2 s, made in one write").gives(201, Json("ReelDto")).fails(&[402, 404, 409]),
    NoteCreate: post("/entry/{id}/notes", Session).d1(3)
        .doc("Add a note (a clip needs a subscription; a clip's endMs comes after its atMs)").takes(Json("NewNoteRequest")).gives(201, Json("NoteDto")).fails(&[402, 409]),
    NoteUpdate: patch("/entry/{id}/notes/{noteId}", Session).d1(3)
        .doc("Edit a note (a clip's new range needs a subscription)").takes(Json("NoteRequest")).gives(200, Json("NoteDto")).fails(&[402, 409]),
    NoteDelete: delete("/entry/{id}/notes/{noteId}", Session).d1(3).doc("Delete a note").gives(200, Json("MessageResponse")),
    AnalysisSummary: get("/analysis/{id}/summary", Session).d1(2)
        .doc("Task figures (success, SEQ, time on task) and SUS across submitted entries").gives(200, Json("AnalysisSummaryResponse")),
    AnalysisExport: get("/analysis/{id}/export", Session).d1(2)
        .doc("Per entry and task (time, success, SEQ), per entry (SUS) and per note, as CSV").gives(200, Csv),
    AnalysisExportTasks: get("/analysis/{id}/export/tasks", Session).d1(2).doc("The per-task summary (and the SUS) as CSV").gives(200, Csv),
    AnalysisNotes: get("/analysis/{id}/notes", Session).d1(2)
        .doc("Every note and clip of the analysis (query tag, task, kind=note|clip)").gives(200, Json("AnalysisNotesResponse")).query("AnalysisNotesQuery").fails(&[400]),
    TranscriptSearch: get("/analysis/{id}/transcript-search", Session).d1(2)
        .doc("Search every transcript of the analysis (q: 2–100 characters; case- and accent-insensitive; at most 50 results)")
        .gives(200, Json("TranscriptSearchResponse")).query("TranscriptSearchQuery").fails(&[422]),
    ReelList: get("/analysis/{id}/reels", Session).d1(2).doc("The analysis's highlight reels").gives(200, Json("ReelsResponse")),
    ReelCreate: post("/analysis/{id}/reels", Session)
        .d1(3)
        .why("the session; the analysis with the clips named; the reel stored and read back with its playlist")
        .doc("Create a highlight reel (needs a subscription)").takes(Json("NewReelRequest")).gives(201, Json("ReelDto")).fails(&[402, 409]),
    ReelGet: get("/reels/{id}", Session).d1(2).doc("A reel with its playlist").gives(200, Json("ReelDto")),
    ReelUpdate: patch("/reels/{id}", Session).d1(3)
        .doc("Rename a reel or set its ordered clips (needs a subscription)").takes(Json("ReelRequest")).gives(200, Json("ReelDto")).fails(&[402, 409]),
    ReelDelete: delete("/reels/{id}", Session).d1(3).doc("Delete a reel (its clips stay)").gives(200, Json("MessageResponse")),
    ReelClipAdd: post("/reels/{id}/clips", Session).d1(3)
        .doc("Add a clip to a reel (needs a subscription)").takes(Json("ReelClipRequest")).gives(200, Json("ReelDto")).fails(&[402, 409]),
    ReelClipRemove: delete("/reels/{id}/clips/{clipId}", Session).d1(3).doc("Remove a clip from a reel").gives(200, Json("ReelDto")),
    ShareList: get("/analysis/{id}/shares", Session).d1(2).doc("The analysis's share links").gives(200, Json("SharesResponse")),
    ShareCreate: post("/analysis/{id}/shares", Session).d1(3).why("the session; the analysis with the link's target; the link stored and read back")
        .doc("Create a read-only share link (needs a subscription; the token is shown once)")
        .takes(Json("ShareRequest")).gives(201, Json("ShareCreatedResponse")).fails(&[402, 409]),
    ShareRevoke: post("/shares/{id}/revoke", Session).d1(3).doc("Revoke a share link").gives(200, Json("ShareDto")),
    WorkspaceList: get("/workspaces", Session).d1(2)
        .doc("The account's workspaces, each with its role; the current one first (ADR 0019)").gives(200, Json("WorkspacesResponse")),
    WorkspaceCreate: post("/workspaces", Session).d1(2)
        .doc("Make a team: the caller owns it and it becomes current (name: 1–80 characters)")
        .takes(Json("WorkspaceCreateRequest")).gives(201, Json("WorkspaceDto")),
    WorkspaceDelete: post("/workspaces/{id}/delete", Session)
        .d1(3)
        .why("the session; the caller's membership with the team and its subscription; the rows deleted with the R2 queue read (the provider's cancellation is not D1)")
        .doc("Delete a team (its owner, the name typed to confirm): its analyses with their media, its subscription ended; not a personal workspace")
        .takes(Json("WorkspaceDeleteRequest")).gives(200, Json("MessageResponse")).fails(&[409]),
    WorkspaceSwitch: post("/workspaces/{id}/switch", Session).d1(2)
        .doc("Act in another workspace the account is a member of").gives(200, Json("WorkspaceDto")),
    WorkspaceLeave: post("/workspaces/{id}/leave", Session).d1(2)
        .doc("Leave a workspace (not its owner); the personal one becomes current if it was this").gives(200, Json("MessageResponse")),
    TeamGet: get("/team", Session).d1(2)
        .doc("The current workspace's members, and its pending invitations for admins and the owner").gives(200, Json("TeamResponse")),
    InvitationCreate: post("/team/invitations", Session)
        .d1(3)
        .doc("Invite an e-mail with a role (admin, researcher, observer); mailed after the answer; 409 for a member's e-mail")
        .takes(Json("InvitationRequest")).gives(201, Json("InvitationDto")).rate_limited().fails(&[409]),
    InvitationResend: post("/team/invitations/{id}/resend", Session).d1(3)
        .doc("Mail a pending invitation again with a new link, valid 7 days from now").gives(200, Json("InvitationDto")).rate_limited(),
    InvitationRevoke: post("/team/invitations/{id}/revoke", Session).d1(2)
        .doc("Revoke a pending invitation: its link stops working").gives(200, Json("MessageResponse")),
    MemberUpdate: patch("/team/members/{id}", Session).d1(2)
        .doc("Change a member's role (never the owner's)").takes(Json("MemberUpdateRequest")).gives(200, Json("MemberDto")),
    MemberRemove: delete("/team/members/{id}", Session).d1(2)
        .doc("Remove a member (never the owner); their access ends at once").gives(200, Json("MessageResponse")),
    TeamOwnerTransfer: post("/team/owner", Session).d1(2)
        .doc("Make another member the owner; the owner becomes an admin (one batch)")
        .takes(Json("OwnershipRequest")).gives(200, Json("MemberDto")).fails(&[409]),
    TeamActivity: get("/team/activity", Session).d1(2)
        .doc("The activity log, newest first (query actor: an account id, kind, page, pageSize ≤ 100; ADR 0019)")
        .gives(200, Json("ActivityResponse")),
    TeamActivityCsv: get("/team/activity/export", Session).d1(2)
        .doc("The activity log as CSV, newest first (query actor, kind; at most 50,000 rows)").gives(200, Csv),
    InvitationView: get("/invitations/{token}", Public).d1(1)
        .doc("What an invitation link shows: the workspace, who invited, the e-mail and role; 404 once used, revoked or expired")
        .gives(200, Json("InvitationViewResponse")),
    InvitationAccept: post("/invitations/{token}/accept", Session).d1(2)
        .doc("Join the workspace with the signed-in account (its e-mail must be the invited one); it becomes current")
        .gives(200, Json("WorkspaceDto")),
    SessionCreate: post("/analysis/{id}/sessions", Session)
        .d1(2)
        .doc("Create a moderated session (ADR 0024): its participant link, shown only in this answer and mailed to participantEmail (with a calendar event when plannedAt is set); the caller moderates")
        .takes(Json("NewSessionRequest")).gives(201, Json("ModeratedSessionDto")),
    SessionList: get("/analysis/{id}/sessions", Session).d1(2)
        .doc("The analysis's moderated sessions, newest first (ADR 0024)").gives(200, Json("ModeratedSessionsResponse")),
    SessionGet: get("/sessions/{id}", Session).d1(2)
        .doc("A moderated session with the caller's part in it: its moderator, or an observer (ADR 0024)").gives(200, Json("ModeratedSessionDto")),
    SessionDelete: delete("/sessions/{id}", Session).d1(2)
        .doc("Delete a moderated session (its moderator, an admin or the owner): its link stops working and its room closes")
        .gives(204, NoBody),
    SessionRoom: get("/sessions/{id}/room", Session)
        .d1(2)
        .why("the session; the moderated session in the caller's workspace with the room's member noted. Then the WebSocket is the room object's: its messages cost no D1 (ADR 0024)")
        .doc("Join a moderated session's room as its moderator or an observer: a WebSocket (Upgrade) of signalling and the backchannel (ADR 0024)")
        .gives(101, NoBody).headers("LiveHeaders").fails(&[403, 426, 429]),
    SessionIce: post("/sessions/{id}/ice", Session).d1(2)
        .doc("How a member's browser connects the call: the media transport and its ICE servers (ADR 0024)").gives(200, Json("IceConfigDto")),
    SessionLinkView: get("/session-link/{token}", Public).d1(1)
        .doc("What a participant's session link shows: the session, its analysis, when it is planned and who moderates; 404 once deleted or ended")
        .gives(200, Json("SessionLinkResponse")).rate_limited(),
    SessionLinkRoom: get("/session-link/{token}/room", Public)
        .d1(1)
        .why("no session: the attempt counted with the link read; then the WebSocket is the room object's (ADR 0024)")
        .doc("Join a moderated session's room as its participant, by the link: a WebSocket (Upgrade); the participant is told only of the moderator")
        .gives(101, NoBody).headers("LiveHeaders").rate_limited().fails(&[403, 426]),
    SessionLinkIce: post("/session-link/{token}/ice", Public).d1(1)
        .doc("How the participant's browser connects the call: the media transport and its ICE servers (ADR 0024)")
        .gives(200, Json("IceConfigDto")).rate_limited(),
    SharedView: get("/share/{token}", Public)
        .d1(2)
        .why("no session: the attempt counted with the link read, then the view counted with what it shows")
        .doc("What a share link shows; counts a view; 404 when revoked, expired or unknown").gives(200, Json("SharedViewResponse")).rate_limited(),
    SharedMedia: get("/share-media/{id}/{source}/{segment}/{track}", Signed)
        .d1(1)
        .media()
        .why("the link and the file it may play, joined (the URL's signature is checked without D1)")
        .doc("Stream a shared recording's file through a signed URL (Range)").gives(200, RecordingOrCaptions).query("SignedQuery"),
    SingleUpload: put("/uploads/{id}", Signed).d1(2)
        .doc("Whole-file upload through a signed URL").takes(Recording).gives(200, Json("MessageResponse")).query("SignedQuery").headers("UploadHeaders").with_capability().fails(&[400, 411, 413, 415]),
    RecordingStream: get("/recordings/{id}", Signed).d1(1).media()
        .doc("Stream a recording through a signed URL (Range)").gives(200, Recording).query("SignedQuery"),
    SegmentStream: get("/recordings/{id}/{segment}", Signed).d1(1).media()
        .doc("Stream one segment through a signed URL (Range)").gives(200, Recording).query("SignedQuery"),
    SegmentCameraStream: get("/recordings/{id}/{segment}/camera", Signed).d1(1).media()
        .doc("Stream one segment's camera file through a signed URL (Range)").gives(200, Recording).query("SignedQuery"),
    ThumbnailGet: get("/thumbnails/{id}", Signed).d1(1).doc("The entry's thumbnail through a signed URL").gives(200, Binary("image/jpeg")).query("SignedQuery"),
    LiveChunk: get("/live-chunks/{id}/{segment}/{track}/{index}", Signed)
        .d1(1)
        .why("the entry's analysis, for the chunk's R2 key (the URL's signature is checked without D1; ADR 0016)")
        .doc("One stored chunk of a participation in progress through a signed URL (ADR 0016)")
        .gives(200, Binary("application/octet-stream")).query("SignedQuery"),
}
