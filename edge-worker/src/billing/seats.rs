//! Paid seats (ADR 0019): a workspace's owner, admins and researchers each take one; observers
//! don't. The subscription's quantity follows the members: after a change, [`sync`] tells the
//! provider the new count (Stripe: the subscription item's quantity, prorated; the local provider
//! mirrors it in our row) and stores it, so the billing page shows the seats and the next amount.

use lupa_core::billing::BASIC_MONTHLY;
use serde::Deserialize;

use crate::billing::provider::Provider;
use crate::error::ApiResult;
use crate::platform::db::{db, int, text, Batch, Results, Slot};
use crate::App;

/// The seats a workspace's members take.
const SEATS: &str =
    "SELECT COUNT(*) AS value FROM workspace_members WHERE workspace_id = ?1 AND role IN ('owner', 'admin', 'researcher')";
/// The workspace's subscription in force, with the item that carries its seats.
const IN_FORCE: &str = concat!(
    "SELECT id, item_id, quantity, cancel_at_period_end FROM subscriptions WHERE workspace_id = ?1 AND ",
    lupa_core::paid_subscription_sql!(""),
    " ORDER BY updated_at DESC LIMIT 1"
);
/// Only moves the quantity the provider was told from `?3` (a racing sync that got there first
/// wins; the next change syncs again).
const SET_QUANTITY: &str = "UPDATE subscriptions SET quantity = ?2 WHERE id = ?1 AND quantity = ?3";

#[derive(Deserialize)]
struct InForce {
    id: String,
    item_id: Option<String>,
    quantity: i64,
    cancel_at_period_end: i64,
}

/// What the billing page says of seats.
pub struct SeatSlots {
    seats: Slot,
    in_force: Slot,
}

/// Adds reading the seats and the subscription in force to a batch.
pub fn add_reads(batch: &mut Batch<'_>, workspace_id: &str, now: i64) -> ApiResult<SeatSlots> {
    Ok(SeatSlots {
        seats: batch.add(SEATS, &[text(workspace_id)])?,
        in_force: batch.add(IN_FORCE, &[text(workspace_id), int(now)])?,
    })
}

/// The seats the members take, and what the next invoice comes to (the plan's price per seat the
/// provider bills for) when a subscription is in force and renews.
pub fn read(results: &Results, slots: &SeatSlots) -> ApiResult<(i64, Option<i64>)> {
    let seats = results.first_value::<i64>(slots.seats)?.unwrap_or(1);
    let next = results
        .first::<InForce>(slots.in_force)?
        .filter(|s| s.cancel_at_period_end == 0)
        .map(|s| s.quantity * BASIC_MONTHLY.amount_cents);
    Ok((seats, next))
}

/// The seats `workspace_id`'s members take, as a quantity for a new subscription.
pub fn seats_in(results: &Results, slot: Slot) -> ApiResult<u64> {
    Ok(results.first_value::<i64>(slot)?.map_or(1, |n| u64::try_from(n.max(1)).unwrap_or(1)))
}

/// Adds reading the seats alone to a batch.
pub fn add_seats(batch: &mut Batch<'_>, workspace_id: &str) -> ApiResult<Slot> {
    batch.add(SEATS, &[text(workspace_id)])
}

/// Brings the subscription's quantity to the members' seats: tells the provider, then stores it.
/// Nothing to do without a subscription in force (checkout starts with the count then).
pub async fn sync(app: &App, workspace_id: &str) -> ApiResult<()> {
    let database = db(app)?;
    let mut reads = Batch::new(&database);
    let slots = add_reads(&mut reads, workspace_id, app.now())?;
    let results = reads.run().await?;
    let seats = results.first_value::<i64>(slots.seats)?.unwrap_or(1).max(1);
    let Some(sub) = results.first::<InForce>(slots.in_force)? else { return Ok(()) };
    if sub.quantity == seats {
        return Ok(());
    }
    let count = u64::try_from(seats).unwrap_or(1);
    Provider::from_env(app).set_seats(sub.item_id.as_deref(), count).await?;
    let mut write = Batch::new(&database);
    write.add(SET_QUANTITY, &[text(&sub.id), int(seats), int(sub.quantity)])?;
    write.run().await?;
    Ok(())
}

/// Subscriptions in force whose quantity differs from their workspace's seats: a sync that failed
/// (the provider unreachable) or a change no request synced (an account deleted).
const OUT_OF_STEP: &str = concat!(
    "SELECT workspace_id AS value FROM subscriptions WHERE workspace_id IS NOT NULL AND ",
    lupa_core::paid_subscription_sql!(""),
    " AND quantity != MAX(1, (SELECT COUNT(*) FROM workspace_members m WHERE m.workspace_id = subscriptions.workspace_id \
     AND m.role IN ('owner', 'admin', 'researcher'))) LIMIT 50"
);

/// The cron's reconciliation: syncs every workspace whose paid seats are out of step. Answers how
/// many it synced; one that fails stays for the next run.
pub async fn reconcile(app: &App) -> ApiResult<usize> {
    let database = db(app)?;
    let mut reads = Batch::new(&database);
    // `?1` is unused: the paid rule names the clock `?2`.
    let found = reads.add(OUT_OF_STEP, &[text(""), int(app.now())])?;
    let workspaces = reads.run().await?.all::<crate::platform::db::Value<String>>(found)?;
    let mut synced = 0;
    for workspace in workspaces {
        match sync(app, &workspace.value).await {
            Ok(()) => synced += 1,
            Err(err) => crate::platform::log::error("-", "(seats)", err.source.as_deref().unwrap_or(&err.message)),
        }
    }
    Ok(synced)
}

/// [`sync`] after the answer: a member's change never waits on the provider. A failure is logged;
/// the next change, or the cron's reconciliation, tries again.
pub fn sync_after_answer(app: &App, workspace_id: &str) {
    let (background, workspace) = (app.detached(), workspace_id.to_string());
    app.wait_until(async move {
        if let Err(err) = sync(&background, &workspace).await {
            crate::platform::log::error("-", "(seats)", err.source.as_deref().unwrap_or(&err.message));
        }
    });
}
