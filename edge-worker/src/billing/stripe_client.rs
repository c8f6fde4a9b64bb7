//! The small Stripe client of ADR 0002: sends async-stripe's typed requests with `worker::Fetch`
//! and answers with their typed resources. Building the HTTP call and reading the answer live in
//! `lupa_core::stripe_api`, where `cargo test` checks them against recorded fixtures; this is only
//! the I/O.
//!
//! We don't implement async-stripe's `StripeClient` trait: it wants a `Send` future, which a
//! `fetch` in the Worker is not, and its retry and account options are ones we don't use.

use lupa_core::stripe_api::{self, StripeRequest, StripeResource};

use crate::error::{ApiError, ApiResult};
use crate::http::send_call;

pub struct StripeClient {
    secret_key: String,
}

impl StripeClient {
    pub fn new(secret_key: String) -> Self {
        Self { secret_key }
    }

    /// Sends `request` and reads the answer as its resource. Stripe's error answers, and answers
    /// that are not the resource, become internal errors that keep Stripe's message for the log.
    pub async fn send<R>(&self, request: &R) -> ApiResult<R::Output>
    where
        R: StripeRequest,
        R::Output: StripeResource,
    {
        let (status, body) = send_call(&stripe_api::http_call(&self.secret_key, request)).await?;
        stripe_api::read_answer(status, &body).map_err(ApiError::internal)
    }
}
