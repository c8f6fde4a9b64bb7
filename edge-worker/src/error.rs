//! The worker's one error type and how it becomes an HTTP answer.
//!
//! Clients read `message` (product §8's catalogue) and programs switch on `code`; both, with the
//! status, come from the code's row in `lupa_core::error_code`. Internal failures
//! keep their source for the log and answer with a generic message, so no raw platform error text
//! ever reaches a client.

use lupa_api_types::{ErrorBody, ValidationItem};
pub use lupa_core::error_code::{Composed, ErrorCode, Fixed};
use worker::Response;

/// An error answer: status, stable code, client-facing message, and for 5xx the hidden source.
#[derive(Debug)]
pub struct ApiError {
    /// Owns the answer's status too (`code.status()`), so the two never disagree.
    pub code: ErrorCode,
    pub message: String,
    /// What went wrong inside; logged, never sent.
    pub source: Option<String>,
    /// Validation details, sent as `errors: [{msg}]` when present.
    pub errors: Vec<String>,
    /// Seconds for `Retry-After` on 429 answers.
    pub retry_after: Option<i64>,
    /// On a 413 for a streamed body: the bytes read before the limit stopped the reading, sent as
    /// `x-lupa-body-read` so a client (and our tests) can see the rest was never read.
    pub body_read: Option<u64>,
    /// On a 405: the methods the path has, sent as `Allow` (RFC 9110 §15.5.6).
    pub allow: Option<String>,
}

/// Shorthand for handler results.
pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    fn of(code: ErrorCode, message: String) -> Self {
        Self { code, message, source: None, errors: Vec::new(), retry_after: None, body_read: None, allow: None }
    }

    /// The HTTP status, the code's.
    pub fn status(&self) -> u16 {
        self.code.status()
    }

    /// An answer with a code whose text the server composes (which field, which limit).
    pub fn composed(code: Composed, message: impl Into<String>) -> Self {
        Self::of(code.code(), message.into())
    }

    pub fn not_found() -> Self {
        Fixed::NotFound.into()
    }

    /// 405 for a path that has other methods; `allowed` become its `Allow` header.
    pub fn method_not_allowed(allowed: &[&str]) -> Self {
        Self { allow: Some(allowed.join(", ")), ..Fixed::MethodNotAllowed.into() }
    }

    /// A failure of our own stack: logged with `source`, answered generically.
    pub fn internal(source: impl std::fmt::Display) -> Self {
        Self { source: Some(source.to_string()), ..Fixed::Internal.into() }
    }

    /// 429 with `Retry-After`.
    pub fn too_many_requests(retry_after: i64) -> Self {
        Self { retry_after: Some(retry_after), ..Fixed::RateLimited.into() }
    }

    /// Adds validation details.
    pub fn with_errors(mut self, errors: impl IntoIterator<Item = String>) -> Self {
        self.errors.extend(errors);
        self
    }

    /// The JSON answer for this error.
    pub fn to_response(&self) -> Response {
        let result = Response::from_json(&ErrorBody {
            message: self.message.clone(),
            code: self.code,
            errors: self.errors.iter().map(|msg| ValidationItem { msg: msg.clone() }).collect(),
        });
        let mut resp = match result {
            Ok(resp) => resp.with_status(self.code.status()),
            // Serialising strings cannot fail; still never panic in the worker.
            Err(_) => return fallback(),
        };
        if let Some(secs) = self.retry_after {
            let _ = resp.headers_mut().set("retry-after", &secs.to_string());
        }
        if let Some(allow) = &self.allow {
            let _ = resp.headers_mut().set("allow", allow);
        }
        if let Some(read) = self.body_read {
            let _ = resp.headers_mut().set("x-lupa-body-read", &read.to_string());
        }
        resp
    }
}

fn fallback() -> Response {
    Response::builder().with_status(500).fixed(Vec::new())
}

/// An answer with a fixed code: its status and its words are the code's.
impl From<Fixed> for ApiError {
    fn from(code: Fixed) -> Self {
        ApiError::of(code.code(), code.wording().to_string())
    }
}

impl From<worker::Error> for ApiError {
    fn from(err: worker::Error) -> Self {
        ApiError::internal(err)
    }
}
