-- Teams: people who share documents, templates, webhooks and API keys, each member with a role
-- (owner, admin, member, viewer; see docs/api/teams.md). An item with a team_id belongs to that team
-- rather than to its owner_id, who stays recorded as the person (or key's maker) who made it. A team
-- always keeps at least one owner, which the service checks inside the transaction that changes roles.
CREATE TABLE teams (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT    NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE team_members (
  team_id  INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role     TEXT    NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
  added_at INTEGER NOT NULL,
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members(user_id, team_id);

-- A team is deleted only once it holds no documents, templates, webhooks or bulk sends, so these
-- references refuse a deletion rather than take the items with it. A team's keys are revoked when the
-- team is deleted and kept, as every key is, for the audit trails that name them: their team_id then
-- names a team that is gone, which ids never reused keep unambiguous.
ALTER TABLE documents ADD COLUMN team_id INTEGER REFERENCES teams(id);
ALTER TABLE templates ADD COLUMN team_id INTEGER REFERENCES teams(id);
ALTER TABLE webhooks ADD COLUMN team_id INTEGER REFERENCES teams(id);
ALTER TABLE bulk_sends ADD COLUMN team_id INTEGER REFERENCES teams(id);
ALTER TABLE api_keys ADD COLUMN team_id INTEGER;
CREATE INDEX documents_team ON documents(team_id, id DESC) WHERE team_id IS NOT NULL;
CREATE INDEX templates_team ON templates(team_id, id) WHERE team_id IS NOT NULL;
CREATE INDEX webhooks_team ON webhooks(team_id, id) WHERE team_id IS NOT NULL;
CREATE INDEX bulk_sends_team ON bulk_sends(team_id, id) WHERE team_id IS NOT NULL;
CREATE INDEX api_keys_team ON api_keys(team_id) WHERE team_id IS NOT NULL;

-- A document moved out of a team becomes the mover's: the counters, kept by owner, follow it. A change
-- of status in the same statement is left to documents_count_status, which moves the count already.
CREATE TRIGGER documents_count_owner AFTER UPDATE OF owner_id ON documents
  WHEN old.owner_id <> new.owner_id AND old.status = new.status BEGIN
  UPDATE document_counts SET n = n - 1 WHERE owner_id = old.owner_id AND status = old.status;
  INSERT INTO document_counts(owner_id, status, n) VALUES (new.owner_id, new.status, 1)
    ON CONFLICT(owner_id, status) DO UPDATE SET n = n + 1;
END;
