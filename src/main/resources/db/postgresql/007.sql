-- Background work bounded and observable.
-- Sealing is attempted with backoff and counted: seal_retry_at is when the next attempt is due (set
-- when the document completes), NULL once retries are used up; seal_error is the last failure.
ALTER TABLE documents ADD COLUMN seal_attempts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE documents ADD COLUMN seal_retry_at BIGINT;
ALTER TABLE documents ADD COLUMN seal_error TEXT;
UPDATE documents SET seal_retry_at = 0 WHERE status = 'completed' AND signed_file_id IS NULL;

-- Each job's query has an index that holds exactly its rows, so a run costs what it finds, not the
-- size of the table.
CREATE INDEX documents_unsealed ON documents(seal_retry_at) WHERE status = 'completed' AND signed_file_id IS NULL;
DROP INDEX documents_expiry;
CREATE INDEX documents_due ON documents(expires_at)
  WHERE expires_at IS NOT NULL AND status IN ('draft','sent','viewed');
CREATE INDEX documents_reminding ON documents(id)
  WHERE reminder_interval_days IS NOT NULL AND status IN ('sent','viewed');
-- Delivered mail is pruned by age.
CREATE INDEX mail_outbox_sent ON mail_outbox(sent_at) WHERE status = 'sent';
