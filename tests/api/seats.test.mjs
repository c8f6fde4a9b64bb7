// Paid seats (ADR 0019) with the local provider: a workspace pays one seat per owner, admin and
// researcher; observers are free. Paying takes the members' count; a change of members reaches the
// subscription's quantity (the cron reconciles what no request synced: here, members written
// straight into D1), and the billing page's data says the seats and the next amount. The Stripe
// request for the same change is checked against Stripe's documented one in
// `lupa_core::stripe_api` (`seats_request_and_answer_match_the_recorded_fixture`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signUp, client } from './helpers.mjs';
import { eventually, q, sql } from './db.mjs';
import { runCron } from './recording.mjs';
import { join as joinByInvitation } from './team-helpers.mjs';

const billing = async (cookie) => (await client.billingGet({ cookie })).json.billingData;

/** Subscribes `owner`'s workspace through the local checkout. */
async function subscribe(owner) {
  const checkout = await client.billingCheckout({
    cookie: owner.cookie,
    body: { planName: 'basic', planBillingCycle: 'monthly' },
  });
  assert.equal(checkout.status, 200);
  const sessionId = /\/billing\/checkout\/(\S+)$/.exec(checkout.json.checkoutSessionUrl)[1];
  const paid = await client.localCheckoutPay(sessionId, { cookie: owner.cookie });
  assert.equal(paid.status, 200);
}

/** Puts `user` into `owner`'s workspace with `role`, as accepting an invitation does. */
async function join(owner, user, role) {
  await sql(
    `INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES (${q(`w${owner.user.id}`)}, ${q(user.user.id)}, ${q(role)}, ${Date.now()})`,
  );
}

test('a workspace pays a seat per owner, admin and researcher; observers are free', async () => {
  const owner = await signUp('seats-owner');
  const before = await billing(owner.cookie);
  assert.equal(before.seats, 1);
  assert.equal(before.nextAmountCents, null, 'no next amount without a subscription');

  // A researcher who joined before the workspace paid: the checkout takes both seats.
  const researcher = await signUp('seats-researcher');
  await join(owner, researcher, 'researcher');
  await subscribe(owner);
  let data = await billing(owner.cookie);
  assert.equal(data.paid, true);
  assert.equal(data.seats, 2);
  assert.equal(data.nextAmountCents, 2 * 2900);
  const invoice = (await client.localPortalGet({ cookie: owner.cookie })).json.invoices[0];
  assert.equal(invoice.amountCents, 2 * 2900, 'the first invoice bills both seats');

  // An observer takes no seat: nothing changes, even after the cron.
  const observer = await signUp('seats-observer');
  await join(owner, observer, 'observer');
  await runCron(Date.now());
  data = await billing(owner.cookie);
  assert.equal(data.seats, 2);
  assert.equal(data.nextAmountCents, 2 * 2900);

  // An admin does; the quantity follows once synced.
  const admin = await signUp('seats-admin');
  await join(owner, admin, 'admin');
  assert.equal((await billing(owner.cookie)).seats, 3, 'the seats count the members at once');
  assert.equal((await billing(owner.cookie)).nextAmountCents, 2 * 2900, 'the provider was not told yet');
  await runCron(Date.now());
  data = await billing(owner.cookie);
  assert.equal(data.nextAmountCents, 3 * 2900);
  const [row] = await sql(`SELECT quantity FROM subscriptions WHERE workspace_id = ${q(`w${owner.user.id}`)}`);
  assert.equal(row.quantity, 3);

  // A member removed: one seat less.
  await sql(`DELETE FROM workspace_members WHERE user_id = ${q(researcher.user.id)}`);
  await runCron(Date.now());
  data = await billing(owner.cookie);
  assert.equal(data.seats, 2);
  assert.equal(data.nextAmountCents, 2 * 2900);

  // Every member reads whether the workspace paid; only the owner changes the subscription.
  await sql(`UPDATE users SET workspace_id = ${q(`w${owner.user.id}`)} WHERE id = ${q(observer.user.id)}`);
  const asObserver = await client.billingGet({ cookie: observer.cookie });
  assert.equal(asObserver.status, 200);
  assert.equal(asObserver.json.billingData.paid, true);
  assert.equal(asObserver.json.billingData.seats, 2);
  const portal = await client.billingPortal({ cookie: observer.cookie });
  assert.equal(portal.status, 403);
  assert.equal(portal.json.code, 'team_role_forbidden');
  assert.equal(portal.json.message, 'Tu rol en este equipo no permite esta acción');
});

test('every change of members through the team routes reaches the subscription, without the cron', async () => {
  const owner = await signUp('seats-routes-owner');
  await subscribe(owner);
  const quantity = async () =>
    (await sql(`SELECT quantity FROM subscriptions WHERE workspace_id = ${q(`w${owner.user.id}`)}`))[0].quantity;
  /** The provider is told after the answer: waits for the quantity and the page's next amount. */
  const settles = (seats) =>
    eventually(async () => {
      const data = await billing(owner.cookie);
      return (await quantity()) === seats && data.seats === seats && data.nextAmountCents === seats * 2900
        ? true
        : undefined;
    });
  assert.equal(await quantity(), 1);

  // Accepting an invitation as a researcher: two seats.
  const member = await signUp('seats-routes-member');
  await joinByInvitation(owner, member, 'researcher');
  await settles(2);
  const members = (await client.teamGet({ cookie: owner.cookie })).json.members;
  const memberId = members.find((m) => m.email === member.email).userId;

  // Made an observer: the seat is freed; a researcher again: taken.
  const asObserver = await client.memberUpdate(memberId, { cookie: owner.cookie, body: { role: 'observer' } });
  assert.equal(asObserver.status, 200, asObserver.text);
  await settles(1);
  await client.memberUpdate(memberId, { cookie: owner.cookie, body: { role: 'researcher' } });
  await settles(2);

  // Removed: one seat.
  const removed = await client.memberRemove(memberId, { cookie: owner.cookie });
  assert.equal(removed.status, 200, removed.text);
  await settles(1);

  // Joins again as an admin and leaves on their own: two seats, then one.
  await joinByInvitation(owner, member, 'admin');
  await settles(2);
  const left = await client.workspaceLeave(`w${owner.user.id}`, { cookie: member.cookie });
  assert.equal(left.status, 200, left.text);
  await settles(1);
});
