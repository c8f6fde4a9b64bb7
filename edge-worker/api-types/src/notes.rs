//! A researcher's notes and clips on a recording (`/api/v1/entry/{id}/notes`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{AuthorDto, Patch};

/// A researcher's note at a moment of a recording.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
pub struct NoteDto {
    pub id: String,
    #[ts(type = "number")]
    pub atMs: i64,
    /// Set for a clip: the note covers `atMs..endMs`.
    #[ts(type = "number | null")]
    pub endMs: Option<i64>,
    pub title: Option<String>,
    pub text: String,
    pub tags: Vec<String>,
    #[ts(type = "number")]
    pub createdAt: i64,
    #[ts(type = "number")]
    pub updatedAt: i64,
    /// Who wrote it, so a team sees whose note it is (ADR 0019); `None` once that account is
    /// gone, and always on a share link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub author: Option<AuthorDto>,
}

/// `GET /api/v1/entry/{id}/notes`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
pub struct NotesResponse {
    pub notes: Vec<NoteDto>,
}

/// `POST /api/v1/entry/{id}/notes` and `PATCH /api/v1/entry/{id}/notes/{noteId}`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, JsonSchema)]
#[ts(export)]
#[allow(non_snake_case)]
#[schemars(example = crate::examples::note())]
pub struct NoteRequest {
    #[ts(type = "number | null")]
    #[schemars(range(min = 0, max = lupa_core::insights::MAX_AT_MS))]
    pub atMs: Option<i64>,
    #[schemars(length(max = lupa_core::clips::MAX_NOTE))]
    pub text: Option<String>,
    /// A clip's end. On edit, a missing field stays as it is and `null` makes the clip a note.
    #[serde(default, skip_serializing_if = "Patch::is_missing")]
    #[ts(optional, type = "number | null")]
    #[schemars(range(min = 0, max = lupa_core::insights::MAX_AT_MS))]
    pub endMs: Patch<i64>,
    /// On edit, `null` removes the title.
    #[serde(default, skip_serializing_if = "Patch::is_missing")]
    #[ts(optional, type = "string | null")]
    #[schemars(length(max = lupa_core::clips::MAX_TITLE))]
    pub title: Patch<String>,
    /// Replaces the list when present (at most 10; trimmed, lower-cased).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schemars(length(max = lupa_core::clips::MAX_TAGS), inner(length(max = lupa_core::clips::MAX_TAG), regex(pattern = lupa_core::patterns::NOT_BLANK)))]
    pub tags: Option<Vec<String>>,
}
