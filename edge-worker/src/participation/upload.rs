//! Finishing a recording: closing its segments (ADR 0005), or storing it as one file through a
//! short-lived signed URL (product §7's path); then marking the entry submitted once a complete,
//! non-empty recording exists.

use lupa_api_types::{
    CompleteUploadRequest, CompleteUploadResponse, MessageResponse, SubmittedResponse, UpdateEntryRequest,
    UploadUrlRequest, UploadUrlResponse,
};
use lupa_core::participation::{self as rules};
use lupa_core::recording::Track;
use worker::{HttpMetadata, Request, Response};

use crate::auth::sessions;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{json, read_json};
use crate::ledger::protocol::{Call, ClosedSegment, Completed, ParticipantOp};
use crate::participation::{entries, mime, purge};
use crate::platform::config::required_secret;
use crate::platform::db::{db, failed, int, opt_text, stmt, text, Batch, Busy, BusyBatch, Value};
use crate::platform::storage;
use crate::App;

const SUBMITTED: &str = "Grabación enviada";
const UPLOAD_URL_TTL_MS: i64 = 15 * 60 * 1000;

/// The researcher's copy of a closed segment (ADR 0013: D1 hears of segments when they open and
/// when Finish closes them). One adopted from an older ledger is recorded if D1 lacks it. The
/// quality tier is the opening's: a row D1 has keeps its own (an object older than tiers answers
/// none, which must not undo it).
const RECORD_CLOSED: &str = "INSERT INTO entry_segments (entry_id, seq, track, mime, r2_key, offset_ms, created_at, state, size, duration_ms, start_ms, bytes, tier) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?9, ?12) \
     ON CONFLICT (entry_id, seq, track) DO UPDATE SET state = excluded.state, size = excluded.size, duration_ms = excluded.duration_ms, offset_ms = excluded.offset_ms, \
     start_ms = excluded.start_ms, bytes = excluded.bytes, upload_id = NULL";
/// The files the submit indexes after its answer (ADR 0009).
const CLOSED_FILES: &str = "SELECT r2_key AS value FROM entry_segments WHERE entry_id = ?1 AND state = 'closed'";

/// The first segment is the entry's recording for product §7's single-URL readers.
const COMPLETED: &str = "UPDATE analysis_entries SET recording_key = ?2, recording_mime = ?3, recording_size = ?4, duration_ms = ?5, \
     steps_json = COALESCE(?6, steps_json), upload_id = NULL, last_activity_at = ?7, updated_at = ?7, recorded_bytes = ?8 WHERE id = ?1";
const STORED_SINGLE: &str =
    "UPDATE analysis_entries SET recording_key = ?2, recording_mime = ?3, recording_size = ?4, upload_id = NULL, \
     last_activity_at = ?5, updated_at = ?5 WHERE id = ?1";
/// Submitting takes a place for good: the entry's own while it holds one, or a free one if its
/// hold lapsed (a participant who recorded offline for long); never more entries than places.
const SUBMIT: &str = "UPDATE analysis_entries SET status = 'submitted', submitted_at = ?2, updated_at = ?2, capability_hash = NULL, held_until = NULL \
     WHERE id = ?1 AND status = 'in_progress' AND (held_until > ?2 OR (SELECT COUNT(*) FROM analysis_entries o \
     WHERE o.analysis_id = analysis_entries.analysis_id AND o.id != ?1 AND (o.status = 'submitted' OR (o.status = 'in_progress' AND o.held_until > ?2))) \
     < (SELECT a.max_participants FROM analyses a WHERE a.id = analysis_entries.analysis_id))";
/// What the submit's answer builds the panel's completion URL from (ADR 0017).
const PANEL_OF: &str =
    "SELECT a.study_json, e.pid FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE e.id = ?1";
const COMPLETE_IF_FULL: &str =
    "UPDATE analyses SET status = 'completed', updated_at = ?2 WHERE id = ?1 AND max_participants <= \
     (SELECT COUNT(*) FROM analysis_entries e WHERE e.analysis_id = ?1 AND e.status = 'submitted')";

