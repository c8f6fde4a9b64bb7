//! The activity log's rows for what happens to a workspace's data (ADR 0019): analyses created
//! and deleted, share links created and revoked, CSV exports and recordings watched. Each is one
//! `INSERT … SELECT` added to the batch of the change (or, for exports and watching, the read) it
//! records: the row and the change are one transaction, and the row costs no round trip of its
//! own. The `SELECT` finds the workspace through the analysis and holds only when the caller may
//! see it (a member of that workspace, or product §6's global admin), so a refused request logs
//! nothing. The team's own changes (invitations, members) write theirs in `members.rs` and
//! `invitations.rs`.

use lupa_core::team::{utc_day_start, ActivityKind};
use wasm_bindgen::JsValue;

use crate::auth::sessions::SessionUser;
use crate::error::ApiResult;
use crate::platform::db::{int, new_id, text, Batch};

/// `?1`–`?8` as every statement below binds them: the row's id, who acted (id, name), the kind,
/// when, the object's id, the caller's workspace ('' without one) and whether they are the global
/// admin. `?9` is the start of the day, for recordings watched.
macro_rules! activity_insert {
    ($select:literal) => {
        concat!(
            "INSERT INTO workspace_activity (id, workspace_id, actor_id, actor_name, kind, subject_id, subject, at) ",
            $select
        )
    };
}

/// An analysis by id: its name is the subject. Before a deletion in the batch, after a creation.
const ANALYSIS: &str = activity_insert!(
    "SELECT ?1, a.workspace_id, ?2, ?3, ?4, a.id, a.name, ?5 FROM analyses a WHERE a.id = ?6 AND (a.workspace_id = ?7 OR ?8 = 1)"
);
/// A share link by id, named as its list names it. A revocation is logged only the first time.
const SHARE: &str = activity_insert!(
    "SELECT ?1, a.workspace_id, ?2, ?3, ?4, s.id, COALESCE(n.title, substr(n.text, 1, 80), r.title, a.name), ?5 \
     FROM shares s JOIN analyses a ON a.id = s.analysis_id LEFT JOIN entry_notes n ON n.id = s.note_id LEFT JOIN reels r ON r.id = s.reel_id \
     WHERE s.id = ?6 AND (a.workspace_id = ?7 OR ?8 = 1) AND (?4 <> 'share_revoked' OR s.revoked_at IS NULL)"
);
/// A submitted recording by entry id, once per member, recording and UTC day (`?9`).
const WATCHED: &str = activity_insert!(
    "SELECT ?1, a.workspace_id, ?2, ?3, ?4, e.id, a.name || ' · Participante ' || COALESCE(e.participant_number, '?'), ?5 \
     FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id \
     WHERE e.id = ?6 AND (a.workspace_id = ?7 OR ?8 = 1) AND e.status = 'submitted' \
     AND NOT EXISTS (SELECT 1 FROM workspace_activity w WHERE w.workspace_id = a.workspace_id AND w.actor_id = ?2 \
     AND w.kind = ?4 AND w.subject_id = e.id AND w.at >= ?9)"
);

fn args(user: &SessionUser, kind: ActivityKind, object_id: &str, now: i64) -> Vec<JsValue> {
    vec![
        text(&new_id()),
        text(&user.user.id),
        text(&super::actor_name(user)),
        text(kind.as_str()),
        int(now),
        text(object_id),
        text(user.workspace.as_ref().map_or("", |m| m.id.as_str())),
        int(i64::from(user.is_global_admin())),
    ]
}

/// Adds logging `kind` (`AnalysisCreated`, `AnalysisDeleted`, `CsvExported`) of analysis
/// `analysis_id` to a batch. A deletion's row goes before the deleting statements.
pub fn add_for_analysis(
    batch: &mut Batch<'_>,
    user: &SessionUser,
    kind: ActivityKind,
    analysis_id: &str,
    now: i64,
) -> ApiResult<()> {
    batch.add(ANALYSIS, &args(user, kind, analysis_id, now))?;
    Ok(())
}

/// Adds logging `kind` (`ShareCreated` after the insert, `ShareRevoked` before the update) of
/// share link `share_id` to a batch.
pub fn add_for_share(
    batch: &mut Batch<'_>,
    user: &SessionUser,
    kind: ActivityKind,
    share_id: &str,
    now: i64,
) -> ApiResult<()> {
    batch.add(SHARE, &args(user, kind, share_id, now))?;
    Ok(())
}

/// Adds logging that `user` watched the recording of `entry_id` to a batch (nothing when they
/// already did today, or it is not a submitted recording they may see).
pub fn add_watched(batch: &mut Batch<'_>, user: &SessionUser, entry_id: &str, now: i64) -> ApiResult<()> {
    let mut values = args(user, ActivityKind::RecordingWatched, entry_id, now);
    values.push(int(utc_day_start(now)));
    batch.add(WATCHED, &values)?;
    Ok(())
}
