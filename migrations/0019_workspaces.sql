-- Research teams (ADR 0019): workspaces own analyses and the subscription; accounts are members
-- with a role. Every existing account gets its personal workspace (id 'w' || user id), owning what
-- the account owned: nothing moves in R2 and a customer alone in a workspace sees what they saw.

CREATE TABLE workspaces (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE workspace_members (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'researcher', 'observer')),
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
) WITHOUT ROWID;
-- One owner per workspace.
CREATE UNIQUE INDEX workspace_members_owner ON workspace_members (workspace_id) WHERE role = 'owner';
CREATE INDEX workspace_members_user ON workspace_members (user_id);

-- The workspace the account acts in (product §2's routes act in it). A removed member keeps the id
-- until they switch: the session's membership read then finds no row and answers 'Ya no tienes
-- acceso a este equipo'.
ALTER TABLE users ADD COLUMN workspace_id TEXT;

-- Invitations: single use, valid 7 days, the token kept only as a keyed hash.
CREATE TABLE workspace_invitations (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  email_normalized TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'researcher', 'observer')),
  token_hash TEXT NOT NULL UNIQUE,
  invited_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  accepted_at INTEGER,
  accepted_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  revoked_at INTEGER
);
CREATE INDEX workspace_invitations_workspace ON workspace_invitations (workspace_id, created_at);

-- The activity log (owner and admins read it; kept a year). The actor's name is copied so an entry
-- still says who after the account is gone.
CREATE TABLE workspace_activity (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  actor_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  actor_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject_id TEXT,
  subject TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX workspace_activity_workspace ON workspace_activity (workspace_id, at);
CREATE INDEX workspace_activity_at ON workspace_activity (at);

-- What a workspace owns. `analyses.owner_id` stays: it is the analysis's author now.
ALTER TABLE analyses ADD COLUMN workspace_id TEXT REFERENCES workspaces(id);
ALTER TABLE subscriptions ADD COLUMN workspace_id TEXT REFERENCES workspaces(id) ON DELETE CASCADE;
-- Paid seats on the subscription (owner, admins, researchers), as the provider was last told.
ALTER TABLE subscriptions ADD COLUMN quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1);
-- The provider's subscription item whose quantity is the seats (Stripe's `si_…`).
ALTER TABLE subscriptions ADD COLUMN item_id TEXT;
ALTER TABLE invoices ADD COLUMN workspace_id TEXT REFERENCES workspaces(id) ON DELETE CASCADE;
ALTER TABLE checkout_sessions ADD COLUMN workspace_id TEXT REFERENCES workspaces(id) ON DELETE CASCADE;

-- Every existing account's personal workspace, named after it.
INSERT INTO workspaces (id, name, created_at)
  SELECT 'w' || id, COALESCE(NULLIF(trim(name), ''), email), created_at FROM users;
INSERT INTO workspace_members (workspace_id, user_id, role, joined_at)
  SELECT 'w' || id, id, 'owner', created_at FROM users;
UPDATE users SET workspace_id = 'w' || id;
UPDATE analyses SET workspace_id = 'w' || owner_id;
UPDATE subscriptions SET workspace_id = 'w' || user_id;
UPDATE invoices SET workspace_id = 'w' || user_id;
UPDATE checkout_sessions SET workspace_id = 'w' || user_id;
CREATE INDEX analyses_workspace ON analyses (workspace_id, created_at);
CREATE INDEX subscriptions_workspace ON subscriptions (workspace_id, status);
CREATE INDEX invoices_workspace ON invoices (workspace_id, created_at);

-- The provider's customer belongs to the workspace now (one per workspace); `user_id` says which
-- account created it.
CREATE TABLE billing_customers_by_workspace (
  workspace_id TEXT PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  customer_id TEXT NOT NULL UNIQUE,
  provider TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
INSERT INTO billing_customers_by_workspace (workspace_id, user_id, customer_id, provider, created_at)
  SELECT 'w' || user_id, user_id, customer_id, provider, created_at FROM billing_customers;
DROP TABLE billing_customers;
ALTER TABLE billing_customers_by_workspace RENAME TO billing_customers;

-- Every account created from now on, by whatever path (registration, the create-user script, an
-- admin), gets its personal workspace in the same statement.
CREATE TRIGGER users_personal_workspace AFTER INSERT ON users
BEGIN
  INSERT INTO workspaces (id, name, created_at)
    VALUES ('w' || NEW.id, COALESCE(NULLIF(trim(NEW.name), ''), NEW.email), NEW.created_at);
  INSERT INTO workspace_members (workspace_id, user_id, role, joined_at)
    VALUES ('w' || NEW.id, NEW.id, 'owner', NEW.created_at);
  UPDATE users SET workspace_id = 'w' || NEW.id WHERE id = NEW.id;
END;
