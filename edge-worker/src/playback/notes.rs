//! Notes (markers) on a recording: list, add, edit, delete; only for the analysis owner (and
//! admins), like the recording itself. A note with an end is a clip (ADR 0012); notes and clips
//! may have a title and tags.

use lupa_api_types::{NoteDto, NoteRequest, NotesResponse};
use lupa_core::clips;
use serde::Deserialize;
use worker::{D1Database, D1PreparedStatement, Request, Response};

use crate::db::{Busy, BusyBatch, db, failed, int, new_id, now_ms, opt_text, stmt, text};
use crate::error::{ApiError, ApiResult};
use crate::http::{json, read_json};
use crate::insights::cleanup;
use crate::recordings::owned_entry;
use crate::App;

const MAX_NOTE: usize = 2000;
const TOO_LONG: &str = "La nota puede tener como máximo 2000 caracteres";
const BAD_TIME: &str = "El momento de la nota no es válido";

const LIST: &str = "SELECT id, at_ms, end_ms, title, text, created_at, updated_at FROM entry_notes WHERE entry_id = ?1 ORDER BY at_ms, created_at";
const ONE: &str = "SELECT id, at_ms, end_ms, title, text, created_at, updated_at FROM entry_notes WHERE id = ?1 AND entry_id = ?2";
const TAGS_OF_ENTRY: &str = "SELECT t.note_id, t.tag FROM note_tags t JOIN entry_notes n ON n.id = t.note_id WHERE n.entry_id = ?1 ORDER BY t.rowid";
const TAGS_OF_NOTE: &str = "SELECT note_id, tag FROM note_tags WHERE note_id = ?1 ORDER BY rowid";
const INSERT: &str = "INSERT INTO entry_notes (id, entry_id, author_id, at_ms, end_ms, title, text, created_at, updated_at) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)";
const UPDATE: &str = "UPDATE entry_notes SET at_ms = ?3, end_ms = ?4, title = ?5, text = ?6, updated_at = ?7 WHERE id = ?1 AND entry_id = ?2";
const DELETE: &str = "DELETE FROM entry_notes WHERE id = ?1 AND entry_id = ?2";
const CLEAR_TAGS: &str = "DELETE FROM note_tags WHERE note_id = ?1";
const ADD_TAG: &str = "INSERT INTO note_tags (note_id, tag) VALUES (?1, ?2)";
/// A clip that becomes a plain note leaves the reels and share links it was in.
const UNCLIP: &[&str] = &["DELETE FROM reel_clips WHERE note_id = ?1", "DELETE FROM shares WHERE note_id = ?1"];

