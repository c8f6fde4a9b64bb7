//! AI summaries of a participation (issue 47, ADR 0021): the findings per task that the
//! evidence check verified, read by whoever may watch the recording (observers too), and made
//! again on 'Regenerar' by researchers (the route's need, `lupa_core::team::need`). A summary is
//! made by the participation's object once the transcript is complete (`generate::run`).

pub mod generate;
pub mod provider;
pub mod theme_reel;
pub mod themes;

use lupa_api_types::{EntrySummaryResponse, SummaryFindingDto, SummaryQuoteDto, SummaryStatus, SummaryTaskDto};
use lupa_core::ai_summary::TaskFindings;
use serde::Deserialize;
use worker::Response;

use crate::auth::sessions::SessionUser;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::json;
use crate::platform::db::{int, text};
use crate::App;
use generate::StateRow;
use provider::Provider;

/// A summary still 'pending' this long after it was asked for was lost (the work after an answer
/// has a time limit): it shows as failed, and 'Regenerar' asks again.
const LOST_AFTER_MS: i64 = 10 * 60 * 1000;

const ROW: &str = "SELECT status, findings_json, dropped_findings, model, prompt_version, created_at, requested_at \
     FROM entry_summaries WHERE entry_id = ?1";

#[derive(Deserialize)]
struct SummaryRow {
    status: String,
    findings_json: String,
    dropped_findings: i64,
    model: Option<String>,
    prompt_version: Option<i64>,
    created_at: Option<i64>,
    requested_at: i64,
}

fn answer(app: &App, state: &StateRow, row: Option<SummaryRow>) -> EntrySummaryResponse {
    let empty = |status| EntrySummaryResponse {
        status,
        tasks: Vec::new(),
        droppedFindings: 0,
        model: None,
        promptVersion: None,
        createdAt: None,
    };
    if !Provider::from_env(&app.env).is_on() {
        return empty(SummaryStatus::Unavailable);
    }
    if !state.setting().summarises() {
        return empty(SummaryStatus::Disabled);
    }
    let Some(row) = row else { return empty(SummaryStatus::Pending) };
    let status = match row.status.as_str() {
        "complete" => SummaryStatus::Complete,
        "pending" if app.now() - row.requested_at < LOST_AFTER_MS => SummaryStatus::Pending,
        _ => SummaryStatus::Failed,
    };
    let tasks: Vec<TaskFindings> = serde_json::from_str(&row.findings_json).unwrap_or_default();
    EntrySummaryResponse {
        status,
        tasks: tasks
            .into_iter()
            .map(|t| SummaryTaskDto {
                taskNumber: t.task_number,
                findings: t
                    .findings
                    .into_iter()
                    .map(|f| SummaryFindingDto {
                        text: f.text,
                        quotes: f
                            .quotes
                            .into_iter()
                            .map(|q| SummaryQuoteDto { startMs: q.start_ms, endMs: q.end_ms, text: q.text })
                            .collect(),
                    })
                    .collect(),
            })
            .collect(),
        droppedFindings: u32::try_from(row.dropped_findings).unwrap_or(0),
        model: row.model,
        promptVersion: row.prompt_version.and_then(|v| u32::try_from(v).ok()),
        createdAt: row.created_at,
    }
}

/// `GET /api/v1/entry/{id}/summary`: the session, then the entry with its state and summary (two
/// round trips).
pub async fn get(app: &App, user: &SessionUser, entry_id: &str) -> ApiResult<Response> {
    let (_entry, results, (state, row)) = crate::recordings::owned_entry_with(app, user, entry_id, |batch| {
        Ok((batch.add(generate::STATE, &[text(entry_id)])?, batch.add(ROW, &[text(entry_id)])?))
    })
    .await?;
    let state = results.first::<StateRow>(state)?.ok_or_else(ApiError::not_found)?;
    json(200, &answer(app, &state, results.first::<SummaryRow>(row)?))
}

/// `POST /api/v1/entry/{id}/summary` ('Regenerar'): the session, the entry with its state, then
/// marking it pending (three round trips); the summary is made after the answer, 202.
pub async fn regenerate(app: &App, user: &SessionUser, entry_id: &str) -> ApiResult<Response> {
    let (_entry, results, state) =
        crate::recordings::owned_entry_with(app, user, entry_id, |batch| batch.add(generate::STATE, &[text(entry_id)]))
            .await?;
    let state = results.first::<StateRow>(state)?.ok_or_else(ApiError::not_found)?;
    if !Provider::from_env(&app.env).is_on() {
        return Err(ApiError::from(Fixed::SummariesUnavailable));
    }
    if !state.setting().summarises() {
        return Err(ApiError::from(Fixed::SummariesOff));
    }
    if !state.owed() {
        return Err(ApiError::from(Fixed::SummaryNotReady));
    }
    let requested_at = app.now();
    let database = crate::platform::db::db(app)?;
    let mut batch = crate::platform::db::Batch::new(&database);
    batch.add(generate::MARK_PENDING, &[text(entry_id), int(requested_at)])?;
    let row = batch.add(ROW, &[text(entry_id)])?;
    let row = batch.run().await?.first::<SummaryRow>(row)?;
    let (background, id) = (app.detached(), entry_id.to_string());
    app.wait_until(async move {
        if let Err(err) = generate::run(&background, &id, requested_at, false).await {
            crate::platform::log::error("-", "(summarize)", err.source.as_deref().unwrap_or(&err.message));
        }
        background.log_usage("summarize");
    });
    json(202, &answer(app, &state, row))
}

/// A stored summary's verified quotes, each with its task and finding, in order (the CSV export's
/// `finding` rows). Task numbers start at 1.
pub fn quotes_of(findings_json: &str) -> Vec<(u32, String, lupa_core::ai_summary::Quote)> {
    let tasks: Vec<TaskFindings> = serde_json::from_str(findings_json).unwrap_or_default();
    tasks
        .into_iter()
        .filter(|t| t.task_number >= 1)
        .flat_map(|t| {
            t.findings.into_iter().flat_map(move |f| {
                let text = f.text;
                f.quotes.into_iter().map(move |q| (t.task_number, text.clone(), q))
            })
        })
        .collect()
}

/// After the transcript completes (the participation's object): makes the summary, then, once a
/// summary was stored, the analysis's themes after their debounce; a failure is logged and the
/// object goes on either way.
pub async fn after_transcript(app: &App, entry_id: &str, analysis_id: &str) {
    match generate::run(app, entry_id, crate::platform::clock::system_now(), true).await {
        Ok(true) => {
            if let Err(err) = themes::after_summary(app, analysis_id).await {
                crate::platform::log::error("-", "(themes)", err.source.as_deref().unwrap_or(&err.message));
            }
        }
        Ok(false) => {}
        Err(err) => crate::platform::log::error("-", "(summarize)", err.source.as_deref().unwrap_or(&err.message)),
    }
}
