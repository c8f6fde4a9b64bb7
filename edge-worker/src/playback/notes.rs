//! Notes (markers) on a recording: list, add, edit, delete; only for the analysis owner (and
//! admins), like the recording itself. Reading costs two D1 round trips (the session, then the
//! entry with its notes), writing three (the write goes with the note read back).

use lupa_api_types::{NoteDto, NoteRequest, NotesResponse};
use serde::Deserialize;
use worker::{Request, Response};

use crate::db::{db, int, new_id, now_ms, text, Batch, Results, Slot};
use crate::error::{ApiError, ApiResult};
use crate::http::{json, read_json};
use crate::recordings::owned_entry_with;
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

fn add_one(batch: &mut Batch<'_>, note_id: &str, entry_id: &str) -> ApiResult<Slot> {
    batch.add(ONE, &[text(note_id), text(entry_id)])
}

fn one_of(results: &Results, slot: Slot) -> ApiResult<NoteDto> {
    results.first::<NoteRow>(slot)?.map(NoteRow::dto).ok_or_else(ApiError::not_found)
}

pub async fn list(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    let (_, _, results, notes) = owned_entry_with(app, req, entry_id, |batch| batch.add(LIST, &[text(entry_id)])).await?;
    let notes = results.all::<NoteRow>(notes)?.into_iter().map(NoteRow::dto).collect();
    json(200, &NotesResponse { notes })
}

pub async fn create(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let (user, entry, _, ()) = owned_entry_with(app, req, entry_id, |_| Ok(())).await?;
    let body: NoteRequest = read_json(req).await?;
    let (at, note) = validate(&body, entry.duration_ms)?;
    let id = new_id();
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(INSERT, &[text(&id), text(&entry.id), text(&user.user.id), int(at), text(&note), int(now_ms())])?;
    let created = add_one(&mut batch, &id, &entry.id)?;
    json(201, &one_of(&batch.run().await?, created)?)
}

pub async fn update(app: &App, req: &mut Request, entry_id: &str, note_id: &str) -> ApiResult<Response> {
    let (_, entry, results, found) = owned_entry_with(app, req, entry_id, |batch| add_one(batch, note_id, entry_id)).await?;
    let current = one_of(&results, found)?;
    let body: NoteRequest = read_json(req).await?;
    let merged = NoteRequest { atMs: body.atMs.or(Some(current.atMs)), text: body.text.or(Some(current.text)) };
    let (at, note) = validate(&merged, entry.duration_ms)?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(UPDATE, &[text(note_id), text(&entry.id), int(at), text(&note), int(now_ms())])?;
    let updated = add_one(&mut batch, note_id, &entry.id)?;
    json(200, &one_of(&batch.run().await?, updated)?)
}

pub async fn delete(app: &App, req: &Request, entry_id: &str, note_id: &str) -> ApiResult<Response> {
    let (_, entry, results, found) = owned_entry_with(app, req, entry_id, |batch| add_one(batch, note_id, entry_id)).await?;
    one_of(&results, found)?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(DELETE, &[text(note_id), text(&entry.id)])?;
    batch.run().await?;
    json(200, &lupa_api_types::MessageResponse { message: "Nota eliminada".into() })
}
