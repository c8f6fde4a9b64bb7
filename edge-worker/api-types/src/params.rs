//! The query strings and request headers routes read, for the OpenAPI document (ADR 0020): each
//! type's fields become one route's parameters (`.query("…")`, `.headers("…")` on its
//! declaration), with the limits the handler applies, read from the same `lupa-core` constants.
//! The handlers read these values from the request themselves; the types only describe them.

use schemars::JsonSchema;
use serde::Serialize;

/// `?expires=&kid=&sig=` of a signed URL (`storage::verify_signed_request`): a missing or wrong
/// signature, or an expired one, is 403.
#[derive(Serialize, JsonSchema)]
pub struct SignedQuery {
    /// When the URL stops working, in ms since the epoch.
    pub expires: i64,
    /// Which signing key (`URL_SIGNING_KEY` or the previous one) signed it.
    pub kid: Option<String>,
    /// HMAC-SHA256 of the path and `expires`, hex.
    pub sig: String,
}

/// `GET /api/v1/auth/password-reset?passwordResetToken=`.
#[derive(Serialize, JsonSchema)]
#[allow(non_snake_case)]
pub struct ResetCheckQuery {
    #[schemars(regex(pattern = lupa_core::patterns::TOKEN))]
    pub passwordResetToken: String,
}

/// `GET /api/v1/admin/?page=&pageSize=&q=`: pages from 1; `q` searches e-mails (trimmed, any case).
#[derive(Serialize, JsonSchema)]
#[allow(non_snake_case)]
pub struct AdminUsersQuery {
    #[schemars(range(min = 1, max = lupa_core::auth::MAX_PAGE))]
    pub page: Option<i64>,
    #[schemars(range(min = 1, max = lupa_core::auth::MAX_PAGE_SIZE))]
    pub pageSize: Option<i64>,
    pub q: Option<String>,
}

/// `GET /api/v1/analysis/{id}/notes?tag=&task=&kind=`: each filter optional (a blank `tag` is none).
#[derive(Serialize, JsonSchema)]
pub struct AnalysisNotesQuery {
    pub tag: Option<String>,
    #[schemars(range(min = 1, max = lupa_core::analysis::MAX_TASKS))]
    pub task: Option<u32>,
    #[schemars(with = "Option<NoteKind>")]
    pub kind: Option<String>,
}

/// `kind` of the analysis's notes filter.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum NoteKind {
    Note,
    Clip,
}

/// `GET /api/v1/analysis/{id}/transcript-search?q=` (`transcript::query`): 2–100 characters once
/// trimmed, at most 100 as sent; otherwise 422.
#[derive(Serialize, JsonSchema)]
pub struct TranscriptSearchQuery {
    #[schemars(length(max = lupa_core::transcript::QUERY_MAX), regex(pattern = lupa_core::patterns::TWO_OR_MORE))]
    pub q: String,
}

/// The headers of a screen chunk (`chunks::check_chunk`): its size, declared before the body is
/// read (411 without it; chunked bodies are refused), and where it ends on its segment.
#[derive(Serialize, JsonSchema)]
pub struct ChunkHeaders {
    #[serde(rename = "Content-Length")]
    #[schemars(range(min = 1, max = lupa_core::chunks::CHUNK_MAX_BYTES))]
    pub content_length: u64,
    /// The chunk's end, in ms since its segment started. The participation's recording may not
    /// pass its length limit (`MAX_ENTRY_DURATION_MS`, 2 h by default): 413.
    #[serde(rename = "x-lupa-end-ms")]
    #[schemars(range(min = 0, max = lupa_core::chunks::MAX_END_MS))]
    pub end_ms: i64,
}

/// The headers of a camera chunk: a screen chunk's, and where the camera file starts on the
/// segment's screen file (`camera::start_ms`: missing is 0; above an hour counts as an hour).
#[derive(Serialize, JsonSchema)]
pub struct CameraChunkHeaders {
    #[serde(rename = "Content-Length")]
    #[schemars(range(min = 1, max = lupa_core::chunks::CHUNK_MAX_BYTES))]
    pub content_length: u64,
    #[serde(rename = "x-lupa-end-ms")]
    #[schemars(range(min = 0, max = lupa_core::chunks::MAX_END_MS))]
    pub end_ms: i64,
    #[serde(rename = "x-lupa-start-ms")]
    #[schemars(range(min = 0))]
    pub start_ms: Option<i64>,
}

/// The headers of an audio chunk for transcription (ADR 0018): where the audio starts on the
/// segment's screen file, as for the camera.
#[derive(Serialize, JsonSchema)]
pub struct AudioChunkHeaders {
    #[serde(rename = "x-lupa-start-ms")]
    #[schemars(range(min = 0))]
    pub start_ms: Option<i64>,
}

/// The thumbnail's size, declared (`thumbnail::check_request`): at most 256 KiB.
#[derive(Serialize, JsonSchema)]
pub struct ThumbnailHeaders {
    #[serde(rename = "Content-Length")]
    #[schemars(range(min = 1, max = lupa_core::thumbnail::MAX_BYTES))]
    pub content_length: u64,
}

/// The whole-file upload's size, declared (`upload::put_single`).
#[derive(Serialize, JsonSchema)]
pub struct UploadHeaders {
    #[serde(rename = "Content-Length")]
    #[schemars(range(min = 1, max = lupa_core::participation::MAX_SINGLE_UPLOAD))]
    pub content_length: u64,
}

/// Stripe's signature of a webhook event (`stripe_signature::verify`): 400 when it does not match.
#[derive(Serialize, JsonSchema)]
pub struct WebhookHeaders {
    #[serde(rename = "Stripe-Signature")]
    pub stripe_signature: String,
}

/// The live view's handshake (ADR 0016, RFC 6455): a WebSocket upgrade; anything else is 426
/// (`live::is_upgrade`).
#[derive(Serialize, JsonSchema)]
pub struct LiveHeaders {
    /// 'websocket', in any case.
    #[serde(rename = "Upgrade")]
    #[schemars(regex(pattern = "^[Ww][Ee][Bb][Ss][Oo][Cc][Kk][Ee][Tt]$"))]
    pub upgrade: String,
    #[serde(rename = "Sec-WebSocket-Version")]
    #[schemars(regex(pattern = "^13$"))]
    pub version: String,
    #[serde(rename = "Sec-WebSocket-Key")]
    #[schemars(length(min = 1))]
    pub key: String,
}
