//! Typed configuration read once per request from `[vars]` and secrets.
//!
//! A missing required key is named in the error (and so in the log) instead of surfacing later as
//! a confusing failure deep inside a handler.

use lupa_core::chunks::Limits;
use lupa_core::deployment::{self, Environment};
use worker::Env;

use crate::error::ApiError;

/// Everything the worker reads from its environment.
#[derive(Debug, Clone)]
pub struct Config {
    /// Origin users reach us on, e.g. `https://lupa.example`; links in mails are built from it.
    pub public_origin: String,
    /// `ENVIRONMENT`: `local` or `production`; `None` for anything else, which is refused (503)
    /// rather than taken for either (ADR 0006).
    pub environment: Option<Environment>,
    /// Whether requests may set their clock (`clock.rs`): `TEST_CLOCK=on`, only when local.
    pub test_clock: bool,
    /// Whether answers say what they cost (`usage.rs`): `TEST_USAGE=on`, only when local.
    pub test_usage: bool,
    /// Whether requests may ask for a failure (`faults.rs`): `TEST_FAULTS=on`, only when local.
    pub test_faults: bool,
    /// A participation's maximum duration and size (`MAX_ENTRY_DURATION_MS`, `MAX_ENTRY_BYTES`).
    pub limits: Limits,
}

impl Config {
    /// Only a known local environment gets the local conveniences (test-mode checkout, test
    /// clock); an unknown one is treated like production where it matters, and refused anyway.
    pub fn is_local(&self) -> bool {
        self.environment == Some(Environment::Local)
    }

    /// Why the worker must not serve, as the 503's message: an unknown `ENVIRONMENT`, or what a
    /// production configuration lacks (`lupa_core::deployment`). `None` when it may serve.
    pub fn misconfiguration(&self, env: &Env) -> Option<String> {
        match self.environment {
            None => Some(deployment::UNKNOWN_ENVIRONMENT_MESSAGE.to_string()),
            Some(Environment::Local) => None,
            Some(Environment::Production) => {
                let transport = optional_var(env, "MEDIA_TRANSPORT");
                let problems = deployment::production_problems(&self.public_origin, transport.as_deref(), |name| {
                    raw_secret(env, name)
                });
                (!problems.is_empty()).then(|| deployment::misconfigured_message(&problems))
            }
        }
    }

    pub fn from_env(env: &Env) -> Result<Self, ApiError> {
        let environment = Environment::parse(optional_var(env, "ENVIRONMENT").as_deref());
        let local = environment == Some(Environment::Local);
        let defaults = Limits::default();
        Ok(Self {
            public_origin: required_var(env, "PUBLIC_ORIGIN")?.trim_end_matches('/').to_string(),
            test_clock: local && optional_var(env, "TEST_CLOCK").as_deref() == Some("on"),
            test_usage: local && optional_var(env, "TEST_USAGE").as_deref() == Some("on"),
            // Never in production: `local` is false there whatever the variables say.
            test_faults: local && optional_var(env, "TEST_FAULTS").as_deref() == Some("on"),
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
        .map(|v| {
            v.trim()
                .parse::<i64>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| ApiError::internal(format!("configuration variable {name} is not a positive integer")))
        })
        .transpose()
}

fn required_var(env: &Env, name: &str) -> Result<String, ApiError> {
    optional_var(env, name).ok_or_else(|| ApiError::internal(format!("missing configuration variable {name}")))
}

/// A secret (wrangler secret or `.dev.vars`) when it is set; an empty one counts as unset.
pub fn optional_secret(env: &Env, name: &str) -> Option<String> {
    deployment::read_secret(raw_secret(env, name))
}

/// A secret's value as stored, for [`deployment::read_secret`] (here and in the production check).
fn raw_secret(env: &Env, name: &str) -> Option<String> {
    env.secret(name).ok().map(|v| v.to_string())
}

/// Reads a secret (wrangler secret or `.dev.vars`), naming it when missing.
pub fn required_secret(env: &Env, name: &str) -> Result<String, ApiError> {
    optional_secret(env, name).ok_or_else(|| ApiError::internal(format!("missing secret {name}")))
}
