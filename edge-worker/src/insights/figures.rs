//! The summary's figures (ADR 0012) from an analysis's submitted entries: time on each task (its
//! visit ends at the task's answer), the answers, and the statistics of `lupa_core::insights`.
//! Used by the summary, the CSV exports and shared summaries.

use lupa_api_types::{
    AnalysisDto, InsightSettingsDto, MeanDto, OverallSummaryDto, ProportionDto, SusAnswerDto, SusSummaryDto,
    TaskSummaryDto, TimeDto,
};
use lupa_core::insights::{self, MeanFigure, Observation, TaskFigures, TimeFigure};
use lupa_core::summary::{stats, task_times};
use std::collections::HashMap;

use serde::Deserialize;

use crate::error::ApiResult;
use crate::insights::answers::{self, TaskAnswerRow};
use crate::platform::db::{text, Batch, Results, Slot};
use crate::playback::{core_marks, marks_of};

/// The grading scale `SusSummaryDto.grade` uses (ADR 0012).
pub const GRADING_SCALE: &str = "sauro-lewis-cgs";

const ENTRIES: &str =
    "SELECT e.id, e.participant_number, e.submitted_at, e.duration_ms, e.steps_json, e.pid, e.task_order, \
     (SELECT COUNT(*) FROM entry_notes n WHERE n.entry_id = e.id) AS note_count \
     FROM analysis_entries e WHERE e.analysis_id = ?1 AND e.status = 'submitted' ORDER BY e.submitted_at";

#[derive(Deserialize)]
struct EntryRow {
    id: String,
    participant_number: Option<i64>,
    submitted_at: Option<i64>,
    duration_ms: Option<i64>,
    steps_json: Option<String>,
    note_count: i64,
    pid: Option<String>,
    task_order: Option<String>,
}

/// One submitted entry with what it contributes to each task.
pub struct EntryData {
    pub id: String,
    /// 'Participante N' (ADR 0008); `None` for entries from before participant numbers.
    pub participant_number: Option<i64>,
    pub submitted_at: Option<i64>,
    pub duration_ms: Option<i64>,
    pub note_count: i64,
    /// Per task, ms spent on it (0 = never reached).
    pub times: Vec<u64>,
    /// Per task, the answer if there is one.
    pub answers: Vec<Option<TaskAnswerRow>>,
    pub sus: Option<SusAnswerDto>,
    /// The panel's participant id and the order the tasks were shown in (ADR 0017).
    pub pid: Option<String>,
    pub task_order: Option<Vec<u32>>,
}

/// An analysis's submitted entries, ready for figures.
pub struct AnalysisData {
    pub settings: InsightSettingsDto,
    pub tasks: Vec<String>,
    pub entries: Vec<EntryData>,
}

/// Where a batch put what the figures need besides the analysis (`add_load`).
#[derive(Clone, Copy)]
pub struct FigureSlots {
    entries: Slot,
    answers: (Slot, Slot),
}

/// Adds reading the analysis's submitted entries and their answers to a batch.
pub fn add_load(batch: &mut Batch<'_>, analysis_id: &str) -> ApiResult<FigureSlots> {
    Ok(FigureSlots {
        entries: batch.add(ENTRIES, &[text(analysis_id)])?,
        answers: answers::add_of_analysis(batch, analysis_id)?,
    })
}

/// The figures' data from the analysis and what a batch read with `add_load`.
pub fn load_of(detail: AnalysisDto, results: &Results, slots: FigureSlots) -> ApiResult<AnalysisData> {
    let settings = InsightSettingsDto { taskQuestions: detail.task_questions, sus: detail.sus };
    let tasks: Vec<String> = detail.tasks.into_iter().map(|t| t.taskContent).collect();
    let rows = results.all::<EntryRow>(slots.entries)?;
    let (task_answers, sus_answers) = answers::of_analysis_from(results, slots.answers)?;
    // Indexed once: an analysis may have a thousand entries with a dozen answers each.
    let mut by_task: HashMap<(String, i64), TaskAnswerRow> = HashMap::with_capacity(task_answers.len());
    for answer in task_answers {
        by_task.insert((answer.entry_id.clone(), answer.task_index), answer);
    }
    let mut sus_by_entry: HashMap<String, SusAnswerDto> = HashMap::with_capacity(sus_answers.len());
    for row in &sus_answers {
        if let Some(dto) = row.dto() {
            sus_by_entry.insert(row.entry_id.clone(), dto);
        }
    }
    let entries = rows
        .into_iter()
        .map(|e| {
            let marks = core_marks(&marks_of(e.steps_json.as_deref()));
            let duration = e.duration_ms.unwrap_or(0).max(0) as u64;
            let answers: Vec<Option<TaskAnswerRow>> =
                (0..tasks.len()).map(|i| by_task.remove(&(e.id.clone(), i as i64))).collect();
            let answered_at: Vec<Option<u64>> =
                answers.iter().map(|answer| answer.as_ref().map(|a| a.at_ms.max(0) as u64)).collect();
            let times = task_times(&marks, duration, &answered_at);
            let sus = sus_by_entry.remove(&e.id);
            let task_order = e.task_order.as_deref().and_then(|o| serde_json::from_str(o).ok());
            EntryData {
                id: e.id,
                participant_number: e.participant_number,
                submitted_at: e.submitted_at,
                duration_ms: e.duration_ms,
                note_count: e.note_count,
                times,
                answers,
                sus,
                pid: e.pid,
                task_order,
            }
        })
        .collect();
    Ok(AnalysisData { settings, tasks, entries })
}

