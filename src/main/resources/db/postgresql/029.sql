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
