//! The Stripe API calls we make, as async-stripe 1.0's typed requests (customer, checkout session,
//! portal session), and what turns one into an HTTP call and Stripe's answer into its typed
//! resource. No platform code here: the worker sends the `HttpCall` with `worker::Fetch`
//! (`billing::stripe_client`), and `cargo test` checks both halves against recorded fixtures.

use stripe_billing::billing_portal_session::CreateBillingPortalSession;
use stripe_billing::subscription::CancelSubscription;
use stripe_billing::subscription_item::{UpdateSubscriptionItem, UpdateSubscriptionItemProrationBehavior};
use stripe_checkout::checkout_session::{
    CreateCheckoutSession, CreateCheckoutSessionLineItems, CreateCheckoutSessionSubscriptionData,
};
use stripe_client_core::{RequestBuilder, StripeMethod};
use stripe_core::customer::CreateCustomer;
use stripe_shared::CheckoutSessionMode;

use crate::mail::HttpCall;

/// What a caller needs to name: a typed request, and the resource its answer parses into.
pub use miniserde::Deserialize as StripeResource;
pub use stripe_client_core::StripeRequest;

pub const STRIPE_API: &str = "https://api.stripe.com/v1";

/// The API version async-stripe's models are generated from. Requests pin it, so answers always
/// have the shape the typed resources expect; the webhook endpoint must use it too (README).
pub fn api_version() -> &'static str {
    static VERSION: stripe_client_core::ApiVersion = stripe_client_core::VERSION;
    VERSION.as_str()
}

/// The metadata key that ties Stripe objects to our user.
pub const USER_ID_KEY: &str = "lupa_user_id";

fn user_metadata(user_id: &str) -> std::collections::HashMap<String, String> {
    std::iter::once((USER_ID_KEY.to_string(), user_id.to_string())).collect()
}

/// `POST /v1/customers`: the user's customer, tagged with our user id.
pub fn create_customer(email: &str, user_id: &str) -> CreateCustomer {
    CreateCustomer::new().email(email).metadata(user_metadata(user_id))
}

/// `POST /v1/checkout/sessions`: a subscription to `price_id` for `customer`. The user id goes in
/// twice on purpose: `client_reference_id` reaches `checkout.session.completed`, and the
/// subscription's metadata reaches every later `customer.subscription.*` event.
pub fn create_checkout(
    customer: &str,
    price_id: &str,
    user_id: &str,
    seats: u64,
    success_url: &str,
    cancel_url: &str,
) -> CreateCheckoutSession {
    let mut item = CreateCheckoutSessionLineItems::new();
    item.price = Some(price_id.to_string());
    // One seat per owner, admin and researcher of the workspace (ADR 0019).
    item.quantity = Some(seats.max(1));
    let mut subscription = CreateCheckoutSessionSubscriptionData::new();
    subscription.metadata = Some(user_metadata(user_id));
    CreateCheckoutSession::new()
        .mode(CheckoutSessionMode::Subscription)
        .customer(customer)
        .line_items(vec![item])
        .client_reference_id(user_id)
        .subscription_data(subscription)
        .success_url(success_url)
        .cancel_url(cancel_url)
}

/// `POST /v1/subscription_items/{id}`: the paid seats of a workspace's subscription (ADR 0019),
/// prorated, as Stripe's per-seat billing documents it.
pub fn update_seats(item_id: &str, quantity: u64) -> UpdateSubscriptionItem {
    UpdateSubscriptionItem::new(item_id)
        .quantity(quantity)
        .proration_behavior(UpdateSubscriptionItemProrationBehavior::CreateProrations)
}

/// `DELETE /v1/subscriptions/{id}`: ends a deleted team's subscription now (ADR 0019), with
/// Stripe's defaults: no proration credit and no final invoice.
pub fn cancel_subscription(subscription_id: &str) -> CancelSubscription {
    CancelSubscription::new(subscription_id)
}

/// `POST /v1/billing_portal/sessions`.
pub fn create_portal(customer: &str, return_url: &str) -> CreateBillingPortalSession {
    CreateBillingPortalSession::new().customer(customer).return_url(return_url)
}

