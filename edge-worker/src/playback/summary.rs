//! The analysis summary: each task's figures (success rate, SEQ, time on task; ADR 0012), the
//! SUS, and each entry's duration, notes and SUS score; and the one read both it and the CSV
//! exports (`export.rs`) start from, AI findings included (ADR 0021).

use lupa_api_types::{AnalysisSummaryResponse, EntrySummaryRowDto};
use serde::Deserialize;
use worker::Response;

use crate::analysis;
use crate::auth::sessions::SessionUser;
use crate::error::ApiResult;
use crate::http::json;
use crate::insights::figures::{self, AnalysisData};
use crate::platform::db::{text, Batch, Results, Slot};
use crate::playback::notes::{self, note_columns};
use crate::study::summary::{self as study, StudyData};
use crate::App;

const NOTES: &str = concat!(
    "SELECT ",
    note_columns!(),
    " FROM entry_notes n JOIN analysis_entries e ON e.id = n.entry_id WHERE e.analysis_id = ?1 AND e.status = 'submitted' ORDER BY n.entry_id, n.at_ms"
);

/// The export's transcript column (ADR 0018): whether the analysis transcribes, and the windows of
/// its submitted entries with their step marks.
const TRANSCRIBES: &str = "SELECT transcription_enabled AS value FROM analyses WHERE id = ?1";
const TRANSCRIPTS: &str = "SELECT w.entry_id, w.lines_json, e.steps_json FROM transcript_windows w JOIN analysis_entries e ON e.id = w.entry_id \
     WHERE w.analysis_id = ?1 AND e.status = 'submitted' ORDER BY w.entry_id, w.start_ms";

/// The export's AI findings (ADR 0021): each summarised participation's verified findings.
const FINDINGS: &str =
    "SELECT s.entry_id, s.findings_json FROM entry_summaries s JOIN analysis_entries e ON e.id = s.entry_id \
     WHERE s.analysis_id = ?1 AND e.status = 'submitted' AND s.created_at IS NOT NULL";

/// The export's AI themes (ADR 0021): the analysis's kept themes, each quote a row of its
/// participation.
const THEMES: &str =
    "SELECT themes_json AS value FROM analysis_themes WHERE analysis_id = ?1 AND created_at IS NOT NULL";

#[derive(Deserialize)]
pub(super) struct FindingsRow {
    pub(super) entry_id: String,
    pub(super) findings_json: String,
}

#[derive(Deserialize)]
pub(super) struct WindowRow {
    pub(super) entry_id: String,
    pub(super) lines_json: String,
    pub(super) steps_json: Option<String>,
}

/// What only the export reads, in the same batch.
pub(super) struct ExportSlots {
    pub(super) notes: Slot,
    pub(super) tags: Slot,
    pub(super) transcribes: Slot,
    pub(super) windows: Slot,
    pub(super) findings: Slot,
    pub(super) themes: Slot,
}

/// Reads the analysis (checking who may see it), what its figures need and, `with_notes`, the
/// notes and their tags, in one batch after the session: two round trips.
pub(super) async fn load(
    app: &App,
    user: &SessionUser,
    analysis_id: &str,
    with_notes: bool,
    exported: bool,
) -> ApiResult<(AnalysisData, Results, Option<ExportSlots>, StudyData)> {
    let (detail, results, (figure_slots, notes, study_slots)) =
        analysis::owned_with(app, user, analysis_id, |batch: &mut Batch<'_>| {
            let figure_slots = figures::add_load(batch, analysis_id)?;
            let id = [text(analysis_id)];
            let notes = if with_notes {
                Some(ExportSlots {
                    notes: batch.add(NOTES, &id)?,
                    tags: notes::add_tags_of_analysis(batch, analysis_id)?,
                    transcribes: batch.add(TRANSCRIBES, &id)?,
                    windows: batch.add(TRANSCRIPTS, &id)?,
                    findings: batch.add(FINDINGS, &id)?,
                    themes: batch.add(THEMES, &id)?,
                })
            } else {
                None
            };
            let study_slots = study::add_load(batch, analysis_id)?;
            // A CSV download is logged in the read's own batch (ADR 0019): no round trip more.
            if exported {
                let kind = lupa_core::team::ActivityKind::CsvExported;
                crate::team::activity::add_for_analysis(batch, user, kind, analysis_id, app.now())?;
            }
            Ok((figure_slots, notes, study_slots))
        })
        .await?;
    let study_data = study::load_of(&detail, &results, study_slots)?;
    Ok((figures::load_of(detail, &results, figure_slots)?, results, notes, study_data))
}

/// `GET /api/v1/analysis/{id}/summary`.
pub async fn get(app: &App, user: &SessionUser, analysis_id: &str) -> ApiResult<Response> {
    let (data, _, _, study_data) = load(app, user, analysis_id, false, false).await?;
    let entries = data
        .entries
        .iter()
        .map(|e| EntrySummaryRowDto {
            id: e.id.clone(),
            participantNumber: e.participant_number.unwrap_or(0).clamp(0, i64::from(u32::MAX)) as u32,
            submittedAt: e.submitted_at,
            durationMs: e.duration_ms,
            noteCount: e.note_count,
            susScore: e.sus.as_ref().map(|s| s.score),
            pid: e.pid.clone(),
            taskOrder: e.task_order.clone(),
        })
        .collect();
    json(
        200,
        &AnalysisSummaryResponse {
            settings: data.settings.clone(),
            tasks: figures::task_summaries(&data),
            overall: figures::overall_summary(&data),
            sus: figures::sus_summary(&data),
            entries,
            screenOuts: study::screen_outs(&study_data),
            questions: study::question_summaries(&study_data),
        },
    )
}
