//! Making a participation's summary (ADR 0021): read what the prompt needs in one batch, ask the
//! model (a few tries), keep only what the evidence check verifies, store it. Run by the
//! participation's object once its transcript is complete (`ledger::object::alarm`), and after
//! the answer of 'Regenerar'.
//!
//! What the check rejected is logged by reason and time, never by its words: a quote is what a
//! participant said, which stays in D1 with the transcript, not in the logs.

use lupa_core::ai_summary::evidence::{self, Checked};
use lupa_core::ai_summary::model::CallError;
use lupa_core::ai_summary::prompt::{PromptInput, Success, TaskOutcome};
use lupa_core::ai_summary::{MODEL, PROMPT_VERSION};
use lupa_core::transcript::{Language, Setting};
use serde::Deserialize;

use super::provider::Provider;
use crate::error::{ApiError, ApiResult};
use crate::platform::db::{db, int, text, Batch};
use crate::App;

/// Tries of one summary: a rate limit, a failing service or "JSON Mode couldn't be met" is tried
/// again after 2 s, then 4 s.
const TRIES: u32 = 3;

pub(crate) const STATE: &str = "SELECT e.status, e.steps_json, e.transcript_completed_at, a.scenario, \
     a.transcription_enabled, a.transcription_language, a.summaries_enabled \
     FROM analysis_entries e JOIN analyses a ON a.id = e.analysis_id WHERE e.id = ?1";
const TASKS: &str =
    "SELECT t.content AS value FROM analysis_tasks t JOIN analysis_entries e ON e.analysis_id = t.analysis_id \
     WHERE e.id = ?1 ORDER BY t.position";
const ANSWERS: &str = "SELECT task_index, seq, success FROM task_answers WHERE entry_id = ?1";
/// The notes a prompt carries at most (a recording rarely has more than a few dozen).
const NOTES: &str = "SELECT at_ms, text FROM entry_notes WHERE entry_id = ?1 ORDER BY at_ms LIMIT 200";
/// 'pending' for a submitted entry: a new summary, or a regeneration (the last findings stay
/// shown meanwhile).
pub(crate) const MARK_PENDING: &str = "INSERT INTO entry_summaries (entry_id, analysis_id, status, requested_at) \
     SELECT e.id, e.analysis_id, 'pending', ?2 FROM analysis_entries e WHERE e.id = ?1 AND e.status = 'submitted' \
     ON CONFLICT (entry_id) DO UPDATE SET status = 'pending', requested_at = excluded.requested_at";
/// Stored only while it is still the summary asked for: a later 'Regenerar' wins, and a deleted
/// entry took its row with it.
const STORE: &str = "UPDATE entry_summaries SET status = 'complete', findings_json = ?3, dropped_findings = ?4, \
     proposed_quotes = ?5, verified_quotes = ?6, model = ?7, prompt_version = ?8, input_tokens = ?9, output_tokens = ?10, \
     created_at = ?11 WHERE entry_id = ?1 AND requested_at = ?2";
const FAILED: &str = "UPDATE entry_summaries SET status = 'failed' WHERE entry_id = ?1 AND requested_at = ?2";

#[derive(Deserialize)]
pub(crate) struct StateRow {
    pub status: String,
    pub steps_json: Option<String>,
    pub transcript_completed_at: Option<i64>,
    pub scenario: Option<String>,
    pub transcription_enabled: i64,
    pub transcription_language: String,
    pub summaries_enabled: i64,
}

impl StateRow {
    pub fn setting(&self) -> Setting {
        Setting {
            enabled: self.transcription_enabled != 0,
            language: Language::parse(&self.transcription_language).unwrap_or_default(),
            summaries: self.summaries_enabled != 0,
        }
    }

    /// A summary is owed to a submitted participation with a complete transcript whose analysis
    /// summarises.
    pub fn owed(&self) -> bool {
        self.status == "submitted" && self.transcript_completed_at.is_some() && self.setting().summarises()
    }
}

#[derive(Deserialize)]
struct AnswerRow {
    task_index: i64,
    seq: i64,
    success: String,
}

#[derive(Deserialize)]
struct NoteRow {
    at_ms: i64,
    text: String,
}

