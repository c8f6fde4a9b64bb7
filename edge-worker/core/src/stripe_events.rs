//! Stripe webhook bodies read as async-stripe's typed `Event` and resources (`CheckoutSession`,
//! `Subscription`, `Invoice`), reduced to the `BillingEvent`s that change our rows. The signature
//! is checked before this, over the raw bytes (`stripe_signature`).
//!
//! We read `stripe_shared::Event` and type only the objects of the events we handle, rather than
//! `stripe_webhook::Event`, whose `EventObject` links a parser for every event type Stripe has
//! (most of a megabyte of wasm for objects we would ignore). Other event types are acknowledged
//! and ignored, as before.

use std::fmt::Display;

use stripe_shared::event::EventType;
use stripe_shared::{CheckoutSession, Event, Invoice, Subscription};
use stripe_types::miniserde_helpers::FromValueOpt;

use stripe_types::{Expandable, Object};

use crate::billing::{BillingEvent, Envelope, Seats};
use crate::stripe_api::USER_ID_KEY;

/// Parses a Stripe event body. `Err` for bodies that are not Stripe events, or whose object is not
/// the resource its type announces (Stripe would retry those, and a retry will not fix them, but a
/// 400 shows up in Stripe's dashboard where a silent 200 would not).
pub fn parse_event(body: &[u8]) -> Result<Envelope, String> {
    let text = std::str::from_utf8(body).map_err(|_| "el cuerpo no es texto UTF-8".to_string())?;
    let event: Event =
        miniserde::json::from_str(text).map_err(|_| "el cuerpo no es un evento de Stripe".to_string())?;
    let kind = event.type_.as_str().to_string();
    let object = event.data.object;
    let parsed = match event.type_ {
        EventType::CheckoutSessionCompleted => checkout_completed(typed(object, "checkout.session")?),
        EventType::CustomerSubscriptionCreated | EventType::CustomerSubscriptionUpdated => {
            subscription(typed(object, "subscription")?, false)
        }
        EventType::CustomerSubscriptionDeleted => subscription(typed(object, "subscription")?, true),
        EventType::InvoicePaymentFailed => payment_failed(typed(object, "invoice")?),
        _ => BillingEvent::Ignored,
    };
    Ok(Envelope { id: event.id.as_str().to_string(), kind, created_ms: event.created * 1000, event: parsed })
}

fn typed<T: FromValueOpt>(object: miniserde::json::Value, name: &str) -> Result<T, String> {
    T::from_value(object).ok_or_else(|| format!("data.object no es un objeto {name} de Stripe"))
}

fn id_of<T: Object<Id: Display>>(field: &Expandable<T>) -> String {
    field.id().to_string()
}

fn checkout_completed(session: CheckoutSession) -> BillingEvent {
    let user_from_metadata = session.metadata.as_ref().and_then(|m| m.get(USER_ID_KEY)).cloned();
    match session.customer.as_ref() {
        Some(customer) => BillingEvent::CheckoutCompleted {
            customer: id_of(customer),
            subscription: session.subscription.as_ref().map(id_of),
            user_id: session.client_reference_id.or(user_from_metadata),
        },
        // A checkout without a customer is not one of ours (we always pass `customer`).
        None => BillingEvent::Ignored,
    }
}

fn subscription(sub: Subscription, deleted: bool) -> BillingEvent {
    // `current_period_end` lives on the items since API version 2025-03-31; we sell one item.
    let period_end_secs = sub.items.data.iter().map(|item| item.current_period_end).max();
    BillingEvent::Subscription {
        id: sub.id.as_str().to_string(),
        customer: id_of(&sub.customer),
        // A deleted subscription is over whatever status it was last sent with.
        status: if deleted { "canceled".to_string() } else { sub.status.as_str().to_string() },
        current_period_end_ms: period_end_secs.map(|t| t * 1000),
        cancel_at_period_end: sub.cancel_at_period_end,
        user_id: sub.metadata.get(USER_ID_KEY).cloned(),
        // The plan is one price, so one item; its quantity is the seats.
        seats: sub
            .items
            .data
            .first()
            .map(|item| Seats { item_id: item.id.as_str().to_string(), quantity: item.quantity.unwrap_or(1) }),
    }
}

