//! The one clock (ADR 0014's sibling rule: time is read in one place).
//!
//! Handlers read the time as `app.now()`: the request's clock, fixed when the request arrives, and
//! moved by the test clock below. Only this module reads the platform's clock (`system_now`, used
//! to start a request's clock, by the participation objects' alarms, which fire on real time, and
//! to time requests for the log); clippy refuses `worker::Date::now` anywhere else.
//!
//! Place holds, grace windows and expiry depend on time. Tests move time with the
//! `x-lupa-test-now` header (epoch ms), which is honoured only when the `TEST_CLOCK` variable is
//! `on` outside production (the test server sets it; `wrangler.toml` never does), so nobody
//! sleeps and concurrent requests each keep their own clock.

use worker::Request;

use crate::platform::config::Config;

pub const TEST_HEADER: &str = "x-lupa-test-now";

/// Now, for this request.
pub fn request_now(config: &Config, req: &Request) -> i64 {
    if config.test_clock {
        if let Some(at) = req.headers().get(TEST_HEADER).ok().flatten().and_then(|v| v.trim().parse::<i64>().ok()) {
            return at;
        }
    }
    system_now()
}

/// The platform's clock, in epoch milliseconds. Handlers use `app.now()` instead.
#[allow(clippy::disallowed_methods)]
pub fn system_now() -> i64 {
    worker::Date::now().as_millis() as i64
}
