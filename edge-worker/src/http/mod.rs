//! The HTTP layer: the router (`router`: a matched route's access checks, then its handler), and
//! the small helpers every handler shares: JSON answers and bounded bodies, read as a stream so a
//! body without `Content-Length` (chunked) is refused as soon as it passes the limit, and calls
//! out to other services.

pub(crate) mod router;

use futures_util::StreamExt;
use lupa_core::mail::HttpCall;
use serde::{de::DeserializeOwned, Serialize};
use worker::{Fetch, Headers, Method, Request, RequestInit, Response};

use crate::error::{ApiError, ApiResult, Composed, Fixed};

/// Largest JSON body any API route accepts; larger ones get 413 before being read.
pub const MAX_JSON_BODY: usize = 64 * 1024;

/// Reads a whole body of at most `limit` bytes. A declared length over the limit is refused before
/// reading; otherwise the stream is read chunk by chunk and dropped at the first chunk past the
/// limit, so a chunked upload of any size costs at most `limit` plus one chunk of memory.
pub async fn read_body(req: &mut Request, limit: usize) -> ApiResult<Vec<u8>> {
    if let Some(len) = req.headers().get("content-length").ok().flatten() {
        if len.trim().parse::<usize>().map(|n| n > limit).unwrap_or(true) {
            return Err(ApiError::from(Fixed::PayloadTooLarge));
        }
    }
    // No body at all: workers-rs reports it as an error; for us it is an empty body.
    let Ok(mut stream) = req.stream() else { return Ok(Vec::new()) };
    let mut body = Vec::new();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|_| invalid_body())?;
        if body.len() + chunk.len() > limit {
            let read = (body.len() + chunk.len()) as u64;
            return Err(ApiError { body_read: Some(read), ..ApiError::from(Fixed::PayloadTooLarge) });
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// Reads a body of at most `limit` bytes and drops it as it arrives, answering how many bytes came:
/// for a body whose size or timing is all that matters (the uplink probe). Refused like
/// [`read_body`]'s: a declared length over the limit before reading, a longer stream at the first
/// chunk past it (with the bytes read so far, `x-lupa-body-read`); it never holds more than one
/// chunk.
pub async fn discard_body(req: &mut Request, limit: u64) -> ApiResult<u64> {
    if let Some(len) = req.headers().get("content-length").ok().flatten() {
        if len.trim().parse::<u64>().map(|n| n > limit).unwrap_or(true) {
            return Err(ApiError::from(Fixed::PayloadTooLarge));
        }
    }
    let Ok(mut stream) = req.stream() else { return Ok(0) };
    let mut read: u64 = 0;
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|_| invalid_body())?;
        read = read.saturating_add(chunk.len() as u64);
        if read > limit {
            return Err(ApiError { body_read: Some(read), ..ApiError::from(Fixed::PayloadTooLarge) });
        }
    }
    Ok(read)
}

fn invalid_body() -> ApiError {
    ApiError::from(Fixed::InvalidBody)
}

/// A JSON answer with a status.
pub fn json<T: Serialize>(status: u16, value: &T) -> ApiResult<Response> {
    Ok(Response::from_json(value)?.with_status(status))
}

/// Reads and parses a JSON body, refusing oversized bodies and non-JSON content types.
pub async fn read_json<T: DeserializeOwned>(req: &mut Request) -> ApiResult<T> {
    typed_json(read_json_object(req).await?)
}

/// Reads a JSON body as [`read_json`] does, up to the object itself (not yet its type), for a
/// handler that reads a field by a rule of its own first (a segment's `tier`).
pub async fn read_json_object(req: &mut Request) -> ApiResult<serde_json::Value> {
    let headers = req.headers();
    let content_type = headers.get("content-type").ok().flatten().unwrap_or_default();
    if !content_type.to_ascii_lowercase().starts_with("application/json") {
        return Err(ApiError::from(Fixed::UnsupportedMediaType));
    }
    let bytes = read_body(req, MAX_JSON_BODY).await?;
    let value: serde_json::Value = serde_json::from_slice(&bytes)
        .map_err(|_| ApiError::composed(Composed::InvalidJson, "El cuerpo de la solicitud no es un JSON válido"))?;
    if !value.is_object() {
        return Err(ApiError::composed(Composed::InvalidJson, "El cuerpo de la solicitud debe ser un objeto JSON"));
    }
    Ok(value)
}

/// A body [`read_json_object`] read, as its type.
pub fn typed_json<T: DeserializeOwned>(value: serde_json::Value) -> ApiResult<T> {
    // As the OpenAPI document reads it: `5.0` is 5, and an object is never an array (ADR 0020).
    lupa_core::json_body::from_value(value).map_err(|_| ApiError::from(Fixed::InvalidFields))
}

/// The client's rate-limit key from the address Cloudflare reports (IPv6 grouped by /64, see
/// `rate_limit::client_key`); never trusted for anything else.
pub fn client_address(req: &Request) -> String {
    let address = req.headers().get("cf-connecting-ip").ok().flatten().unwrap_or_else(|| "unknown".into());
    lupa_core::auth::rate_limit::client_key(&address)
}

/// Reads one cookie from the request.
pub fn cookie(req: &Request, name: &str) -> Option<String> {
    let header = req.headers().get("cookie").ok().flatten()?;
    header.split(';').find_map(|pair| {
        let (key, value) = pair.trim().split_once('=')?;
        (key == name).then(|| value.to_string())
    })
}

/// Refuses cross-site mutations: browsers send `Sec-Fetch-Site` and `Origin` on them, and ours
/// must come from our own origin. Requests without either (curl, server-to-server) are not
/// cross-site requests a victim's browser could be tricked into sending.
pub fn check_same_origin(req: &Request) -> ApiResult<()> {
    let method = req.method().to_string();
    if matches!(method.as_str(), "GET" | "HEAD" | "OPTIONS") {
        return Ok(());
    }
    check_origin(req)
}

/// The same check for any method: a request a browser sends from another site is refused. Used
/// as is for WebSocket handshakes, which are GETs a page of any site may start.
pub fn check_origin(req: &Request) -> ApiResult<()> {
    let headers = req.headers();
    if let Some(site) = headers.get("sec-fetch-site").ok().flatten() {
        if !matches!(site.as_str(), "same-origin" | "none") {
            return Err(cross_site());
        }
    }
    if let Some(origin) = headers.get("origin").ok().flatten() {
        let own = req.url().map(|u| u.origin().ascii_serialization()).unwrap_or_default();
        if origin != own {
            return Err(cross_site());
        }
    }
    Ok(())
}

fn cross_site() -> ApiError {
    ApiError::from(Fixed::CrossSite)
}

/// Sends an outgoing HTTP call described by core (mail, payments, AI, Cloudflare Realtime); returns the
/// status and body text.
pub async fn send_call(call: &HttpCall) -> ApiResult<(u16, String)> {
    let headers = Headers::new();
    for (name, value) in &call.headers {
        headers.set(name, value)?;
    }
    let mut init = RequestInit::new();
    let method = match call.method {
        "POST" => Method::Post,
        "PUT" => Method::Put,
        "DELETE" => Method::Delete,
        _ => Method::Get,
    };
    init.with_method(method).with_headers(headers);
    if !call.body.is_empty() {
        init.with_body(Some(call.body.clone().into()));
    }
    let request = Request::new_with_init(&call.url, &init)?;
    let mut resp = Fetch::Request(request).send().await?;
    let body = resp.text().await.unwrap_or_default();
    Ok((resp.status_code(), body))
}
