//! Failures a test asks for, so a test can show what happens when one of our own calls fails
//! without mocking our stack: the real call is made and the real callee answers an error.
//!
//! A request names the fault in the `x-lupa-test-fault` header. It is honoured only when
//! `Config::test_faults` is true, which needs `ENVIRONMENT=local` *and* `TEST_FAULTS=on`: the test
//! server sets both (`scripts/lib/dev-server.mjs`), `wrangler.toml` never sets `TEST_FAULTS`, and a
//! production environment turns it off whatever the variables say (`config.rs`). So no request can
//! make production fail on purpose. The callee checks its own configuration again before failing.

use worker::Request;

use crate::platform::config::Config;

pub const HEADER: &str = "x-lupa-test-fault";

/// The failures a test can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The participation object answers the submit's `Finish` with a 500, every time it is asked
    /// in this request (ADR 0013: an expiry must not delete a submitted recording).
    LedgerFinish,
}

impl Fault {
    pub fn name(self) -> &'static str {
        match self {
            Fault::LedgerFinish => "ledger-finish",
        }
    }

    fn parse(name: &str) -> Option<Fault> {
        (name.trim() == Fault::LedgerFinish.name()).then_some(Fault::LedgerFinish)
    }
}

/// The fault this request asks for, if the server honours test faults.
pub fn requested(config: &Config, req: &Request) -> Option<Fault> {
    if !config.test_faults {
        return None;
    }
    req.headers().get(HEADER).ok().flatten().as_deref().and_then(Fault::parse)
}
