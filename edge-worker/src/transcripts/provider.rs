//! The speech-to-text provider (ADR 0018): Whisper where `TRANSCRIBE` says (`crate::ai_endpoint`:
//! the `AI` binding, the REST API, or off). The request and the answer are built and read in
//! `lupa_core::transcript`, the same for both.

use lupa_core::transcript::{self, CallError, Language, Output};
use worker::Env;

use crate::ai_endpoint::Endpoint;
use crate::http::send_call;

/// The configured provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Provider(Endpoint);

impl Provider {
    /// Reads `TRANSCRIBE`.
    pub fn from_env(env: &Env) -> Provider {
        Provider(Endpoint::from_var(env, "TRANSCRIBE", "(transcribe)", "transcription is off"))
    }

    pub fn is_on(&self) -> bool {
        self.0.is_on()
    }

    /// Transcribes one window (a decodable audio file).
    pub async fn transcribe(&self, env: &Env, audio: &[u8], language: Language) -> Result<Output, CallError> {
        match &self.0 {
            Endpoint::Off => Err(CallError::Fail("transcription is off".into())),
            Endpoint::Rest { base, account, token } => {
                let call = transcript::rest_request(base, account, token, audio, language);
                match send_call(&call).await {
                    Ok((status, body)) => transcript::rest_response(status, &body),
                    Err(err) => Err(CallError::Retry(err.source.unwrap_or(err.message))),
                }
            }
            Endpoint::WorkersAi => {
                let ai = env.ai("AI").map_err(|e| CallError::Fail(format!("AI binding: {e}")))?;
                // The binding throws on rate limits and service errors alike: all are retried,
                // up to `transcript::MAX_ATTEMPTS`.
                ai.run::<_, Output>(transcript::MODEL, transcript::model_input(audio, language))
                    .await
                    .map_err(|e| CallError::Retry(e.to_string()))
            }
        }
    }
}
