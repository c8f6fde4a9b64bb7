//! The platform the domains stand on: the clock (a test clock when local), the configuration read
//! from vars and secrets, D1 batches, R2 storage and signed URLs, what a request cost (usage), the
//! log, random bytes, and the faults a local test may ask for. Nothing here knows a domain's
//! rules; the handlers and the participation object call down into it, never the other way.

pub(crate) mod clock;
pub(crate) mod config;
pub(crate) mod db;
pub(crate) mod faults;
pub(crate) mod log;
pub(crate) mod random;
pub(crate) mod storage;
pub(crate) mod usage;
