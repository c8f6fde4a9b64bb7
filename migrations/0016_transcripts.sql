-- Transcripts (ADR 0018). An analysis says whether its recordings are transcribed and in which
-- language: on, in Spanish, for every analysis (existing ones too), unless the researcher turns
-- it off.
ALTER TABLE analyses ADD COLUMN transcription_enabled INTEGER NOT NULL DEFAULT 1 CHECK (transcription_enabled IN (0, 1));
ALTER TABLE analyses ADD COLUMN transcription_language TEXT NOT NULL DEFAULT 'es' CHECK (transcription_language IN ('es', 'en'));

-- One row per transcribed audio window of a participation (ADR 0018, "Windows"), written in one
-- statement when its answer arrives, so a window is there whole or not at all. `lines_json` holds
-- the lines with their words, times already on the recording's timeline; `search_text` is the
-- window's text folded (lower case, no accents) for the analysis-wide search. A window given up
-- after its retries is stored with no lines (`failed` = 1), so the transcript still completes.
CREATE TABLE transcript_windows (
  entry_id TEXT NOT NULL REFERENCES analysis_entries(id) ON DELETE CASCADE,
  analysis_id TEXT NOT NULL,
  segment INTEGER NOT NULL,
  window_index INTEGER NOT NULL,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  failed INTEGER NOT NULL DEFAULT 0 CHECK (failed IN (0, 1)),
  lines_json TEXT NOT NULL CHECK (json_valid(lines_json)),
  search_text TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (entry_id, segment, window_index)
);
CREATE INDEX transcript_windows_analysis ON transcript_windows (analysis_id);

-- When every window of a finished participation is stored ('complete'); NULL before.
ALTER TABLE analysis_entries ADD COLUMN transcript_completed_at INTEGER;
