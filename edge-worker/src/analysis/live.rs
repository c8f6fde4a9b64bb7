//! The participations of an analysis that are still recording, as their participation objects
//! see them (ADR 0013): what each recorded so far, whether it is still active, which task the
//! participant is on (ADR 0016) and who on the team watches it live now (ADR 0019). The objects
//! name viewers by account id; their names come from `live_viewers` in the analysis's own read.

use lupa_api_types::{AnalysisDto, EntryStatus, EntrySummaryDto};
use lupa_core::participation::researcher_status;
use serde::Deserialize;

use crate::error::ApiResult;
use crate::platform::db::{text, Batch, Results, Slot};
use crate::App;

/// Everyone who opened a live view of one of the analysis's unfinished participations while
/// their session lasts (`live_viewers`), by name: the objects say who watches now, by id.
const VIEWER_NAMES: &str = "SELECT DISTINCT lv.user_id AS id, COALESCE(NULLIF(trim(u.name), ''), u.email) AS name \
     FROM live_viewers lv JOIN users u ON u.id = lv.user_id JOIN analysis_entries e ON e.id = lv.entry_id \
     WHERE e.analysis_id = ?1 AND e.status <> 'submitted'";

/// A live viewer's account and shown name.
#[derive(Deserialize)]
pub struct ViewerName {
    id: String,
    name: String,
}

/// Adds reading the live viewers' names to a batch (`repo::add_detail` does, with the entries).
pub fn add_viewer_names(batch: &mut Batch<'_>, analysis_id: &str) -> ApiResult<Slot> {
    batch.add(VIEWER_NAMES, &[text(analysis_id)])
}

/// The live viewers' names a batch read with `add_detail` (its `viewers` slot; empty without the entries).
pub fn viewer_names(results: &Results, viewers: Option<Slot>) -> ApiResult<Vec<ViewerName>> {
    match viewers {
        Some(slot) => results.all::<ViewerName>(slot),
        None => Ok(Vec::new()),
    }
}

/// Brings the unsubmitted rows of the participations table up to date from their objects: what
/// each recorded so far, whether it is still active (ADR 0013), and who watches it live now
/// (ADR 0019), named from `names` (`viewer_names`).
pub async fn with_live_recordings(app: &App, analysis: &mut AnalysisDto, names: &[ViewerName]) {
    let Some(entries) = analysis.entries.as_mut() else { return };
    let live: Vec<&mut EntrySummaryDto> = entries.iter_mut().filter(|e| e.status != EntryStatus::Submitted).collect();
    if live.is_empty() {
        return;
    }
    let ids: Vec<String> = live.iter().map(|e| e.id.clone()).collect();
    let statuses = crate::ledger::live_status(app, &ids).await;
    for (entry, status) in live.into_iter().zip(statuses) {
        let Some(status) = status else { continue };
        if status.recorded_ms > 0 {
            entry.durationMs = Some(status.recorded_ms);
        }
        entry.currentTask = crate::ledger::viewers::current_task(status.steps_json.as_deref());
        let watching: Vec<_> = status
            .viewers
            .iter()
            .filter_map(|id| names.iter().find(|n| &n.id == id))
            .filter_map(|n| crate::team::author(Some(n.id.clone()), Some(n.name.clone())))
            .collect();
        entry.watching = (!watching.is_empty()).then_some(watching);
        entry.status = match researcher_status("in_progress", Some(status.active_at), entry.createdAt, app.now()) {
            "interrupted" => EntryStatus::Interrupted,
            _ => EntryStatus::InProgress,
        };
    }
}
