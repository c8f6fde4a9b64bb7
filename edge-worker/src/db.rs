//! D1 access helpers: the binding, bind values, and errors mapped to `ApiError` with context.

use wasm_bindgen::JsValue;
use worker::{D1Database, D1PreparedStatement};

use crate::error::{ApiError, ApiResult};
use crate::App;

pub fn db(app: &App) -> ApiResult<D1Database> {
    app.env.d1("DB").map_err(|e| ApiError::internal(format!("D1 binding: {e}")))
}

/// A text bind value.
pub fn text(value: &str) -> JsValue {
    JsValue::from_str(value)
}

/// An integer bind value (epoch milliseconds, counts); D1 integers stay below 2^53.
pub fn int(value: i64) -> JsValue {
    JsValue::from_f64(value as f64)
}

/// A nullable text bind value.
pub fn opt_text(value: Option<&str>) -> JsValue {
    value.map(JsValue::from_str).unwrap_or(JsValue::NULL)
}

/// Prepares `sql` with `args`, naming the statement in the error.
pub fn stmt(db: &D1Database, sql: &'static str, args: &[JsValue]) -> ApiResult<D1PreparedStatement> {
    db.prepare(sql).bind(args).map_err(|e| ApiError::internal(format!("bind {}: {e}", first_words(sql))))
}

/// Context for a failed D1 call, without bind values (they may hold e-mails or hashes).
pub fn failed(sql: &str) -> impl FnOnce(worker::Error) -> ApiError + '_ {
    move |e| ApiError::internal(format!("D1 {}: {e}", first_words(sql)))
}

fn first_words(sql: &str) -> String {
    sql.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// Current time in epoch milliseconds.
pub fn now_ms() -> i64 {
    worker::Date::now().as_millis() as i64
}

/// A new random id: 16 random bytes, hex (32 characters), unguessable so ids alone grant nothing.
pub fn new_id() -> String {
    let mut bytes = [0u8; 16];
    crate::random::fill(&mut bytes);
    lupa_core::auth::token::hex(&bytes)
}
