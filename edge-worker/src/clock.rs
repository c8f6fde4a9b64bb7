//! The request's clock.
//!
//! Place holds, grace windows and expiry depend on time. Tests move time with the
//! `x-lupa-test-now` header (epoch ms), which is honoured only when the `TEST_CLOCK` variable is
//! `on` outside production (the test server sets it; `wrangler.toml` never does), so nobody
//! sleeps and concurrent requests each keep their own clock.

use worker::Request;

use crate::config::Config;
use crate::db::now_ms;

pub const TEST_HEADER: &str = "x-lupa-test-now";

/// Now, for this request.
pub fn request_now(config: &Config, req: &Request) -> i64 {
    if config.test_clock {
        if let Some(at) = req.headers().get(TEST_HEADER).ok().flatten().and_then(|v| v.trim().parse::<i64>().ok()) {
            return at;
        }
    }
    now_ms()
}
