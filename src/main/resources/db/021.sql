-- Bulk sends: one template sent to many, one row per document to make. A bulk send is started
-- only once every row has been checked; its rows are then made in the background, each in the
-- transaction that makes and sends its document, which also marks the row done: a restart picks up
-- the rows still pending and never makes one twice. The key, address and user agent that started it
-- are what the audit trail of every document made names.
CREATE TABLE bulk_sends (
  id           INTEGER PRIMARY KEY,
  owner_id     INTEGER NOT NULL REFERENCES users(id),
  admin        INTEGER NOT NULL CHECK (admin IN (0, 1)),   -- whether the owner acted as an administrator
  template_id  INTEGER NOT NULL,                            -- no foreign key: a deleted template fails the rows left
  api_key_id   INTEGER,
  ip_address   TEXT,
  user_agent   TEXT,
  status       TEXT    NOT NULL CHECK (status IN ('running', 'completed')),
  total        INTEGER NOT NULL,
  created_at   INTEGER NOT NULL,
  completed_at INTEGER
);
CREATE INDEX bulk_sends_running ON bulk_sends(id) WHERE status = 'running';

CREATE TABLE bulk_send_rows (
  bulk_send_id INTEGER NOT NULL REFERENCES bulk_sends(id) ON DELETE CASCADE,
  row_number   INTEGER NOT NULL,                            -- 1 is the first row after the header
  request      TEXT    NOT NULL,                            -- the checked row, as JSON
  status       TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'created', 'failed')),
  document_id  INTEGER,                                     -- no foreign key: the row outlives a deleted document
  error        TEXT,
  PRIMARY KEY (bulk_send_id, row_number)
) WITHOUT ROWID;
CREATE INDEX bulk_send_rows_pending ON bulk_send_rows(bulk_send_id, row_number) WHERE status = 'pending';
