//! Typed configuration read once per request from `[vars]` and secrets.
//!
//! A missing required key is named in the error (and so in the log) instead of surfacing later as
//! a confusing failure deep inside a handler.

use lupa_core::chunks::Limits;
use worker::Env;

use crate::error::ApiError;

/// Everything the worker reads from its environment.
#[derive(Debug, Clone)]
pub struct Config {
    /// Origin users reach us on, e.g. `https://lupa.example`; links in mails are built from it.
    pub public_origin: String,
    /// `local` or `production`; selects the local mail and payment providers.
    pub environment: String,
    /// Whether requests may set their clock (`clock.rs`): `TEST_CLOCK=on`, never in production.
    pub test_clock: bool,
    /// Whether answers say what they cost (`usage.rs`): `TEST_USAGE=on`, never in production.
    pub test_usage: bool,
    /// A participation's maximum duration and size (`MAX_ENTRY_DURATION_MS`, `MAX_ENTRY_BYTES`).
    pub limits: Limits,
}

impl Config {
    pub fn is_production(&self) -> bool {
        self.environment == "production"
    }

    /// In production, what is missing or wrong (`lupa_core::deployment`); empty elsewhere.
    pub fn production_problems(&self, env: &Env) -> Vec<String> {
        if !self.is_production() {
            return Vec::new();
        }
        let is_set = |name: &str| env.secret(name).ok().map(|v| v.to_string()).is_some_and(|v| !v.trim().is_empty());
        lupa_core::deployment::production_problems(&self.public_origin, is_set)
    }

    pub fn from_env(env: &Env) -> Result<Self, ApiError> {
        let environment = optional_var(env, "ENVIRONMENT").unwrap_or_else(|| "local".into());
        let defaults = Limits::default();
        Ok(Self {
            public_origin: required_var(env, "PUBLIC_ORIGIN")?.trim_end_matches('/').to_string(),
            test_clock: environment != "production" && optional_var(env, "TEST_CLOCK").as_deref() == Some("on"),
            test_usage: environment != "production" && optional_var(env, "TEST_USAGE").as_deref() == Some("on"),
            limits: Limits {
                max_duration_ms: number_var(env, "MAX_ENTRY_DURATION_MS")?.unwrap_or(defaults.max_duration_ms),
                max_bytes: number_var(env, "MAX_ENTRY_BYTES")?.unwrap_or(defaults.max_bytes),
            },
            environment,
        })
    }
}

fn optional_var(env: &Env, name: &str) -> Option<String> {
    env.var(name).ok().map(|v| v.to_string()).filter(|v| !v.is_empty())
}

/// A positive integer variable; a value that is not one is a configuration error, named.
fn number_var(env: &Env, name: &str) -> Result<Option<i64>, ApiError> {
    optional_var(env, name)
        .map(|v| v.trim().parse::<i64>().ok().filter(|n| *n > 0).ok_or_else(|| ApiError::internal(format!("configuration variable {name} is not a positive integer"))))
        .transpose()
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
