//! Notes (markers) on a recording: list, add, edit, delete; for the members of the analysis's workspace (and
//! admins), like the recording itself. A note with an end is a clip (ADR 0012); notes and clips
//! may have a title and tags. Reading costs two D1 round trips (the session, then the entry with
//! its notes), writing three (the write goes with the note read back). Making a clip, or moving
//! one's range, needs the owner's active subscription (402; ADR 0012, "Lapsed customers"); plain
//! notes do not, since taking notes on recordings one has is part of getting one's data out.
//! Every member of the workspace writes notes; clips (making, changing or deleting one) are a
//! researcher's: an observer gets 403 `team_role_forbidden` (ADR 0019).

use lupa_api_types::{NoteDto, NoteRequest, NotesResponse, Patch};
use lupa_core::clips::{self, MAX_NOTE};
use lupa_core::insights::MAX_AT_MS;
use lupa_core::team::note_write_need;
use serde::Deserialize;
use worker::{Request, Response};

use crate::auth::sessions::SessionUser;
use crate::billing::gate;
use crate::error::{ApiError, ApiResult, Composed, Fixed};
use crate::http::{json, read_json};
use crate::insights::cleanup;
use crate::platform::db::{db, int, new_id, opt_text, text, Batch, Results, Slot};
use crate::recordings::owned_entry_with;
use crate::App;

/// The columns `NoteRow` reads, from a query that names `entry_notes` `n`: one list for an entry's
/// notes, the analysis-wide list (`insights/listing.rs`) and the CSV export (`export.rs`). A macro, as
/// `concat!` takes only literals. The author's name is a subquery so every query keeps its own `FROM`.
macro_rules! note_columns {
    () => {
        concat!(
            "n.id, n.entry_id, n.at_ms, n.end_ms, n.title, n.text, n.created_at, n.updated_at, n.author_id, ",
            crate::team::author_name_of!("n.author_id"),
            " AS author"
        )
    };
}
pub(crate) use note_columns;

const LIST: &str =
    concat!("SELECT ", note_columns!(), " FROM entry_notes n WHERE n.entry_id = ?1 ORDER BY n.at_ms, n.created_at");
const ONE: &str = concat!("SELECT ", note_columns!(), " FROM entry_notes n WHERE n.id = ?1 AND n.entry_id = ?2");
const TAGS_OF_ENTRY: &str = "SELECT t.note_id, t.tag FROM note_tags t JOIN entry_notes n ON n.id = t.note_id WHERE n.entry_id = ?1 ORDER BY t.rowid";
const TAGS_OF_NOTE: &str = "SELECT note_id, tag FROM note_tags WHERE note_id = ?1 ORDER BY rowid";
const TAGS_OF_ANALYSIS: &str = "SELECT t.note_id, t.tag FROM note_tags t JOIN entry_notes n ON n.id = t.note_id JOIN analysis_entries e ON e.id = n.entry_id \
     WHERE e.analysis_id = ?1 ORDER BY t.rowid";
/// Only while the entry and the author exist: a delete that lands between the handler's check and
/// this write leaves nothing to insert (the read back finds no note: 404), where a plain insert
/// broke the foreign key (a 500).
const INSERT: &str =
    "INSERT INTO entry_notes (id, entry_id, author_id, at_ms, end_ms, title, text, created_at, updated_at) \
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8 \
     WHERE EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?2) AND EXISTS (SELECT 1 FROM users WHERE id = ?3)";
const UPDATE: &str = "UPDATE entry_notes SET at_ms = ?3, end_ms = ?4, title = ?5, text = ?6, updated_at = ?7 WHERE id = ?1 AND entry_id = ?2";
const DELETE: &str = "DELETE FROM entry_notes WHERE id = ?1 AND entry_id = ?2";
const CLEAR_TAGS: &str = "DELETE FROM note_tags WHERE note_id = ?1";
/// Only onto a note that exists (it may have gone with its entry since the handler's check).
const ADD_TAG: &str =
    "INSERT INTO note_tags (note_id, tag) SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM entry_notes WHERE id = ?1)";
