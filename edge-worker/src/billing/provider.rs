//! The payment provider behind one interface: Stripe over HTTPS when its secrets are configured,
//! otherwise the local test-mode provider whose checkout and portal are pages of our own app.

use lupa_core::billing::{self, Plan};

use crate::db::new_id;
use crate::error::{ApiError, ApiResult};
use crate::http::send_call;
use crate::App;

pub enum Provider {
    Local,
    Stripe { secret_key: String, price_id: String },
}

impl Provider {
    pub fn from_env(app: &App) -> Provider {
        let secret = |name: &str| app.env.secret(name).ok().map(|s| s.to_string()).filter(|s| !s.is_empty());
        match (secret("STRIPE_SECRET_KEY"), secret("STRIPE_PRICE_ID")) {
            (Some(secret_key), Some(price_id)) => Provider::Stripe { secret_key, price_id },
            _ => Provider::Local,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Provider::Local => "local",
            Provider::Stripe { .. } => "stripe",
        }
    }

    /// Creates the provider's customer for a user.
    pub async fn create_customer(&self, email: &str, user_id: &str) -> ApiResult<String> {
        match self {
            Provider::Local => Ok(format!("cus_local_{}", new_id())),
            Provider::Stripe { secret_key, .. } => {
                let (status, body) = send_call(&billing::create_customer(secret_key, email, user_id)).await?;
                billing::read_answer(status, &body, "id").map_err(ApiError::internal)
            }
        }
    }

    /// A URL where the customer pays for `plan`.
    pub async fn checkout_url(&self, app: &App, customer: &str, user_id: &str, plan: Plan, local_session: &str) -> ApiResult<String> {
        let origin = &app.config.public_origin;
        match self {
            Provider::Local => {
                let _ = plan;
                Ok(format!("{origin}/billing/checkout/{local_session}"))
            }
            Provider::Stripe { secret_key, price_id } => {
                let call = billing::create_checkout(
                    secret_key,
                    customer,
                    price_id,
                    user_id,
                    &format!("{origin}/user/billing?checkout=success"),
                    &format!("{origin}/user/billing?checkout=cancel"),
                );
                let (status, body) = send_call(&call).await?;
                billing::read_answer(status, &body, "url").map_err(ApiError::internal)
            }
        }
    }

    /// A URL of the customer portal (invoices, cancel).
    pub async fn portal_url(&self, app: &App, customer: &str) -> ApiResult<String> {
        let origin = &app.config.public_origin;
        match self {
            Provider::Local => Ok(format!("{origin}/billing/portal")),
            Provider::Stripe { secret_key, .. } => {
                let (status, body) = send_call(&billing::create_portal(secret_key, customer, &format!("{origin}/user/billing"))).await?;
                billing::read_answer(status, &body, "url").map_err(ApiError::internal)
            }
        }
    }
}
