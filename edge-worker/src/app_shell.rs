//! Client routes of the React app (deep links such as `/dashboard` or `/participate/:id`).
//!
//! Static files answer before the worker runs; a path that matches no file reaches it. `/` is the
//! prerendered landing page (`web/dist/index.html`, see `scripts/prerender.mjs`), so it cannot
//! double as the single-page-app fallback: every other client route gets the empty shell
//! (`web/dist/app-shell.html`) through the assets binding, which applies the same `_headers`
//! policy (CSP, HSTS, caching) as any static file. A missing file under `/assets/` stays a 404, so
//! a tab left open across a deploy sees its failed chunk load as one and reloads.
use worker::{Env, Method, Request, RequestInit, Response, Result};

/// The shell's URL path in the assets (`app-shell.html`; html_handling drops the extension).
const SHELL_PATH: &str = "/app-shell";

/// True for paths the API owns; everything else is the web app's.
pub fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

pub async fn serve(req: &Request, env: &Env) -> Result<Response> {
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
    url.set_path(SHELL_PATH);
    url.set_query(None);
    // The visitor's headers go along, so conditional requests (If-None-Match) still get a 304.
    let mut init = RequestInit::new();
    init.with_method(method).with_headers(req.headers().clone());
    let shell = Request::new_with_init(url.as_str(), &init)?;
    env.assets("ASSETS")?.fetch_request(shell).await
}
