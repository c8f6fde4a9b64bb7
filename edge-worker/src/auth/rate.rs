//! Rate-limit counters in D1: one row per limit, subject and window, counted atomically with an
//! upsert so concurrent attempts cannot slip past the limit.

use lupa_core::auth::rate_limit::{Limit, TOO_MANY_MESSAGE};
use serde::Deserialize;
use worker::D1Database;

use crate::db::{Busy, failed, int, now_ms, stmt, text};
use crate::error::{ApiError, ApiResult};

const HIT: &str = "INSERT INTO rate_limits (key, count, expires_at) VALUES (?1, 1, ?2) \
     ON CONFLICT (key) DO UPDATE SET count = count + 1 RETURNING count";
const PEEK: &str = "SELECT count FROM rate_limits WHERE key = ?1";
const PRUNE: &str = "DELETE FROM rate_limits WHERE expires_at < ?1";

#[derive(Deserialize)]
struct Count {
    count: i64,
}

/// Counts one attempt of `subject` against `limit`; 429 once the limit is exceeded.
pub async fn hit(database: &D1Database, limit: Limit, subject: &str) -> ApiResult<()> {
    let count = count(database, limit, subject).await?;
    check(limit, count, now_ms())
}

/// The attempts of `subject` in `limit`'s window so far, without counting one.
pub async fn peek(database: &D1Database, limit: Limit, subject: &str) -> ApiResult<i64> {
    let row = stmt(database, PEEK, &[text(&limit.key(subject, now_ms()))])?.first_busy::<Count>(None).await.map_err(failed(PEEK))?;
    Ok(row.map_or(0, |r| r.count))
}

/// Counts one attempt of `subject` against `limit` and returns the count, refusing nothing.
pub async fn count(database: &D1Database, limit: Limit, subject: &str) -> ApiResult<i64> {
    let now = now_ms();
    let expires = limit.window_start(now) + limit.window_ms;
    let row = stmt(database, HIT, &[text(&limit.key(subject, now)), int(expires)])?
        .first_busy::<Count>(None)
        .await
        .map_err(failed(HIT))?;
    // Old windows are useless; sweep them now and then instead of with a cron.
    if row.as_ref().map(|r| r.count) == Some(1) {
        stmt(database, PRUNE, &[int(now)])?.run_busy().await.map_err(failed(PRUNE))?;
    }
    Ok(row.map_or(0, |r| r.count))
}

/// Refuses when `subject` is already over `limit`, without counting (e.g. failed-login counters
/// that only count failures).
pub async fn ensure_below(database: &D1Database, limit: Limit, subject: &str) -> ApiResult<()> {
    let count = peek(database, limit, subject).await?;
    check(limit, if count == 0 { 0 } else { count + 1 }, now_ms())
}

fn check(limit: Limit, count: i64, now: i64) -> ApiResult<()> {
    if limit.exceeded(count) {
        Err(ApiError::too_many_requests(TOO_MANY_MESSAGE, limit.retry_after_secs(now)))
    } else {
        Ok(())
    }
}
