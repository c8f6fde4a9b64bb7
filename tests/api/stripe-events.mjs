// Stripe webhook events for the API tests, built from the full example events in
// edge-worker/core/fixtures/stripe-api.json: the worker reads events into async-stripe's typed
// resources, which need every field Stripe sends, so a hand-written three-field object would be
// refused (as it would be if Stripe sent one).
import { readFileSync } from 'node:fs';

const fixtures = JSON.parse(
  readFileSync(new URL('../../edge-worker/core/fixtures/stripe-api.json', import.meta.url), 'utf8'),
);

/** A copy of the fixture event `kind` with a new id, type and time. */
function eventFrom(kind, { id, type = kind, created }) {
  const event = structuredClone(fixtures.events[kind]);
  Object.assign(event, { id, type, created });
  return event;
}

/** `customer.subscription.{created,updated,deleted}` for `sub`, paid for 30 more days. */
export function subscriptionEvent(
  id,
  { type = 'customer.subscription.updated', sub, customer, status = 'active', created, userId },
) {
  const event = eventFrom('customer.subscription.updated', { id, type, created });
  const object = event.data.object;
  Object.assign(object, { id: sub, customer, status, metadata: { lupa_user_id: userId } });
  object.items.data[0].subscription = sub;
  object.items.data[0].current_period_end = Math.floor(Date.now() / 1000) + 30 * 86400;
  return event;
}

/** `checkout.session.completed` for a new customer, naming our user in `client_reference_id`. */
export function checkoutCompletedEvent(id, { customer, sub, userId, created }) {
  const event = eventFrom('checkout.session.completed', { id, created });
  Object.assign(event.data.object, { customer, subscription: sub, client_reference_id: userId });
  return event;
}

/** `invoice.payment_failed` for `sub`'s invoice (the subscription named at the top level). */
export function paymentFailedEvent(id, { customer, sub, created }) {
  const event = eventFrom('invoice.payment_failed', { id, created });
  Object.assign(event.data.object, { customer, subscription: sub });
  return event;
}

/** Any other event type, which the worker acknowledges and ignores. */
export function otherEvent(id, { type, created, object = {} }) {
  return { ...eventFrom('checkout.session.completed', { id, type, created }), data: { object } };
}
