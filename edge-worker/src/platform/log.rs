//! Structured logs: one JSON line per request, one per internal error with its source, and one
//! per client upload that is not what it declared.
//!
//! Only route patterns are logged, never full paths with tokens, bodies, cookies or headers.

use worker::console_log;

/// A random request id, returned in `x-request-id` and used to join log lines.
pub fn request_id() -> String {
    let mut bytes = [0u8; 8];
    crate::platform::random::fill(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn access(request_id: &str, method: &str, route: &str, status: u16, duration_ms: u64) {
    let line = serde_json::json!({
        "level": "info", "msg": "request", "requestId": request_id, "method": method,
        "route": route, "status": status, "durationMs": duration_ms,
    });
    console_log!("{line}");
}

pub fn error(request_id: &str, route: &str, source: &str) {
    let line = serde_json::json!({ "level": "error", "msg": "internal error", "requestId": request_id, "route": route, "source": source });
    console_log!("{line}");
}

/// Something a client sent is not what it said (not our fault, worth seeing): `source` says what.
pub fn warn(request_id: &str, route: &str, source: &str) {
    let line = serde_json::json!({ "level": "warn", "msg": "client data", "requestId": request_id, "route": route, "source": source });
    console_log!("{line}");
}

/// One line per scheduled run.
pub fn cron(request_id: &str, job: &str, count: usize) {
    let line =
        serde_json::json!({ "level": "info", "msg": "cron", "requestId": request_id, "job": job, "count": count });
    console_log!("{line}");
}

/// In test mode only (`usage.rs`): what a job that ran after its answer cost.
pub fn usage(job: &str, counts: serde_json::Map<String, serde_json::Value>) {
    let line = serde_json::json!({ "level": "info", "msg": "usage", "job": job, "counts": counts });
    console_log!("{line}");
}
