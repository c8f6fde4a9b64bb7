-- Admin: recordings whose R2 deletion is still owed (retried until done), and a guard table whose
-- CHECK aborts a batch when an invariant (e.g. "one admin remains") would break.
CREATE TABLE r2_deletions (
  prefix TEXT PRIMARY KEY,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

CREATE TABLE invariant_checks (
  ok INTEGER NOT NULL CHECK (ok = 1)
);
