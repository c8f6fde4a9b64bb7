-- An analysis's AI themes (issue 47, ADR 0021): made from the participations' verified findings,
-- each theme citing quotes a summary's evidence check found, from at least two participations.
-- One row per analysis, replaced on each remake. `status`: 'pending' while being made, 'complete'
-- or 'failed'. `due_at`: a remake is owed at that time (set by each new summary, so a run of them
-- makes one remake: the debounce; the participation object whose time still stands makes it).
-- `summaries_used`: how many summaries the last remake read. A new summary schedules a remake
-- after each one up to 20, then once the analysis has grown by a tenth
-- (`lupa_core::ai_summary::themes::remakes`): each remake reads every summary.
-- The row goes whenever a participation it cites is deleted: a deleted recording's words go with
-- it, and 'Regenerar' makes the themes again from the rest.
CREATE TABLE analysis_themes (
  analysis_id TEXT PRIMARY KEY REFERENCES analyses(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'complete', 'failed')),
  themes_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(themes_json)),
  dropped_themes INTEGER NOT NULL DEFAULT 0,
  unknown_quotes INTEGER NOT NULL DEFAULT 0,
  model TEXT,
  prompt_version INTEGER,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  requested_at INTEGER NOT NULL,
  due_at INTEGER,
  summaries_used INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER
);
