-- Who watches which participation live (ADR 0016), one row per session and participation: when a
-- session ends (logout, a password change or reset) or its user loses access, the worker asks
-- exactly these participations' objects to check their viewers again, and a socket whose session
-- or access is gone is closed at once (hardening 4). Rows of ended sessions are swept by the cron.
CREATE TABLE live_viewers (
  session_hash TEXT NOT NULL,
  entry_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  opened_at INTEGER NOT NULL,
  PRIMARY KEY (session_hash, entry_id)
) WITHOUT ROWID;
CREATE INDEX live_viewers_user ON live_viewers (user_id);
