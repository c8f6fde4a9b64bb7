// Billing API: customer creation, checkout and portal through the local provider, the analysis
// gate, and Stripe webhooks: signatures (valid, tampered, wrong secret, expired), idempotency by
// event id, out-of-order delivery, and events read as Stripe's typed resources (unknown types
// acknowledged, a handled type with a partial object refused).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { signUp, client } from './helpers.mjs';
import { q, sql } from './db.mjs';
import { checkoutCompletedEvent, otherEvent, paymentFailedEvent, subscriptionEvent } from './stripe-events.mjs';

const root = new URL('../..', import.meta.url).pathname;
const webhookSecret = /^STRIPE_WEBHOOK_SECRET=(.*)$/m.exec(readFileSync(`${root}.dev.vars`, 'utf8'))?.[1];
const analysis = {
  name: 'A',
  url: 'example.com',
  maxNumberOfParticipants: 1,
  scenario: '',
  tasks: [{ taskType: 'text', taskContent: 'T' }],
  device: 'computer',
};

function sign(body, { secret = webhookSecret, at = Math.floor(Date.now() / 1000) } = {}) {
  const sig = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${sig}`;
}

function webhook(event, headerFor = sign) {
  const body = JSON.stringify(event);
  return client.billingWebhook({
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': headerFor(body) },
  });
}

test('the customer is created once', async () => {
  const { cookie } = await signUp('customer');
  const first = await client.billingCreateCustomer({ cookie });
  const second = await client.billingCreateCustomer({ cookie });
  assert.equal(first.status, 200);
  assert.match(first.json.customerId, /^cus_local_/);
  assert.equal(second.json.customerId, first.json.customerId);
  const billing = await client.billingGet({ cookie });
  assert.equal(billing.json.billingData.stripe_customer_id, first.json.customerId);
});

test('local checkout: pay, the gate opens, a second checkout is refused, cancel closes the gate', async () => {
  const { cookie, user } = await signUp('checkout');
  assert.equal((await client.analysisCreate({ cookie, body: analysis })).status, 402);
  const unknown = await client.billingCheckout({ cookie, body: { planName: 'pro', planBillingCycle: 'monthly' } });
  assert.equal(unknown.status, 400);

  const res = await client.billingCheckout({ cookie, body: { planName: 'basic', planBillingCycle: 'monthly' } });
  assert.equal(res.status, 200);
  const sessionId = /\/billing\/checkout\/(cs_local_[0-9a-f]+)$/.exec(res.json.checkoutSessionUrl)?.[1];
  assert.ok(sessionId, res.json.checkoutSessionUrl);
  const page = await client.localCheckoutGet(sessionId, { cookie });
  assert.deepEqual(
    { ...page.json, id: undefined },
    {
      id: undefined,
      status: 'open',
      planName: 'basic',
      planBillingCycle: 'monthly',
      amountCents: 2900,
      currency: 'eur',
    },
  );
  const stranger = await signUp('stranger');
  assert.equal((await client.localCheckoutGet(sessionId, { cookie: stranger.cookie })).status, 404);
  assert.equal((await client.localCheckoutPay(sessionId, { cookie: stranger.cookie })).status, 404);

  assert.equal((await client.localCheckoutPay(sessionId, { cookie })).status, 200);
  assert.equal((await client.localCheckoutPay(sessionId, { cookie })).status, 409, 'a session pays once');
  const billing = await client.billingGet({ cookie });
  assert.equal(billing.json.billingData.paid, true);
  assert.equal(billing.json.billingData.Subscription[0].status, 'active');
  assert.match(billing.json.billingData.Subscription[0].id, /^sub_local_/);
  assert.equal((await client.analysisCreate({ cookie, body: analysis })).status, 201);

  const again = await client.billingCheckout({ cookie, body: { planName: 'basic', planBillingCycle: 'monthly' } });
  assert.equal(again.status, 400);
  assert.equal(again.json.message, 'El usuario ya tiene una suscripción existente, gestiónala en el portal');

  const portal = await client.billingPortal({ cookie });
  assert.match(portal.json.customerPortalUrl, /\/billing\/portal$/);
  const invoices = await client.localPortalGet({ cookie });
  assert.equal(invoices.json.invoices.length, 1);
  assert.equal(invoices.json.invoices[0].amountCents, 2900);
  assert.equal((await client.localPortalCancel({ cookie })).status, 200);
  assert.equal((await client.billingGet({ cookie })).json.billingData.paid, false);
  assert.equal((await client.analysisCreate({ cookie, body: analysis })).status, 402);
  assert.equal(
    (await sql(`SELECT COUNT(*) AS n FROM billing_events WHERE id LIKE 'evt_local_%' AND created_at > 0`))[0].n > 0,
    true,
  );
  assert.equal((await sql(`SELECT status FROM subscriptions WHERE user_id = ${q(user.id)}`))[0].status, 'canceled');
});

test('webhook signatures: valid passes; tampered, wrong secret, expired and missing fail with 400', async () => {
  const { cookie, user } = await signUp('webhook');
  const customer = (await client.billingCreateCustomer({ cookie })).json.customerId;
  const now = Math.floor(Date.now() / 1000);
  const event = subscriptionEvent(`evt_sig_${user.id}`, {
    sub: `sub_sig_${user.id}`,
    customer,
    created: now,
    userId: user.id,
  });
  const body = JSON.stringify(event);
  const bad = [
    sign(body.replace('"active"', '"canceled"')),
    sign(body, { secret: 'whsec_wrong' }),
    sign(body, { at: now - 301 }),
    '',
    'v1=deadbeef',
  ];
  for (const header of bad) {
    const res = await client.billingWebhook({
      body,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
    assert.equal(res.status, 403, header);
    assert.equal(res.json.code, 'bad_signature');
  }
  assert.equal((await client.billingGet({ cookie })).json.billingData.paid, false);
  // Several v1 signatures (secret rotation): one valid is enough.
  const rotated = (b) => `${sign(b)},v1=${'0'.repeat(64)}`;
  const ok = await webhook(event, rotated);
  assert.equal(ok.status, 200);
  assert.equal((await client.billingGet({ cookie })).json.billingData.paid, true);
});

test('webhooks are idempotent by event id and tolerate out-of-order delivery', async () => {
  const { cookie, user } = await signUp('order');
  const customer = (await client.billingCreateCustomer({ cookie })).json.customerId;
  const sub = `sub_order_${user.id}`;
  const now = Math.floor(Date.now() / 1000);
  const created = subscriptionEvent(`evt_a_${user.id}`, {
    type: 'customer.subscription.created',
    sub,
    customer,
    created: now - 100,
    userId: user.id,
  });
  const canceled = subscriptionEvent(`evt_b_${user.id}`, {
    type: 'customer.subscription.deleted',
    sub,
    customer,
    status: 'canceled',
    created: now - 10,
    userId: user.id,
  });
  // The cancellation arrives first, then the older creation: the newer state must win.
  assert.equal((await webhook(canceled)).status, 200);
  assert.equal((await webhook(created)).status, 200);
  assert.equal((await client.billingGet({ cookie })).json.billingData.paid, false);
  // A replay of an applied event changes nothing and says so.
  const replay = await webhook(canceled);
  assert.equal(replay.status, 200);
  assert.equal(replay.json.message, 'Evento ya procesado');
  assert.equal((await sql(`SELECT COUNT(*) AS n FROM billing_events WHERE id = ${q(canceled.id)}`))[0].n, 1);

  const renewed = subscriptionEvent(`evt_c_${user.id}`, { sub, customer, created: now, userId: user.id });
  await webhook(renewed);
  assert.equal((await client.billingGet({ cookie })).json.billingData.paid, true);
  const failed = paymentFailedEvent(`evt_d_${user.id}`, { customer, sub, created: now + 1 });
  assert.equal((await webhook(failed)).status, 200);
  const billing = await client.billingGet({ cookie });
  assert.equal(billing.json.billingData.paid, false);
  assert.equal(billing.json.billingData.Subscription[0].status, 'past_due');
});

test('checkout.session.completed links the customer and activates the subscription', async () => {
  const { cookie, user } = await signUp('completed');
  const event = checkoutCompletedEvent(`evt_cs_${user.id}`, {
    customer: `cus_stripe_${user.id}`,
    sub: `sub_cs_${user.id}`,
    userId: user.id,
    created: Math.floor(Date.now() / 1000),
  });
  assert.equal((await webhook(event)).status, 200);
  const billing = await client.billingGet({ cookie });
  assert.equal(billing.json.billingData.paid, true);
  assert.equal(billing.json.billingData.stripe_customer_id, `cus_stripe_${user.id}`);
});

test('unknown event types are acknowledged; a handled type whose object is not the whole resource is refused', async () => {
  const { cookie, user } = await signUp('typed');
  const now = Math.floor(Date.now() / 1000);
  const refund = await webhook(
    otherEvent(`evt_other_${user.id}`, {
      type: 'charge.refunded',
      created: now,
      object: { id: 'ch_1', object: 'charge' },
    }),
  );
  assert.equal(refund.status, 200);
  assert.equal(refund.json.message, 'Evento procesado');
  const customer = (await client.billingCreateCustomer({ cookie })).json.customerId;
  const partial = otherEvent(`evt_partial_${user.id}`, {
    type: 'customer.subscription.updated',
    created: now,
    object: {
      id: `sub_partial_${user.id}`,
      object: 'subscription',
      customer,
      status: 'active',
      metadata: { lupa_user_id: user.id },
    },
  });
  const refused = await webhook(partial);
  assert.equal(refused.status, 400);
  assert.equal(refused.json.code, 'bad_event');
  assert.equal((await client.billingGet({ cookie })).json.billingData.paid, false);
});
