-- Passkeys (WebAuthn): a user's credentials, each known by the id its authenticator gave it, with the
-- attested credential data (AAGUID, credential id, COSE public key) the assertions are checked against
-- and the signature counter, which only grows: an assertion whose counter does not is refused.
CREATE TABLE passkeys (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id TEXT    NOT NULL UNIQUE,   -- base64url, as browsers name it
  name          TEXT    NOT NULL,
  user_handle   BLOB    NOT NULL,          -- the random id the authenticator knows the account by
  credential    BLOB    NOT NULL,          -- the attested credential data
  sign_count    INTEGER NOT NULL,
  created_at    INTEGER NOT NULL,
  last_used_at  INTEGER
);
CREATE INDEX passkeys_user ON passkeys(user_id);

-- The challenges handed out for a passkey ceremony, kept in the database so that any instance sharing
-- it can finish what another began; each is deleted as it is used, so it is used once, and is good
-- only until expires_at. user_id is whose passkey is being added; NULL for a sign-in.
CREATE TABLE passkey_challenges (
  challenge   TEXT    PRIMARY KEY,         -- base64url of 32 random bytes
  purpose     TEXT    NOT NULL,            -- register or sign_in
  user_id     INTEGER REFERENCES users(id) ON DELETE CASCADE,
  user_handle BLOB,                    -- the random id the new passkey is to know the account by
  expires_at  INTEGER NOT NULL
);
CREATE INDEX passkey_challenges_expires ON passkey_challenges(expires_at);
