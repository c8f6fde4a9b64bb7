//! Uploading a recording: progressively in fixed-size parts while recording (R2 multipart through
//! the worker, streamed), or as one file through a short-lived signed URL (the spec's path); then
//! marking the entry submitted once a complete, non-empty recording exists.

use lupa_api_types::{
    CompleteUploadRequest, MessageResponse, StartUploadRequest, UpdateEntryRequest, UploadStatusResponse, UploadUrlRequest, UploadUrlResponse,
};
use lupa_core::participation::{self as rules, MISSING_IDS, MISSING_RECORDING, PART_SIZE};
use serde::Deserialize;
use worker::{HttpMetadata, Request, Response, UploadedPart};

use crate::auth::sessions;
use crate::config::required_secret;
use crate::db::{db, failed, int, now_ms, opt_text, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::{json, read_json};
use crate::participation::entries::{self, EntryRow};
use crate::recordings;
use crate::App;

const SUBMITTED: &str = "Grabación enviada";
const UPLOAD_URL_TTL_MS: i64 = 15 * 60 * 1000;
const ALLOWED_MIME: &[&str] = &["video/mp4", "video/webm"];

const SET_UPLOAD: &str = "UPDATE analysis_entries SET upload_id = ?2, recording_key = ?3, recording_mime = ?4, recording_size = NULL, \
     last_activity_at = ?5, updated_at = ?5 WHERE id = ?1";
const PARTS: &str = "SELECT part_number, size, etag FROM entry_parts WHERE entry_id = ?1 ORDER BY part_number";
const PUT_PART: &str = "INSERT INTO entry_parts (entry_id, part_number, etag, size, uploaded_at) VALUES (?1, ?2, ?3, ?4, ?5) \
     ON CONFLICT (entry_id, part_number) DO UPDATE SET etag = excluded.etag, size = excluded.size, uploaded_at = excluded.uploaded_at";
const TOUCH: &str = "UPDATE analysis_entries SET last_activity_at = ?2 WHERE id = ?1";
const COMPLETED: &str = "UPDATE analysis_entries SET upload_id = NULL, recording_size = ?2, duration_ms = ?3, steps_json = ?4, \
     last_activity_at = ?5, updated_at = ?5 WHERE id = ?1";
const DROP_PARTS: &str = "DELETE FROM entry_parts WHERE entry_id = ?1";
const STORED_SINGLE: &str = "UPDATE analysis_entries SET recording_key = ?2, recording_mime = ?3, recording_size = ?4, upload_id = NULL, \
     last_activity_at = ?5, updated_at = ?5 WHERE id = ?1";
const SUBMIT: &str = "UPDATE analysis_entries SET status = 'submitted', submitted_at = ?2, updated_at = ?2, capability_hash = NULL \
     WHERE id = ?1 AND status = 'in_progress'";
const COMPLETE_IF_FULL: &str = "UPDATE analyses SET status = 'completed', updated_at = ?2 WHERE id = ?1 AND max_participants <= \
     (SELECT COUNT(*) FROM analysis_entries e WHERE e.analysis_id = ?1 AND e.status = 'submitted')";

#[derive(Deserialize)]
struct PartRow {
    part_number: u16,
    size: u64,
    etag: String,
}

fn base_mime(mime: &str) -> Option<&'static str> {
    let base = mime.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    ALLOWED_MIME.iter().copied().find(|m| *m == base)
}

async fn parts_of(app: &App, entry_id: &str) -> ApiResult<Vec<PartRow>> {
    stmt(&db(app)?, PARTS, &[text(entry_id)])?.all().await.map_err(failed(PARTS))?.results::<PartRow>().map_err(failed(PARTS))
}

async fn status(app: &App, entry_id: &str) -> ApiResult<Response> {
    let parts = parts_of(app, entry_id).await?.into_iter().map(|p| (p.part_number, p.size)).collect();
    json(200, &UploadStatusResponse { partSize: PART_SIZE, parts })
}

