//! An analysis's themes (issue 47, ADR 0021): made from the participations' verified findings
//! (`lupa_core::ai_summary::themes`), each citing quotes the summaries' evidence check found, from
//! at least two participations.
//!
//! When: after a new summary, debounced, and less often as the analysis grows
//! (`themes::remakes`: after each summary up to 20, then by a tenth). The participation object that made the summary sets
//! the analysis's `due_at` to a minute on (`THEMES_DEBOUNCE_MS`), waits that long in its alarm,
//! and makes the themes only if `due_at` is still its own: of a run of summaries finishing
//! together, the last one's object makes one set of themes. On 'Regenerar', after the answer.
//! Read by every member (observers too); made again by researchers, who also turn a theme into a
//! reel (`theme_reel`).

use lupa_api_types::{AnalysisThemesResponse, ThemeDto, ThemeQuoteDto, ThemesStatus};
use lupa_core::ai_summary::model::{CallError, Usage};
use lupa_core::ai_summary::themes::{self, Summarised, Theme, ThemesInput, THEMES_PROMPT_VERSION};
use lupa_core::ai_summary::{TaskFindings, MODEL};
use lupa_core::transcript::{Language, Setting};
use serde::Deserialize;
use worker::Response;

use super::provider::Provider;
use crate::analysis::{self, repo::AnalysisRow};
use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::json;
use crate::platform::db::{db, int, text, Batch};
use crate::App;

/// Tries of one remake, as a summary's.
const TRIES: u32 = 3;
/// How long after the last new summary the themes are remade (`THEMES_DEBOUNCE_MS` overrides).
const DEBOUNCE_MS: i64 = 60_000;
/// A remake still 'pending' this long after it was asked for (or fell due) was lost.
const LOST_AFTER_MS: i64 = 10 * 60 * 1000;

pub(super) const ROW: &str =
    "SELECT status, themes_json, dropped_themes, model, prompt_version, created_at, requested_at, due_at \
     FROM analysis_themes WHERE analysis_id = ?1";
/// The participations with a summary made (a regeneration keeps showing the last one), in
/// participant order.
const SUMMARISED: &str = "SELECT s.entry_id, e.participant_number, s.findings_json FROM entry_summaries s \
     JOIN analysis_entries e ON e.id = s.entry_id \
     WHERE s.analysis_id = ?1 AND s.created_at IS NOT NULL AND e.status = 'submitted' ORDER BY e.participant_number, e.id";
const SUMMARISED_COUNT: &str =
    "SELECT COUNT(*) AS value FROM entry_summaries s JOIN analysis_entries e ON e.id = s.entry_id \
     WHERE s.analysis_id = ?1 AND s.created_at IS NOT NULL AND e.status = 'submitted'";
const TASKS: &str = "SELECT content AS value FROM analysis_tasks WHERE analysis_id = ?1 ORDER BY position";
/// A new summary: a remake falls due a debounce from now (a new row shows 'pending' at once),
/// when the analysis has grown enough since the last one: `lupa_core::ai_summary::themes::remakes`
/// in SQL (after each summary up to 20, then by a tenth).
const SCHEDULE: &str = "INSERT INTO analysis_themes (analysis_id, status, requested_at, due_at) \
     SELECT id, 'pending', ?2, ?3 FROM analyses WHERE id = ?1 \
     ON CONFLICT (analysis_id) DO UPDATE SET due_at = excluded.due_at \
     WHERE (SELECT COUNT(*) FROM entry_summaries s JOIN analysis_entries e ON e.id = s.entry_id \
     WHERE s.analysis_id = ?1 AND s.created_at IS NOT NULL AND e.status = 'submitted') \
     >= analysis_themes.summaries_used + MAX(1, analysis_themes.summaries_used / 10)";
/// The remake is this object's to make only while the due time is still the one it set.
const CLAIM: &str = "UPDATE analysis_themes SET status = 'pending', requested_at = ?3, due_at = NULL \
     WHERE analysis_id = ?1 AND due_at = ?2 RETURNING analysis_id AS value";