/// The HTTP call for a typed request: `https://api.stripe.com/v1{path}[?query]`, the secret key
/// as a bearer token, the pinned API version, and the request's own form body.
pub fn http_call(secret_key: &str, request: &impl StripeRequest) -> HttpCall {
    let RequestBuilder { query, body, path, method } = request.build();
    let url = match query {
        Some(query) if !query.is_empty() => format!("{STRIPE_API}{path}?{query}"),
        _ => format!("{STRIPE_API}{path}"),
    };
    let mut headers =
        vec![("Authorization".into(), format!("Bearer {secret_key}")), ("Stripe-Version".into(), api_version().into())];
    if body.is_some() {
        headers.push(("Content-Type".into(), "application/x-www-form-urlencoded".into()));
    }
    let method = match method {
        StripeMethod::Get => "GET",
        StripeMethod::Post => "POST",
        StripeMethod::Delete => "DELETE",
    };
    HttpCall { method, url, headers, body: body.unwrap_or_default() }
}

/// Reads Stripe's answer as the request's typed resource; error answers name Stripe's message.
pub fn read_answer<T: StripeResource>(status: u16, body: &str) -> Result<T, String> {
    if (200..300).contains(&status) {
        return miniserde::json::from_str(body)
            .map_err(|_| format!("stripe answered {status} with a body that is not the expected resource"));
    }
    // Only `error.message` is read. The typed `stripe_shared::Error` would link the parsers of
    // PaymentIntent, PaymentMethod and SetupIntent (which it may embed) for this one string.
    let v: serde_json::Value =
        serde_json::from_str(body).map_err(|_| format!("stripe answered {status} with a non-JSON body"))?;
    let message = v.pointer("/error/message").and_then(serde_json::Value::as_str).unwrap_or("unknown error");
    Err(format!("stripe answered {status}: {message}"))
}

#[cfg(test)]
mod tests {
    use serde_json::Value;
    use stripe_billing::BillingPortalSession;
    use stripe_shared::{CheckoutSession, Customer};

    use super::*;

    const FIXTURES: &str = include_str!("../fixtures/stripe-api.json");

    fn fixtures() -> Value {
        serde_json::from_str(FIXTURES).unwrap()
    }

