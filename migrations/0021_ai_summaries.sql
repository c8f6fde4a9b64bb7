-- AI summaries of a participation (issue 47, ADR 0021). 'Resúmenes con IA' is part of an
-- analysis's transcription setting: on for every analysis (existing ones too), and only what is
-- transcribed is summarised.
ALTER TABLE analyses ADD COLUMN summaries_enabled INTEGER NOT NULL DEFAULT 1 CHECK (summaries_enabled IN (0, 1));

-- One summary per participation, replaced on 'Regenerar'. `findings_json` holds only findings whose
-- quotes passed the evidence check (`lupa_core::ai_summary::evidence`), by task; `dropped_findings`
-- counts those the check dropped. `status`: 'pending' while it is being made, 'complete', or
-- 'failed' (the model did not answer after its tries). `model` and `prompt_version` say what made
-- it; the token counts are what it cost.
CREATE TABLE entry_summaries (
  entry_id TEXT PRIMARY KEY REFERENCES analysis_entries(id) ON DELETE CASCADE,
  analysis_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'complete', 'failed')),
  findings_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(findings_json)),
  dropped_findings INTEGER NOT NULL DEFAULT 0,
  proposed_quotes INTEGER NOT NULL DEFAULT 0,
  verified_quotes INTEGER NOT NULL DEFAULT 0,
  model TEXT,
  prompt_version INTEGER,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  requested_at INTEGER NOT NULL,
  created_at INTEGER
);
CREATE INDEX entry_summaries_analysis ON entry_summaries (analysis_id);
