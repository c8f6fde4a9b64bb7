//! Lupa's Cloudflare Worker: the JSON API under `/api/v1`.
//!
//! Static assets are served by the `[assets]` binding before this code runs; `/api/*` always
//! reaches it (`run_worker_first`), and so do paths that match no file, which are the web app's
//! client routes (`app_shell`). Each API request is dispatched by `router.rs` from the route
//! declarations in `lupa_core::routes`, and logged once as structured JSON with a request id.

mod admin;
mod ai_endpoint;
mod analysis;
mod app_shell;
mod auth;
mod billing;
mod error;
mod health;
mod http;
mod insights;
mod ledger;
mod live;
mod mail;
mod media_transport;
mod moderated;
mod participation;
mod platform;
mod playback;
mod recordings;
mod seek_index;
mod session_room;
mod study;
mod summaries;
mod team;
mod thumbnails;
mod transcripts;
mod waitlist;

use lupa_core::routes::ROUTES;
use worker::{event, Context, Env, Request, Response, Result, ScheduleContext, ScheduledEvent};

use crate::error::{ApiError, ApiResult, Composed};
use crate::platform::config::Config;

#[event(fetch)]
pub async fn fetch(req: Request, env: Env, ctx: Context) -> Result<Response> {
    let started = platform::clock::system_now() as u64;
    let request_id = platform::log::request_id();
    // The method as sent: workers-rs reads one it has no variant for (QUERY) as GET, which would
    // answer a method the path does not have instead of 405.
    let method = req.inner().method();
    let path = req.path();

    if !app_shell::is_api(&path) {
        let status = match path.strip_prefix(app_shell::SHARE_PAGE_PREFIX) {
            Some(token) => share_page_status(&req, &env, token).await,
            None => app_shell::PageStatus::default(),
        };
        let response = match app_shell::serve(&req, &env, status).await {
            Ok(resp) => resp,
            Err(err) => {
                platform::log::error(&request_id, "(app-shell)", &err.to_string());
                Response::error("Lupa is not available right now.", 503)?
            }
        };
        platform::log::access(
            &request_id,
            &method,
            "(app-shell)",
            response.status_code(),
            (platform::clock::system_now() as u64).saturating_sub(started),
        );
        return Ok(response);
    }

    let (route, outcome, usage) = match Config::from_env(&env) {
        Ok(config) => {
            let now = platform::clock::request_now(&config, &req);
            let usage = config.test_usage.then(platform::usage::Counter::new);
            let app = App { env, config, ctx: Some(ctx), now, usage };
            let (route, outcome) = http::router::dispatch(req, &app, &method, &path).await;
            (route, outcome, app.usage)
        }
        Err(err) => ("(config)", Err(err), None),
    };
    let mut response = match outcome {
        Ok(resp) => resp,
        Err(err) => {
            if let Some(source) = &err.source {
                platform::log::error(&request_id, route, source);
            }
            err.to_response()
        }
    };
    let headers = response.headers_mut();
    // API answers carry per-user data: never let a cache keep them.
    headers.set("cache-control", "no-store")?;
    // JSON and media are never documents to render or frame.
    headers.set("x-content-type-options", "nosniff")?;
    // A recording opened in a tab is a media document: it may load its own media and the
    // browser's player styles, nothing else. Every other answer renders nothing at all.
    let media = ROUTES.iter().any(|r| r.media && r.pattern == route);
    let csp = if media { MEDIA_CSP } else { "default-src 'none'; frame-ancestors 'none'" };
    headers.set("content-security-policy", csp)?;
    headers.set("strict-transport-security", "max-age=31536000; includeSubDomains")?;
    headers.set("referrer-policy", "strict-origin-when-cross-origin")?;
    headers.set("x-request-id", &request_id)?;
    // Nothing under /api is a page to index, share links least of all (ADR 0012).
    headers.set("x-robots-tag", "noindex, nofollow")?;
    if let Some(counter) = usage {
        counter.report(&mut response)?;
    }
    platform::log::access(
        &request_id,
        &method,
        route,
        response.status_code(),
        (platform::clock::system_now() as u64).saturating_sub(started),
    );
    Ok(response)
}

/// 200 for a live share link's page, 410 for a revoked, expired or unknown one (ADR 0012), 429
/// past the client's limit (the same as the API's). When the link cannot be checked (no
/// configuration, D1 down) the page is served as 200 and its own API call shows what is wrong.
async fn share_page_status(req: &Request, env: &Env, token: &str) -> app_shell::PageStatus {
    let status = |status| app_shell::PageStatus { status, retry_after: None };
    let Ok(config) = Config::from_env(env) else { return status(200) };
    if config.misconfiguration(env).is_some() {
        return status(200);
    }
    let now = platform::clock::request_now(&config, req);
    let app = App { env: env.clone(), config, ctx: None, now, usage: None };
    match insights::shared::is_live(&app, req, token).await {
        Ok(true) => status(200),
        Ok(false) => status(410),
        Err(err) if err.status() == 429 => app_shell::PageStatus { status: 429, retry_after: err.retry_after },
        Err(err) => {
            platform::log::error("-", "(share-page)", &format!("{err:?}"));
            status(200)
        }
    }
}

