//! Client routes of the web app (deep links such as `/dashboard` or `/participate/:id`).
//!
//! Static files answer before the worker runs; a path that matches no file reaches it. `/` is the
//! prerendered landing page (`web/dist/index.html`, see `scripts/prerender.mjs`), so it cannot
//! double as the single-page-app fallback: every other client route gets the empty shell
//! (`web/dist/app-shell.html`) through the assets binding, which applies the same `_headers`
//! policy (CSP, HSTS, caching) as any static file. `/participate/{id}` gets the participation
//! page's own document the same way (`web/dist/participate.html`, ADR 0011; the assets serve it
//! for `/participate` themselves); `lupa_core::pages` decides which. A missing file under
//! `/assets/` stays a 404, so a tab left open across a deploy sees its failed chunk load as one
//! and reloads.
//!
//! Share-link pages (`/s/{token}`, ADR 0012) get the same shell plus `X-Robots-Tag: noindex` and
//! `Referrer-Policy: no-referrer`: the `_headers` rules match the shell's own path, not the
//! visitor's, so the worker adds them. The token in the path must never leave in a `Referer`.
//! Their status (200 live, 410 gone) is looked up per request, so it is rate-limited per client
//! like the API's share route (429 with `Retry-After`).
//!
//! Screens behind the session check get a `Link` header that preloads the API answers they need
//! first (`lupa_core::shell_preloads`), so those requests run while the app's script loads.
use lupa_core::pages::document_for;
use lupa_core::shell_preloads::shell_preloads;
use worker::{Env, Headers, Method, Request, RequestInit, Response, Result};

/// Where a share link's page lives.
pub const SHARE_PAGE_PREFIX: &str = "/s/";

/// True for paths the API owns; everything else is the web app's.
pub fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// The status of a share page (`/s/{token}`): 410 for a link that is gone, 429 (with
/// `Retry-After`) for a client past its limit.
#[derive(Debug, Clone, Copy)]
pub struct PageStatus {
    pub status: u16,
    pub retry_after: Option<i64>,
}

impl Default for PageStatus {
    fn default() -> Self {
        Self { status: 200, retry_after: None }
    }
}

/// The document for `req` (the shell, or the participation page); a share page (`/s/{token}`)
/// answers with `status`, every other page with the document's own.
pub async fn serve(req: &Request, env: &Env, status: PageStatus) -> Result<Response> {
    let method = req.method();
    if !matches!(method, Method::Get | Method::Head) {
        let mut resp = Response::error("Method not allowed", 405)?;
        resp.headers_mut().set("allow", "GET, HEAD")?;
        return Ok(resp);
    }
    if req.path().starts_with("/assets/") {
        return Response::error("Not found", 404);
    }
    let mut url = req.url()?;
    url.set_path(document_for(&req.path()).asset_path());
    url.set_query(None);
    // The visitor's headers go along, so conditional requests (If-None-Match) still get a 304.
    let mut init = RequestInit::new();
    init.with_method(method).with_headers(req.headers().clone());
    let shell = Request::new_with_init(url.as_str(), &init)?;
    let resp = env.assets("ASSETS")?.fetch_request(shell).await?;
    if req.path().starts_with(SHARE_PAGE_PREFIX) {
        return share_page(resp, status);
    }
    let preloads = shell_preloads(&req.path());
    if preloads.is_empty() || resp.status_code() != 200 {
        return Ok(resp);
    }
    rebuilt(resp, 200, &[("link", &preloads.join(", "))])
}

/// The shell with the share page's headers.
fn share_page(resp: Response, page: PageStatus) -> Result<Response> {
    // A 304 (If-None-Match) stays a 304; only a full page carries the link's status.
    let status = if resp.status_code() == 200 { page.status } else { resp.status_code() };
    let retry_after = page.retry_after.map(|secs| secs.to_string());
    let mut extra =
        vec![("x-robots-tag", "noindex, nofollow"), ("referrer-policy", "no-referrer"), ("cache-control", "no-store")];
    if let (429, Some(secs)) = (status, retry_after.as_deref()) {
        extra.push(("retry-after", secs));
    }
    rebuilt(resp, status, &extra)
}

/// `resp` with `status` and `extra` headers set. A fetched response's headers are immutable, so
/// the answer is rebuilt around the same body.
fn rebuilt(resp: Response, status: u16, extra: &[(&str, &str)]) -> Result<Response> {
    let headers = Headers::new();
    for (name, value) in resp.headers().entries() {
        headers.append(&name, &value)?;
    }
    for (name, value) in extra {
        headers.set(name, value)?;
    }
    let (builder, body) = resp.into_parts();
    Ok(builder.with_headers(headers).with_status(status).body(body))
}