    /// A form body as Stripe reads it: decoded key/value pairs, in any order.
    fn decoded(body: &str) -> Vec<(String, String)> {
        fn unescape(s: &str) -> String {
            let bytes = s.replace('+', " ").into_bytes();
            let mut out = Vec::new();
            let mut i = 0;
            while i < bytes.len() {
                if bytes[i] == b'%' {
                    out.push(u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap(), 16).unwrap());
                    i += 3;
                } else {
                    out.push(bytes[i]);
                    i += 1;
                }
            }
            String::from_utf8(out).unwrap()
        }
        let mut pairs: Vec<_> =
            body.split('&').map(|p| p.split_once('=').unwrap()).map(|(k, v)| (unescape(k), unescape(v))).collect();
        pairs.sort();
        pairs
    }

    fn assert_matches_recorded(call: &HttpCall, recorded: &Value) {
        assert_eq!(call.method, recorded["method"]);
        assert_eq!(call.url, recorded["url"]);
        assert_eq!(call.body, recorded["body"]);
        // The same request the hand-written client sent, in another (equally valid) encoding.
        assert_eq!(decoded(&call.body), decoded(recorded["previous_body"].as_str().unwrap()));
        assert!(call.headers.contains(&("Authorization".into(), "Bearer sk_test_123".into())));
        assert!(call.headers.contains(&("Stripe-Version".into(), api_version().into())));
        assert!(call.headers.contains(&("Content-Type".into(), "application/x-www-form-urlencoded".into())));
    }

    #[test]
    fn the_pinned_version_is_the_one_the_models_are_generated_from() {
        assert_eq!(api_version(), "2026-09-30.endive");
    }

    /// Checks the call `request` makes against the fixture `name`'s recorded request, and gives
    /// the fixture's recorded answer as read.
    fn recorded_exchange<T: StripeResource>(name: &str, request: &impl StripeRequest) -> T {
        let f = fixtures();
        assert_matches_recorded(&http_call("sk_test_123", request), &f[name]["request"]);
        read_answer(200, &f[name]["response"].to_string()).unwrap()
    }

    #[test]
    fn customer_request_and_answer_match_the_recorded_fixture() {
        let customer: Customer = recorded_exchange("customer", &create_customer("ana+x@example.com", "u_123"));
        assert_eq!(customer.id.as_str(), "cus_NffrFeUfNV2Hib");
        assert_eq!(customer.metadata.unwrap()[USER_ID_KEY], "u_123");
    }

    #[test]
    fn checkout_request_and_answer_match_the_recorded_fixture() {
        let request = create_checkout(
            "cus_NffrFeUfNV2Hib",
            "price_1MoBy5LkdIwHu7ixZhnattbh",
            "u_123",
            1,
            "https://lupa.example/user/billing?checkout=success",
            "https://lupa.example/user/billing?checkout=cancel",
        );
        let session: CheckoutSession = recorded_exchange("checkout", &request);
        assert_eq!(
            session.url.as_deref(),
            Some(
                "https://checkout.stripe.com/c/pay/cs_test_a11YYufWQzNY63zpQ6QSNRQhkUpVph4WRmzW0zWJO2znZKdVujZ0N0S22u"
            )
        );
    }

    #[test]
    fn portal_request_and_answer_match_the_recorded_fixture() {
        let session: BillingPortalSession =
            recorded_exchange("portal", &create_portal("cus_NffrFeUfNV2Hib", "https://lupa.example/user/billing"));
        // Values are escaped where a form needs it: a return URL with its own query survives.
        let tricky = http_call("sk_test_123", &create_portal("cus_1", "https://x.example/?a=1&b=2+3"));
        assert!(decoded(&tricky.body).contains(&("return_url".into(), "https://x.example/?a=1&b=2+3".into())));
        assert_eq!(session.url, "https://billing.stripe.com/p/session/test_YWNjdF8xTTJKVGtMa2RJd0h1N2l4LF9NbkxQTVJjUFB1TlBNeHhvNjM5eTdzV0tjQ1hOVTdK0100");
    }

    #[test]
    fn seats_request_and_answer_match_the_recorded_fixture() {
        let item: stripe_shared::SubscriptionItem = recorded_exchange("seats", &update_seats("si_NcLYdDxLHxlFo7", 2));
        assert_eq!(item.id.as_str(), "si_NcLYdDxLHxlFo7");
        assert_eq!(item.quantity, Some(2));
        assert_eq!(item.price.unit_amount, Some(2900));
    }

    #[test]
    fn cancel_request_and_answer_match_the_recorded_fixture() {
        let f = fixtures();
        let call = http_call("sk_test_123", &cancel_subscription("sub_1MowQVLkdIwHu7ixeRlqHVzs"));
        assert_eq!(call.method, f["cancel"]["request"]["method"]);
        assert_eq!(call.url, f["cancel"]["request"]["url"]);
        assert!(call.body.is_empty(), "no parameters: {:?}", call.body);
        assert!(call.headers.contains(&("Authorization".into(), "Bearer sk_test_123".into())));
        let sub: stripe_shared::Subscription = read_answer(200, &f["cancel"]["response"].to_string()).unwrap();
        assert_eq!(sub.id.as_str(), "sub_1MowQVLkdIwHu7ixeRlqHVzs");
        assert_eq!(sub.status, stripe_shared::SubscriptionStatus::Canceled);
    }

    #[test]
    fn error_answers_name_stripes_message() {
        let f = fixtures();
        assert_eq!(
            read_answer::<Customer>(402, &f["error"].to_string()).err(),
            Some("stripe answered 402: Your card was declined.".into())
        );
        assert_eq!(
            read_answer::<Customer>(502, "<html>").err(),
            Some("stripe answered 502 with a non-JSON body".into())
        );
        // A success whose body is not the resource (say, an API version we don't pin) is an error too.
        assert!(read_answer::<Customer>(200, r#"{"id":"cus_1"}"#).is_err());
    }
}
