//! The analysis's CSV exports. The first has one row per entry per task (time, success, SEQ), one
//! per entry for the SUS and one per note or clip; the second is the per-task summary. When the
//! analysis transcribes, a last column has what was said during each task, and a `transcript` row
//! what was said outside them (ADR 0018). A participation's AI summary adds a `finding` row per
//! verified quote: the finding as `note_title`, the quote as `note`, its range as
//! `note_time`–`note_end` (ADR 0021); the analysis's themes a `theme` row per quote, in the row
//! group of the participation that said it: the theme's title as `note_title`, the quote as
//! `note`.

use crate::auth::sessions::SessionUser;
use crate::error::ApiResult;
use crate::insights::figures;
use crate::playback::notes::{NoteRow, TagRow};
use crate::App;
use lupa_core::csv;
use lupa_core::summary::clock;
use worker::{Response, ResponseBuilder};

use super::summary::{load, FindingsRow, WindowRow};

/// The stored themes (none when unreadable: the export goes on without them).
fn themes_of(json: &str) -> Vec<lupa_core::ai_summary::themes::Theme> {
    serde_json::from_str(json).unwrap_or_default()
}

const EXPORT_HEADER: [&str; 17] = [
    "kind",
    "entry_id",
    "submitted_at",
    "entry_duration",
    "task_number",
    "task",
    "time_on_task_s",
    "note_time",
    "note",
    "success",
    "seq",
    "sus_score",
    "sus_answers",
    "note_end",
    "note_title",
    "note_tags",
    "participant",
];

/// The columns an analysis with ADR 0017 options adds at the end.
const STUDY_HEADER: [&str; 6] = ["pid", "task_order", "question_phase", "question_number", "question", "answer"];

