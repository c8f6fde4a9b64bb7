-- Panel studies (ADR 0017): a screener, questions before and after the tasks, a shuffled task
-- order and panel-ready links. All optional: an analysis without them behaves as before.

-- The study options as one JSON document ({screener, questions, taskOrder, panel}); NULL for
-- every existing analysis and for clients that never send them.
ALTER TABLE analyses ADD COLUMN study_json TEXT CHECK (study_json IS NULL OR json_valid(study_json));

-- The panel's participant id (validated: 1–64 of [A-Za-z0-9_-]) and, when the order is random,
-- the order the participant got: a JSON array of the original task numbers (1 = first task).
ALTER TABLE analysis_entries ADD COLUMN pid TEXT;
ALTER TABLE analysis_entries ADD COLUMN task_order TEXT CHECK (task_order IS NULL OR json_valid(task_order));

-- People the screener sent back: no entry, no place, no recording; the question and option
-- that rejected them (their wording at the time) say why.
CREATE TABLE screen_outs (
  id TEXT PRIMARY KEY,
  analysis_id TEXT NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
  pid TEXT,
  question_number INTEGER NOT NULL CHECK (question_number >= 1),
  question_text TEXT NOT NULL,
  option_text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX screen_outs_analysis ON screen_outs (analysis_id, created_at);

-- Answers to the questions before ('pre') and after ('post') the tasks, with the wording they
-- were answered under, so editing the questions later keeps them readable. `answer` is JSON:
-- a string (text), an array of option texts (single, multiple) or a number (scale).
CREATE TABLE question_answers (
  entry_id TEXT NOT NULL REFERENCES analysis_entries(id) ON DELETE CASCADE,
  phase TEXT NOT NULL CHECK (phase IN ('pre', 'post')),
  question_number INTEGER NOT NULL CHECK (question_number >= 1),
  question_text TEXT NOT NULL,
  question_type TEXT NOT NULL CHECK (question_type IN ('text', 'single', 'multiple', 'scale')),
  answer TEXT NOT NULL CHECK (json_valid(answer)),
  at_ms INTEGER NOT NULL CHECK (at_ms >= 0),
  answered_at INTEGER NOT NULL,
  PRIMARY KEY (entry_id, phase, question_number)
);
