//! Applying billing events (Stripe webhooks, or the local provider's equivalents) to our rows:
//! idempotent by event id, and order-proof: a subscription row only moves forward in event time.

use lupa_core::billing::{BillingEvent, Envelope};
use wasm_bindgen::JsValue;
use worker::D1Database;

use crate::error::ApiResult;
use crate::platform::db::{int, opt_text, text, Batch};

const RECORD: &str = "INSERT INTO billing_events (id, type, created_at, received_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (id) DO NOTHING";
const SEEN: &str = "SELECT 1 AS seen FROM billing_events WHERE id = ?1";
const USER_OF_CUSTOMER: &str = "SELECT user_id AS value FROM billing_customers WHERE customer_id = ?1";
/// Links a customer the event names to the hinted account's current workspace (ADR 0019), unless
/// that workspace or customer is linked already.
const LINK_CUSTOMER: &str = "INSERT INTO billing_customers (workspace_id, user_id, customer_id, provider, created_at) \
     SELECT workspace_id, id, ?2, ?3, ?4 FROM users WHERE id = ?1 AND workspace_id IS NOT NULL ON CONFLICT DO NOTHING";
/// A subscription belongs to its customer's workspace.
const UPSERT: &str = "INSERT INTO subscriptions (id, user_id, customer_id, status, plan, current_period_end, cancel_at_period_end, created_at, updated_at, last_event_at, workspace_id, item_id, quantity) \
     VALUES (?1, ?2, ?3, ?4, 'basic', ?5, ?6, ?7, ?7, ?8, (SELECT workspace_id FROM billing_customers WHERE customer_id = ?3), ?9, COALESCE(?10, 1)) ON CONFLICT (id) DO UPDATE SET status = excluded.status, \
     item_id = COALESCE(excluded.item_id, subscriptions.item_id), quantity = COALESCE(?10, subscriptions.quantity), \
     current_period_end = COALESCE(excluded.current_period_end, subscriptions.current_period_end), cancel_at_period_end = excluded.cancel_at_period_end, \
     updated_at = excluded.updated_at, last_event_at = excluded.last_event_at WHERE subscriptions.last_event_at <= excluded.last_event_at";
/// Checkout completion says "paid" but knows no period: create the row only if it is missing.
const INSERT_IF_MISSING: &str =
    "INSERT INTO subscriptions (id, user_id, customer_id, status, plan, created_at, updated_at, last_event_at, workspace_id) \
     VALUES (?1, ?2, ?3, 'active', 'basic', ?4, ?4, 0, (SELECT workspace_id FROM billing_customers WHERE customer_id = ?3)) ON CONFLICT (id) DO NOTHING";
const PAST_DUE: &str = "UPDATE subscriptions SET status = 'past_due', updated_at = ?3, last_event_at = ?2 WHERE id = ?1 AND last_event_at <= ?2";

/// The customer an event names, if it names one.
fn customer_of(event: &BillingEvent) -> Option<&str> {
    match event {
        BillingEvent::CheckoutCompleted { customer, .. } | BillingEvent::Subscription { customer, .. } => {
            Some(customer)
        }
        BillingEvent::PaymentFailed { .. } | BillingEvent::Ignored => None,
    }
}

/// Applies one event; returns false when it had been applied before (a replay). Two D1 round
/// trips: whether it was seen, with its customer's user; then the event and its effects.
pub async fn apply(database: &D1Database, provider: &str, envelope: &Envelope, now: i64) -> ApiResult<bool> {
    let mut reads = Batch::new(database);
    let seen = reads.add(SEEN, &[text(&envelope.id)])?;
    let owner =
        customer_of(&envelope.event).map(|customer| reads.add(USER_OF_CUSTOMER, &[text(customer)])).transpose()?;
    let results = reads.run().await?;
    if results.first::<serde_json::Value>(seen)?.is_some() {
        return Ok(false);
    }
    let known_user = match owner {
        Some(slot) => results.first_value::<String>(slot)?,
        None => None,
    };
    let mut batch = Batch::new(database);
    add_event(&mut batch, provider, envelope, known_user, now)?;
    batch.run().await?;
    Ok(true)
}

/// Adds an event (recorded by its id) and its effects to a batch: the event id and its effects
/// commit together, so a crash never leaves one without the other. `known_user`: whose customer
/// the event names, when known (else the user the event itself names, if any).
pub fn add_event(
    batch: &mut Batch<'_>,
    provider: &str,
    envelope: &Envelope,
    known_user: Option<String>,
    now: i64,
) -> ApiResult<()> {
    let user_for = |hinted: Option<&str>| known_user.clone().or_else(|| hinted.map(str::to_string));
    batch.add(RECORD, &[text(&envelope.id), text(&envelope.kind), int(envelope.created_ms), int(now)])?;
    match &envelope.event {
        BillingEvent::CheckoutCompleted { customer, subscription, user_id } => {
            if let Some(user) = user_for(user_id.as_deref()) {
                batch.add(LINK_CUSTOMER, &[text(&user), text(customer), text(provider), int(now)])?;
                if let Some(sub) = subscription {
                    batch.add(INSERT_IF_MISSING, &[text(sub), text(&user), text(customer), int(now)])?;
                }
            }
        }
        BillingEvent::Subscription {
            id,
            customer,
            status,
            current_period_end_ms,
            cancel_at_period_end,
            user_id,
            seats,
        } => {
            if let Some(user) = user_for(user_id.as_deref()) {
                let period = current_period_end_ms.map(int).unwrap_or(JsValue::NULL);
                batch.add(
                    UPSERT,
                    &[
                        text(id),
                        text(&user),
                        opt_text(Some(customer)),
                        text(status),
                        period,
                        int(i64::from(*cancel_at_period_end)),
                        int(now),
                        int(envelope.created_ms),
                        seats.as_ref().map_or(JsValue::NULL, |s| text(&s.item_id)),
                        seats.as_ref().map_or(JsValue::NULL, |s| int(i64::try_from(s.quantity).unwrap_or(i64::MAX))),
                    ],
                )?;
            }
        }
        BillingEvent::PaymentFailed { subscription } => {
            batch.add(PAST_DUE, &[text(subscription), int(envelope.created_ms), int(now)])?;
        }
        BillingEvent::Ignored => {}
    }
    Ok(())
}
