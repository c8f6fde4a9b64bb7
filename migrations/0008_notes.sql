-- Researchers' notes (markers) on a recording, at a time in ms from the start.
CREATE TABLE entry_notes (
  id TEXT PRIMARY KEY,
  entry_id TEXT NOT NULL REFERENCES analysis_entries(id) ON DELETE CASCADE,
  author_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  at_ms INTEGER NOT NULL CHECK (at_ms >= 0),
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX entry_notes_entry ON entry_notes(entry_id, at_ms);
