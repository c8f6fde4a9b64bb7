//! Typed configuration read once per request from `[vars]` and secrets.
//!
//! A missing required key is named in the error (and so in the log) instead of surfacing later as
//! a confusing failure deep inside a handler.

use worker::Env;

use crate::error::ApiError;

/// Everything the worker reads from its environment.
#[derive(Debug, Clone)]
pub struct Config {
    /// Origin users reach us on, e.g. `https://lupa.example`; links in mails are built from it.
    pub public_origin: String,
    /// `local` or `production`; selects the local mail and payment providers.
    pub environment: String,
}

impl Config {
    pub fn from_env(env: &Env) -> Result<Self, ApiError> {
        Ok(Self {
            public_origin: required_var(env, "PUBLIC_ORIGIN")?.trim_end_matches('/').to_string(),
            environment: optional_var(env, "ENVIRONMENT").unwrap_or_else(|| "local".into()),
        })
    }
}

fn optional_var(env: &Env, name: &str) -> Option<String> {
    env.var(name).ok().map(|v| v.to_string()).filter(|v| !v.is_empty())
}

fn required_var(env: &Env, name: &str) -> Result<String, ApiError> {
    optional_var(env, name).ok_or_else(|| ApiError::internal(format!("missing configuration variable {name}")))
}

/// Reads a secret (wrangler secret or `.dev.vars`), naming it when missing.
#[allow(dead_code)]
pub fn required_secret(env: &Env, name: &str) -> Result<String, ApiError> {
    env.secret(name)
        .map(|v| v.to_string())
        .ok()
        .filter(|v| !v.is_empty())
        .ok_or_else(|| ApiError::internal(format!("missing secret {name}")))
}
