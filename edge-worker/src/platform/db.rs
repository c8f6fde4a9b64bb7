//! D1 access helpers: the binding, bind values, errors mapped to `ApiError` with context, and
//! statements that are tried again when SQLite was busy.

use std::future::Future;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use wasm_bindgen::JsValue;
use worker::{D1Database, D1PreparedStatement, D1Result, Delay};

use crate::error::{ApiError, ApiResult};
use crate::App;

/// The D1 binding (counted when the test server asks, `usage.rs`).
pub fn db(app: &App) -> ApiResult<D1Database> {
    let database = app.env.d1("DB").map_err(|e| ApiError::internal(format!("D1 binding: {e}")))?;
    Ok(match &app.usage {
        Some(counter) => counter.d1(database),
        None => database,
    })
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

/// A row of one column, named `value` in the SQL (`SELECT COUNT(*) AS value …`): reading a
/// single column needs no row type of its own (`Results::values`, `Results::first_value`).
#[derive(Deserialize)]
pub struct Value<T> {
    pub value: T,
}

/// Prepares `sql` with `args`, naming the statement in the error.
pub fn stmt(db: &D1Database, sql: &'static str, args: &[JsValue]) -> ApiResult<D1PreparedStatement> {
    db.prepare(sql).bind(args).map_err(|e| ApiError::internal(format!("bind {}: {e}", first_words(sql))))
}

/// Context for a failed D1 call, without bind values (they may hold e-mails or hashes).
///
/// A write whose parent row is gone (`FOREIGN KEY constraint failed`) is answered 404: it raced
/// the deletion of what it belongs to (a note on a recording of a team being deleted, an
/// activity row of a deleted workspace), and the batch, one transaction, wrote nothing. The
/// thing asked for no longer exists, which is what 404 says; the error stays in `source`.
pub fn failed(sql: &str) -> impl FnOnce(worker::Error) -> ApiError + '_ {
    move |e| {
        let source = format!("D1 {}: {e}", first_words(sql));
        if source.contains("FOREIGN KEY constraint failed") {
            return ApiError { source: Some(source), ..ApiError::not_found() };
        }
        ApiError::internal(source)
    }
}

fn first_words(sql: &str) -> String {
    sql.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// A new random id: 16 random bytes, hex (32 characters), unguessable so ids alone grant nothing.
pub fn new_id() -> String {
    let mut bytes = [0u8; 16];
    crate::platform::random::fill(&mut bytes);
    lupa_core::auth::token::hex(&bytes)
}

/// Tries before a busy database is reported (waits 10, 40, 160 and 640 ms between them).
const BUSY_TRIES: u32 = 5;

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

/// `run`, `first` and `all` of a statement, tried again while SQLite is busy. The only place the
/// raw D1 calls are allowed (clippy.toml's `disallowed-methods` sends every other caller here).
pub(crate) trait Busy {
    async fn run_busy(&self) -> worker::Result<D1Result>;
    async fn first_busy<T: DeserializeOwned>(&self, column: Option<&str>) -> worker::Result<Option<T>>;
    async fn all_busy(&self) -> worker::Result<D1Result>;
}

#[allow(clippy::disallowed_methods)]
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

#[allow(clippy::disallowed_methods)]
impl BusyBatch for D1Database {
    async fn batch_busy(&self, statements: Vec<D1PreparedStatement>) -> worker::Result<Vec<D1Result>> {
        retry_busy(|| self.batch(statements.clone())).await
    }
}

/// Statements sent together: one round trip and one transaction (all or nothing), so a handler
/// reads (and writes) everything it can in one go (ADR 0011). `add` returns the statement's slot,
/// which names its result after `run`.
pub struct Batch<'a> {
    database: &'a D1Database,
    statements: Vec<D1PreparedStatement>,
    names: Vec<&'static str>,
}

/// Where a statement's result is in a batch's results.
#[derive(Debug, Clone, Copy)]
pub struct Slot(usize);

impl<'a> Batch<'a> {
    pub fn new(database: &'a D1Database) -> Batch<'a> {
        Batch { database, statements: Vec::new(), names: Vec::new() }
    }

    /// Adds `sql` with `args`.
    pub fn add(&mut self, sql: &'static str, args: &[JsValue]) -> ApiResult<Slot> {
        let statement = stmt(self.database, sql, args)?;
        Ok(self.add_prepared(statement, sql))
    }

    /// Adds a statement prepared elsewhere (`name`: its SQL, for errors).
    pub fn add_prepared(&mut self, statement: D1PreparedStatement, name: &'static str) -> Slot {
        self.statements.push(statement);
        self.names.push(name);
        Slot(self.statements.len() - 1)
    }

    pub fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    /// Sends the batch, tried again while SQLite is busy.
    pub async fn run(self) -> ApiResult<Results> {
        let first = self.names.first().copied().unwrap_or("batch");
        let results = self.database.batch_busy(self.statements).await.map_err(failed(first))?;
        if results.len() != self.names.len() {
            return Err(ApiError::internal(format!(
                "D1 batch {}: {} results for {} statements",
                first_words(first),
                results.len(),
                self.names.len()
            )));
        }
        Ok(Results { results, names: self.names })
    }
}

/// The results of a batch, by slot.
pub struct Results {
    results: Vec<D1Result>,
    names: Vec<&'static str>,
}

impl Results {
    fn get(&self, slot: Slot) -> ApiResult<(&D1Result, &'static str)> {
        match (self.results.get(slot.0), self.names.get(slot.0)) {
            (Some(result), Some(name)) => Ok((result, name)),
            _ => Err(ApiError::internal("D1 batch: no such slot")),
        }
    }

    /// Every row of the statement in `slot`.
    pub fn all<T: DeserializeOwned>(&self, slot: Slot) -> ApiResult<Vec<T>> {
        let (result, name) = self.get(slot)?;
        result.results::<T>().map_err(failed(name))
    }

    /// The first row of the statement in `slot`, if any.
    pub fn first<T: DeserializeOwned>(&self, slot: Slot) -> ApiResult<Option<T>> {
        Ok(self.all::<T>(slot)?.into_iter().next())
    }

    /// The `value` column of every row of the statement in `slot` (see `Value`).
    pub fn values<T: DeserializeOwned>(&self, slot: Slot) -> ApiResult<Vec<T>> {
        Ok(self.all::<Value<T>>(slot)?.into_iter().map(|row| row.value).collect())
    }

    /// The `value` column of the first row of the statement in `slot`, if any (see `Value`).
    pub fn first_value<T: DeserializeOwned>(&self, slot: Slot) -> ApiResult<Option<T>> {
        Ok(self.first::<Value<T>>(slot)?.map(|row| row.value))
    }

    /// How many rows the statement in `slot` changed.
    pub fn changes(&self, slot: Slot) -> ApiResult<usize> {
        let (result, _) = self.get(slot)?;
        Ok(result.meta().ok().flatten().and_then(|m| m.changes).unwrap_or(0))
    }
}
