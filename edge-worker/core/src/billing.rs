//! Billing rules: the one plan, Stripe webhook events as we understand them, and the Stripe API
//! requests we make, described as data (the worker sends them; tests compare them with fixtures
//! shaped like Stripe's documented examples).

use serde_json::Value;

use crate::mail::HttpCall;

/// The only plan (spec §9): €29 per month, VAT included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub name: &'static str,
    pub cycle: &'static str,
    pub amount_cents: i64,
    pub currency: &'static str,
}

pub const BASIC_MONTHLY: Plan = Plan { name: "basic", cycle: "monthly", amount_cents: 2900, currency: "eur" };

pub const UNKNOWN_PLAN: &str = "Plan no disponible";
pub const ALREADY_SUBSCRIBED: &str = "El usuario ya tiene una suscripción existente, gestiónala en el portal";

/// The plan for a `planName`/`planBillingCycle` pair, if we sell it.
pub fn plan(name: &str, cycle: &str) -> Option<Plan> {
    (name == BASIC_MONTHLY.name && cycle == BASIC_MONTHLY.cycle).then_some(BASIC_MONTHLY)
}

/// A webhook event reduced to what changes our rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BillingEvent {
    /// Checkout finished: links the customer to our user and names the new subscription.
    CheckoutCompleted { customer: String, subscription: Option<String>, user_id: Option<String> },
    /// A subscription was created or changed (deleted ones arrive with status `canceled`).
    Subscription { id: String, customer: String, status: String, current_period_end_ms: Option<i64>, cancel_at_period_end: bool, user_id: Option<String> },
    /// An invoice payment failed: the subscription is past due until paid.
    PaymentFailed { subscription: String },
    /// Anything else: acknowledged and ignored.
    Ignored,
}

/// A parsed event with its identity, for idempotency and ordering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub id: String,
    pub kind: String,
    /// Event creation time in epoch ms: later events win, whatever order they arrive in.
    pub created_ms: i64,
    pub event: BillingEvent,
}

fn s(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_string)
}

/// An id field that may be a plain id or an expanded object.
fn id_of(v: &Value, key: &str) -> Option<String> {
    match v.get(key) {
        Some(Value::String(id)) => Some(id.clone()),
        Some(Value::Object(o)) => o.get("id").and_then(Value::as_str).map(str::to_string),
        _ => None,
    }
}

/// `current_period_end` moved from the subscription to its items in newer API versions.
fn period_end_secs(sub: &Value) -> Option<i64> {
    sub.get("current_period_end")
        .and_then(Value::as_i64)
        .or_else(|| sub.pointer("/items/data/0/current_period_end").and_then(Value::as_i64))
}

/// Parses a Stripe event body. `Err` only for bodies that are not events at all.
pub fn parse_event(body: &[u8]) -> Result<Envelope, String> {
    let v: Value = serde_json::from_slice(body).map_err(|_| "el cuerpo no es JSON".to_string())?;
    let id = s(&v, "id").ok_or("falta el id del evento")?;
    let kind = s(&v, "type").ok_or("falta el tipo del evento")?;
    let created_ms = v.get("created").and_then(Value::as_i64).ok_or("falta la fecha del evento")? * 1000;
    let object = v.pointer("/data/object").ok_or("falta data.object")?;
    let user_from_metadata = object.pointer("/metadata/lupa_user_id").and_then(Value::as_str).map(str::to_string);
    let event = match kind.as_str() {
        "checkout.session.completed" => BillingEvent::CheckoutCompleted {
            customer: id_of(object, "customer").ok_or("falta el cliente")?,
            subscription: id_of(object, "subscription"),
            user_id: s(object, "client_reference_id").or(user_from_metadata),
        },
        "customer.subscription.created" | "customer.subscription.updated" | "customer.subscription.deleted" => {
            let status = if kind.ends_with("deleted") { "canceled".to_string() } else { s(object, "status").ok_or("falta el estado")? };
            BillingEvent::Subscription {
                id: s(object, "id").ok_or("falta el id de la suscripción")?,
                customer: id_of(object, "customer").ok_or("falta el cliente")?,
                status,
                current_period_end_ms: period_end_secs(object).map(|t| t * 1000),
                cancel_at_period_end: object.get("cancel_at_period_end").and_then(Value::as_bool).unwrap_or(false),
                user_id: user_from_metadata,
            }
        }
        "invoice.payment_failed" => match id_of(object, "subscription")
            .or_else(|| object.pointer("/parent/subscription_details/subscription").and_then(Value::as_str).map(str::to_string))
        {
            Some(subscription) => BillingEvent::PaymentFailed { subscription },
            None => BillingEvent::Ignored,
        },
        _ => BillingEvent::Ignored,
    };
    Ok(Envelope { id, kind, created_ms, event })
}

