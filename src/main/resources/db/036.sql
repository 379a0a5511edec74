-- Second factors and the record of sign-ins. An authenticator app's secret is sealed under the vault's
-- master key, bound to its user; last_step is the newest 30-second step a code was accepted for, so
-- no code counts twice, at one instance or several. Recovery codes are kept as their SHA-256 (hex).
CREATE TABLE user_authenticators (
  user_id       INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_sealed BLOB    NOT NULL,
  confirmed     INTEGER NOT NULL DEFAULT 0,   -- 0 while being set up: it does not count yet
  last_step     INTEGER NOT NULL DEFAULT -1,
  created_at    INTEGER NOT NULL
);
CREATE TABLE recovery_codes (
  user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT    NOT NULL,
  used_at   INTEGER,
  PRIMARY KEY (user_id, code_hash)
);
-- A sign-in whose password was right and whose second factor is still to come: not a session, known
-- by the SHA-256 (hex) of its id, and in the database so that the code may reach any instance.
CREATE TABLE sign_in_challenges (
  id_hash            TEXT    PRIMARY KEY,
  user_id            INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_version INTEGER NOT NULL,
  csrf_token         TEXT    NOT NULL,
  created_at         INTEGER NOT NULL
);
CREATE INDEX sign_in_challenges_created ON sign_in_challenges(created_at);
-- 1: signed in with a password, without a second factor, where one is required: set-up comes first.
ALTER TABLE admin_sessions ADD COLUMN factor_required INTEGER NOT NULL DEFAULT 0;
-- Each sign-in (event 'sign_in', what = its method) and each change of factors (event 'factor').
CREATE TABLE account_events (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event       TEXT    NOT NULL,
  what        TEXT    NOT NULL,
  issuer      TEXT,                -- the identity provider of a single sign-on
  ip_address  TEXT,
  by_user_id  INTEGER,             -- the administrator who made the change, when not the user
  created_at  INTEGER NOT NULL
);
CREATE INDEX account_events_user ON account_events(user_id, id);
