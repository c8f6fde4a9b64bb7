//! AI summaries of a participation (issue 47, ADR 0021): for each task, a few findings, each
//! citing what the participant said. A language model proposes them; this module decides what is
//! shown. Nothing the model writes is trusted: a quote is kept only when its words are in the
//! transcript at the time it claims ([`evidence`]), and a finding left with no quote is dropped.
//!
//! - [`prompt`]: what the model is told (per task: the outcome, the SEQ, the notes, the steps and
//!   the transcript's lines with their times), and the JSON schema its answer must follow;
//! - [`model`]: the text-generation call in Workers AI's documented shape (binding and REST) and
//!   reading its answer, tested against recorded fixtures (`fixtures/ai-text-*.json`);
//! - [`evidence`]: the check;
//! - [`themes`]: an analysis's themes, made from the summaries' verified quotes, cited by id.

pub mod evidence;
pub mod model;
pub mod prompt;
pub mod themes;

use serde::{Deserialize, Serialize};

/// The model every provider runs (ADR 0021: 131k tokens of context, JSON mode, the cheapest of
/// the large models on Workers AI).
pub const MODEL: &str = "@cf/meta/llama-4-scout-17b-16e-instruct";
/// Workers AI's list prices for [`MODEL`], USD per million tokens (2026-11).
pub const PRICE_IN_PER_MILLION_USD: f64 = 0.27;
pub const PRICE_OUT_PER_MILLION_USD: f64 = 0.85;
/// Bumped whenever the prompt or the schema changes, so a stored summary says what made it.
pub const PROMPT_VERSION: u32 = 1;

/// Findings per task and quotes per finding the model may propose; more are cut off.
pub const MAX_FINDINGS_PER_TASK: usize = 4;
pub const MAX_QUOTES_PER_FINDING: usize = 3;
/// How far a quote's time range is widened on each side before its lines are looked up.
pub const SLACK_MS: i64 = 2_000;
/// Longest text kept from the model (a finding, a quote), in characters.
pub const MAX_TEXT_CHARS: usize = 600;

/// A quote as the model proposes it and as it is stored once verified: what was said, and when on
/// the recording's timeline.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    pub start_ms: i64,
    pub end_ms: i64,
    pub text: String,
}

/// One finding: a sentence about what happened, and the quotes it stands on.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Finding {
    pub text: String,
    pub quotes: Vec<Quote>,
}

/// A task's findings (`task_number` from 1, as everywhere).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TaskFindings {
    pub task_number: u32,
    pub findings: Vec<Finding>,
}

/// The model's whole answer, as the JSON schema asks for it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Proposal {
    pub tasks: Vec<TaskFindings>,
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod themes_tests;
