-- Idempotency keys: a POST sent with an Idempotency-Key is claimed here, per API key, before it
-- runs, so the primary key decides which of two concurrent copies runs; its answer is kept for a
-- retry to receive again. body_sha256 and body_length are NULL while it is in progress. Rows older
-- than a day are pruned.
CREATE TABLE idempotency_keys (
  key_id          BIGINT  NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  idempotency_key TEXT    NOT NULL,
  method          TEXT    NOT NULL,
  target          TEXT    NOT NULL,
  body_sha256     TEXT,
  body_length     BIGINT,
  state           TEXT    NOT NULL CHECK (state IN ('in_progress', 'done')),
  status          BIGINT,
  content_type    TEXT,
  response_body   BYTEA,
  created_at      BIGINT  NOT NULL,
  PRIMARY KEY (key_id, idempotency_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
