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
