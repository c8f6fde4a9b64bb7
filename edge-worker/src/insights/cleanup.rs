//! What goes when something is deleted (ADR 0012): answers, tags, reel places and share links,
//! and an analysis's moderated sessions (ADR 0024).
//! These statements go in the same D1 batch as the deletion they belong to, before it, so a
//! share link never outlives what it shows, not even for a moment. (The tables also cascade on
//! their foreign keys; the explicit statements keep the batch self-evident.)

use worker::{D1Database, D1PreparedStatement};

use crate::error::ApiResult;
use crate::platform::db::{stmt, text};

/// Whose rows a cleanup covers; `?1` of each statement is that id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// One entry (deleted, left, expired): its answers, its notes' tags and reel places, its shares.
    Entry,
    /// The same, only while the entry is in progress (abandoning it never touches a submitted one).
    EntryInProgress,
    /// One note or clip.
    Note,
    /// One reel.
    Reel,
    /// One analysis: everything above for all its entries, its reels and shares.
    Analysis,
    /// Every analysis of one workspace (ADR 0019).
    Workspace,
}

const ENTRY: &[&str] = &[
    "DELETE FROM shares WHERE entry_id = ?1",
    "DELETE FROM reel_clips WHERE note_id IN (SELECT id FROM entry_notes WHERE entry_id = ?1)",
    "DELETE FROM note_tags WHERE note_id IN (SELECT id FROM entry_notes WHERE entry_id = ?1)",
    "DELETE FROM task_answers WHERE entry_id = ?1",
    "DELETE FROM sus_answers WHERE entry_id = ?1",
    "DELETE FROM question_answers WHERE entry_id = ?1",
];
const ENTRY_IN_PROGRESS: &[&str] = &[
    "DELETE FROM shares WHERE entry_id = ?1 AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress')",
    "DELETE FROM reel_clips WHERE note_id IN (SELECT id FROM entry_notes WHERE entry_id = ?1) \
     AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress')",
    "DELETE FROM note_tags WHERE note_id IN (SELECT id FROM entry_notes WHERE entry_id = ?1) \
     AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress')",
    "DELETE FROM task_answers WHERE entry_id = ?1 AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress')",
    "DELETE FROM sus_answers WHERE entry_id = ?1 AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress')",
    "DELETE FROM question_answers WHERE entry_id = ?1 AND EXISTS (SELECT 1 FROM analysis_entries WHERE id = ?1 AND status = 'in_progress')",
];
const NOTE: &[&str] = &[
    "DELETE FROM shares WHERE note_id = ?1",
    "DELETE FROM reel_clips WHERE note_id = ?1",
    "DELETE FROM note_tags WHERE note_id = ?1",
];
const REEL: &[&str] = &["DELETE FROM shares WHERE reel_id = ?1", "DELETE FROM reel_clips WHERE reel_id = ?1"];
const ANALYSIS: &[&str] = &[
    "DELETE FROM shares WHERE analysis_id = ?1",
    "DELETE FROM reel_clips WHERE reel_id IN (SELECT id FROM reels WHERE analysis_id = ?1)",
    "DELETE FROM reels WHERE analysis_id = ?1",
    "DELETE FROM note_tags WHERE note_id IN (SELECT n.id FROM entry_notes n JOIN analysis_entries e ON e.id = n.entry_id WHERE e.analysis_id = ?1)",
    "DELETE FROM entry_notes WHERE entry_id IN (SELECT id FROM analysis_entries WHERE analysis_id = ?1)",
    "DELETE FROM task_answers WHERE entry_id IN (SELECT id FROM analysis_entries WHERE analysis_id = ?1)",
    "DELETE FROM sus_answers WHERE entry_id IN (SELECT id FROM analysis_entries WHERE analysis_id = ?1)",
    "DELETE FROM question_answers WHERE entry_id IN (SELECT id FROM analysis_entries WHERE analysis_id = ?1)",
    "DELETE FROM screen_outs WHERE analysis_id = ?1",
    "DELETE FROM moderated_sessions WHERE analysis_id = ?1",
];
const WORKSPACE: &[&str] = &[
    "DELETE FROM shares WHERE analysis_id IN (SELECT id FROM analyses WHERE workspace_id = ?1)",
    "DELETE FROM reel_clips WHERE reel_id IN (SELECT r.id FROM reels r JOIN analyses a ON a.id = r.analysis_id WHERE a.workspace_id = ?1)",
    "DELETE FROM reels WHERE analysis_id IN (SELECT id FROM analyses WHERE workspace_id = ?1)",
    "DELETE FROM note_tags WHERE note_id IN (SELECT n.id FROM entry_notes n JOIN analysis_entries e ON e.id = n.entry_id \
     JOIN analyses a ON a.id = e.analysis_id WHERE a.workspace_id = ?1)",
    "DELETE FROM entry_notes WHERE entry_id IN (SELECT e.id FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE a.workspace_id = ?1)",
    "DELETE FROM task_answers WHERE entry_id IN (SELECT e.id FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE a.workspace_id = ?1)",
    "DELETE FROM sus_answers WHERE entry_id IN (SELECT e.id FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE a.workspace_id = ?1)",
    "DELETE FROM question_answers WHERE entry_id IN (SELECT e.id FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE a.workspace_id = ?1)",
    "DELETE FROM screen_outs WHERE analysis_id IN (SELECT id FROM analyses WHERE workspace_id = ?1)",
    "DELETE FROM moderated_sessions WHERE workspace_id = ?1",
];

/// The statements for `scope`; put them in the deletion's batch, before the deletion itself.
pub fn statements(database: &D1Database, scope: Scope, id: &str) -> ApiResult<Vec<D1PreparedStatement>> {
    let list = match scope {
        Scope::Entry => ENTRY,
        Scope::EntryInProgress => ENTRY_IN_PROGRESS,
        Scope::Note => NOTE,
        Scope::Reel => REEL,
        Scope::Analysis => ANALYSIS,
        Scope::Workspace => WORKSPACE,
    };
    list.iter().map(|sql| stmt(database, sql, &[text(id)])).collect()
}
