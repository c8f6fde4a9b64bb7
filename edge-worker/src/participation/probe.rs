//! The participant's pre-flight uplink probe (issue 48): on the permissions step, before any
//! participation exists, the tab uploads about 256 KiB to `POST /api/v1/analysis/{id}/uplink-probe`
//! and times it (`web/src/features/participate/api/uplink-probe.ts`), so its recorder starts at a
//! quality tier the uplink keeps up with (`lupa_core::recording::MAX_TIER`).
//!
//! The analysis is the one the invite names (the participant has nothing else yet): one that does
//! not take participants now (unknown, draft or closed) is 404, as validate-participation answers.
//! The attempt is counted per client address with the analysis read, in one D1 round trip, before
//! any of the body is read: the counter's upsert is atomic, so parallel probes cannot pass the
//! limit together. The body is read chunk by chunk and dropped, never stored or buffered: at most
//! 512 KiB, refused with 413 as soon as it is declared or read past that.

use lupa_api_types::UplinkProbeResponse;
use lupa_core::auth::rate_limit::UPLINK_PROBE_PER_CLIENT;
use lupa_core::participation::UPLINK_PROBE_MAX_BYTES;
use worker::{Request, Response};

use crate::auth::rate;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::http::{client_address, discard_body, json};
use crate::platform::db::{db, text, Batch};
use crate::App;

/// Whether the analysis takes participants now (the statuses a place can be claimed in, `CLAIM`).
const TAKES_PARTICIPANTS: &str = "SELECT 1 AS value FROM analyses WHERE id = ?1 AND status IN ('published', 'active')";

/// `POST /api/v1/analysis/{id}/uplink-probe` (public; application/octet-stream, 1 byte to 512 KiB):
/// `{receivedBytes}`.
pub async fn post(app: &App, req: &mut Request, analysis_id: &str) -> ApiResult<Response> {
    let too_large = |read: Option<u64>| ApiError { body_read: read, ..ApiError::from(Fixed::ProbeTooLarge) };
    // A declared length over the limit costs nothing: neither the counter nor a read.
    let declared = req.headers().get("content-length").ok().flatten();
    if declared.is_some_and(|len| len.trim().parse::<u64>().map(|n| n > UPLINK_PROBE_MAX_BYTES).unwrap_or(true)) {
        return Err(too_large(None));
    }
    let database = db(app)?;
    let mut batch = Batch::new(&database);
    let attempt = rate::add_hit(&mut batch, UPLINK_PROBE_PER_CLIENT, &client_address(req), app.now())?;
    let open = batch.add(TAKES_PARTICIPANTS, &[text(analysis_id)])?;
    let results = batch.run().await?;
    rate::check(&results, attempt)?;
    if results.first_value::<i64>(open)?.is_none() {
        return Err(ApiError::from(Fixed::AnalysisNotFound));
    }
    let received = discard_body(req, UPLINK_PROBE_MAX_BYTES).await.map_err(|e| {
        if e.status() == 413 {
            too_large(e.body_read)
        } else {
            e
        }
    })?;
    // An empty probe times nothing.
    if received == 0 {
        return Err(ApiError::from(Fixed::InvalidBody));
    }
    json(200, &UplinkProbeResponse { receivedBytes: received })
}
