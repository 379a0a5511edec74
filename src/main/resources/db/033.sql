-- Secrets at rest: a webhook's secret and the answer kept for an idempotency key are sealed under the
-- vault's master key, each bound to its row, as the signing links' tokens are (009); webhooks.secret
-- then stays empty and idempotency_keys.response_body NULL. answer_bytes is the sealed answer's size,
-- which the cap on what one API key keeps adds up (the index holds all that sum and its eviction read).
-- Signet seals the clear values of existing rows when it starts; the row in clear_values_left says
-- that is still to do, and on SQLite that the file is then to be rewritten (VACUUM), so that no clear
-- value an earlier Signet wrote or deleted is left in its free pages.
ALTER TABLE webhooks ADD COLUMN secret_sealed BLOB;
ALTER TABLE idempotency_keys ADD COLUMN answer_sealed BLOB;
ALTER TABLE idempotency_keys ADD COLUMN answer_bytes INTEGER NOT NULL DEFAULT 0;
CREATE INDEX idempotency_keys_kept ON idempotency_keys(key_id, created_at, answer_bytes);
CREATE TABLE clear_values_left (
  id INTEGER PRIMARY KEY CHECK (id = 1)
);
INSERT INTO clear_values_left(id) VALUES (1);
