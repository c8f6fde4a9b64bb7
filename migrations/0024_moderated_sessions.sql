-- Moderated sessions (issue 49, ADR 0024): a member of the analysis's workspace (the moderator)
-- talks with a participant, who joins through a link, while other members observe. The link's
-- token is 256 random bits kept only as its keyed hash (prefix 'session:', as invitations keep
-- 'invite:'), so the row can't be used to join. Rows go with their analysis, workspace or
-- moderator's account (the deleting batches also delete them explicitly, as with shares).
CREATE TABLE moderated_sessions (
  id TEXT PRIMARY KEY,
  analysis_id TEXT NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  moderator_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  planned_at INTEGER,
  participant_email TEXT,
  participant_token_hash TEXT NOT NULL UNIQUE,
  -- The participation the session records, once the participant started it (slice 2).
  entry_id TEXT REFERENCES analysis_entries(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  ended_at INTEGER
);
CREATE INDEX moderated_sessions_analysis ON moderated_sessions (analysis_id, created_at);
CREATE INDEX moderated_sessions_workspace ON moderated_sessions (workspace_id);
CREATE INDEX moderated_sessions_moderator ON moderated_sessions (moderator_id);

-- Who holds a session's room socket with an account (moderator or observer), one row per login
-- session and moderated session, as `live_viewers` does for live views (ADR 0016): a logout or a
-- lost access asks exactly these rooms to check their sockets again. Swept with the sessions.
CREATE TABLE session_room_members (
  session_hash TEXT NOT NULL,
  session_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  opened_at INTEGER NOT NULL,
  PRIMARY KEY (session_hash, session_id)
) WITHOUT ROWID;
CREATE INDEX session_room_members_user ON session_room_members (user_id);

-- Files sent with a mail (the calendar event of a planned session's invitation), as JSON
-- `[{filename, content_type, content}]`; NULL for a mail without any.
ALTER TABLE mail_outbox ADD COLUMN attachments_json TEXT;
