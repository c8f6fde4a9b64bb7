//! The payment provider behind one interface: Stripe over HTTPS when its secrets are configured,
//! otherwise the local test-mode provider whose checkout and portal are pages of our own app.

use lupa_core::billing::Plan;
use lupa_core::stripe_api;

use crate::billing::stripe_client::StripeClient;
use crate::error::{ApiError, ApiResult, Fixed};
use crate::platform::config::optional_secret;
use crate::platform::db::new_id;

use crate::App;

pub enum Provider {
    Local,
    Stripe { secret_key: String, price_id: String },
}

impl Provider {
    pub fn from_env(app: &App) -> Provider {
        match (optional_secret(&app.env, "STRIPE_SECRET_KEY"), optional_secret(&app.env, "STRIPE_PRICE_ID")) {
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
                let customer =
                    StripeClient::new(secret_key.clone()).send(&stripe_api::create_customer(email, user_id)).await?;
                Ok(customer.id.to_string())
            }
        }
    }

    /// A URL where the customer pays for `plan`.
    pub async fn checkout_url(
        &self,
        app: &App,
        customer: &str,
        user_id: &str,
        plan: Plan,
        seats: u64,
        local_session: &str,
    ) -> ApiResult<String> {
        let origin = &app.config.public_origin;
        match self {
            Provider::Local => {
                let _ = plan;
                Ok(format!("{origin}/billing/checkout/{local_session}"))
            }
            Provider::Stripe { secret_key, price_id } => {
                let request = stripe_api::create_checkout(
                    customer,
                    price_id,
                    user_id,
                    seats,
                    &format!("{origin}/user/billing?checkout=success"),
                    &format!("{origin}/user/billing?checkout=cancel"),
                );
                let session = StripeClient::new(secret_key.clone()).send(&request).await?;
                // Hosted sessions always have a URL; embedded ones (which we never create) don't.
                session.url.ok_or_else(|| ApiError::internal("stripe checkout session has no url"))
            }
        }
    }

    /// A URL of the customer portal (invoices, cancel).
    pub async fn portal_url(&self, app: &App, customer: &str) -> ApiResult<String> {
        let origin = &app.config.public_origin;
        match self {
            Provider::Local => Ok(format!("{origin}/billing/portal")),
            Provider::Stripe { secret_key, .. } => {
                let request = stripe_api::create_portal(customer, &format!("{origin}/user/billing"));
                Ok(StripeClient::new(secret_key.clone()).send(&request).await?.url)
            }
        }
    }

    /// Ends a subscription now (a deleted team's, ADR 0019). The local provider's state is our
    /// rows, which the deletion removes. A subscription Stripe no longer has (404) is as good as
    /// ended; any other failure is 502 `billing_unavailable`, so nothing is deleted while the
    /// provider would go on charging.
    pub async fn cancel_subscription(&self, subscription_id: &str) -> ApiResult<()> {
        match self {
            Provider::Local => Ok(()),
            Provider::Stripe { secret_key, .. } => {
                let request = stripe_api::cancel_subscription(subscription_id);
                match StripeClient::new(secret_key.clone()).send(&request).await {
                    Ok(_) => Ok(()),
                    Err(err) if err.source.as_deref().unwrap_or(&err.message).contains("answered 404") => Ok(()),
                    Err(err) => Err(ApiError { source: err.source, ..Fixed::BillingUnavailable.into() }),
                }
            }
        }
    }

    /// Tells the provider the subscription's paid seats (prorated). The local provider has nothing
    /// to tell: our row is its whole state, and the caller updates it.
    pub async fn set_seats(&self, item_id: Option<&str>, seats: u64) -> ApiResult<()> {
        match (self, item_id) {
            (Provider::Stripe { secret_key, .. }, Some(item)) => {
                let request = stripe_api::update_seats(item, seats);
                StripeClient::new(secret_key.clone()).send(&request).await?;
                Ok(())
            }
            (Provider::Stripe { .. }, None) => Err(ApiError::internal("subscription has no item to set seats on")),
            (Provider::Local, _) => Ok(()),
        }
    }
}
