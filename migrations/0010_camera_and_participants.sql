-- Camera recordings, participant numbers and thumbnails (ADR 0008).
--
-- An analysis says whether the participant's camera is recorded ('off' for every existing one).
-- Each participation gets 'Participante N': N counts per analysis in the order participations
-- started, from a counter on the analysis that the claim of a place increments in the same
-- transaction, so a number is never given twice, not even after a deletion. A thumbnail (a small
-- JPEG taken a few seconds in) lives in R2 under the entry's prefix; `thumbnail_at` says it exists.

ALTER TABLE analyses ADD COLUMN camera TEXT NOT NULL DEFAULT 'off' CHECK (camera IN ('off', 'optional', 'required'));
ALTER TABLE analyses ADD COLUMN last_participant_number INTEGER NOT NULL DEFAULT 0;

ALTER TABLE analysis_entries ADD COLUMN participant_number INTEGER;
ALTER TABLE analysis_entries ADD COLUMN thumbnail_at INTEGER;

-- The camera file of a segment starts a moment after its screen file: where, on the screen
-- file's clock (ms). 0 for screen segments.
ALTER TABLE entry_segments ADD COLUMN start_ms INTEGER NOT NULL DEFAULT 0;

-- Existing participations are numbered by the time they started (ties by id), abandoned ones too:
-- they started, and numbers are never reused.
UPDATE analysis_entries SET participant_number = (
  SELECT COUNT(*) FROM analysis_entries o WHERE o.analysis_id = analysis_entries.analysis_id
    AND (o.created_at < analysis_entries.created_at OR (o.created_at = analysis_entries.created_at AND o.id <= analysis_entries.id))
);
UPDATE analyses SET last_participant_number = COALESCE((SELECT MAX(e.participant_number) FROM analysis_entries e WHERE e.analysis_id = analyses.id), 0);

CREATE UNIQUE INDEX analysis_entries_participant_number ON analysis_entries (analysis_id, participant_number);
