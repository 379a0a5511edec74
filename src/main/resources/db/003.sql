-- The durable mail queue. A message is rendered and written here in the same transaction as
-- the change that causes it, then delivered by the background sender; a restart loses nothing.
-- Timestamps are Unix seconds, UTC.
CREATE TABLE mail_outbox (
  id                 INTEGER PRIMARY KEY,
  template           TEXT    NOT NULL,
  recipient          TEXT    NOT NULL,
  recipient_name     TEXT    NOT NULL DEFAULT '',
  subject            TEXT    NOT NULL,
  text_body          TEXT    NOT NULL,   -- bodies hold signing links, which are credentials
  html_body          TEXT    NOT NULL,
  document_id        INTEGER,            -- no foreign key: mail about a deleted document may still go out
  attachment_name    TEXT,
  attachment_type    TEXT,
  attachment_file_id INTEGER,            -- no foreign key either: a file gone by then fails the message
  status             TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','sent','failed')),
  attempts           INTEGER NOT NULL DEFAULT 0,
  next_attempt_at    INTEGER NOT NULL,
  last_error         TEXT,
  created_at         INTEGER NOT NULL,
  sent_at            INTEGER,
  CHECK ((attachment_file_id IS NULL) = (attachment_name IS NULL)
     AND (attachment_file_id IS NULL) = (attachment_type IS NULL))
);
-- The sender's query: pending messages due by now, first due first.
CREATE INDEX mail_outbox_due ON mail_outbox(status, next_attempt_at);