/// `POST /api/v1/analysisEntry/{id}/complete {durationMs?, steps?}`: the participation's object
/// closes every segment (each becomes a seekable file with a known duration), then D1 records
/// them and the participation's length in one batch. Costs the last part's composition, whatever
/// the recording's length; a repeat changes nothing.
pub async fn complete(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    if entry_id.is_empty() {
        return Err(ApiError::from(Fixed::MissingEntryId));
    }
    let capability = entries::capability_hash_of(app, req)?;
    if capability.is_none() {
        return Err(crate::ledger::refusal(lupa_core::ledger::Refusal::NotYours));
    }
    let body: CompleteUploadRequest = read_json(req).await?;
    let now = app.now();
    // The object checks the capability and closes the segments; D1 is written once, after.
    let call = Call::participant(capability, ParticipantOp::Complete { now });
    let done: Completed = crate::ledger::call(app, entry_id, &call).await?;
    let screens: Vec<&ClosedSegment> =
        done.segments.iter().filter(|s| s.track == Track::Screen && s.size > 0).collect();
    let Some(first) = screens.first() else {
        // Product §7's single upload may have stored the recording instead.
        let entry = entries::require_capability(app, req, entry_id).await?;
        if entry.recording_key.is_some() && entry.recording_size.unwrap_or(0) > 0 {
            return json(
                200,
                &CompleteUploadResponse { durationMs: entry.duration_ms.unwrap_or(0).max(0) as u64, segments: 1 },
            );
        }
        return Err(ApiError::from(Fixed::MissingRecording));
    };
    let mut duration_ms: i64 = screens.iter().map(|s| s.duration_ms).sum();
    let size: u64 = screens.iter().map(|s| s.size).sum();
    // The device's own length is used when chunk times are missing (very old tabs).
    if duration_ms == 0 {
        duration_ms = body.durationMs.map(|d| d.min(i64::MAX as u64) as i64).unwrap_or(0);
    }
    let steps =
        body.steps.map(|s| serde_json::to_string(&s)).transpose().map_err(ApiError::internal)?.or(done.steps_json);
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    for s in &done.segments {
        batch.add(
            RECORD_CLOSED,
            &[
                text(entry_id),
                int(i64::from(s.seq)),
                text(s.track.as_str()),
                text(&s.mime),
                text(&s.r2_key),
                int(s.offset_ms),
                int(now),
                text(s.state.as_str()),
                int(s.size as i64),
                int(s.duration_ms),
                int(s.start_ms),
                int(i64::from(s.tier)),
            ],
        )?;
    }
    batch.add(
        COMPLETED,
        &[
            text(entry_id),
            text(&first.r2_key),
            text(&first.mime),
            int(size as i64),
            int(duration_ms),
            opt_text(steps.as_deref()),
            int(now),
            int(done.recorded_bytes as i64),
        ],
    )?;
    batch.run().await?;
    // The seek index (ADR 0009) is built after the submit's answer, not this one: it reads the
    // whole file, and in the same isolate it held up the submit by ~12 ms per MB (6 s after an
    // hour, ADR 0013 "Finish").
    json(200, &CompleteUploadResponse { durationMs: duration_ms.max(0) as u64, segments: screens.len() as u32 })
}

/// `POST /api/v1/analysisEntry/upload-url`: a 15-minute signed URL for one whole-file PUT.
pub async fn upload_url(app: &App, req: &mut Request) -> ApiResult<Response> {
    let body: UploadUrlRequest = read_json(req).await?;
    let (Some(entry_id), Some(analysis_id)) =
        (body.analysisEntryId.filter(|s| !s.is_empty()), body.analysisId.filter(|s| !s.is_empty()))
    else {
        return Err(ApiError::from(Fixed::MissingIds));
    };
    let entry = entries::require_capability(app, req, &entry_id).await?;
    if entry.analysis_id != analysis_id {
        return Err(ApiError::not_found());
    }
    let path = lupa_core::routes::single_upload(&entry_id);
    let query = rules::signed_query(
        required_secret(&app.env, "URL_SIGNING_KEY")?.as_bytes(),
        &path,
        app.now() + UPLOAD_URL_TTL_MS,
    );
    json(
        200,
        &UploadUrlResponse { analysisEntryPresignedUploadUrl: format!("{}{path}?{query}", app.config.public_origin) },
    )
}

/// `PUT /api/v1/uploads/{id}?expires=&sig=`: the whole file, streamed into R2, from the browser
/// holding the participation's capability cookie.
pub async fn put_single(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    storage::verify_signed_request(app, req, &lupa_core::routes::single_upload(entry_id))?;
    // The signature alone would let whoever saw the URL replay it for 15 minutes: it works only in
    // the browser that holds the participation's capability (ADR 0006).
    let entry = entries::require_capability(app, req, entry_id).await?;
    let length = entries::declared_length(req)?;
    if length == 0 {
        return Err(ApiError::from(Fixed::EmptyRecording));
    }
    if length > rules::MAX_SINGLE_UPLOAD {
        return Err(ApiError::from(Fixed::PayloadTooLarge));
    }
    let content_type = req.headers().get("content-type").ok().flatten().unwrap_or_else(|| "video/mp4".into());
    let mime = mime::base(&content_type).ok_or_else(|| ApiError::from(Fixed::UnsupportedUpload))?;
    let key = storage::recording_key(&entry.analysis_id, &entry.id, mime);
    let body = req.inner().body().ok_or_else(|| ApiError::from(Fixed::EmptyRecording))?;
    let metadata = HttpMetadata { content_type: Some(mime.to_string()), ..Default::default() };
    crate::platform::storage::bucket(app)?
        .put(key.clone(), body)
        .http_metadata(metadata)
        .execute()
        .await
        .map_err(|e| ApiError::internal(format!("R2 put: {e}")))?;
    stmt(
        &db(app)?,
        STORED_SINGLE,
        &[text(&entry.id), text(&key), text(&content_type), int(length as i64), int(app.now())],
    )?
    .run_busy()
    .await
    .map_err(failed(STORED_SINGLE))?;
    json(200, &MessageResponse { message: "Grabación subida".into() })
}

