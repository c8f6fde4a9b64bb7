//! Sending mail through one interface with two providers: the local outbox (a D1 table plus a
//! console log; the default, so `npm start` works offline) and Resend's HTTP API in production
//! (chosen when the `MAIL_API_KEY` secret is set). Both send a mail's attachments (a planned
//! session's calendar event): the outbox keeps them as JSON, Resend gets them base64-encoded.

use lupa_core::mail::{resend_request, resend_response, Mail};
use worker::console_log;

use crate::error::{ApiError, ApiResult};
use crate::http::send_call;
use crate::platform::config::optional_secret;
use crate::platform::db::{db, failed, int, new_id, opt_text, stmt, text, Busy};
use crate::App;

/// The configured provider.
pub enum Mailer {
    Outbox,
    Resend { api_key: String, from: String },
}

/// How long the local outbox keeps a mail: its reset links are secrets, and a day is enough to
/// read one with `npm run mail`.
pub const OUTBOX_KEEP_MS: i64 = 24 * 60 * 60 * 1000;
const PURGE_OUTBOX: &str = "DELETE FROM mail_outbox WHERE created_at <= ?1";

/// Deletes outbox mails older than [`OUTBOX_KEEP_MS`] (the cron, every few minutes); how many.
pub async fn purge_outbox(app: &App) -> ApiResult<usize> {
    let result = stmt(&db(app)?, PURGE_OUTBOX, &[int(app.now() - OUTBOX_KEEP_MS)])?
        .run_busy()
        .await
        .map_err(failed(PURGE_OUTBOX))?;
    Ok(result.meta().ok().flatten().and_then(|m| m.changes).unwrap_or(0))
}

const INSERT_OUTBOX: &str =
    "INSERT INTO mail_outbox (id, to_address, subject, text_body, html_body, created_at, attachments_json) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";

impl Mailer {
    pub fn from_env(app: &App) -> Mailer {
        match (optional_secret(&app.env, "MAIL_API_KEY"), optional_secret(&app.env, "MAIL_FROM")) {
            (Some(api_key), Some(from)) => Mailer::Resend { api_key, from },
            _ => Mailer::Outbox,
        }
    }

    pub async fn send(&self, app: &App, mail: &Mail) -> ApiResult<()> {
        match self {
            Mailer::Outbox => {
                let database = db(app)?;
                // Kept as sent, so a test (or `npm run mail`) reads the calendar file as the
                // provider would deliver it.
                let attachments = if mail.attachments.is_empty() {
                    None
                } else {
                    Some(serde_json::to_string(&mail.attachments).map_err(ApiError::internal)?)
                };
                stmt(
                    &database,
                    INSERT_OUTBOX,
                    &[
                        text(&new_id()),
                        text(&mail.to),
                        text(&mail.subject),
                        text(&mail.text),
                        text(&mail.html),
                        int(app.now()),
                        opt_text(attachments.as_deref()),
                    ],
                )?
                .run_busy()
                .await
                .map_err(failed(INSERT_OUTBOX))?;
                // Only the subject: bodies can hold tokens (reset links), which never go to logs.
                console_log!(
                    "{}",
                    serde_json::json!({"level": "info", "msg": "mail stored in the local outbox (D1 mail_outbox)", "subject": mail.subject})
                );
                Ok(())
            }
            Mailer::Resend { api_key, from } => {
                let call = resend_request(api_key, from, mail).map_err(ApiError::internal)?;
                let (status, body) = send_call(&call).await?;
                resend_response(status, &body).map(|_| ()).map_err(ApiError::internal)
            }
        }
    }
}