/// `GET /api/v1/analysis/{id}/export`: CSV, UTF-8 with BOM. The first nine columns are as before
/// ADR 0012; the new ones follow, so existing spreadsheets keep their columns.
pub async fn export(app: &App, user: &SessionUser, analysis_id: &str) -> ApiResult<Response> {
    let (data, results, notes, study_data) = load(app, user, analysis_id, true, true).await?;
    let (notes, tags, transcribes, windows, findings, themes) = match notes {
        Some(slots) => (
            results.all::<NoteRow>(slots.notes)?,
            results.all::<TagRow>(slots.tags)?,
            results.first_value::<i64>(slots.transcribes)? == Some(1),
            results.all::<WindowRow>(slots.windows)?,
            results.all::<FindingsRow>(slots.findings)?,
            results.first_value::<String>(slots.themes)?.map(|json| themes_of(&json)).unwrap_or_default(),
        ),
        None => (Vec::new(), Vec::new(), false, Vec::new(), Vec::new(), Vec::new()),
    };
    // Like the study columns: an analysis with no transcript yet keeps its columns.
    let transcribes = transcribes && !windows.is_empty();
    // The study columns come with ADR 0017's options, or with a participant id a panel sent to an
    // analysis left at its defaults (the `pid` parameter is always read).
    let study_columns = study_data.on || data.entries.iter().any(|e| e.pid.is_some());
    let mut rows = Vec::new();
    // With transcription on, a last column: each task row gets what was said during the task.
    let mut transcript_cells: Vec<(usize, String)> = Vec::new();
    for entry in &data.entries {
        let first_row = rows.len();
        let said = if transcribes { spoken(&windows, &entry.id, data.tasks.len()) } else { Default::default() };
        let submitted = entry.submitted_at.map(iso).unwrap_or_default();
        let duration = entry.duration_ms.map(|d| clock(d.max(0) as u64)).unwrap_or_default();
        // 'Participante N' as its number (none for rows older than the numbering, ADR 0008).
        let participant = entry.participant_number.filter(|n| *n > 0).map(|n| n.to_string()).unwrap_or_default();
        // kind, entry, submitted, duration; then the row's own 12 columns and the participant.
        let row = |kind: &str, mut rest: [String; 13]| {
            rest[12] = participant.clone();
            let mut cells = vec![kind.to_string(), entry.id.clone(), submitted.clone(), duration.clone()];
            cells.extend(rest);
            cells
        };
        for (i, task) in data.tasks.iter().enumerate() {
            if let Some(words) = said.get(&u32::try_from(i + 1).ok()) {
                transcript_cells.push((rows.len(), words.clone()));
            }
            let spent = entry.times.get(i).copied().unwrap_or(0);
            let answer = entry.answers.get(i).and_then(Option::as_ref);
            rows.push(row(
                "task",
                [
                    (i + 1).to_string(),
                    task.clone(),
                    format!("{:.1}", spent as f64 / 1000.0),
                    String::new(),
                    String::new(),
                    answer.map(|a| a.success.clone()).unwrap_or_default(),
                    answer.map(|a| a.seq.to_string()).unwrap_or_default(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                ],
            ));
        }
        if let Some(sus) = &entry.sus {
            let answers = sus.answers.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
            let mut rest: [String; 13] = Default::default();
            rest[7] = format!("{:.1}", sus.score);
            rest[8] = answers;
            rows.push(row("sus", rest));
        }
        if let Some(words) = said.get(&None) {
            // What was said outside every task (before the first, or on the closing questions).
            transcript_cells.push((rows.len(), words.clone()));
            rows.push(row("transcript", Default::default()));
        }
        for note in notes.iter().filter(|n| n.entry_id == entry.id) {
            let note_tags =
                tags.iter().filter(|t| t.note_id == note.id).map(|t| t.tag.as_str()).collect::<Vec<_>>().join("; ");
            let mut rest: [String; 13] = Default::default();
            rest[3] = clock(note.at_ms.max(0) as u64);
            rest[4] = note.text.clone();
            rest[9] = note.end_ms.map(|e| clock(e.max(0) as u64)).unwrap_or_default();
            rest[10] = note.title.clone().unwrap_or_default();
            rest[11] = note_tags;
            rows.push(row(if note.end_ms.is_some() { "clip" } else { "note" }, rest));
        }
        for summary in findings.iter().filter(|f| f.entry_id == entry.id) {
            for (task_number, finding, quote) in crate::summaries::quotes_of(&summary.findings_json) {
                let mut rest: [String; 13] = Default::default();
                rest[0] = task_number.to_string();
                rest[1] = data.tasks.get(task_number as usize - 1).cloned().unwrap_or_default();
                rest[3] = clock(quote.start_ms.max(0) as u64);
                rest[4] = quote.text;
                rest[9] = clock(quote.end_ms.max(0) as u64);
                rest[10] = finding;
                rows.push(row("finding", rest));
            }
        }
        for (theme, quote) in themes.iter().flat_map(|t| t.quotes.iter().map(move |q| (t, q))) {
            if quote.entry_id != entry.id {
                continue;
            }
            let mut rest: [String; 13] = Default::default();
            if let Some(task_number) = quote.task_number {
                rest[0] = task_number.to_string();
                let index = task_number.checked_sub(1).map(|i| i as usize);
                rest[1] = index.and_then(|i| data.tasks.get(i)).cloned().unwrap_or_default();
            }
            rest[3] = clock(quote.start_ms.max(0) as u64);
            rest[4] = quote.text.clone();
            rest[9] = clock(quote.end_ms.max(0) as u64);
            rest[10] = theme.title.clone();
            rows.push(row("theme", rest));
        }
        if study_columns {
            // ADR 0017: every row of the entry says its participant id and task order; its
            // answers follow, one row each.
            let order = entry
                .task_order
                .as_ref()
                .map(|o| o.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
                .unwrap_or_default();
            let pid = entry.pid.clone().unwrap_or_default();
            for cells in &mut rows[first_row..] {
                cells.extend([pid.clone(), order.clone(), String::new(), String::new(), String::new(), String::new()]);
            }
            for answer in study_data.answers.iter().filter(|a| a.entry_id == entry.id) {
                let dto = answer.dto();
                let mut rest: [String; 13] = Default::default();
                rest[3] = clock(dto.atMs.max(0) as u64);
                let mut cells = row("answer", rest);
                cells.extend([
                    pid.clone(),
                    order.clone(),
                    dto.phase,
                    dto.questionNumber.to_string(),
                    dto.question,
                    dto.answer,
                ]);
                rows.push(cells);
            }
        }
    }
    if !study_columns {
        let header = with_transcript(&mut rows, transcribes, transcript_cells, EXPORT_HEADER.to_vec());
        return csv_response(&csv::document(&header, &rows), &format!("lupa-analysis-{analysis_id}.csv"));
    }
    // Screened-out people have no entry: one row each, with the question and option that
    // rejected them.
    for out in &study_data.screen_outs {
        let mut cells = vec!["screen_out".to_string(), String::new(), iso(out.created_at)];
        cells.extend(std::iter::repeat_n(String::new(), 14));
        cells.extend([
            out.pid.clone().unwrap_or_default(),
            String::new(),
            "screener".into(),
            out.question_number.to_string(),
            out.question_text.clone(),
            out.option_text.clone(),
        ]);
        rows.push(cells);
    }
    let header = with_transcript(
        &mut rows,
        transcribes,
        transcript_cells,
        EXPORT_HEADER.iter().copied().chain(STUDY_HEADER).collect(),
    );
    csv_response(&csv::document(&header, &rows), &format!("lupa-analysis-{analysis_id}.csv"))
}

/// An entry's transcript per task (`None`: outside every task), from the export's windows.
fn spoken(windows: &[WindowRow], entry_id: &str, task_count: usize) -> std::collections::BTreeMap<Option<u32>, String> {
    let mine: Vec<&WindowRow> = windows.iter().filter(|w| w.entry_id == entry_id).collect();
    let Some(first) = mine.first() else { return Default::default() };
    let marks = crate::transcripts::steps(first.steps_json.as_deref());
    let lines: Vec<lupa_core::transcript::Line> = mine
        .iter()
        .flat_map(|w| serde_json::from_str::<Vec<lupa_core::transcript::Line>>(&w.lines_json).unwrap_or_default())
        .collect();
    lupa_core::transcript::text_by_task(&marks, &lines, task_count)
}

/// Adds the 'transcript' column when the analysis transcribes: the cells found, empty elsewhere.
fn with_transcript<'a>(
    rows: &mut [Vec<String>],
    transcribes: bool,
    cells: Vec<(usize, String)>,
    mut header: Vec<&'a str>,
) -> Vec<&'a str> {
    if !transcribes {
        return header;
    }
    let mut cells = cells.into_iter().peekable();
    for (i, row) in rows.iter_mut().enumerate() {
        row.push(if cells.peek().is_some_and(|(at, _)| *at == i) {
            cells.next().map(|(_, words)| words).unwrap_or_default()
        } else {
            String::new()
        });
    }
    header.push("transcript");
    header
}