/// `PATCH /api/v1/analysisEntry {analysisEntryId, analysisEntryStatus: 'submitted'}`.
pub async fn submit(app: &App, req: &mut Request) -> ApiResult<Response> {
    let body: UpdateEntryRequest = read_json(req).await?;
    let entry_id =
        body.analysisEntryId.filter(|id| !id.is_empty()).ok_or_else(|| ApiError::from(Fixed::MissingEntryId))?;
    let entry = entries::require_capability(app, req, &entry_id).await?;
    if body.analysisEntryStatus.as_deref() != Some("submitted") {
        return Err(ApiError::from(Fixed::BadStatus));
    }
    let has_recording = entry.upload_id.is_none() && entry.recording_size.unwrap_or(0) > 0;
    let stored = match (&entry.recording_key, has_recording) {
        (Some(key), true) => {
            crate::platform::storage::bucket(app)?.head(key.clone()).await?.is_some_and(|o| o.size() > 0)
        }
        _ => false,
    };
    if !stored {
        return Err(ApiError::from(Fixed::MissingRecording));
    }
    let database = db(app)?;
    let now = app.now();
    let results = database
        .batch_busy(vec![
            stmt(&database, SUBMIT, &[text(&entry.id), int(now)])?,
            stmt(&database, COMPLETE_IF_FULL, &[text(&entry.analysis_id), int(now)])?,
            stmt(&database, CLOSED_FILES, &[text(&entry.id)])?,
            stmt(&database, PANEL_OF, &[text(&entry.id)])?,
        ])
        .await
        .map_err(failed(SUBMIT))?;
    let submitted = results.first().and_then(|r| r.meta().ok().flatten()).and_then(|m| m.changes).unwrap_or(0) == 1;
    let files: Vec<Value<String>> = results
        .get(2)
        .map(|r| r.results::<Value<String>>())
        .transpose()
        .map_err(failed(CLOSED_FILES))?
        .unwrap_or_default();
    let panel: Option<PanelOf> = results
        .get(3)
        .map(|r| r.results::<PanelOf>())
        .transpose()
        .map_err(failed(PANEL_OF))?
        .and_then(|rows| rows.into_iter().next());
    if !submitted && purge::abandon_entry(app, &entry.id, &entry.analysis_id).await? == purge::Abandoned::Yes {
        return sessions::with_cookie(
            ApiError::from(Fixed::PlacesTaken).to_response(),
            &entries::clear_capability_cookie(),
        );
    }
    if submitted {
        // The object must hear of it: left 'active', its expiry alarm would delete the recording
        // 24 h later (it now asks D1 first and finishes instead, but the transcript and the sweep
        // of the chunks would wait that long). One object call in this request, tried again on
        // failure, before the answer.
        let files: Vec<String> = files.into_iter().map(|f| f.value).collect();
        finish_object(app, &entry.id, files, crate::platform::faults::requested(&app.config, req)).await;
    }
    // Else a submit of this participation that raced this one won: it is submitted all the same.
    // The panel's completion code goes to this participation only, now that its work is in.
    let completion_url = panel.and_then(|p| crate::study::completion_url(p.study_json.as_deref(), p.pid.as_deref()));
    let resp = json(200, &SubmittedResponse { message: SUBMITTED.into(), completionUrl: completion_url })?;
    sessions::with_cookie(resp, &entries::clear_capability_cookie())
}

#[derive(serde::Deserialize)]
struct PanelOf {
    study_json: Option<String>,
    pid: Option<String>,
}

/// Attempts at telling the object of a submit; each is one request to it, and a failure is rare
/// (the object restarting), so a few in a row cover it without holding the participant up.
const FINISH_ATTEMPTS: usize = 3;

/// Tells the participation's object it was submitted. It forgets its ledger (D1 now has everything
/// the researcher sees) and builds the seek indexes on its alarm: reading whole files in this
/// isolate held the answer up by ~12 ms per MB (ADR 0009, 0013 "Finish"). Should it not take them
/// (it never saw the participation, or every attempt failed), the worker builds them after the
/// answer; an object that never heard finishes itself at its expiry, when D1 says 'submitted'.
async fn finish_object(app: &App, entry_id: &str, files: Vec<String>, fault: Option<crate::platform::faults::Fault>) {
    let mut taken = false;
    for _ in 0..FINISH_ATTEMPTS {
        match crate::ledger::finish(app, entry_id, files.clone(), fault).await {
            Ok(answer) => {
                taken = answer;
                break;
            }
            Err(err) => {
                crate::platform::log::error("-", "(ledger-finish)", err.source.as_deref().unwrap_or(&err.message))
            }
        }
    }
    if !taken {
        for key in &files {
            crate::seek_index::build_later(app, key);
        }
    }
}