/// 'Regenerar'.
const MARK_PENDING: &str = "INSERT INTO analysis_themes (analysis_id, status, requested_at) SELECT id, 'pending', ?2 \
     FROM analyses WHERE id = ?1 \
     ON CONFLICT (analysis_id) DO UPDATE SET status = 'pending', requested_at = excluded.requested_at, due_at = NULL";
/// Stored only while still the remake asked for, and only if every participation it cites is
/// still there: a deletion racing the model's answer wins (its words are not stored again).
const STORE: &str = "UPDATE analysis_themes SET status = 'complete', themes_json = ?3, dropped_themes = ?4, \
     unknown_quotes = ?5, model = ?6, prompt_version = ?7, input_tokens = ?8, output_tokens = ?9, created_at = ?10, \
     summaries_used = ?12 \
     WHERE analysis_id = ?1 AND requested_at = ?2 AND NOT EXISTS (SELECT 1 FROM json_each(?11) c \
     WHERE NOT EXISTS (SELECT 1 FROM analysis_entries e WHERE e.id = c.value AND e.status = 'submitted'))";
/// After `STORE` in the same batch: a remake that could not be stored is failed, not left pending.
const FAILED: &str =
    "UPDATE analysis_themes SET status = 'failed' WHERE analysis_id = ?1 AND requested_at = ?2 AND status = 'pending'";

#[derive(Deserialize)]
pub(super) struct ThemesRow {
    status: String,
    pub(super) themes_json: String,
    dropped_themes: i64,
    model: Option<String>,
    prompt_version: Option<i64>,
    created_at: Option<i64>,
    requested_at: i64,
    due_at: Option<i64>,
}

#[derive(Deserialize)]
struct SummarisedRow {
    entry_id: String,
    participant_number: Option<i64>,
    findings_json: String,
}

fn setting(row: &AnalysisRow) -> Setting {
    Setting {
        enabled: row.transcription_enabled != 0,
        language: Language::parse(&row.transcription_language).unwrap_or_default(),
        summaries: row.summaries_enabled != 0,
    }
}

pub(super) fn stored(json: &str) -> Vec<Theme> {
    serde_json::from_str(json).unwrap_or_default()
}

fn answer(app: &App, analysis: &AnalysisRow, summarised: u32, row: Option<ThemesRow>) -> AnalysisThemesResponse {
    let empty = |status| AnalysisThemesResponse {
        status,
        themes: Vec::new(),
        summarised,
        droppedThemes: 0,
        model: None,
        promptVersion: None,
        createdAt: None,
    };
    if !Provider::from_env(&app.env).is_on() {
        return empty(ThemesStatus::Unavailable);
    }
    if !setting(analysis).summarises() {
        return empty(ThemesStatus::Disabled);
    }
    if summarised < themes::MIN_PARTICIPATIONS {
        return empty(ThemesStatus::Waiting);
    }
    let Some(row) = row else { return empty(ThemesStatus::None) };
    let now = app.now();
    let due = row.due_at.is_some_and(|at| now < at + LOST_AFTER_MS);
    let status = match row.status.as_str() {
        _ if due => ThemesStatus::Pending,
        "pending" if now - row.requested_at < LOST_AFTER_MS => ThemesStatus::Pending,
        "pending" if row.created_at.is_none() && row.due_at.is_some() => ThemesStatus::None,
        "complete" => ThemesStatus::Complete,
        _ => ThemesStatus::Failed,
    };
    AnalysisThemesResponse {
        status,
        themes: stored(&row.themes_json).into_iter().map(dto).collect(),
        summarised,
        droppedThemes: u32::try_from(row.dropped_themes).unwrap_or(0),
        model: row.model,
        promptVersion: row.prompt_version.and_then(|v| u32::try_from(v).ok()),
        createdAt: row.created_at,
    }
}

fn dto(theme: Theme) -> ThemeDto {
    ThemeDto {
        title: theme.title,
        text: theme.text,
        participations: theme.participations,
        quotes: theme
            .quotes
            .into_iter()
            .map(|q| ThemeQuoteDto {
                entryId: q.entry_id,
                participant: format!("Participante {}", q.participant_number),
                taskNumber: q.task_number,
                startMs: q.start_ms,
                endMs: q.end_ms,
                text: q.text,
            })
            .collect(),
    }
}

