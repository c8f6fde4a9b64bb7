//! Lupa's Cloudflare Worker: the JSON API under `/api/v1`.
//!
//! Static assets and the SPA are served by the `[assets]` binding before this code runs; only
//! `/api/*` reaches it (`run_worker_first`). Each request is resolved against the core route table,
//! dispatched to a handler, and logged once as structured JSON with a request id.

mod config;
mod error;
mod health;
mod http;
mod log;
mod random;

use lupa_core::routes::{resolve, Resolution, RouteId};
use worker::{event, Context, Date, Env, Request, Response, Result};

use crate::config::Config;
use crate::error::{ApiError, ApiResult};

#[event(fetch)]
pub async fn fetch(req: Request, env: Env, _ctx: Context) -> Result<Response> {
    let started = Date::now().as_millis();
    let request_id = log::request_id();
    let method = req.method().to_string();
    let path = req.path();

    let (route, outcome) = match Config::from_env(&env) {
        Ok(config) => {
            let app = App { env, config };
            dispatch(req, &app, &method, &path).await
        }
        Err(err) => ("(config)", Err(err)),
    };
    let mut response = match outcome {
        Ok(resp) => resp,
        Err(err) => {
            if let Some(source) = &err.source {
                log::error(&request_id, route, source);
            }
            err.to_response()
        }
    };
    let headers = response.headers_mut();
    // API answers carry per-user data: never let a cache keep them.
    headers.set("cache-control", "no-store")?;
    headers.set("x-request-id", &request_id)?;
    log::access(&request_id, &method, route, response.status_code(), Date::now().as_millis().saturating_sub(started));
    Ok(response)
}

/// What every handler gets: the bindings and the typed configuration.
pub struct App {
    pub env: Env,
    pub config: Config,
}

/// Resolves and runs the handler; returns the route pattern for the log.
async fn dispatch(req: Request, app: &App, method: &str, path: &str) -> (&'static str, ApiResult<Response>) {
    let matched = match resolve(method, path) {
        Resolution::Found(m) => m,
        Resolution::MethodNotAllowed(_) => return ("(method-not-allowed)", Err(ApiError::method_not_allowed())),
        Resolution::NotFound => return ("(not-found)", Err(ApiError::not_found())),
    };
    let pattern = matched.spec.pattern;
    if let Err(err) = http::check_same_origin(&req) {
        return (pattern, Err(err));
    }
    let result = match matched.spec.id {
        RouteId::Health => health::get(app).await,
    };
    (pattern, result)
}
