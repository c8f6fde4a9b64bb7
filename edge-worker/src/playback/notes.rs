//! Notes (markers) on a recording: list, add, edit, delete; only for the analysis owner (and
//! admins), like the recording itself.

use lupa_api_types::{NoteDto, NoteRequest, NotesResponse};
use serde::Deserialize;
use worker::{Request, Response};

use crate::db::{Busy, db, failed, int, new_id, now_ms, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::{json, read_json};
use crate::recordings::owned_entry;
use crate::App;

const MAX_NOTE: usize = 2000;
const EMPTY: &str = "La nota no puede estar vacía";
const TOO_LONG: &str = "La nota puede tener como máximo 2000 caracteres";
const BAD_TIME: &str = "El momento de la nota no es válido";

const LIST: &str = "SELECT id, at_ms, text, created_at, updated_at FROM entry_notes WHERE entry_id = ?1 ORDER BY at_ms, created_at";
const ONE: &str = "SELECT id, at_ms, text, created_at, updated_at FROM entry_notes WHERE id = ?1 AND entry_id = ?2";
const INSERT: &str = "INSERT INTO entry_notes (id, entry_id, author_id, at_ms, text, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)";
const UPDATE: &str = "UPDATE entry_notes SET at_ms = ?3, text = ?4, updated_at = ?5 WHERE id = ?1 AND entry_id = ?2";
const DELETE: &str = "DELETE FROM entry_notes WHERE id = ?1 AND entry_id = ?2";

#[derive(Deserialize)]
struct NoteRow {
    id: String,
    at_ms: i64,
    text: String,
    created_at: i64,
    updated_at: i64,
}

impl NoteRow {
    fn dto(self) -> NoteDto {
        NoteDto { id: self.id, atMs: self.at_ms, text: self.text, createdAt: self.created_at, updatedAt: self.updated_at }
    }
}

fn validate(body: &NoteRequest, duration_ms: Option<i64>) -> ApiResult<(i64, String)> {
    let text = body.text.as_deref().unwrap_or("").trim().to_string();
    if text.is_empty() {
        return Err(ApiError::bad_request("empty_note", EMPTY));
    }
    if text.chars().count() > MAX_NOTE {
        return Err(ApiError::bad_request("note_too_long", TOO_LONG));
    }
    let at = body.atMs.unwrap_or(-1);
    // A second of slack past the end: players report the end slightly late.
    if at < 0 || duration_ms.is_some_and(|d| at > d + 1000) {
        return Err(ApiError::bad_request("bad_note_time", BAD_TIME));
    }
    Ok((at, text))
}

async fn one(app: &App, note_id: &str, entry_id: &str) -> ApiResult<NoteDto> {
    stmt(&db(app)?, ONE, &[text(note_id), text(entry_id)])?
        .first_busy::<NoteRow>(None)
        .await
        .map_err(failed(ONE))?
        .map(NoteRow::dto)
        .ok_or_else(ApiError::not_found)
}

pub async fn list(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    let entry = owned_entry(app, req, entry_id).await?;
    let notes = stmt(&db(app)?, LIST, &[text(&entry.id)])?
        .all()
        .await
        .map_err(failed(LIST))?
        .results::<NoteRow>()
        .map_err(failed(LIST))?
        .into_iter()
        .map(NoteRow::dto)
        .collect();
    json(200, &NotesResponse { notes })
}

pub async fn create(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let entry = owned_entry(app, req, entry_id).await?;
    let user = crate::auth::sessions::require_user(app, req).await?;
    let body: NoteRequest = read_json(req).await?;
    let (at, note) = validate(&body, entry.duration_ms)?;
    let id = new_id();
    stmt(&db(app)?, INSERT, &[text(&id), text(&entry.id), text(&user.user.id), int(at), text(&note), int(now_ms())])?
        .run()
        .await
        .map_err(failed(INSERT))?;
    json(201, &one(app, &id, &entry.id).await?)
}

pub async fn update(app: &App, req: &mut Request, entry_id: &str, note_id: &str) -> ApiResult<Response> {
    let entry = owned_entry(app, req, entry_id).await?;
    let current = one(app, note_id, &entry.id).await?;
    let body: NoteRequest = read_json(req).await?;
    let merged = NoteRequest { atMs: body.atMs.or(Some(current.atMs)), text: body.text.or(Some(current.text)) };
    let (at, note) = validate(&merged, entry.duration_ms)?;
    stmt(&db(app)?, UPDATE, &[text(note_id), text(&entry.id), int(at), text(&note), int(now_ms())])?
        .run()
        .await
        .map_err(failed(UPDATE))?;
    json(200, &one(app, note_id, &entry.id).await?)
}

pub async fn delete(app: &App, req: &Request, entry_id: &str, note_id: &str) -> ApiResult<Response> {
    let entry = owned_entry(app, req, entry_id).await?;
    one(app, note_id, &entry.id).await?;
    stmt(&db(app)?, DELETE, &[text(note_id), text(&entry.id)])?.run_busy().await.map_err(failed(DELETE))?;
    json(200, &lupa_api_types::MessageResponse { message: "Nota eliminada".into() })
}
