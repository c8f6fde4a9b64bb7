//! The text-generation provider for AI summaries (ADR 0021): the model where `SUMMARIZE` says
//! (`crate::ai_endpoint`: the `AI` binding, the REST API, or off), as for speech to text. The
//! request and the answer are built and read in `lupa_core::ai_summary::model`, the same for both.

use lupa_core::ai_summary::model::{self, Answer, CallError, Usage};
use lupa_core::ai_summary::prompt::PromptInput;
use lupa_core::ai_summary::themes;
use lupa_core::ai_summary::MODEL;
use lupa_core::transcript::Language;
use serde_json::Value;
use wasm_bindgen::JsCast;
use worker::Env;

use crate::ai_endpoint::Endpoint;
use crate::http::send_call;

/// The configured provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Provider(Endpoint);

impl Provider {
    /// Reads `SUMMARIZE`.
    pub fn from_env(env: &Env) -> Provider {
        Provider(Endpoint::from_var(env, "SUMMARIZE", "(summarize)", "summaries are off"))
    }

    pub fn is_on(&self) -> bool {
        self.0.is_on()
    }

    /// Asks the model for a participation's findings.
    pub async fn summarize(&self, env: &Env, input: &PromptInput) -> Result<Answer, CallError> {
        match &self.0 {
            Endpoint::Off => Err(CallError::Fail("summaries are off".into())),
            Endpoint::Rest { base, account, token } => {
                let call = model::rest_request(base, account, token, input);
                match send_call(&call).await {
                    Ok((status, body)) => model::rest_response(status, &body),
                    Err(err) => Err(CallError::Retry(err.source.unwrap_or(err.message))),
                }
            }
            Endpoint::WorkersAi => {
                let ai = env.ai("AI").map_err(|e| CallError::Fail(format!("AI binding: {e}")))?;
                let output = run_binding(ai.as_ref(), &model::model_input(input).to_string()).await?;
                model::binding_output(output)
            }
        }
    }
}

impl Provider {
    /// Asks the model for an analysis's themes (`lupa_core::ai_summary::themes`): the response
    /// object and what it cost.
    pub async fn themes(&self, env: &Env, language: Language, user: &str) -> Result<(Value, Usage), CallError> {
        match &self.0 {
            Endpoint::Off => Err(CallError::Fail("summaries are off".into())),
            Endpoint::Rest { base, account, token } => {
                let call = themes::rest_request(base, account, token, language, user);
                match send_call(&call).await {
                    Ok((status, body)) => model::rest_value(status, &body),
                    Err(err) => Err(CallError::Retry(err.source.unwrap_or(err.message))),
                }
            }
            Endpoint::WorkersAi => {
                let ai = env.ai("AI").map_err(|e| CallError::Fail(format!("AI binding: {e}")))?;
                let output = run_binding(ai.as_ref(), &themes::model_input(language, user).to_string()).await?;
                model::binding_value(output)
            }
        }
    }
}

/// `env.AI.run(MODEL, input)` with the input parsed from JSON by JavaScript, so the schema stays a
/// plain object (`ai.run`'s serde conversion would make its maps JS `Map`s), and the output read
/// back as JSON. The binding throws on rate limits and service errors alike: all are retried.
async fn run_binding(ai: &wasm_bindgen::JsValue, input_json: &str) -> Result<serde_json::Value, CallError> {
    let fail = |what: &str| CallError::Fail(format!("AI binding: {what}"));
    let input = js_sys::JSON::parse(input_json).map_err(|_| fail("input is not JSON"))?;
    let run = js_sys::Reflect::get(ai, &"run".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .ok_or_else(|| fail("no run method"))?;
    let promise = run
        .call2(ai, &MODEL.into(), &input)
        .ok()
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
        .ok_or_else(|| fail("run did not return a promise"))?;
    let output = wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|e| CallError::Retry(format!("AI binding: {}", js_sys::Error::from(e).message())))?;
    let text = js_sys::JSON::stringify(&output).ok().and_then(|s| s.as_string()).ok_or_else(|| fail("output"))?;
    serde_json::from_str(&text).map_err(|_| fail("output is not JSON"))
}
