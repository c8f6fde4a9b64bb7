//! Rate-limit counters in D1: one row per limit, subject and fixed window, counted atomically with
//! an upsert so concurrent attempts cannot slip past the limit. A check reads the previous
//! window's row as well, for the sliding estimate (`lupa_core::auth::rate_limit`).
//!
//! The statements go into the caller's batch (`add_hit`, `add_peek`), so counting an attempt
//! costs no round trip of its own (ADR 0011); `check` then reads the counts from the results.
//! Every hit also sweeps windows nobody reads any more: an indexed delete that usually finds
//! nothing, and every row is deleted once however often it runs.

use lupa_core::auth::rate_limit::Limit;
use worker::D1Database;

use crate::error::{ApiError, ApiResult};
use crate::platform::db::{int, text, Batch, Results, Slot};

const HIT: &str = "INSERT INTO rate_limits (key, count, expires_at) VALUES (?1, 1, ?2) \
     ON CONFLICT (key) DO UPDATE SET count = count + 1 RETURNING count AS value";
const PEEK: &str = "SELECT count AS value FROM rate_limits WHERE key = ?1";
const GIVE_BACK: &str = "UPDATE rate_limits SET count = count - 1 WHERE key = ?1 AND count > 0";
const PRUNE: &str = "DELETE FROM rate_limits WHERE expires_at < ?1";

/// A counter read by a batch: which limit, and where its two windows' counts are.
#[derive(Clone, Copy)]
pub struct Counted {
    limit: Limit,
    previous: Slot,
    current: Slot,
    /// The request's clock, for the estimate and the 429's `Retry-After`.
    now: i64,
}

/// Adds counting one attempt of `subject` against `limit` (and the sweep) to `batch`.
pub fn add_hit(batch: &mut Batch<'_>, limit: Limit, subject: &str, now: i64) -> ApiResult<Counted> {
    // Swept by the earlier of the request's clock and the platform's: a request on a test clock
    // days ahead must not sweep the windows that are live now (other tests' counters, which then
    // let an 11th wrong password through). In production the two clocks are the same.
    batch.add(PRUNE, &[int(now.min(crate::platform::clock::system_now()))])?;
    let previous = batch.add(PEEK, &[text(&limit.previous_key(subject, now))])?;
    let current = batch.add(HIT, &[text(&limit.key(subject, now)), int(limit.expires_at(now))])?;
    Ok(Counted { limit, previous, current, now })
}

/// Adds reading the attempts of `subject` in `limit`'s sliding window so far, without counting one.
pub fn add_peek(batch: &mut Batch<'_>, limit: Limit, subject: &str, now: i64) -> ApiResult<Counted> {
    let previous = batch.add(PEEK, &[text(&limit.previous_key(subject, now))])?;
    let current = batch.add(PEEK, &[text(&limit.key(subject, now))])?;
    Ok(Counted { limit, previous, current, now })
}

/// Adds giving back one attempt of `subject` counted by `add_hit` in this window (an attempt that
/// turned out not to be the kind the limit is for, such as a login with the right password).
pub fn add_give_back(batch: &mut Batch<'_>, limit: Limit, subject: &str, now: i64) -> ApiResult<()> {
    batch.add(GIVE_BACK, &[text(&limit.key(subject, now))])?;
    Ok(())
}

/// The previous and current fixed windows' counts a batch read.
fn counts(results: &Results, counted: Counted) -> ApiResult<(i64, i64)> {
    let read = |slot| -> ApiResult<i64> { Ok(results.first_value::<i64>(slot)?.unwrap_or(0)) };
    Ok((read(counted.previous)?, read(counted.current)?))
}

/// The attempts in the sliding window a batch read.
pub fn count_of(results: &Results, counted: Counted) -> ApiResult<i64> {
    let (previous, current) = counts(results, counted)?;
    Ok(counted.limit.sliding_count(previous, current, counted.now))
}

/// The attempts in the current fixed window alone, for what happens once per window (a mail).
pub fn window_count_of(results: &Results, counted: Counted) -> ApiResult<i64> {
    Ok(counts(results, counted)?.1)
}

/// 429 when the attempt a batch counted (`add_hit`) is over its limit.
pub fn check(results: &Results, counted: Counted) -> ApiResult<()> {
    let (previous, current) = counts(results, counted)?;
    let limit = counted.limit;
    if limit.exceeded(limit.sliding_count(previous, current, counted.now)) {
        Err(ApiError::too_many_requests(limit.retry_after_secs(previous, current, counted.now)))
    } else {
        Ok(())
    }
}

/// Counts one attempt of `subject` against `limit` in a round trip of its own; 429 over the limit.
pub async fn hit(database: &D1Database, limit: Limit, subject: &str, now: i64) -> ApiResult<()> {
    let mut batch = Batch::new(database);
    let counted = add_hit(&mut batch, limit, subject, now)?;
    check(&batch.run().await?, counted)
}
