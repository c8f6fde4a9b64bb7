//! Every note and clip of an analysis in one list (ADR 0012), filtered by tag, by task (the task
//! on screen at the note's start) and by kind, with the analysis's tags and how often each is used.

use std::collections::HashMap;

use lupa_api_types::{AnalysisNoteDto, AnalysisNotesResponse, TagCountDto};
use lupa_core::clips::normalize_tag;
use lupa_core::summary::task_at;
use serde::Deserialize;
use worker::{Request, Response};

use crate::analysis;
use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Composed};
use crate::http::json;
use crate::platform::db::text;
use crate::playback::notes::{self, note_columns, NoteRow, TagRow};
use crate::playback::{core_marks, marks_of};
use crate::App;

const NOTES: &str = concat!(
    "SELECT ",
    note_columns!(),
    ", e.steps_json, e.participant_number FROM entry_notes n JOIN analysis_entries e ON e.id = n.entry_id WHERE e.analysis_id = ?1 \
     ORDER BY e.created_at, e.id, n.at_ms, n.created_at"
);
const BAD_TASK: &str = "El filtro de tarea debe ser un número de tarea";
const BAD_KIND: &str = "El filtro de tipo debe ser 'note' o 'clip'";

/// A note with what the analysis-wide list adds from its entry: the step marks (for the task on
/// screen) and the participant's number.
#[derive(Deserialize)]
struct Row {
    #[serde(flatten)]
    note: NoteRow,
    steps_json: Option<String>,
    participant_number: Option<i64>,
}

/// `?tag=&task=&kind=`, each optional.
struct Filter {
    tag: Option<String>,
    task: Option<u32>,
    clips: Option<bool>,
}

/// As the OpenAPI document says (`AnalysisNotesQuery`): `task` a task number, `kind` 'note' or
/// 'clip' when present; a blank `tag` is no filter.
fn filter(req: &Request) -> ApiResult<Filter> {
    let url = req.url()?;
    let param = |name: &str| url.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned());
    let task = param("task")
        .map(|t| {
            t.parse::<u32>()
                .ok()
                .filter(|n| (1..=lupa_core::analysis::MAX_TASKS as u32).contains(n))
                .ok_or_else(|| ApiError::composed(Composed::BadFilter, BAD_TASK))
        })
        .transpose()?;
    let clips = match param("kind").as_deref() {
        None => None,
        Some("clip") => Some(true),
        Some("note") => Some(false),
        Some(_) => return Err(ApiError::composed(Composed::BadFilter, BAD_KIND)),
    };
    let tag = param("tag").filter(|t| !t.trim().is_empty()).map(|t| normalize_tag(&t));
    Ok(Filter { tag, task, clips })
}

/// `GET /api/v1/analysis/{id}/notes?tag=&task=&kind=note|clip`.
pub async fn list(app: &App, user: &SessionUser, req: &Request, analysis_id: &str) -> ApiResult<Response> {
    let filter = filter(req);
    // The notes and their tags come in the same batch as the analysis (two round trips in all).
    let (_, results, (notes, tags)) = analysis::owned_row_with(app, user, analysis_id, |batch| {
        Ok((batch.add(NOTES, &[text(analysis_id)])?, notes::add_tags_of_analysis(batch, analysis_id)?))
    })
    .await?;
    let filter = filter?;
    let rows = results.all::<Row>(notes)?;
    let tags = results.all::<TagRow>(tags)?;
    let mut counts: Vec<TagCountDto> = Vec::new();
    for t in &tags {
        match counts.iter_mut().find(|c| c.tag == t.tag) {
            Some(c) => c.count += 1,
            None => counts.push(TagCountDto { tag: t.tag.clone(), count: 1 }),
        }
    }
    counts.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.tag.cmp(&b.tag)));
    let mut tags_by_note: HashMap<String, Vec<TagRow>> = HashMap::new();
    for tag in tags {
        tags_by_note.entry(tag.note_id.clone()).or_default().push(tag);
    }
    let notes = rows
        .into_iter()
        .map(|Row { note, steps_json, participant_number }| {
            let task = task_at(&core_marks(&marks_of(steps_json.as_deref())), note.at_ms.max(0) as u64);
            let tags = tags_by_note.get(&note.id).map(Vec::as_slice).unwrap_or_default();
            AnalysisNoteDto {
                entryId: note.entry_id.clone(),
                note: note.dto(tags),
                participantNumber: participant_number.and_then(|n| u32::try_from(n).ok()),
                taskNumber: task,
            }
        })
        .filter(|n| filter.tag.as_ref().is_none_or(|tag| n.note.tags.contains(tag)))
        .filter(|n| filter.task.is_none_or(|task| n.taskNumber == Some(task)))
        .filter(|n| filter.clips.is_none_or(|clips| n.note.endMs.is_some() == clips))
        .collect();
    json(200, &AnalysisNotesResponse { notes, tags: counts })
}