const TASKS_HEADER: [&str; 30] = [
    "kind",
    "task_number",
    "task",
    "success_n",
    "successes",
    "yes",
    "no",
    "unsure",
    "success_rate",
    "success_low",
    "success_high",
    "seq_n",
    "seq_mean",
    "seq_low",
    "seq_high",
    "time_successful_n",
    "time_successful_median_s",
    "time_successful_geomean_s",
    "time_successful_low_s",
    "time_successful_high_s",
    "time_all_n",
    "time_all_median_s",
    "time_all_geomean_s",
    "time_all_low_s",
    "time_all_high_s",
    "sus_n",
    "sus_mean",
    "sus_low",
    "sus_high",
    "sus_grade",
];

fn num(value: Option<f64>, decimals: usize) -> String {
    value.map(|v| format!("{v:.decimals$}")).unwrap_or_default()
}

fn seconds(ms: Option<i64>) -> String {
    num(ms.map(|m| m as f64 / 1000.0), 2)
}

/// `GET /api/v1/analysis/{id}/export/tasks`: one row per task with every figure, then one `sus`
/// row. Rates are 0–1 (4 decimals), SEQ 1–7 (3), times in seconds (2), SUS 0–100 (2).
pub async fn export_tasks(app: &App, user: &SessionUser, analysis_id: &str) -> ApiResult<Response> {
    let (data, _, _, _) = load(app, user, analysis_id, false, true).await?;
    let mut rows: Vec<Vec<String>> = figures::task_summaries(&data)
        .into_iter()
        .map(|t| {
            let mut cells = vec!["task".to_string(), t.taskNumber.to_string(), t.taskContent];
            let s = &t.success;
            cells.extend([
                s.n.to_string(),
                s.successes.to_string(),
                s.yes.to_string(),
                s.no.to_string(),
                s.unsure.to_string(),
            ]);
            cells.extend([num(s.rate, 4), num(s.low, 4), num(s.high, 4)]);
            cells.extend([t.seq.n.to_string(), num(t.seq.mean, 3), num(t.seq.low, 3), num(t.seq.high, 3)]);
            for time in [&t.timeSuccessful, &t.timeAll] {
                cells.extend([
                    time.n.to_string(),
                    seconds(time.medianMs),
                    seconds(time.geometricMeanMs),
                    seconds(time.lowMs),
                    seconds(time.highMs),
                ]);
            }
            cells.extend(std::iter::repeat_n(String::new(), 5));
            cells
        })
        .collect();
    let sus = figures::sus_summary(&data);
    let mut sus_row = vec!["sus".to_string()];
    sus_row.extend(std::iter::repeat_n(String::new(), 24));
    sus_row.extend([
        sus.n.to_string(),
        num(sus.mean, 2),
        num(sus.low, 2),
        num(sus.high, 2),
        sus.grade.unwrap_or_default(),
    ]);
    rows.push(sus_row);
    csv_response(&csv::document(&TASKS_HEADER, &rows), &format!("lupa-analysis-{analysis_id}-tasks.csv"))
}

fn csv_response(body: &str, filename: &str) -> ApiResult<Response> {
    Ok(ResponseBuilder::new()
        .with_header("content-type", "text/csv; charset=utf-8")?
        .with_header("content-disposition", &format!("attachment; filename=\"{filename}\""))?
        .fixed(body.as_bytes().to_vec()))
}

fn iso(ms: i64) -> String {
    js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64)).to_iso_string().as_string().unwrap_or_default()
}
