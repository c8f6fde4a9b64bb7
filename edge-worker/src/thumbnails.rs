//! Entry thumbnails (ADR 0008): the participant's tab uploads a small JPEG of the screen a few
//! seconds in (`PUT /analysisEntry/{id}/thumbnail`, capability cookie); researchers see it through
//! a short-lived signed URL (`GET /thumbnails/{id}`). It lives under the entry's R2 prefix, so
//! every deletion path that removes the recording removes it too.

use lupa_api_types::MessageResponse;
use lupa_core::thumbnail::{self, ThumbnailError};
use worker::{HttpMetadata, Request, Response, ResponseBuilder};

use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{json, read_body};
use crate::participation::entries;
use crate::platform::db::{db, failed, int, stmt, text, Busy};
use crate::platform::storage::{self, entry_prefix};
use crate::App;

const SAVED: &str = "Miniatura guardada";
const STORED: &str = "UPDATE analysis_entries SET thumbnail_at = ?2 WHERE id = ?1 AND status = 'in_progress'";

pub fn key(analysis_id: &str, entry_id: &str) -> String {
    format!("{}thumbnail.jpg", entry_prefix(analysis_id, entry_id))
}

fn path(entry_id: &str) -> String {
    lupa_core::routes::thumbnail(entry_id)
}

/// The signed URL of an entry's thumbnail, when it has one.
pub fn url(app: &App, entry_id: &str, thumbnail_at: Option<i64>) -> ApiResult<Option<String>> {
    thumbnail_at.map(|_| storage::signed_url(app, &path(entry_id))).transpose()
}

fn refused(error: ThumbnailError) -> ApiError {
    ApiError::from(error.code())
}

/// `PUT /api/v1/analysisEntry/{id}/thumbnail`: a JPEG of at most 256 KiB and 4 Mi pixels
/// (`lupa_core::thumbnail`), read as a bounded stream; a second upload replaces the first.
pub async fn put(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let entry = entries::require_capability(app, req, entry_id).await?;
    let content_type = req.headers().get("content-type").ok().flatten();
    let declared = entries::declared_length(req)?;
    // At most 256 KiB, as a usize (no `as`: a u64 cut to 32 bits on wasm32 would let more in).
    let limit = thumbnail::check_request(content_type.as_deref(), declared).map_err(refused)?;
    // A body longer than it said is cut off at the declared length (413, `x-lupa-body-read`).
    let bytes = read_body(req, limit).await.map_err(|e| {
        if e.status() == 413 {
            ApiError { body_read: e.body_read, ..refused(ThumbnailError::TooLarge) }
        } else {
            e
        }
    })?;
    if bytes.len() != limit {
        return Err(ApiError::from(Fixed::ThumbnailLength));
    }
    thumbnail::check_bytes(&bytes).map_err(refused)?;
    let metadata = HttpMetadata { content_type: Some(thumbnail::CONTENT_TYPE.into()), ..Default::default() };
    let bucket = storage::bucket(app)?;
    let object_key = key(&entry.analysis_id, &entry.id);
    bucket
        .put(object_key.clone(), bytes)
        .http_metadata(metadata)
        .execute()
        .await
        .map_err(|e| ApiError::internal(format!("R2 put thumbnail: {e}")))?;
    let stored =
        stmt(&db(app)?, STORED, &[text(&entry.id), int(app.now())])?.run_busy().await.map_err(failed(STORED))?;
    if stored.meta().ok().flatten().and_then(|m| m.changes).unwrap_or(0) == 0 {
        // The participant left (or the share stopped) while the picture was on its way: the
        // deletion may already have emptied the entry's prefix, so the picture must not stay.
        bucket.delete(object_key).await.map_err(|e| ApiError::internal(format!("R2 delete thumbnail: {e}")))?;
        return Err(ApiError::from(Fixed::NotYourEntry));
    }
    json(200, &MessageResponse { message: SAVED.into() })
}

/// `GET /api/v1/thumbnails/{id}?expires=&kid=&sig=`: the JPEG.
pub async fn stream(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    storage::verify_signed_request(app, req, &path(entry_id))?;
    let entry = entries::find(&db(app)?, entry_id).await?.ok_or_else(ApiError::not_found)?;
    let not_found = || ApiError::from(Fixed::NoThumbnail);
    if entry.thumbnail_at.is_none() {
        return Err(not_found());
    }
    let object =
        storage::bucket(app)?.get(key(&entry.analysis_id, &entry.id)).execute().await?.ok_or_else(not_found)?;
    let body = object.body().ok_or_else(|| ApiError::internal("R2 thumbnail without body"))?;
    Ok(ResponseBuilder::new()
        .with_header("content-type", thumbnail::CONTENT_TYPE)?
        .with_header("content-length", &object.size().to_string())?
        .body(body.response_body()?))
}
