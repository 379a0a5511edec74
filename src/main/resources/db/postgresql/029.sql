-- Fixed-window request counts (the rate limits per API key and per client address) shared by every
-- Signet on this database: one atomic increment per request, so a limit holds across instances.
CREATE TABLE rate_windows (
  bucket       TEXT   NOT NULL,
  window_start BIGINT NOT NULL,
  used         BIGINT NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
-- The eviction deletes windows that started before a cutoff.
CREATE INDEX rate_windows_start ON rate_windows(window_start);
-- The mail and webhook queues are claimed a few rows at a time with a lease: until claimed_until
-- (Unix seconds) the row belongs to the claim named claimed_by, and no other instance takes it. A
-- claim left behind by an instance that died ends with its lease, and the row is taken again.
ALTER TABLE mail_outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE mail_outbox ADD COLUMN claimed_until BIGINT;
ALTER TABLE webhook_deliveries ADD COLUMN claimed_by TEXT;
ALTER TABLE webhook_deliveries ADD COLUMN claimed_until BIGINT;