/// `GET /api/v1/analysis/{id}/themes`: the session, then the analysis with its themes and how
/// many participations are summarised (two round trips).
pub async fn get(app: &App, user: &SessionUser, analysis_id: &str) -> ApiResult<Response> {
    let (analysis, results, (row, count)) = analysis::owned_row_with(app, user, analysis_id, |batch| {
        Ok((batch.add(ROW, &[text(analysis_id)])?, batch.add(SUMMARISED_COUNT, &[text(analysis_id)])?))
    })
    .await?;
    let summarised = results.first_value::<i64>(count)?.unwrap_or(0);
    let summarised = u32::try_from(summarised).unwrap_or(0);
    json(200, &answer(app, &analysis, summarised, results.first::<ThemesRow>(row)?))
}

/// `POST /api/v1/analysis/{id}/themes` ('Regenerar'): the session, the analysis with what it has
/// summarised, then marking the themes pending (three round trips); they are made after the
/// answer, 202.
pub async fn regenerate(app: &App, user: &SessionUser, analysis_id: &str) -> ApiResult<Response> {
    let (analysis, results, count) =
        analysis::owned_row_with(app, user, analysis_id, |batch| batch.add(SUMMARISED_COUNT, &[text(analysis_id)]))
            .await?;
    let summarised = u32::try_from(results.first_value::<i64>(count)?.unwrap_or(0)).unwrap_or(0);
    if !Provider::from_env(&app.env).is_on() {
        return Err(ApiError::from(Fixed::SummariesUnavailable));
    }
    if !setting(&analysis).summarises() {
        return Err(ApiError::from(Fixed::SummariesOff));
    }
    if summarised < themes::MIN_PARTICIPATIONS {
        return Err(ApiError::from(Fixed::ThemesNotReady));
    }
    let requested_at = app.now();
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    batch.add(MARK_PENDING, &[text(analysis_id), int(requested_at)])?;
    let row = batch.add(ROW, &[text(analysis_id)])?;
    let row = batch.run().await?.first::<ThemesRow>(row)?;
    let (background, id) = (app.detached(), analysis_id.to_string());
    app.wait_until(async move {
        if let Err(err) = run(&background, &id, requested_at).await {
            crate::platform::log::error("-", "(themes)", err.source.as_deref().unwrap_or(&err.message));
        }
        background.log_usage("themes");
    });
    json(202, &answer(app, &analysis, summarised, row))
}

/// After a participation's summary is stored (its object's alarm): the themes fall due a
/// debounce from now, and this object makes them then unless a later summary moved the time.
pub async fn after_summary(app: &App, analysis_id: &str) -> ApiResult<()> {
    let debounce = app
        .env
        .var("THEMES_DEBOUNCE_MS")
        .ok()
        .and_then(|v| v.to_string().parse::<i64>().ok())
        .filter(|ms| *ms >= 0)
        .unwrap_or(DEBOUNCE_MS);
    let now = crate::platform::clock::system_now();
    let due = now + debounce;
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let scheduled = batch.add(SCHEDULE, &[text(analysis_id), int(now), int(due)])?;
    if batch.run().await?.changes(scheduled)? == 0 {
        // Not grown enough since the last remake, or the analysis is gone.
        return Ok(());
    }
    worker::Delay::from(std::time::Duration::from_millis(debounce as u64)).await;
    let requested_at = crate::platform::clock::system_now();
    let mut batch = Batch::new(&database);
    let claimed = batch.add(CLAIM, &[text(analysis_id), int(due), int(requested_at)])?;
    if batch.run().await?.first_value::<String>(claimed)?.is_none() {
        return Ok(());
    }
    run(app, analysis_id, requested_at).await
}

