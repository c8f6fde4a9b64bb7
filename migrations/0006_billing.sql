-- Billing: the provider's customer per user, processed webhook events (idempotency), ordering of
-- subscription updates, and the local provider's checkout sessions and invoices.
CREATE TABLE billing_customers (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  customer_id TEXT NOT NULL UNIQUE,
  provider TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

ALTER TABLE subscriptions ADD COLUMN customer_id TEXT;
-- Creation time of the newest event applied: older events arriving late change nothing.
ALTER TABLE subscriptions ADD COLUMN last_event_at INTEGER NOT NULL DEFAULT 0;

CREATE TABLE billing_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  received_at INTEGER NOT NULL
);

CREATE TABLE checkout_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  customer_id TEXT NOT NULL,
  plan TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'complete', 'canceled')),
  created_at INTEGER NOT NULL,
  completed_at INTEGER
);

CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subscription_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL,
  period_start INTEGER NOT NULL,
  period_end INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX invoices_user ON invoices(user_id, created_at);
