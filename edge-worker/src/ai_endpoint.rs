//! Where a Workers AI model runs, for each use of one (speech to text, ADR 0018; summaries, ADR
//! 0021), chosen like mail and payments (ADR 0002) by configuration. The use's own var (e.g.
//! `TRANSCRIBE`, `SUMMARIZE`) says `"workers-ai"`: through the `AI` binding (production,
//! `[env.production.ai]`); `"rest"`: through Cloudflare's REST API with `AI_ACCOUNT_ID` and the
//! `AI_API_TOKEN` secret (a local install that wants real answers; `AI_REST_BASE` points it
//! elsewhere, as the tests do at a stand-in); `"off"` (or nothing, the local default): the use does
//! nothing and sends nothing anywhere. Each use's provider wraps this and builds its own calls.

use worker::Env;

/// Cloudflare's API, unless `AI_REST_BASE` says otherwise.
pub const DEFAULT_REST_BASE: &str = "https://api.cloudflare.com/client/v4";

/// The configured way to a model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Endpoint {
    WorkersAi,
    Rest { base: String, account: String, token: String },
    Off,
}

impl Endpoint {
    /// Reads `var`; `rest` without its account or token is off, and the log says so under `route`
    /// (the use's background route, e.g. "(transcribe)"; `off`: what that means, e.g.
    /// "transcription is off"), never a half-configured endpoint that fails every call.
    pub fn from_var(env: &Env, var: &str, route: &str, off: &str) -> Endpoint {
        match value(env, var).as_deref() {
            Some("workers-ai") => Endpoint::WorkersAi,
            Some("rest") => match (value(env, "AI_ACCOUNT_ID"), value(env, "AI_API_TOKEN")) {
                (Some(account), Some(token)) => Endpoint::Rest {
                    base: value(env, "AI_REST_BASE").unwrap_or_else(|| DEFAULT_REST_BASE.to_string()),
                    account,
                    token,
                },
                _ => {
                    let problem = format!("{var}=rest needs AI_ACCOUNT_ID and AI_API_TOKEN; {off}");
                    crate::platform::log::error("-", route, &problem);
                    Endpoint::Off
                }
            },
            _ => Endpoint::Off,
        }
    }

    pub fn is_on(&self) -> bool {
        *self != Endpoint::Off
    }
}

/// A secret in production; the tests' stand-in passes plain vars.
fn value(env: &Env, name: &str) -> Option<String> {
    env.secret(name)
        .ok()
        .map(|s| s.to_string())
        .or_else(|| env.var(name).ok().map(|v| v.to_string()))
        .filter(|s| !s.is_empty())
}
