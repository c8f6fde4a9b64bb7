-- Participation: who holds an entry (hashed capability), consent, activity for idle expiry, and
-- the recording being uploaded in parts (R2 multipart) or as one file.
ALTER TABLE analysis_entries ADD COLUMN capability_hash TEXT;
ALTER TABLE analysis_entries ADD COLUMN consent_at INTEGER;
ALTER TABLE analysis_entries ADD COLUMN consent_version TEXT;
ALTER TABLE analysis_entries ADD COLUMN last_activity_at INTEGER;
ALTER TABLE analysis_entries ADD COLUMN recording_key TEXT;
ALTER TABLE analysis_entries ADD COLUMN recording_mime TEXT;
ALTER TABLE analysis_entries ADD COLUMN recording_size INTEGER;
ALTER TABLE analysis_entries ADD COLUMN upload_id TEXT;
ALTER TABLE analysis_entries ADD COLUMN duration_ms INTEGER;
-- JSON array of {index, atMs}: when each step (scenario, URL, task N) was entered; chapters.
ALTER TABLE analysis_entries ADD COLUMN steps_json TEXT;

CREATE TABLE entry_parts (
  entry_id TEXT NOT NULL REFERENCES analysis_entries(id) ON DELETE CASCADE,
  part_number INTEGER NOT NULL,
  etag TEXT NOT NULL,
  size INTEGER NOT NULL,
  uploaded_at INTEGER NOT NULL,
  PRIMARY KEY (entry_id, part_number)
);
