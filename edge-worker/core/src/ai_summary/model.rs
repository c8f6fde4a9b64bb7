//! The text-generation call in Workers AI's documented shape, and reading its answer.
//!
//! Input (the binding's `env.AI.run(MODEL, input)` and the REST body alike): `{messages: [{role,
//! content}], response_format: {type: "json_schema", json_schema}, max_tokens, temperature}`
//! (developers.cloudflare.com/workers-ai/json-mode). Output through the binding: `{response,
//! usage: {prompt_tokens, completion_tokens, total_tokens}}`, where in JSON mode `response` is the
//! object itself (some models give it as a JSON string, read too); through the REST API
//! (`POST …/accounts/{account}/ai/run/{model}`) it is wrapped in `{result, success, errors,
//! messages}`. JSON mode does not stream, and a model that cannot meet the schema answers an error
//! ("JSON Mode couldn't be met"), which is worth one more try. Tested against recorded fixtures
//! (`fixtures/ai-text-*.json`).
//!
//! The input is built as a JSON text, not a Rust value handed to the binding: the schema is a
//! map, which the binding's conversion would turn into a JS `Map` instead of an object.

use serde_json::{json, Value};

use super::prompt::{response_schema, system_message, user_message, PromptInput};
use super::{Finding, Proposal, Quote, TaskFindings, MODEL};
use crate::mail::HttpCall;
pub use crate::transcript::CallError;

/// Enough for 4 findings with 3 quotes each on a dozen tasks.
pub const MAX_TOKENS: u32 = 4_096;
/// Low: findings should read the same on a regeneration, and quotes be copied, not written.
pub const TEMPERATURE: f64 = 0.2;

/// The model's input as JSON.
pub fn model_input(input: &PromptInput) -> Value {
    json!({
        "messages": [
            {"role": "system", "content": system_message(input.language)},
            {"role": "user", "content": user_message(input)}
        ],
        "response_format": {"type": "json_schema", "json_schema": response_schema()},
        "max_tokens": MAX_TOKENS,
        "temperature": TEMPERATURE
    })
}

/// The REST call: `POST {base}/accounts/{account}/ai/run/{MODEL}` with a bearer token.
pub fn rest_request(base: &str, account: &str, token: &str, input: &PromptInput) -> HttpCall {
    rest_call(base, account, token, model_input(input).to_string())
}

/// The REST call of any input to [`MODEL`] (a summary's, the themes').
pub fn rest_call(base: &str, account: &str, token: &str, body: String) -> HttpCall {
    HttpCall {
        method: "POST",
        url: format!("{}/accounts/{account}/ai/run/{MODEL}", base.trim_end_matches('/')),
        headers: vec![
            ("Authorization".into(), format!("Bearer {token}")),
            ("Content-Type".into(), "application/json".into()),
        ],
        body,
    }
}

/// Tokens the call cost, as the answer reports them (0 when it doesn't).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
}

/// A read answer: the proposal and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub proposal: Proposal,
    pub usage: Usage,
}

const JSON_MODE_FAILED: &str = "JSON Mode couldn't be met";

/// Reads a REST answer: `{result, success, errors, messages}` around the model's output.
pub fn rest_response(status: u16, body: &str) -> Result<Answer, CallError> {
    let (response, usage) = rest_value(status, body)?;
    Ok(Answer { proposal: proposal(&response), usage })
}

/// Reads the model's output as the binding returns it (`{response, usage}`).
pub fn binding_output(value: Value) -> Result<Answer, CallError> {
    let (response, usage) = binding_value(value)?;
    Ok(Answer { proposal: proposal(&response), usage })
}

/// A REST answer's response object and usage, whatever the schema (summaries and themes alike).
pub fn rest_value(status: u16, body: &str) -> Result<(Value, Usage), CallError> {
    if status == 429 || status >= 500 {
        return Err(CallError::Retry(format!("workers ai answered {status}")));
    }
    let value: Value = serde_json::from_str(body)
        .map_err(|_| CallError::Retry(format!("workers ai answered {status} with a non-JSON body")))?;
    let success = value.get("success").and_then(Value::as_bool).unwrap_or(false);
    if !(200..300).contains(&status) || !success {
        let errors = value.get("errors").map(ToString::to_string).unwrap_or_default();
        let why = format!("workers ai answered {status}: {errors}");
        return Err(if errors.contains(JSON_MODE_FAILED) { CallError::Retry(why) } else { CallError::Fail(why) });
    }
    binding_value(value.get("result").cloned().unwrap_or(Value::Null))
}

/// The binding's output's response object and usage, whatever the schema.
pub fn binding_value(value: Value) -> Result<(Value, Usage), CallError> {
    let usage = value.get("usage").map_or(Usage::default(), |u| Usage {
        prompt_tokens: u.get("prompt_tokens").and_then(Value::as_u64).unwrap_or(0),
        completion_tokens: u.get("completion_tokens").and_then(Value::as_u64).unwrap_or(0),
    });
    let response = match value.get("response") {
        Some(Value::String(text)) => serde_json::from_str(strip_fence(text))
            .map_err(|_| CallError::Retry("the model's response is not JSON".into()))?,
        Some(object @ Value::Object(_)) => object.clone(),
        _ => return Err(CallError::Fail("the model's output has no response".into())),
    };
    Ok((response, usage))
}

/// A response written as a Markdown code block (```json … ```) is read as its contents.
fn strip_fence(text: &str) -> &str {
    let t = text.trim();
    match t.strip_prefix("```") {
        Some(rest) => rest.trim_start_matches("json").trim_end_matches("```").trim(),
        None => t,
    }
}

fn int(value: Option<&Value>) -> Option<i64> {
    let v = value?;
    v.as_i64().or_else(|| v.as_f64().filter(|f| f.is_finite()).map(|f| f.round() as i64))
}

fn text(value: Option<&Value>) -> String {
    value.and_then(Value::as_str).unwrap_or_default().to_string()
}

fn items(value: Option<&Value>) -> &[Value] {
    value.and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

/// The proposal in a response, read leniently: whatever does not fit the schema (a task with no
/// number, a quote without times) is left out here, and a finding left without quotes is then
/// dropped and counted by the check like any other.
pub fn proposal(response: &Value) -> Proposal {
    let tasks = items(response.get("tasks"))
        .iter()
        .filter_map(|task| {
            let task_number = u32::try_from(int(task.get("taskNumber"))?).ok()?;
            let findings = items(task.get("findings"))
                .iter()
                .map(|f| Finding {
                    text: text(f.get("text")),
                    quotes: items(f.get("quotes"))
                        .iter()
                        .filter_map(|q| {
                            Some(Quote {
                                start_ms: int(q.get("startMs"))?,
                                end_ms: int(q.get("endMs"))?,
                                text: text(q.get("text")),
                            })
                        })
                        .collect(),
                })
                .collect();
            Some(TaskFindings { task_number, findings })
        })
        .collect();
    Proposal { tasks }
}