/// Logged once per isolate, not once per request: the 503 itself names the problem.
static MISCONFIGURATION_LOGGED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// 503 naming what is wrong (an unknown environment, or what production lacks); every API call
/// answers it until the configuration is whole.
pub(crate) fn misconfigured(message: String) -> ApiError {
    if !MISCONFIGURATION_LOGGED.swap(true, std::sync::atomic::Ordering::Relaxed) {
        platform::log::error("-", "(config)", &message);
    }
    ApiError::composed(Composed::Misconfigured, message)
}

/// For routes declared `media` (a recording a browser may open directly, 'Ver grabación').
const MEDIA_CSP: &str = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/// The Cron Trigger: deletes participations nobody came back to, and drains the deletion queue.
/// `wrangler dev` fires it through its scheduled test endpoint, whose `time` sets the clock.
#[event(scheduled)]
pub async fn scheduled(event: ScheduledEvent, env: Env, _ctx: ScheduleContext) {
    let request_id = platform::log::request_id();
    let config = match Config::from_env(&env) {
        Ok(config) => config,
        Err(err) => return platform::log::error(&request_id, "(cron)", err.source.as_deref().unwrap_or(&err.message)),
    };
    let app = App { env, config, ctx: None, now: event.schedule() as i64, usage: None };
    match participation::expiry::run(&app).await {
        Ok(count) => platform::log::cron(&request_id, "expire-participations", count),
        Err(err) => platform::log::error(&request_id, "(cron)", err.source.as_deref().unwrap_or(&err.message)),
    }
    match mail::purge_outbox(&app).await {
        Ok(count) => platform::log::cron(&request_id, "purge-outbox", count),
        Err(err) => platform::log::error(&request_id, "(cron)", err.source.as_deref().unwrap_or(&err.message)),
    }
    match ledger::forget_ended_viewers(&app).await {
        Ok(count) => platform::log::cron(&request_id, "forget-live-viewers", count),
        Err(err) => platform::log::error(&request_id, "(cron)", err.source.as_deref().unwrap_or(&err.message)),
    }
    match moderated::room::forget_ended_members(&app).await {
        Ok(count) => platform::log::cron(&request_id, "forget-room-members", count),
        Err(err) => platform::log::error(&request_id, "(cron)", err.source.as_deref().unwrap_or(&err.message)),
    }
    match team::log::purge(&app).await {
        Ok(count) => platform::log::cron(&request_id, "purge-team-activity", count),
        Err(err) => platform::log::error(&request_id, "(cron)", err.source.as_deref().unwrap_or(&err.message)),
    }
    match billing::seats::reconcile(&app).await {
        Ok(count) => platform::log::cron(&request_id, "sync-seats", count),
        Err(err) => platform::log::error(&request_id, "(cron)", err.source.as_deref().unwrap_or(&err.message)),
    }
}

/// Where `scripts/build.sh` puts the committed OpenAPI document among the static assets. Served
/// from there rather than compiled in: 31 KB gzipped that every cold start of the worker would load
/// for a route that is hardly ever called (the worker's size budget, `size-budgets.json`).
const OPENAPI_ASSET: &str = "https://assets.invalid/_api/openapi.json";

/// `GET /api/v1/openapi.json`: the document generated from the API types (a test keeps it fresh).
pub(crate) async fn openapi(app: &App) -> ApiResult<Response> {
    let mut asset = app.env.assets("ASSETS")?.fetch(OPENAPI_ASSET, None).await?;
    if asset.status_code() != 200 {
        return Err(ApiError::internal(format!("the OpenAPI asset answered {}", asset.status_code())));
    }
    let mut resp = Response::from_bytes(asset.bytes().await?)?;
    resp.headers_mut().set("content-type", "application/json; charset=utf-8")?;
    Ok(resp)
}

/// What every handler gets: the bindings, the typed configuration and the request's context.
pub struct App {
    pub env: Env,
    pub config: Config,
    ctx: Option<Context>,
    /// The request's clock (`clock.rs`).
    now: i64,
    /// What this request costs, when the test server asks (`usage.rs`).
    usage: Option<platform::usage::Counter>,
}

impl App {
    /// An `App` for work that continues after the answer was sent.
    pub fn background(env: Env, config: Config) -> App {
        App { env, config, ctx: None, now: platform::clock::system_now(), usage: None }
    }

    /// This request's view of the same bindings and clock, for work after the answer.
    pub fn detached(&self) -> App {
        App {
            env: self.env.clone(),
            config: self.config.clone(),
            ctx: None,
            now: self.now,
            usage: self.usage.as_ref().map(|_| platform::usage::Counter::new()),
        }
    }

    /// Now, in epoch ms, as this request sees it (tests can move it; see `clock.rs`).
    pub fn now(&self) -> i64 {
        self.now
    }

    /// In test mode, logs what this (detached) app's work cost (`usage.rs`).
    pub fn log_usage(&self, job: &str) {
        if let Some(counter) = &self.usage {
            counter.log_background(job);
        }
    }

    /// Runs bookkeeping the answer need not wait for: after the answer for a request, at once for
    /// the cron (whose run would otherwise end before it).
    pub async fn after_answer(&self, work: impl std::future::Future<Output = ()> + 'static) {
        if self.ctx.is_some() {
            self.wait_until(work);
        } else {
            work.await;
        }
    }

    /// Runs `work` after the answer, keeping the request alive until it is done.
    pub fn wait_until(&self, work: impl std::future::Future<Output = ()> + 'static) {
        match &self.ctx {
            Some(ctx) => ctx.wait_until(work),
            None => wasm_bindgen_futures::spawn_local(work),
        }
    }
}