/// Makes the themes asked for at `requested_at` from the summaries there are now.
pub async fn run(app: &App, analysis_id: &str, requested_at: i64) -> ApiResult<()> {
    let provider = Provider::from_env(&app.env);
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let found = crate::analysis::repo::add_find(&mut batch, analysis_id)?;
    let tasks = batch.add(TASKS, &[text(analysis_id)])?;
    let rows = batch.add(SUMMARISED, &[text(analysis_id)])?;
    let results = batch.run().await?;
    let Some(analysis) = results.first::<AnalysisRow>(found)? else { return Ok(()) };
    let summaries = results.all::<SummarisedRow>(rows)?;
    let used = summaries.len() as i64;
    let input = ThemesInput {
        language: setting(&analysis).language,
        scenario: analysis.scenario.clone(),
        tasks: results.values::<String>(tasks)?,
        participations: summaries
            .into_iter()
            .map(|row| Summarised {
                entry_id: row.entry_id,
                participant_number: row.participant_number.unwrap_or(0),
                tasks: serde_json::from_str::<Vec<TaskFindings>>(&row.findings_json).unwrap_or_default(),
            })
            .collect(),
    };
    let prompt = themes::prompt(&input);
    if prompt.left_out > 0 {
        crate::platform::log::warn(
            "-",
            "(themes)",
            &format!("analysis {analysis_id}: {} participations left out for the prompt's length", prompt.left_out),
        );
    }
    let cited: std::collections::BTreeSet<&str> = prompt.refs.iter().map(|q| q.entry_id.as_str()).collect();
    // Quotes from fewer than two participations make no theme: no call.
    let (checked, usage) = if !provider.is_on() || (cited.len() as u32) < themes::MIN_PARTICIPATIONS {
        (themes::CheckedThemes::default(), Usage::default())
    } else {
        match ask(app, &provider, input.language, &prompt.user).await {
            Ok((response, usage)) => (themes::check(themes::proposed(&response), &prompt.refs), usage),
            Err(why) => {
                crate::platform::log::error("-", "(themes)", &format!("the themes of {analysis_id} failed: {why}"));
                let mut batch = Batch::new(&database);
                batch.add(FAILED, &[text(analysis_id), int(requested_at)])?;
                batch.run().await?;
                return Ok(());
            }
        }
    };
    if checked.dropped > 0 || checked.unknown_ids > 0 {
        crate::platform::log::warn(
            "-",
            "(themes)",
            &format!(
                "analysis {analysis_id}: dropped {} themes; {} quote ids named no verified quote",
                checked.dropped, checked.unknown_ids
            ),
        );
    }
    let entries: std::collections::BTreeSet<&str> =
        checked.themes.iter().flat_map(|t| t.quotes.iter().map(|q| q.entry_id.as_str())).collect();
    let entries = serde_json::to_string(&entries).map_err(ApiError::internal)?;
    let stored = serde_json::to_string(&checked.themes).map_err(ApiError::internal)?;
    let mut batch = Batch::new(&database);
    batch.add(
        STORE,
        &[
            text(analysis_id),
            int(requested_at),
            text(&stored),
            int(i64::from(checked.dropped)),
            int(i64::from(checked.unknown_ids)),
            text(MODEL),
            int(i64::from(THEMES_PROMPT_VERSION)),
            int(usage.prompt_tokens.min(i64::MAX as u64) as i64),
            int(usage.completion_tokens.min(i64::MAX as u64) as i64),
            int(crate::platform::clock::system_now()),
            text(&entries),
            int(used),
        ],
    )?;
    batch.add(FAILED, &[text(analysis_id), int(requested_at)])?;
    batch.run().await?;
    Ok(())
}

/// The model's answer, tried up to [`TRIES`] times.
async fn ask(
    app: &App,
    provider: &Provider,
    language: Language,
    user: &str,
) -> Result<(serde_json::Value, Usage), String> {
    let mut last = String::new();
    for attempt in 0..TRIES {
        if attempt > 0 {
            let wait = lupa_core::transcript::retry_delay_ms(attempt).max(0) as u64;
            worker::Delay::from(std::time::Duration::from_millis(wait)).await;
        }
        match provider.themes(&app.env, language, user).await {
            Ok(answer) => return Ok(answer),
            Err(CallError::Fail(why)) => return Err(why),
            Err(CallError::Retry(why)) => last = why,
        }
    }
    Err(last)
}
