-- Documents, their encrypted files, staging, the audit trail and statistics counters.

CREATE TABLE stored_files (
  id          INTEGER PRIMARY KEY,
  name        TEXT    NOT NULL UNIQUE,
  wrapped_key BLOB    NOT NULL,   -- deleting this row destroys the file's only data key
  size        INTEGER NOT NULL,
  sha256      TEXT    NOT NULL,
  created_at  INTEGER NOT NULL
);

-- AUTOINCREMENT: a deleted document's id is never given to a new one, so an id a client or a
-- tombstone still holds can never name a different document.
CREATE TABLE documents (
  id                     INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id               INTEGER NOT NULL REFERENCES users(id),
  title                  TEXT    NOT NULL,
  status                 TEXT    NOT NULL
                           CHECK (status IN ('draft','sent','viewed','completed','declined','expired')),
  original_filename      TEXT    NOT NULL,
  media_type             TEXT    NOT NULL,
  total_pages            INTEGER,
  page_sizes             TEXT    NOT NULL DEFAULT '[]',
  original_file_id       INTEGER NOT NULL REFERENCES stored_files(id),
  pdf_file_id            INTEGER NOT NULL REFERENCES stored_files(id),
  signed_file_id         INTEGER REFERENCES stored_files(id),
  file_hash              TEXT    NOT NULL,
  signed_file_hash       TEXT,
  expires_at             INTEGER,
  completed_at           INTEGER,
  reminder_interval_days INTEGER,
  sent_at                INTEGER,
  audit_head             TEXT,      -- hash of the newest audit event: a removed last event shows
  created_at             INTEGER NOT NULL,
  updated_at             INTEGER NOT NULL
);
CREATE INDEX documents_owner        ON documents(owner_id, id DESC);
CREATE INDEX documents_status       ON documents(status, id DESC);
CREATE INDEX documents_owner_status ON documents(owner_id, status, id DESC);
CREATE INDEX documents_expiry       ON documents(expires_at) WHERE expires_at IS NOT NULL;

-- Title search stays indexed at a million rows: trigram FTS answers substring queries.
CREATE VIRTUAL TABLE documents_fts USING fts5(title, content='documents', content_rowid='id', tokenize='trigram');
CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents BEGIN
  INSERT INTO documents_fts(rowid, title) VALUES (new.id, new.title);
END;
CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN
  INSERT INTO documents_fts(documents_fts, rowid, title) VALUES ('delete', old.id, old.title);
END;
CREATE TRIGGER documents_fts_update AFTER UPDATE OF title ON documents BEGIN
  INSERT INTO documents_fts(documents_fts, rowid, title) VALUES ('delete', old.id, old.title);
  INSERT INTO documents_fts(rowid, title) VALUES (new.id, new.title);
END;

CREATE TABLE document_tombstones (
  document_id INTEGER PRIMARY KEY,
  owner_id    INTEGER NOT NULL,
  deleted_at  INTEGER NOT NULL
);

-- Statistics are read from counters, not by counting rows; triggers keep them in the same
-- transaction as every insert, status change and delete, so they cannot drift.
CREATE TABLE document_counts (
  owner_id INTEGER NOT NULL,
  status   TEXT    NOT NULL,
  n        INTEGER NOT NULL,
  PRIMARY KEY (owner_id, status)
) WITHOUT ROWID;
CREATE TRIGGER documents_count_insert AFTER INSERT ON documents BEGIN
  INSERT INTO document_counts(owner_id, status, n) VALUES (new.owner_id, new.status, 1)
    ON CONFLICT(owner_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER documents_count_delete AFTER DELETE ON documents BEGIN
  UPDATE document_counts SET n = n - 1 WHERE owner_id = old.owner_id AND status = old.status;
END;
CREATE TRIGGER documents_count_status AFTER UPDATE OF status ON documents
  WHEN old.status <> new.status BEGIN
  UPDATE document_counts SET n = n - 1 WHERE owner_id = old.owner_id AND status = old.status;
  INSERT INTO document_counts(owner_id, status, n) VALUES (new.owner_id, new.status, 1)
    ON CONFLICT(owner_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER tombstones_count_insert AFTER INSERT ON document_tombstones BEGIN
  INSERT INTO document_counts(owner_id, status, n) VALUES (new.owner_id, 'deleted', 1)
    ON CONFLICT(owner_id, status) DO UPDATE SET n = n + 1;
END;

CREATE TABLE staged_files (
  id                INTEGER PRIMARY KEY,
  user_id           INTEGER NOT NULL REFERENCES users(id),
  token             TEXT    NOT NULL UNIQUE,
  original_filename TEXT    NOT NULL,
  media_type        TEXT    NOT NULL,
  total_pages       INTEGER NOT NULL,
  page_sizes        TEXT    NOT NULL,
  original_file_id  INTEGER NOT NULL REFERENCES stored_files(id),
  pdf_file_id       INTEGER NOT NULL REFERENCES stored_files(id),
  file_hash         TEXT    NOT NULL,
  created_at        INTEGER NOT NULL
);
CREATE INDEX staged_files_created ON staged_files(created_at);

-- Append-only, hash-chained per document.
CREATE TABLE audit_events (
  id          INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  action      TEXT    NOT NULL,
  signer_id   INTEGER,
  signer_name TEXT,
  api_key_id  INTEGER,
  ip_address  TEXT,
  user_agent  TEXT,
  detail      TEXT,
  created_at  INTEGER NOT NULL,
  prev_hash   TEXT    NOT NULL,
  hash        TEXT    NOT NULL
);
CREATE INDEX audit_events_document ON audit_events(document_id, id);
