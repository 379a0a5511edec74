-- Data that leaves on time (see README.md, Your data). status_since is when the document entered
-- the status it has now, from which its retention period runs; retention_days is the document's own period
-- (NULL: the site's for its status; 0: kept for ever). A document with a row in legal_holds is never purged.
ALTER TABLE documents ADD COLUMN retention_days BIGINT  CHECK (retention_days >= 0);
ALTER TABLE documents ADD COLUMN status_since BIGINT;
UPDATE documents SET status_since = CASE WHEN status = 'completed' AND completed_at IS NOT NULL
  THEN completed_at ELSE updated_at END;
CREATE INDEX documents_ending ON documents(status, status_since)
  WHERE status IN ('draft', 'completed', 'declined', 'expired');

CREATE TABLE legal_holds (
  document_id BIGINT  PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  reason      TEXT    NOT NULL,
  placed_at   BIGINT  NOT NULL
);

-- What stays of a purged document: no name, address, title, file or value, only what its evidence needs.
-- audit_head is the hash its audit chain ended with; parties how many took part.
CREATE TABLE purged_documents (
  id           BIGINT PRIMARY KEY,
  owner_id     BIGINT  NOT NULL,
  status       TEXT    NOT NULL,
  created_at   BIGINT  NOT NULL,
  sent_at      BIGINT,
  completed_at BIGINT,
  status_since BIGINT  NOT NULL,
  seal_level   TEXT,
  sealed_at    BIGINT,
  parties      BIGINT  NOT NULL,
  audit_head   TEXT,
  purged_at    BIGINT  NOT NULL
);
-- Every sealed revision a purged document had, by its SHA-256, so that /verify still knows a kept copy.
CREATE TABLE purged_revisions (
  sha256      TEXT    PRIMARY KEY,
  document_id BIGINT  NOT NULL REFERENCES purged_documents(id),
  created_at  BIGINT  NOT NULL
);
CREATE INDEX purged_revisions_document ON purged_revisions(document_id);

-- Work done once a day across every instance on the database: a run claims the job's row until
-- claimed_until, compare-and-set, and records when it finished.
CREATE TABLE daily_runs (
  job           TEXT    PRIMARY KEY,
  claimed_by    TEXT,
  claimed_until BIGINT,
  finished_at   BIGINT
);
INSERT INTO daily_runs(job) VALUES ('retention');
