-- Fixed-window request counts (the rate limits per API key and per client address) shared by every
-- Signet on one PostgreSQL database. On SQLite one process keeps them in memory and leaves this empty.
CREATE TABLE rate_windows (
  bucket       TEXT    NOT NULL,
  window_start INTEGER NOT NULL,
  used         INTEGER NOT NULL,
  PRIMARY KEY (bucket, window_start)
) WITHOUT ROWID;
-- The eviction deletes windows that started before a cutoff.
CREATE INDEX rate_windows_start ON rate_windows(window_start);
-- The mail and webhook queues are claimed a few rows at a time with a lease: until claimed_until
-- (Unix seconds) the row belongs to the claim named claimed_by, and no other run takes it. A claim
-- left behind by a process that stopped ends with its lease, and the row is taken again.
ALTER TABLE mail_outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE mail_outbox ADD COLUMN claimed_until INTEGER;
ALTER TABLE webhook_deliveries ADD COLUMN claimed_by TEXT;
ALTER TABLE webhook_deliveries ADD COLUMN claimed_until INTEGER;