/// Makes the summary of `entry_id` asked for at `requested_at`; `mark`: the caller has not marked
/// it pending yet (the object, when the transcript completes). Nothing happens for a
/// participation no summary is owed to, or without a provider. `true` when a summary with
/// findings was stored (the analysis's themes may change).
pub async fn run(app: &App, entry_id: &str, requested_at: i64, mark: bool) -> ApiResult<bool> {
    let provider = Provider::from_env(&app.env);
    if !provider.is_on() {
        return Ok(false);
    }
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let state = batch.add(STATE, &[text(entry_id)])?;
    let tasks = batch.add(TASKS, &[text(entry_id)])?;
    let answers = batch.add(ANSWERS, &[text(entry_id)])?;
    let notes = batch.add(NOTES, &[text(entry_id)])?;
    let windows = batch.add(crate::transcripts::WINDOWS, &[text(entry_id)])?;
    let results = batch.run().await?;
    let Some(state) = results.first::<StateRow>(state)?.filter(StateRow::owed) else { return Ok(false) };
    if mark {
        let mut batch = Batch::new(&database);
        batch.add(MARK_PENDING, &[text(entry_id), int(requested_at)])?;
        batch.run().await?;
    }
    let answers = results.all::<AnswerRow>(answers)?;
    let outcome = |index: usize| answers.iter().find(|a| a.task_index == index as i64);
    let input = PromptInput {
        language: state.setting().language,
        scenario: state.scenario.clone(),
        tasks: results
            .values::<String>(tasks)?
            .into_iter()
            .enumerate()
            .map(|(i, content)| TaskOutcome {
                content,
                success: outcome(i).and_then(|a| Success::parse(&a.success)),
                seq: outcome(i).and_then(|a| u8::try_from(a.seq).ok()),
            })
            .collect(),
        steps: crate::transcripts::steps(state.steps_json.as_deref()),
        notes: results.all::<NoteRow>(notes)?.into_iter().map(|n| (n.at_ms, n.text)).collect(),
        lines: crate::transcripts::stored_lines(results.values(windows)?),
    };
    let task_count = input.tasks.len() as u32;
    // Nothing said, nothing to summarise: no call.
    let (checked, usage) = if input.lines.is_empty() {
        (Checked::default(), Default::default())
    } else {
        match ask(app, &provider, &input).await {
            Ok(answer) => (evidence::check(answer.proposal, &input.lines, task_count), answer.usage),
            Err(why) => {
                crate::platform::log::error("-", "(summarize)", &format!("the summary of {entry_id} failed: {why}"));
                let mut batch = Batch::new(&database);
                batch.add(FAILED, &[text(entry_id), int(requested_at)])?;
                batch.run().await?;
                return Ok(false);
            }
        }
    };
    for rejection in &checked.rejections {
        let at = rejection.quote.as_ref().map_or(String::from("-"), |q| format!("{}-{} ms", q.start_ms, q.end_ms));
        crate::platform::log::warn(
            "-",
            "(summarize)",
            &format!(
                "entry {entry_id}, task {}: dropped a quote at {at}: {}",
                rejection.task_number,
                rejection.reason.as_str()
            ),
        );
    }
    let findings = serde_json::to_string(&checked.tasks).map_err(ApiError::internal)?;
    let mut batch = Batch::new(&database);
    let stored = batch.add(
        STORE,
        &[
            text(entry_id),
            int(requested_at),
            text(&findings),
            int(i64::from(checked.dropped_findings)),
            int(i64::from(checked.proposed_quotes)),
            int(i64::from(checked.verified_quotes)),
            text(MODEL),
            int(i64::from(PROMPT_VERSION)),
            int(usage.prompt_tokens.min(i64::MAX as u64) as i64),
            int(usage.completion_tokens.min(i64::MAX as u64) as i64),
            int(crate::platform::clock::system_now()),
        ],
    )?;
    let stored = batch.run().await?.changes(stored)? > 0;
    Ok(stored && !checked.tasks.is_empty())
}

/// The model's answer, tried up to [`TRIES`] times.
async fn ask(
    app: &App,
    provider: &Provider,
    input: &PromptInput,
) -> Result<lupa_core::ai_summary::model::Answer, String> {
    let mut last = String::new();
    for attempt in 0..TRIES {
        if attempt > 0 {
            let wait = lupa_core::transcript::retry_delay_ms(attempt).max(0) as u64;
            worker::Delay::from(std::time::Duration::from_millis(wait)).await;
        }
        match provider.summarize(&app.env, input).await {
            Ok(answer) => return Ok(answer),
            Err(CallError::Fail(why)) => return Err(why),
            Err(CallError::Retry(why)) => last = why,
        }
    }
    Err(last)
}