/// Statuses that count as paid (spec §4: a subscription exists and is in force).
pub fn is_paid_status(status: &str) -> bool {
    matches!(status, "active" | "trialing")
}

/// Percent-encodes a form value (application/x-www-form-urlencoded).
fn form_encode(pairs: &[(&str, &str)]) -> String {
    fn enc(s: &str) -> String {
        let mut out = String::new();
        for b in s.bytes() {
            match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
                b' ' => out.push('+'),
                other => out.push_str(&format!("%{other:02X}")),
            }
        }
        out
    }
    pairs.iter().map(|(k, v)| format!("{}={}", enc(k), enc(v))).collect::<Vec<_>>().join("&")
}

pub const STRIPE_API: &str = "https://api.stripe.com/v1";
/// The API version our event parsing is written against.
pub const STRIPE_VERSION: &str = "2025-03-31.basil";

fn stripe_call(secret_key: &str, path: &str, pairs: &[(&str, &str)]) -> HttpCall {
    HttpCall {
        method: "POST",
        url: format!("{STRIPE_API}{path}"),
        headers: vec![
            ("Authorization".into(), format!("Bearer {secret_key}")),
            ("Content-Type".into(), "application/x-www-form-urlencoded".into()),
            ("Stripe-Version".into(), STRIPE_VERSION.into()),
        ],
        body: form_encode(pairs),
    }
}

/// `POST /v1/customers`.
pub fn create_customer(secret_key: &str, email: &str, user_id: &str) -> HttpCall {
    stripe_call(secret_key, "/customers", &[("email", email), ("metadata[lupa_user_id]", user_id)])
}

/// `POST /v1/checkout/sessions` for a subscription to `price_id`.
pub fn create_checkout(secret_key: &str, customer: &str, price_id: &str, user_id: &str, success_url: &str, cancel_url: &str) -> HttpCall {
    stripe_call(
        secret_key,
        "/checkout/sessions",
        &[
            ("mode", "subscription"),
            ("customer", customer),
            ("line_items[0][price]", price_id),
            ("line_items[0][quantity]", "1"),
            ("client_reference_id", user_id),
            ("subscription_data[metadata][lupa_user_id]", user_id),
            ("success_url", success_url),
            ("cancel_url", cancel_url),
        ],
    )
}

/// `POST /v1/billing_portal/sessions`.
pub fn create_portal(secret_key: &str, customer: &str, return_url: &str) -> HttpCall {
    stripe_call(secret_key, "/billing_portal/sessions", &[("customer", customer), ("return_url", return_url)])
}

