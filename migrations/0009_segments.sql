-- Durable chunks, segments and resume (ADR 0005).
--
-- Every capture of a participation is a segment (one MediaRecorder file). Its chunks are stored in
-- R2 as they arrive (entry_chunks), then composed into the segment's R2 multipart upload
-- (segment_parts). `held_until` says until when an in-progress entry holds its place.

ALTER TABLE analysis_entries ADD COLUMN held_until INTEGER;
ALTER TABLE analysis_entries ADD COLUMN recorded_bytes INTEGER NOT NULL DEFAULT 0;

-- Entries already in progress keep holding their place for the usual time after their activity.
UPDATE analysis_entries SET held_until = COALESCE(last_activity_at, created_at) + 1800000 WHERE status = 'in_progress';

CREATE TABLE entry_segments (
  entry_id TEXT NOT NULL REFERENCES analysis_entries(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  track TEXT NOT NULL DEFAULT 'screen' CHECK (track IN ('screen', 'camera')),
  mime TEXT NOT NULL,
  r2_key TEXT NOT NULL,
  -- The open R2 multipart upload; NULL once completed or aborted.
  upload_id TEXT,
  -- Where the segment starts on the participation's timeline, and its length (end of its chunks).
  offset_ms INTEGER NOT NULL DEFAULT 0,
  duration_ms INTEGER NOT NULL DEFAULT 0,
  -- Bytes of the chunks stored so far; the final object's size once closed.
  bytes INTEGER NOT NULL DEFAULT 0,
  size INTEGER,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed', 'empty')),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (entry_id, seq, track)
);

CREATE TABLE entry_chunks (
  entry_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  track TEXT NOT NULL DEFAULT 'screen',
  idx INTEGER NOT NULL,
  size INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  stored_at INTEGER NOT NULL,
  PRIMARY KEY (entry_id, seq, track, idx),
  FOREIGN KEY (entry_id, seq, track) REFERENCES entry_segments(entry_id, seq, track) ON DELETE CASCADE
);

CREATE TABLE segment_parts (
  entry_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  track TEXT NOT NULL DEFAULT 'screen',
  part_number INTEGER NOT NULL,
  etag TEXT NOT NULL,
  size INTEGER NOT NULL,
  PRIMARY KEY (entry_id, seq, track, part_number),
  FOREIGN KEY (entry_id, seq, track) REFERENCES entry_segments(entry_id, seq, track) ON DELETE CASCADE
);

-- A stored chunk counts once towards the participation's size and its segment's length, however
-- often the tab retries it (the insert is ON CONFLICT DO NOTHING).
CREATE TRIGGER entry_chunks_account AFTER INSERT ON entry_chunks BEGIN
  UPDATE analysis_entries SET recorded_bytes = recorded_bytes + NEW.size WHERE id = NEW.entry_id;
  UPDATE entry_segments SET duration_ms = MAX(duration_ms, NEW.end_ms), bytes = bytes + NEW.size
    WHERE entry_id = NEW.entry_id AND seq = NEW.seq AND track = NEW.track;
END;

-- Open multipart uploads cannot be listed through the R2 binding: their ids are queued here by
-- every deletion path, in the same batch as the rows, and aborted by the deletion queue.
CREATE TABLE r2_aborts (
  upload_id TEXT PRIMARY KEY,
  r2_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX analysis_entries_capability ON analysis_entries (capability_hash);
CREATE INDEX analysis_entries_progress ON analysis_entries (status, last_activity_at);

-- The browser no longer sends 5 MiB parts (ADR 0001's part upload is replaced).
DROP TABLE entry_parts;
