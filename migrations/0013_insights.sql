-- Insights (ADR 0012): task questions and SUS, clips and tags, highlight reels, share links.

-- Per-analysis settings. Existing analyses ask nothing, as do clients that leave them out.
ALTER TABLE analyses ADD COLUMN task_questions INTEGER NOT NULL DEFAULT 0 CHECK (task_questions IN (0, 1));
ALTER TABLE analyses ADD COLUMN sus INTEGER NOT NULL DEFAULT 0 CHECK (sus IN (0, 1));

-- The participant's answers after each task (SEQ and success), at a moment of the entry's
-- timeline. One row per task: an answer sent again (a resumed tab) replaces it.
CREATE TABLE task_answers (
  entry_id TEXT NOT NULL REFERENCES analysis_entries(id) ON DELETE CASCADE,
  -- 0 = the first task (the API's taskNumber 1).
  task_index INTEGER NOT NULL CHECK (task_index >= 0),
  seq INTEGER NOT NULL CHECK (seq BETWEEN 1 AND 7),
  success TEXT NOT NULL CHECK (success IN ('yes', 'no', 'unsure')),
  at_ms INTEGER NOT NULL CHECK (at_ms >= 0),
  answered_at INTEGER NOT NULL,
  PRIMARY KEY (entry_id, task_index)
);

-- The ten SUS answers (a JSON array of 1..5), once per entry; scored when read.
CREATE TABLE sus_answers (
  entry_id TEXT PRIMARY KEY REFERENCES analysis_entries(id) ON DELETE CASCADE,
  answers TEXT NOT NULL CHECK (json_valid(answers) AND json_array_length(answers) = 10),
  at_ms INTEGER NOT NULL CHECK (at_ms >= 0),
  answered_at INTEGER NOT NULL
);

-- A note with an end is a clip: it covers at_ms..end_ms of the recording's timeline.
ALTER TABLE entry_notes ADD COLUMN end_ms INTEGER CHECK (end_ms IS NULL OR end_ms > at_ms);
ALTER TABLE entry_notes ADD COLUMN title TEXT;

-- Tags of notes and clips, normalised (trimmed, lower case, single spaces).
CREATE TABLE note_tags (
  note_id TEXT NOT NULL REFERENCES entry_notes(id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  PRIMARY KEY (note_id, tag)
);
CREATE INDEX note_tags_tag ON note_tags (tag);

-- Highlight reels: an ordered playlist of clips of one analysis (no video is rendered).
CREATE TABLE reels (
  id TEXT PRIMARY KEY,
  analysis_id TEXT NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX reels_analysis ON reels (analysis_id, created_at);

CREATE TABLE reel_clips (
  reel_id TEXT NOT NULL REFERENCES reels(id) ON DELETE CASCADE,
  note_id TEXT NOT NULL REFERENCES entry_notes(id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 0),
  PRIMARY KEY (reel_id, note_id),
  UNIQUE (reel_id, position)
);
CREATE INDEX reel_clips_note ON reel_clips (note_id);

-- Read-only links for people without an account. The token is shown once; only its keyed hash
-- is kept. A share names what it shows; deleting that (or the analysis, or the owner) deletes it.
CREATE TABLE shares (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  analysis_id TEXT NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('recording', 'clip', 'reel', 'summary')),
  entry_id TEXT REFERENCES analysis_entries(id) ON DELETE CASCADE,
  note_id TEXT REFERENCES entry_notes(id) ON DELETE CASCADE,
  reel_id TEXT REFERENCES reels(id) ON DELETE CASCADE,
  hide_camera INTEGER NOT NULL DEFAULT 0 CHECK (hide_camera IN (0, 1)),
  include_notes INTEGER NOT NULL DEFAULT 0 CHECK (include_notes IN (0, 1)),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  view_count INTEGER NOT NULL DEFAULT 0,
  last_viewed_at INTEGER,
  CHECK (
    (kind = 'recording' AND entry_id IS NOT NULL AND note_id IS NULL AND reel_id IS NULL)
    OR (kind = 'clip' AND entry_id IS NOT NULL AND note_id IS NOT NULL AND reel_id IS NULL)
    OR (kind = 'reel' AND reel_id IS NOT NULL AND entry_id IS NULL AND note_id IS NULL)
    OR (kind = 'summary' AND entry_id IS NULL AND note_id IS NULL AND reel_id IS NULL)
  )
);
CREATE INDEX shares_analysis ON shares (analysis_id, created_at);
CREATE INDEX shares_owner ON shares (owner_id);
CREATE INDEX shares_entry ON shares (entry_id);
CREATE INDEX shares_note ON shares (note_id);
CREATE INDEX shares_reel ON shares (reel_id);
