//! The text-generation provider for AI summaries (ADR 0021), chosen like the speech-to-text one
//! (ADR 0018) by a var: `SUMMARIZE = "workers-ai"` runs the model through the `AI` binding
//! (production), `"rest"` through Cloudflare's REST API with `AI_ACCOUNT_ID` and the `AI_API_TOKEN`
//! secret (`AI_REST_BASE` points it elsewhere, as the tests do at a stand-in), and `"off"` (or
//! nothing, the local default) summarises nothing and sends nothing anywhere.
//!
//! The request and the answer are built and read in `lupa_core::ai_summary::model`, the same for
//! both.

use lupa_core::ai_summary::model::{self, Answer, CallError};
use lupa_core::ai_summary::prompt::PromptInput;
use lupa_core::ai_summary::MODEL;
use wasm_bindgen::JsCast;
use worker::Env;

use crate::http::send_call;
use crate::transcripts::provider::{value, DEFAULT_REST_BASE};

/// The configured provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Provider {
    WorkersAi,
    Rest { base: String, account: String, token: String },
    Off,
}

impl Provider {
    /// Reads `SUMMARIZE`; `rest` without its account or token is off (logged), never a
    /// half-configured provider that fails every summary.
    pub fn from_env(env: &Env) -> Provider {
        match value(env, "SUMMARIZE").as_deref() {
            Some("workers-ai") => Provider::WorkersAi,
            Some("rest") => match (value(env, "AI_ACCOUNT_ID"), value(env, "AI_API_TOKEN")) {
                (Some(account), Some(token)) => Provider::Rest {
                    base: value(env, "AI_REST_BASE").unwrap_or_else(|| DEFAULT_REST_BASE.to_string()),
                    account,
                    token,
                },
                _ => {
                    crate::log::error(
                        "-",
                        "(summarize)",
                        "SUMMARIZE=rest needs AI_ACCOUNT_ID and AI_API_TOKEN; summaries are off",
                    );
                    Provider::Off
                }
            },
            _ => Provider::Off,
        }
    }

    pub fn is_on(&self) -> bool {
        *self != Provider::Off
    }

    /// Asks the model for a participation's findings.
    pub async fn summarize(&self, env: &Env, input: &PromptInput) -> Result<Answer, CallError> {
        match self {
            Provider::Off => Err(CallError::Fail("summaries are off".into())),
            Provider::Rest { base, account, token } => {
                let call = model::rest_request(base, account, token, input);
                match send_call(&call).await {
                    Ok((status, body)) => model::rest_response(status, &body),
                    Err(err) => Err(CallError::Retry(err.source.unwrap_or(err.message))),
                }
            }
            Provider::WorkersAi => {
                let ai = env.ai("AI").map_err(|e| CallError::Fail(format!("AI binding: {e}")))?;
                let output = run_binding(ai.as_ref(), &model::model_input(input).to_string()).await?;
                model::binding_output(output)
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