fn payment_failed(invoice: Invoice) -> BillingEvent {
    let from_parent =
        invoice.parent.as_ref().and_then(|p| p.subscription_details.as_ref()).map(|d| id_of(&d.subscription));
    match invoice.subscription.as_ref().map(id_of).or(from_parent) {
        Some(subscription) => BillingEvent::PaymentFailed { subscription },
        None => BillingEvent::Ignored,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    const FIXTURES: &str = include_str!("../fixtures/stripe-api.json");

    fn event(name: &str) -> Vec<u8> {
        let f: Value = serde_json::from_str(FIXTURES).unwrap();
        serde_json::to_vec(&f["events"][name]).unwrap()
    }

    #[test]
    fn checkout_completed_links_customer_user_and_subscription() {
        let env = parse_event(&event("checkout.session.completed")).unwrap();
        assert_eq!(env.id, "evt_1QcheckoutCompleted");
        assert_eq!(env.kind, "checkout.session.completed");
        assert_eq!(env.created_ms, 1_735_689_600_000);
        assert_eq!(
            env.event,
            BillingEvent::CheckoutCompleted {
                customer: "cus_NffrFeUfNV2Hib".into(),
                subscription: Some("sub_1MowQVLkdIwHu7ixeRlqHVzs".into()),
                user_id: Some("u_123".into())
            }
        );
    }

    const SEATS_ITEM: &str = "si_NcLYdDxLHxlFo7";

    #[test]
    fn subscription_events_read_the_period_end_from_the_items() {
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
                seats: Some(Seats { item_id: SEATS_ITEM.into(), quantity: 2 }),
            }
        );
        let deleted = parse_event(&event("customer.subscription.deleted")).unwrap();
        assert!(matches!(deleted.event, BillingEvent::Subscription { ref status, .. } if status == "canceled"));
    }

    #[test]
    fn failed_payments_name_the_subscription_of_the_invoice() {
        let failed = parse_event(&event("invoice.payment_failed")).unwrap();
        assert_eq!(failed.event, BillingEvent::PaymentFailed { subscription: "sub_1MowQVLkdIwHu7ixeRlqHVzs".into() });
    }

    #[test]
    fn unknown_event_types_are_ignored_whatever_their_object() {
        let other = parse_event(br#"{"id":"evt_x","object":"event","type":"charge.refunded","created":1,"livemode":false,"pending_webhooks":1,"data":{"object":{}}}"#).unwrap();
        assert_eq!((other.kind.as_str(), other.event), ("charge.refunded", BillingEvent::Ignored));
        let future = parse_event(br#"{"id":"evt_y","object":"event","type":"billing.something_new","created":1,"livemode":false,"pending_webhooks":1,"data":{"object":{}}}"#).unwrap();
        assert_eq!((future.kind.as_str(), future.event), ("billing.something_new", BillingEvent::Ignored));
    }

    #[test]
    fn bodies_that_are_not_events_or_carry_the_wrong_object_are_refused() {
        assert!(parse_event(b"not json").is_err());
        assert!(parse_event(br#"{"type":"x"}"#).is_err());
        // A handled type whose object is not the full resource (Stripe always sends it whole).
        let partial = br#"{"id":"evt_z","object":"event","type":"customer.subscription.updated","created":1,"livemode":false,"pending_webhooks":1,"data":{"object":{"id":"sub_1","customer":"cus_1","status":"active"}}}"#;
        assert_eq!(parse_event(partial).err(), Some("data.object no es un objeto subscription de Stripe".into()));
    }
}