/// A note as stored (tags apart).
#[derive(Debug, Clone, Deserialize)]
pub struct NoteRow {
    pub id: String,
    pub at_ms: i64,
    pub end_ms: Option<i64>,
    pub title: Option<String>,
    pub text: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// One tag of one note.
#[derive(Debug, Clone, Deserialize)]
pub struct TagRow {
    pub note_id: String,
    pub tag: String,
}

impl NoteRow {
    pub fn dto(self, tags: &[TagRow]) -> NoteDto {
        let tags = tags.iter().filter(|t| t.note_id == self.id).map(|t| t.tag.clone()).collect();
        NoteDto {
            id: self.id,
            atMs: self.at_ms,
            endMs: self.end_ms,
            title: self.title,
            text: self.text,
            tags,
            createdAt: self.created_at,
            updatedAt: self.updated_at,
        }
    }
}

/// A note ready to store.
struct Valid {
    at: i64,
    end: Option<i64>,
    title: Option<String>,
    text: String,
    tags: Option<Vec<String>>,
}

fn bad(code: &'static str) -> impl Fn(&'static str) -> ApiError {
    move |message| ApiError::bad_request(code, message)
}

fn validate(at: Option<i64>, end: Option<i64>, title: Option<&str>, text: &str, tags: Option<&[String]>, duration_ms: Option<i64>) -> ApiResult<Valid> {
    let text = text.trim().to_string();
    let title = clips::normalize_title(title).map_err(bad("bad_title"))?;
    clips::check_note_text(&text, title.as_deref()).map_err(bad("empty_note"))?;
    if text.chars().count() > MAX_NOTE {
        return Err(ApiError::bad_request("note_too_long", TOO_LONG));
    }
    let at = at.unwrap_or(-1);
    // A second of slack past the end: players report the end slightly late.
    if at < 0 || duration_ms.is_some_and(|d| at > d + clips::END_SLACK_MS) {
        return Err(ApiError::bad_request("bad_note_time", BAD_TIME));
    }
    let end = clips::validate_end(at, end, duration_ms).map_err(bad("bad_clip_range"))?;
    let tags = tags.map(clips::normalize_tags).transpose().map_err(bad("bad_tags"))?;
    Ok(Valid { at, end, title, text, tags })
}

fn tag_statements(database: &D1Database, note_id: &str, tags: &[String]) -> ApiResult<Vec<D1PreparedStatement>> {
    let mut out = vec![stmt(database, CLEAR_TAGS, &[text(note_id)])?];
    for tag in tags {
        out.push(stmt(database, ADD_TAG, &[text(note_id), text(tag)])?);
    }
    Ok(out)
}

/// Tags of every note of an entry, in the order they were given.
pub async fn tags_of_entry(database: &D1Database, entry_id: &str) -> ApiResult<Vec<TagRow>> {
    stmt(database, TAGS_OF_ENTRY, &[text(entry_id)])?.all_busy().await.map_err(failed(TAGS_OF_ENTRY))?.results::<TagRow>().map_err(failed(TAGS_OF_ENTRY))
}

/// Every note of an entry with its tags, in timeline order.
pub async fn of_entry(database: &D1Database, entry_id: &str) -> ApiResult<Vec<NoteDto>> {
    let rows = stmt(database, LIST, &[text(entry_id)])?.all_busy().await.map_err(failed(LIST))?.results::<NoteRow>().map_err(failed(LIST))?;
    let tags = tags_of_entry(database, entry_id).await?;
    Ok(rows.into_iter().map(|n| n.dto(&tags)).collect())
}

async fn one_row(database: &D1Database, note_id: &str, entry_id: &str) -> ApiResult<NoteRow> {
    stmt(database, ONE, &[text(note_id), text(entry_id)])?.first_busy::<NoteRow>(None).await.map_err(failed(ONE))?.ok_or_else(ApiError::not_found)
}

async fn one(database: &D1Database, note_id: &str, entry_id: &str) -> ApiResult<NoteDto> {
    let row = one_row(database, note_id, entry_id).await?;
    let tags = stmt(database, TAGS_OF_NOTE, &[text(note_id)])?.all_busy().await.map_err(failed(TAGS_OF_NOTE))?.results::<TagRow>().map_err(failed(TAGS_OF_NOTE))?;
    Ok(row.dto(&tags))
}

pub async fn list(app: &App, req: &Request, entry_id: &str) -> ApiResult<Response> {
    let entry = owned_entry(app, req, entry_id).await?;
    json(200, &NotesResponse { notes: of_entry(&db(app)?, &entry.id).await? })
}

pub async fn create(app: &App, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let entry = owned_entry(app, req, entry_id).await?;
    let user = crate::auth::sessions::require_user(app, req).await?;
    let body: NoteRequest = read_json(req).await?;
    let title = body.title.apply(None);
    let valid = validate(body.atMs, body.endMs.apply(None), title.as_deref(), body.text.as_deref().unwrap_or(""), body.tags.as_deref(), entry.duration_ms)?;
    let id = new_id();
    let database = db(app)?;
    let mut batch = vec![stmt(
        &database,
        INSERT,
        &[
            text(&id),
            text(&entry.id),
            text(&user.user.id),
            int(valid.at),
            valid.end.map_or(wasm_bindgen::JsValue::NULL, int),
            opt_text(valid.title.as_deref()),
            text(&valid.text),
            int(now_ms()),
        ],
    )?];
    batch.extend(tag_statements(&database, &id, valid.tags.as_deref().unwrap_or_default())?);
    database.batch_busy(batch).await.map_err(failed(INSERT))?;
    json(201, &one(&database, &id, &entry.id).await?)
}

/// `PATCH`: missing fields stay as they are; `endMs: null` turns a clip back into a note (it
/// leaves its reels and share links), `title: null` removes the title, `tags` replaces the list.
pub async fn update(app: &App, req: &mut Request, entry_id: &str, note_id: &str) -> ApiResult<Response> {
    let entry = owned_entry(app, req, entry_id).await?;
    let database = db(app)?;
    let current = one_row(&database, note_id, &entry.id).await?;
    let body: NoteRequest = read_json(req).await?;
    let at = body.atMs.or(Some(current.at_ms));
    let end = body.endMs.apply(current.end_ms);
    let title = body.title.apply(current.title.clone());
    let note_text = body.text.unwrap_or(current.text.clone());
    let valid = validate(at, end, title.as_deref(), &note_text, body.tags.as_deref(), entry.duration_ms)?;
    let mut batch = vec![stmt(
        &database,
        UPDATE,
        &[
            text(note_id),
            text(&entry.id),
            int(valid.at),
            valid.end.map_or(wasm_bindgen::JsValue::NULL, int),
            opt_text(valid.title.as_deref()),
            text(&valid.text),
            int(now_ms()),
        ],
    )?];
    if let Some(tags) = &valid.tags {
        batch.extend(tag_statements(&database, note_id, tags)?);
    }
    if current.end_ms.is_some() && valid.end.is_none() {
        for sql in UNCLIP {
            batch.push(stmt(&database, sql, &[text(note_id)])?);
        }
    }
    database.batch_busy(batch).await.map_err(failed(UPDATE))?;
    json(200, &one(&database, note_id, &entry.id).await?)
}

/// `DELETE`: the note, its tags, its places in reels and its share links, in one batch.
pub async fn delete(app: &App, req: &Request, entry_id: &str, note_id: &str) -> ApiResult<Response> {
    let entry = owned_entry(app, req, entry_id).await?;
    let database = db(app)?;
    one_row(&database, note_id, &entry.id).await?;
    let mut batch = cleanup::statements(&database, cleanup::Scope::Note, note_id)?;
    batch.push(stmt(&database, DELETE, &[text(note_id), text(&entry.id)])?);
    database.batch_busy(batch).await.map_err(failed(DELETE))?;
    json(200, &lupa_api_types::MessageResponse { message: "Nota eliminada".into() })
}