/// `POST /api/v1/analysisEntry/{id}/upload`: opens the multipart upload (once; a second call
/// resumes and lists what the server already has).
pub async fn start(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    let body: StartUploadRequest = read_json(req).await?;
    if entry.upload_id.is_some() {
        return status(app, entry_id).await;
    }
    let requested = body.mimeType.unwrap_or_default();
    let mime = base_mime(&requested).ok_or_else(|| ApiError::bad_request("unsupported_mime", "Formato de grabación no admitido"))?;
    let key = recordings::recording_key(&entry.analysis_id, &entry.id, mime);
    let bucket = app.env.bucket("RECORDINGS")?;
    let metadata = HttpMetadata { content_type: Some(mime.to_string()), ..Default::default() };
    let upload = bucket
        .create_multipart_upload(key.clone())
        .http_metadata(metadata)
        .execute()
        .await
        .map_err(|e| ApiError::internal(format!("R2 create multipart: {e}")))?;
    let upload_id = upload.upload_id().await;
    stmt(&db(app)?, SET_UPLOAD, &[text(&entry.id), text(&upload_id), text(&key), text(&requested), int(now_ms())])?
        .run()
        .await
        .map_err(failed(SET_UPLOAD))?;
    status(app, entry_id).await
}

/// `GET /api/v1/analysisEntry/{id}/parts`: what the server has, so a reconnecting tab resumes.
pub async fn parts(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    entries::require_capability(app, req, entry_id).await?;
    status(app, entry_id).await
}

fn declared_length(req: &Request) -> ApiResult<u64> {
    req.headers()
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .ok_or_else(|| ApiError::new(411, "length_required", "Falta la cabecera Content-Length"))
}

fn upload_of(app: &App, entry: &EntryRow) -> ApiResult<worker::MultipartUpload> {
    let (Some(key), Some(upload_id)) = (&entry.recording_key, &entry.upload_id) else {
        return Err(ApiError::bad_request("upload_not_started", "La subida no se ha iniciado"));
    };
    Ok(app.env.bucket("RECORDINGS")?.resume_multipart_upload(key.clone(), upload_id.clone())?)
}

/// `PUT /api/v1/analysisEntry/{id}/parts/{n}`: one part, streamed from the request into R2.
/// Re-sending a part replaces it (retries, and the header fix-up of part 1).
pub async fn put_part(app: &App, req: &mut Request, entry_id: &str, part: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    let length = declared_length(req)?;
    let number: u32 = part.parse().map_err(|_| ApiError::bad_request("bad_part", rules::PartError::BadNumber.message()))?;
    let number = rules::check_part(number, length).map_err(|e| {
        if e == rules::PartError::TooBig { ApiError::payload_too_large() } else { ApiError::bad_request("bad_part", e.message()) }
    })?;
    let upload = upload_of(app, &entry)?;
    let body = req.inner().body().ok_or_else(|| ApiError::bad_request("bad_part", rules::PartError::Empty.message()))?;
    let uploaded = upload.upload_part(number, body).await.map_err(|e| ApiError::internal(format!("R2 upload part: {e}")))?;
    let database = db(app)?;
    let now = now_ms();
    database
        .batch(vec![
            stmt(&database, PUT_PART, &[text(&entry.id), int(i64::from(number)), text(&uploaded.etag()), int(length as i64), int(now)])?,
            stmt(&database, TOUCH, &[text(&entry.id), int(now)])?,
        ])
        .await
        .map_err(failed(PUT_PART))?;
    json(200, &MessageResponse { message: format!("Parte {number} recibida") })
}

/// `POST /api/v1/analysisEntry/{id}/complete`: joins the parts into the recording.
pub async fn complete(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    let body: CompleteUploadRequest = read_json(req).await?;
    // Already completed (the answer to an earlier try was lost): say so again, change nothing.
    if entry.upload_id.is_none() && entry.recording_size.unwrap_or(0) > 0 {
        return json(200, &MessageResponse { message: "Grabación subida".into() });
    }
    let upload = upload_of(app, &entry)?;
    let parts = parts_of(app, entry_id).await?;
    let sizes: Vec<(u16, u64)> = parts.iter().map(|p| (p.part_number, p.size)).collect();
    let total = rules::check_complete(&sizes).map_err(|e| ApiError::bad_request("incomplete_upload", e.message()))?;
    upload
        .complete(parts.into_iter().map(|p| UploadedPart::new(p.part_number, p.etag)))
        .await
        .map_err(|e| ApiError::internal(format!("R2 complete multipart: {e}")))?;
    let steps = body.steps.map(|s| serde_json::to_string(&s)).transpose().map_err(ApiError::internal)?;
    let database = db(app)?;
    let duration = body.durationMs.map(|d| d.min(i64::MAX as u64) as i64);
    database
        .batch(vec![
            stmt(&database, COMPLETED, &[text(&entry.id), int(total as i64), duration.map(int).unwrap_or(wasm_bindgen::JsValue::NULL), opt_text(steps.as_deref()), int(now_ms())])?,
            stmt(&database, DROP_PARTS, &[text(&entry.id)])?,
        ])
        .await
        .map_err(failed(COMPLETED))?;
    json(200, &MessageResponse { message: "Grabación subida".into() })
}

