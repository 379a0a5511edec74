-- Who is making a completed document's seal, until when: an instance takes the document by moving
-- this into the future, compare-and-set, so that two instances never build the same seal at once, and
-- one that dies while building leaves it to another once the time has passed. NULL: nobody.
ALTER TABLE documents ADD COLUMN seal_claimed_until BIGINT;

-- Browser sessions that passed a signing link's PIN, login or emailed code, where several instances
-- share the database (PostgreSQL): a browser's next request may reach another instance, which must
-- know what it passed. One process (SQLite) keeps them in memory and leaves this table empty.
CREATE TABLE unlock_sessions (
  id_hash            TEXT    PRIMARY KEY,   -- SHA-256 of the cookie's value, never the value itself
  signer_id          BIGINT  NOT NULL REFERENCES signers(id) ON DELETE CASCADE,
  passed             TEXT    NOT NULL,      -- the factors passed, comma-separated: pin, login, email_code
  expires_at         BIGINT  NOT NULL,
  user_id            BIGINT,                -- the host-site account a login was passed with, if any
  credential_version BIGINT                 -- and its credential version at the time
);
CREATE INDEX unlock_sessions_expires ON unlock_sessions(expires_at);

-- The emailed code a queued mail will carry, sealed under the master key, where several instances
-- share the database (PostgreSQL): whichever instance sends the mail puts the code in. Gone once the
-- code is used, replaced or expired. One process (SQLite) holds the code in memory and leaves this empty.
CREATE TABLE email_code_mail (
  ticket      BIGINT  PRIMARY KEY,   -- the number the queued mail's placeholder names
  signer_id   BIGINT  NOT NULL REFERENCES signers(id) ON DELETE CASCADE,
  code_sealed BYTEA   NOT NULL,
  expires_at  BIGINT  NOT NULL
);
CREATE INDEX email_code_mail_signer ON email_code_mail(signer_id);
