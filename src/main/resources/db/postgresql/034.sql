-- Single sign-on: an account is linked to the person its OpenID provider vouches for by the provider's
-- issuer and subject, so that a later sign-in finds it again when the email has changed; one subject of one
-- issuer is at most one account.
ALTER TABLE users ADD COLUMN oidc_issuer TEXT;
ALTER TABLE users ADD COLUMN oidc_subject TEXT;
CREATE UNIQUE INDEX users_oidc ON users(oidc_issuer, oidc_subject);
-- A sign-in sent to the provider and not back yet: the SHA-256 of its state and of the browser's binding
-- cookie, from which its nonce and PKCE verifier are derived, so that nothing here signs anyone in. The
-- callback takes the row away (used once); rows older than ten minutes count for nothing and are removed.
CREATE TABLE oidc_pending (
  state_hash   TEXT    PRIMARY KEY,
  binding_hash TEXT    NOT NULL,
  created_at   BIGINT  NOT NULL
);
CREATE INDEX oidc_pending_created ON oidc_pending(created_at);
