-- Fixed-window rate-limit counters; key = limit:window-start:subject.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX rate_limits_expires_at ON rate_limits(expires_at);

-- Password-reset tokens, stored hashed; single use (used_at) and short-lived (expires_at).
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX password_resets_user_id ON password_resets(user_id);

-- Local mail provider: every mail the app sends, for developers and tests to read.
CREATE TABLE mail_outbox (
  id TEXT PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX mail_outbox_to ON mail_outbox(to_address, created_at);
