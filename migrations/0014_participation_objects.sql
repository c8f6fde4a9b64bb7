-- The recording path moves into one Durable Object per participation (ADR 0013). `ledger` says
-- which ledger an in-progress participation uses: 'd1' for those that began before the objects
-- (the tables of 0009 until their next chunk moves them), 'object' for every new one. The cron
-- expires only 'd1' ones; an object expires its own participation by alarm.
ALTER TABLE analysis_entries ADD COLUMN ledger TEXT NOT NULL DEFAULT 'd1' CHECK (ledger IN ('d1', 'object'));

-- Participations whose object must hear of their deletion (entry, analysis or user deleted, left,
-- expired): queued in the same batch as the rows' deletion, told by the deletion queue's drain,
-- retried like `r2_deletions` until the object has answered.
CREATE TABLE object_deletions (
  entry_id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0
);
