-- Analyses (studies), their ordered tasks, participant entries, and subscriptions (the gate).
CREATE TABLE analyses (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  url TEXT NOT NULL,
  device TEXT NOT NULL DEFAULT 'computer' CHECK (device IN ('computer', 'mobile')),
  scenario TEXT,
  max_participants INTEGER NOT NULL CHECK (max_participants >= 1),
  status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'active', 'completed')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX analyses_owner ON analyses(owner_id, created_at);

CREATE TABLE analysis_tasks (
  id TEXT PRIMARY KEY,
  analysis_id TEXT NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  task_type TEXT NOT NULL DEFAULT 'text',
  content TEXT NOT NULL,
  UNIQUE (analysis_id, position)
);

-- One participation. 'in_progress' holds a place until submitted, abandoned or expired.
CREATE TABLE analysis_entries (
  id TEXT PRIMARY KEY,
  analysis_id TEXT NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
  status TEXT NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'submitted', 'abandoned')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  submitted_at INTEGER
);
CREATE INDEX analysis_entries_analysis ON analysis_entries(analysis_id, status);

-- Subscriptions mirrored from the payment provider; 'active'/'trialing' and unexpired = paid.
CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  plan TEXT NOT NULL DEFAULT 'basic',
  current_period_end INTEGER,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions(user_id, status);