/// A clip that becomes a plain note leaves the reels and share links it was in.
const UNCLIP: &[&str] = &["DELETE FROM reel_clips WHERE note_id = ?1", "DELETE FROM shares WHERE note_id = ?1"];

/// A note as stored (tags apart).
#[derive(Debug, Clone, Deserialize)]
pub struct NoteRow {
    pub id: String,
    pub entry_id: String,
    pub at_ms: i64,
    pub end_ms: Option<i64>,
    pub title: Option<String>,
    pub text: String,
    pub created_at: i64,
    pub updated_at: i64,
    /// The author's account (ADR 0019: a team sees whose note it is).
    pub author_id: Option<String>,
    /// The author's name, or e-mail.
    pub author: Option<String>,
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
            author: crate::team::author(self.author_id, self.author),
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

fn bad(code: Composed) -> impl Fn(&'static str) -> ApiError {
    move |message| ApiError::composed(code, message)
}

/// What a request says on its own, checked as the OpenAPI document states it: 400 when it
/// breaks a rule. `new`: a create, which must say when and have words.
fn check_request(body: &NoteRequest, new: bool) -> ApiResult<()> {
    if new && body.atMs.is_none_or(|at| at < 0) || body.atMs.is_some_and(|at| !(0..=MAX_AT_MS).contains(&at)) {
        return Err(ApiError::from(Fixed::BadNoteTime));
    }
    if let (Some(at), Patch::Value(end)) = (body.atMs, &body.endMs) {
        if *end <= at || *end > MAX_AT_MS {
            return Err(ApiError::from(Fixed::BadClipRange));
        }
    }
    if let Patch::Value(title) = &body.title {
        clips::normalize_title(Some(title)).map_err(bad(Composed::BadTitle))?;
    }
    if body.text.as_ref().is_some_and(|t| t.chars().count() > MAX_NOTE) {
        return Err(ApiError::from(Fixed::NoteTooLong));
    }
    body.tags.as_deref().map(clips::normalize_tags).transpose().map_err(bad(Composed::BadTags))?;
    if new {
        let title = match &body.title {
            Patch::Value(title) => clips::normalize_title(Some(title)).ok().flatten(),
            _ => None,
        };
        clips::check_note_text(body.text.as_deref().unwrap_or(""), title.as_deref())
            .map_err(bad(Composed::EmptyNote))?;
    }
    Ok(())
}

/// The note as it would be, with what the recording and the stored note hold: a well-formed
/// request that does not fit them (past the recording's end, a clip ending before its stored
/// start, an edit that leaves no words) is 409.
fn validate(
    at: Option<i64>,
    end: Option<i64>,
    title: Option<&str>,
    text: &str,
    tags: Option<&[String]>,
    duration_ms: Option<i64>,
) -> ApiResult<Valid> {
    let text = text.trim().to_string();
    let title = clips::normalize_title(title).map_err(bad(Composed::NoteConflict))?;
    clips::check_note_text(&text, title.as_deref()).map_err(bad(Composed::NoteConflict))?;
    let at = at.unwrap_or(-1);
    // A second of slack past the end: players report the end slightly late.
    if at < 0 || duration_ms.is_some_and(|d| at > d + clips::END_SLACK_MS) {
        return Err(ApiError::from(Fixed::NoteTimePastEnd));
    }
    let end = clips::validate_end(at, end, duration_ms).map_err(|_| ApiError::from(Fixed::ClipPastEnd))?;
    let tags = tags.map(clips::normalize_tags).transpose().map_err(bad(Composed::BadTags))?;
    Ok(Valid { at, end, title, text, tags })
}

impl Valid {
    /// The note's range and words with the time written: the last five arguments of both `INSERT`
    /// and `UPDATE`, so the two statements bind them alike.
    fn written(&self, now: i64) -> [wasm_bindgen::JsValue; 5] {
        [
            int(self.at),
            self.end.map_or(wasm_bindgen::JsValue::NULL, int),
            opt_text(self.title.as_deref()),
            text(&self.text),
            int(now),
        ]
    }
}

fn add_tags(batch: &mut Batch<'_>, note_id: &str, tags: &[String]) -> ApiResult<()> {
    batch.add(CLEAR_TAGS, &[text(note_id)])?;
    for tag in tags {
        batch.add(ADD_TAG, &[text(note_id), text(tag)])?;
    }
    Ok(())
}

/// Where a batch put an entry's notes and their tags (`add_of_entry`).
#[derive(Clone, Copy)]
pub struct NotesSlots {
    notes: Slot,
    tags: Slot,
}

/// Adds reading every note of an entry, with its tags, to a batch.
pub fn add_of_entry(batch: &mut Batch<'_>, entry_id: &str) -> ApiResult<NotesSlots> {
    Ok(NotesSlots { notes: batch.add(LIST, &[text(entry_id)])?, tags: batch.add(TAGS_OF_ENTRY, &[text(entry_id)])? })
}

/// Adds reading the tags of every note of an analysis to a batch.
pub fn add_tags_of_analysis(batch: &mut Batch<'_>, analysis_id: &str) -> ApiResult<Slot> {
    batch.add(TAGS_OF_ANALYSIS, &[text(analysis_id)])
}

/// Every note of an entry with its tags, in timeline order, from what a batch read.
pub fn of_entry_from(results: &Results, slots: NotesSlots) -> ApiResult<Vec<NoteDto>> {
    let tags = results.all::<TagRow>(slots.tags)?;
    Ok(results.all::<NoteRow>(slots.notes)?.into_iter().map(|n| n.dto(&tags)).collect())
}

/// Adds reading one note of the entry, with its tags, to a batch.
fn add_one(batch: &mut Batch<'_>, note_id: &str, entry_id: &str) -> ApiResult<NotesSlots> {
    Ok(NotesSlots {
        notes: batch.add(ONE, &[text(note_id), text(entry_id)])?,
        tags: batch.add(TAGS_OF_NOTE, &[text(note_id)])?,
    })
}

fn one_row_of(results: &Results, slots: NotesSlots) -> ApiResult<NoteRow> {
    results.first::<NoteRow>(slots.notes)?.ok_or_else(ApiError::not_found)
}

fn one_of(results: &Results, slots: NotesSlots) -> ApiResult<NoteDto> {
    let tags = results.all::<TagRow>(slots.tags)?;
    Ok(one_row_of(results, slots)?.dto(&tags))
}

pub async fn list(app: &App, user: &SessionUser, entry_id: &str) -> ApiResult<Response> {
    let (_, results, notes) = owned_entry_with(app, user, entry_id, |batch| add_of_entry(batch, entry_id)).await?;
    json(200, &NotesResponse { notes: of_entry_from(&results, notes)? })
}

pub async fn create(app: &App, user: &SessionUser, req: &mut Request, entry_id: &str) -> ApiResult<Response> {
    let (entry, results, subscribed) =
        owned_entry_with(app, user, entry_id, |batch| gate::add_active_for_entry(batch, entry_id, app.now())).await?;
    let body: NoteRequest = read_json(req).await?;
    check_request(&body, true)?;
    let title = body.title.apply(None);
    let valid = validate(
        body.atMs,
        body.endMs.apply(None),
        title.as_deref(),
        body.text.as_deref().unwrap_or(""),
        body.tags.as_deref(),
        entry.duration_ms,
    )?;
    // A clip is a researcher's (ADR 0019): an observer writes point notes.
    crate::team::require(user, note_write_need(false, valid.end.is_some()))?;
    if valid.end.is_some() {
        gate::require_active(gate::is_active(&results, subscribed)?, gate::REQUIRED_FOR_CLIPS)?;
    }
    let id = new_id();
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(
        INSERT,
        &[[text(&id), text(&entry.id), text(&user.user.id)].as_slice(), &valid.written(app.now())].concat(),
    )?;
    add_tags(&mut batch, &id, valid.tags.as_deref().unwrap_or_default())?;
    let created = add_one(&mut batch, &id, &entry.id)?;
    json(201, &one_of(&batch.run().await?, created)?)
}

/// A clip written by the server (a theme's reel): no tags, its range and words already checked.
#[allow(clippy::too_many_arguments)]
pub(crate) fn add_clip(
    batch: &mut Batch<'_>,
    id: &str,
    entry_id: &str,
    author_id: &str,
    at: i64,
    end: i64,
    title: &str,
    words: &str,
    now: i64,
) -> ApiResult<()> {
    let valid = Valid { at, end: Some(end), title: Some(title.to_string()), text: words.to_string(), tags: None };
    batch.add(INSERT, &[[text(id), text(entry_id), text(author_id)].as_slice(), &valid.written(now)].concat())?;
    Ok(())
}

/// `PATCH`: missing fields stay as they are; `endMs: null` turns a clip back into a note (it
/// leaves its reels and share links), `title: null` removes the title, `tags` replaces the list.
pub async fn update(
    app: &App,
    user: &SessionUser,
    req: &mut Request,
    entry_id: &str,
    note_id: &str,
) -> ApiResult<Response> {
    let (entry, results, (found, subscribed)) = owned_entry_with(app, user, entry_id, |batch| {
        Ok((add_one(batch, note_id, entry_id)?, gate::add_active_for_entry(batch, entry_id, app.now())?))
    })
    .await?;
    let current = one_row_of(&results, found)?;
    let body: NoteRequest = read_json(req).await?;
    check_request(&body, false)?;
    let at = body.atMs.or(Some(current.at_ms));
    let end = body.endMs.apply(current.end_ms);
    let title = body.title.apply(current.title.clone());
    let note_text = body.text.unwrap_or(current.text.clone());
    let valid = validate(at, end, title.as_deref(), &note_text, body.tags.as_deref(), entry.duration_ms)?;
    crate::team::require(user, note_write_need(current.end_ms.is_some(), valid.end.is_some()))?;
    // A clip whose range is new or moved is a new clip (and what its links show): it needs the
    // subscription. Editing its words, or turning it back into a note, does not.
    let range_changed = valid.end.is_some() && (valid.end != current.end_ms || valid.at != current.at_ms);
    if range_changed {
        gate::require_active(gate::is_active(&results, subscribed)?, gate::REQUIRED_FOR_CLIPS)?;
    }
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(UPDATE, &[[text(note_id), text(&entry.id)].as_slice(), &valid.written(app.now())].concat())?;
    if let Some(tags) = &valid.tags {
        add_tags(&mut batch, note_id, tags)?;
    }
    if current.end_ms.is_some() && valid.end.is_none() {
        for &sql in UNCLIP {
            batch.add(sql, &[text(note_id)])?;
        }
    }
    let updated = add_one(&mut batch, note_id, &entry.id)?;
    json(200, &one_of(&batch.run().await?, updated)?)
}

/// `DELETE`: the note, its tags, its places in reels and its share links, in one batch.
pub async fn delete(app: &App, user: &SessionUser, entry_id: &str, note_id: &str) -> ApiResult<Response> {
    let (entry, results, found) =
        owned_entry_with(app, user, entry_id, |batch| add_one(batch, note_id, entry_id)).await?;
    let current = one_row_of(&results, found)?;
    crate::team::require(user, note_write_need(current.end_ms.is_some(), false))?;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    for statement in cleanup::statements(&database, cleanup::Scope::Note, note_id)? {
        batch.add_prepared(statement, "DELETE insights of a note");
    }
    batch.add(DELETE, &[text(note_id), text(&entry.id)])?;
    batch.run().await?;
    json(200, &lupa_api_types::MessageResponse { message: "Nota eliminada".into() })
}