/// `POST /api/v1/analysisEntry/upload-url`: a 15-minute signed URL for one whole-file PUT.
pub async fn upload_url(app: &App, req: &mut Request) -> ApiResult<Response> {
    let body: UploadUrlRequest = read_json(req).await?;
    let (Some(entry_id), Some(analysis_id)) = (body.analysisEntryId.filter(|s| !s.is_empty()), body.analysisId.filter(|s| !s.is_empty())) else {
        return Err(ApiError::bad_request("missing_ids", MISSING_IDS));
    };
    let entry = entries::require_capability(app, req, &entry_id).await?;
    if entry.analysis_id != analysis_id {
        return Err(ApiError::not_found());
    }
    let path = format!("/api/v1/uploads/{entry_id}");
    let query = rules::signed_query(required_secret(&app.env, "URL_SIGNING_KEY")?.as_bytes(), &path, now_ms() + UPLOAD_URL_TTL_MS);
    json(200, &UploadUrlResponse { analysisEntryPresignedUploadUrl: format!("{}{path}?{query}", app.config.public_origin) })
}

/// `PUT /api/v1/uploads/{id}?expires=&sig=`: the whole file, streamed into R2.
pub async fn put_single(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    recordings::verify_signed_request(app, req, &format!("/api/v1/uploads/{entry_id}"))?;
    let entry = entries::find(&db(app)?, entry_id).await?.ok_or_else(ApiError::not_found)?;
    if entry.status != "in_progress" {
        return Err(ApiError::forbidden("not_your_entry", rules::NOT_YOURS));
    }
    let length = declared_length(req)?;
    if length == 0 {
        return Err(ApiError::bad_request("empty_recording", MISSING_RECORDING));
    }
    if length > rules::MAX_SINGLE_UPLOAD {
        return Err(ApiError::payload_too_large());
    }
    let content_type = req.headers().get("content-type").ok().flatten().unwrap_or_else(|| "video/mp4".into());
    let mime = base_mime(&content_type).ok_or_else(|| ApiError::unsupported_media_type().with_code("unsupported_mime"))?;
    let key = recordings::recording_key(&entry.analysis_id, &entry.id, mime);
    let body = req.inner().body().ok_or_else(|| ApiError::bad_request("empty_recording", MISSING_RECORDING))?;
    let metadata = HttpMetadata { content_type: Some(mime.to_string()), ..Default::default() };
    app.env
        .bucket("RECORDINGS")?
        .put(key.clone(), body)
        .http_metadata(metadata)
        .execute()
        .await
        .map_err(|e| ApiError::internal(format!("R2 put: {e}")))?;
    stmt(&db(app)?, STORED_SINGLE, &[text(&entry.id), text(&key), text(&content_type), int(length as i64), int(now_ms())])?
        .run()
        .await
        .map_err(failed(STORED_SINGLE))?;
    json(200, &MessageResponse { message: "Grabación subida".into() })
}

/// `PATCH /api/v1/analysisEntry {analysisEntryId, analysisEntryStatus: 'submitted'}`.
pub async fn submit(app: &App, req: &mut Request) -> ApiResult<Response> {
    let body: UpdateEntryRequest = read_json(req).await?;
    let entry_id = body.analysisEntryId.unwrap_or_default();
    let entry = entries::require_capability(app, req, &entry_id).await?;
    if body.analysisEntryStatus.as_deref() != Some("submitted") {
        return Err(ApiError::bad_request("bad_status", "El único estado admitido es 'submitted'"));
    }
    let has_recording = entry.upload_id.is_none() && entry.recording_size.unwrap_or(0) > 0;
    let stored = match (&entry.recording_key, has_recording) {
        (Some(key), true) => app.env.bucket("RECORDINGS")?.head(key.clone()).await?.is_some_and(|o| o.size() > 0),
        _ => false,
    };
    if !stored {
        return Err(ApiError::bad_request("missing_recording", MISSING_RECORDING));
    }
    let database = db(app)?;
    let now = now_ms();
    database
        .batch(vec![stmt(&database, SUBMIT, &[text(&entry.id), int(now)])?, stmt(&database, COMPLETE_IF_FULL, &[text(&entry.analysis_id), int(now)])?])
        .await
        .map_err(failed(SUBMIT))?;
    let resp = json(200, &MessageResponse { message: SUBMITTED.into() })?;
    sessions::with_cookie(resp, &entries::clear_capability_cookie())
}
