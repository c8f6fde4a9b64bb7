-- Waitlist sign-ups from the landing page; one row per normalised e-mail, with the consent given.
CREATE TABLE waitlist (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  email_normalized TEXT NOT NULL UNIQUE,
  consent INTEGER NOT NULL CHECK (consent = 1),
  consent_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX waitlist_created_at ON waitlist(created_at);