/// Task `i`'s observation in every entry.
fn observations(data: &AnalysisData, i: usize) -> Vec<Observation> {
    data.entries
        .iter()
        .map(|e| {
            let answer = e.answers.get(i).and_then(Option::as_ref);
            Observation {
                time_ms: e.times.get(i).copied().unwrap_or(0),
                seq: answer.map(|a| a.seq.clamp(1, 7) as u8),
                success: answer.and_then(TaskAnswerRow::success),
            }
        })
        .collect()
}

/// Task `i`'s figures.
pub fn task_figures(data: &AnalysisData, i: usize) -> TaskFigures {
    insights::task_figures(&observations(data, i))
}

fn ms(value: Option<f64>) -> Option<i64> {
    value.map(|v| v.round() as i64)
}

fn proportion_dto(f: &TaskFigures) -> ProportionDto {
    ProportionDto {
        n: f.success.n,
        successes: f.success.successes,
        yes: f.yes,
        no: f.no,
        unsure: f.unsure,
        rate: f.success.rate,
        low: f.success.interval.map(|i| i.low),
        high: f.success.interval.map(|i| i.high),
    }
}

pub fn mean_dto(f: &MeanFigure) -> MeanDto {
    MeanDto { n: f.n, mean: f.mean, low: f.interval.map(|i| i.low), high: f.interval.map(|i| i.high) }
}

fn time_dto(f: &TimeFigure) -> TimeDto {
    TimeDto {
        n: f.n,
        medianMs: ms(f.median_ms),
        geometricMeanMs: ms(f.geometric_mean_ms),
        lowMs: ms(f.interval.map(|i| i.low)),
        highMs: ms(f.interval.map(|i| i.high)),
    }
}

/// Every task's figures.
pub fn task_summaries(data: &AnalysisData) -> Vec<TaskSummaryDto> {
    data.tasks
        .iter()
        .enumerate()
        .map(|(i, content)| {
            // Only entries that actually reached the task count towards its time.
            let values: Vec<u64> =
                data.entries.iter().filter_map(|e| e.times.get(i).copied()).filter(|ms| *ms > 0).collect();
            let range = stats(&values);
            let f = task_figures(data, i);
            TaskSummaryDto {
                taskNumber: i as u32 + 1,
                taskContent: content.clone(),
                medianMs: range.map(|(m, _, _)| m as i64),
                minMs: range.map(|(_, lo, _)| lo as i64),
                maxMs: range.map(|(_, _, hi)| hi as i64),
                entries: values.len() as i64,
                success: proportion_dto(&f),
                seq: mean_dto(&f.seq),
                timeSuccessful: time_dto(&f.time_successful),
                timeAll: time_dto(&f.time_all),
            }
        })
        .collect()
}

/// Every task together (the summary's tiles).
pub fn overall_summary(data: &AnalysisData) -> OverallSummaryDto {
    let per_task: Vec<Vec<Observation>> = (0..data.tasks.len()).map(|i| observations(data, i)).collect();
    let f = insights::overall_figures(&per_task);
    OverallSummaryDto { success: proportion_dto(&f), seq: mean_dto(&f.seq), time: time_dto(&f.time_all) }
}

/// The SUS across entries.
pub fn sus_summary(data: &AnalysisData) -> SusSummaryDto {
    let scores: Vec<f64> = data.entries.iter().filter_map(|e| e.sus.as_ref().map(|s| s.score)).collect();
    let f = insights::sus_figures(&scores);
    SusSummaryDto {
        n: f.score.n,
        mean: f.score.mean,
        low: f.score.interval.map(|i| i.low),
        high: f.score.interval.map(|i| i.high),
        grade: f.grade.map(str::to_string),
        gradingScale: GRADING_SCALE.into(),
    }
}