/// Reads `field` from a Stripe answer; error answers name Stripe's message.
pub fn read_answer(status: u16, body: &str, field: &str) -> Result<String, String> {
    let v: Value = serde_json::from_str(body).map_err(|_| format!("stripe answered {status} with a non-JSON body"))?;
    if (200..300).contains(&status) {
        s(&v, field).ok_or_else(|| format!("stripe answer has no {field}"))
    } else {
        Err(format!("stripe answered {status}: {}", v.pointer("/error/message").and_then(Value::as_str).unwrap_or("unknown error")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIXTURES: &str = include_str!("../fixtures/stripe-api.json");

    fn fixtures() -> Value {
        serde_json::from_str(FIXTURES).unwrap()
    }

    fn event(name: &str) -> Vec<u8> {
        serde_json::to_vec(&fixtures()["events"][name]).unwrap()
    }

    #[test]
    fn only_the_monthly_basic_plan_is_sold() {
        assert_eq!(plan("basic", "monthly"), Some(BASIC_MONTHLY));
        assert_eq!(plan("basic", "yearly"), None);
        assert_eq!(plan("pro", "monthly"), None);
        assert_eq!(BASIC_MONTHLY.amount_cents, 2900);
    }

    #[test]
    fn checkout_completed_links_customer_user_and_subscription() {
        let env = parse_event(&event("checkout.session.completed")).unwrap();
        assert_eq!(env.id, "evt_1QcheckoutCompleted");
        assert_eq!(env.created_ms, 1_735_689_600_000);
        assert_eq!(
            env.event,
            BillingEvent::CheckoutCompleted { customer: "cus_NffrFeUfNV2Hib".into(), subscription: Some("sub_1MowQVLkdIwHu7ixeRlqHVzs".into()), user_id: Some("u_123".into()) }
        );
    }

    #[test]
    fn subscription_events_read_period_end_from_items_too() {
        let env = parse_event(&event("customer.subscription.updated")).unwrap();
        assert_eq!(
            env.event,
            BillingEvent::Subscription {
                id: "sub_1MowQVLkdIwHu7ixeRlqHVzs".into(),
                customer: "cus_NffrFeUfNV2Hib".into(),
                status: "active".into(),
                current_period_end_ms: Some(1_738_368_000_000),
                cancel_at_period_end: false,
                user_id: Some("u_123".into()),
            }
        );
        let deleted = parse_event(&event("customer.subscription.deleted")).unwrap();
        assert!(matches!(deleted.event, BillingEvent::Subscription { ref status, .. } if status == "canceled"));
    }

    #[test]
    fn failed_payments_and_unknown_events() {
        let failed = parse_event(&event("invoice.payment_failed")).unwrap();
        assert_eq!(failed.event, BillingEvent::PaymentFailed { subscription: "sub_1MowQVLkdIwHu7ixeRlqHVzs".into() });
        let other = parse_event(br#"{"id":"evt_x","type":"charge.refunded","created":1,"data":{"object":{}}}"#).unwrap();
        assert_eq!(other.event, BillingEvent::Ignored);
        assert!(parse_event(b"not json").is_err());
        assert!(parse_event(br#"{"type":"x"}"#).is_err());
    }

    #[test]
    fn requests_match_the_recorded_fixtures() {
        let f = fixtures();
        let checkout = create_checkout("sk_test_123", "cus_NffrFeUfNV2Hib", "price_1MoBy5LkdIwHu7ixZhnattbh", "u_123", "https://lupa.example/user/billing?checkout=success", "https://lupa.example/user/billing?checkout=cancel");
        assert_eq!(checkout.url, f["checkout"]["request"]["url"]);
        assert_eq!(checkout.body, f["checkout"]["request"]["body"]);
        assert!(checkout.headers.contains(&("Authorization".into(), "Bearer sk_test_123".into())));
        assert_eq!(read_answer(200, &f["checkout"]["response"].to_string(), "url"), Ok("https://checkout.stripe.com/c/pay/cs_test_a11YYufWQzNY63zpQ6QSNRQhkUpVph4WRmzW0zWJO2znZKdVujZ0N0S22u".into()));
        let portal = create_portal("sk_test_123", "cus_NffrFeUfNV2Hib", "https://lupa.example/user/billing");
        assert_eq!(portal.body, f["portal"]["request"]["body"]);
        assert_eq!(read_answer(200, &f["portal"]["response"].to_string(), "url"), Ok("https://billing.stripe.com/p/session/test_YWNjdF8xTTJKVGtMa2RJd0h1N2l4LF9NbkxQTVJjUFB1TlBNeHhvNjM5eTdzV0tjQ1hOVTdK0100".into()));
        let customer = create_customer("sk_test_123", "ana+x@example.com", "u_123");
        assert_eq!(customer.body, "email=ana%2Bx%40example.com&metadata%5Blupa_user_id%5D=u_123");
        assert_eq!(read_answer(200, &f["customer"]["response"].to_string(), "id"), Ok("cus_NffrFeUfNV2Hib".into()));
        assert_eq!(read_answer(402, &f["error"].to_string(), "id"), Err("stripe answered 402: Your card was declined.".into()));
    }
}
