//! The speech-to-text provider (ADR 0018), chosen like mail and payments (ADR 0002) by
//! configuration: `TRANSCRIBE = "workers-ai"` runs Whisper through the `AI` binding (production,
//! `[env.production.ai]`); `"rest"` runs the same model through Cloudflare's REST API with
//! `AI_ACCOUNT_ID` and the `AI_API_TOKEN` secret (a local install that wants real transcripts;
//! `AI_REST_BASE` points it elsewhere, as the tests do at a stand-in); `"off"` (or nothing, the
//! local default) transcribes nothing and sends nothing anywhere.
//!
//! The request and the answer are built and read in `lupa_core::transcript`, the same for both.

use lupa_core::transcript::{self, CallError, Language, Output};
use worker::Env;

use crate::http::send_call;

/// Cloudflare's API, unless `AI_REST_BASE` says otherwise.
pub const DEFAULT_REST_BASE: &str = "https://api.cloudflare.com/client/v4";

/// The configured provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Provider {
    WorkersAi,
    Rest { base: String, account: String, token: String },
    Off,
}

pub(crate) fn value(env: &Env, name: &str) -> Option<String> {
    // A secret in production; the tests' stand-in passes plain vars.
    env.secret(name)
        .ok()
        .map(|s| s.to_string())
        .or_else(|| env.var(name).ok().map(|v| v.to_string()))
        .filter(|s| !s.is_empty())
}

impl Provider {
    /// Reads `TRANSCRIBE`; `rest` without its account or token is off (and says so in the log
    /// once per call), never a half-configured provider that fails every window.
    pub fn from_env(env: &Env) -> Provider {
        match value(env, "TRANSCRIBE").as_deref() {
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
                        "(transcribe)",
                        "TRANSCRIBE=rest needs AI_ACCOUNT_ID and AI_API_TOKEN; transcription is off",
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

    /// Transcribes one window (a decodable audio file).
    pub async fn transcribe(&self, env: &Env, audio: &[u8], language: Language) -> Result<Output, CallError> {
        match self {
            Provider::Off => Err(CallError::Fail("transcription is off".into())),
            Provider::Rest { base, account, token } => {
                let call = transcript::rest_request(base, account, token, audio, language);
                match send_call(&call).await {
                    Ok((status, body)) => transcript::rest_response(status, &body),
                    Err(err) => Err(CallError::Retry(err.source.unwrap_or(err.message))),
                }
            }
            Provider::WorkersAi => {
                let ai = env.ai("AI").map_err(|e| CallError::Fail(format!("AI binding: {e}")))?;
                // The binding throws on rate limits and service errors alike: all are retried,
                // up to `transcript::MAX_ATTEMPTS`.
                ai.run::<_, Output>(transcript::MODEL, transcript::model_input(audio, language))
                    .await
                    .map_err(|e| CallError::Retry(e.to_string()))
            }
        }
    }
}
