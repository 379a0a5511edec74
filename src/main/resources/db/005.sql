-- Webhooks: receivers, and the durable outbox of their deliveries. A delivery row is written in
-- the same transaction as the change it reports, so a rolled-back change emits nothing and a
-- committed one is never lost. Timestamps are Unix seconds, UTC.
CREATE TABLE webhooks (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,  -- ids are never reused: deliveries name them
  owner_id   INTEGER NOT NULL REFERENCES users(id),
  url        TEXT    NOT NULL,
  events     TEXT    NOT NULL,                  -- JSON array of event names, or ["*"]
  active     INTEGER NOT NULL DEFAULT 1,
  secret     TEXT    NOT NULL,                  -- hidden: signs every delivery
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX webhooks_owner ON webhooks(owner_id, id);

CREATE TABLE webhook_deliveries (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,  -- the payload's id and X-WPS-Delivery
  webhook_id      INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  document_id     INTEGER,                            -- no foreign key: a deleted document's events still go out
  event           TEXT    NOT NULL,
  data            TEXT    NOT NULL,                   -- the payload's data object, as JSON
  status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','delivered','failed')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  response_status INTEGER,
  created_at      INTEGER NOT NULL,
  last_attempt_at INTEGER,
  next_attempt_at INTEGER NOT NULL
);
-- The deliverer's query: pending deliveries due by now, oldest first.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at, id) WHERE status = 'pending';
-- Per-document order: the earliest pending delivery of a webhook for a document goes first.
CREATE INDEX webhook_deliveries_order ON webhook_deliveries(webhook_id, document_id, id) WHERE status = 'pending';
-- The delivery log, newest first.
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries(webhook_id, id DESC);

CREATE TABLE webhook_attempts (
  id               INTEGER PRIMARY KEY,
  delivery_id      INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  at               INTEGER NOT NULL,
  response_status  INTEGER,
  duration_ms      INTEGER NOT NULL,
  error            TEXT,
  response_excerpt TEXT                             -- at most 1 KB of what the receiver answered
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, id);
