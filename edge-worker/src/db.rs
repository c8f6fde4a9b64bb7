//! D1 access helpers: the binding, bind values, errors mapped to `ApiError` with context, and
//! statements that are tried again when SQLite was busy.

use std::future::Future;
use std::time::Duration;

use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;
use worker::{D1Database, D1PreparedStatement, D1Result, Delay};

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

/// Tries before a busy database is reported (waits 10, 40, 160 ms between them).
const BUSY_TRIES: u32 = 4;

/// `SQLITE_BUSY`: another connection held the write lock and the statement did not run, so it is
/// safe to run again. Locally this happens whenever another process writes the same SQLite file
/// (the tests' `wrangler d1 execute`); it was the cause of the e2e 'Error interno' flake.
fn is_busy(err: &worker::Error) -> bool {
    err.to_string().contains("SQLITE_BUSY")
}

async fn retry_busy<T, F, Fut>(mut call: F) -> worker::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = worker::Result<T>>,
{
    let mut wait_ms = 10;
    for _ in 1..BUSY_TRIES {
        match call().await {
            Err(err) if is_busy(&err) => {
                Delay::from(Duration::from_millis(wait_ms)).await;
                wait_ms *= 4;
            }
            other => return other,
        }
    }
    call().await
}

/// `run`, `first` and `all` of a statement, tried again while SQLite is busy.
pub(crate) trait Busy {
    async fn run_busy(&self) -> worker::Result<D1Result>;
    async fn first_busy<T: DeserializeOwned>(&self, column: Option<&str>) -> worker::Result<Option<T>>;
    async fn all_busy(&self) -> worker::Result<D1Result>;
}

impl Busy for D1PreparedStatement {
    async fn run_busy(&self) -> worker::Result<D1Result> {
        retry_busy(|| self.run()).await
    }

    async fn first_busy<T: DeserializeOwned>(&self, column: Option<&str>) -> worker::Result<Option<T>> {
        retry_busy(|| self.first::<T>(column)).await
    }

    async fn all_busy(&self) -> worker::Result<D1Result> {
        retry_busy(|| self.all()).await
    }
}

/// A batch (one transaction: all or nothing), tried again while SQLite is busy.
pub(crate) trait BusyBatch {
    async fn batch_busy(&self, statements: Vec<D1PreparedStatement>) -> worker::Result<Vec<D1Result>>;
}

impl BusyBatch for D1Database {
    async fn batch_busy(&self, statements: Vec<D1PreparedStatement>) -> worker::Result<Vec<D1Result>> {
        retry_busy(|| self.batch(statements.clone())).await
    }
}
