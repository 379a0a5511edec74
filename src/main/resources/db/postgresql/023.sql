-- A code by email: a signer may be asked for a 6-digit code that Signet mails when they ask for it.
-- The row keeps only the code's digest, when it stops being valid, and what the mail limits need:
-- the latest mail, and the first mail of the current 24 hours with how many have gone since. Wrong
-- codes count in signers.pin_failures, the same count and lock as a wrong PIN.
ALTER TABLE signers ADD COLUMN verification TEXT NOT NULL DEFAULT 'none'
  CHECK (verification IN ('none', 'email_code'));

CREATE TABLE email_codes (
  signer_id    BIGINT  PRIMARY KEY REFERENCES signers(id) ON DELETE CASCADE,
  code_hash    TEXT,                 -- PBKDF2 digest of the code waiting; null once used
  expires_at   BIGINT,               -- the waiting code is refused from then on
  sent_at      BIGINT  NOT NULL,     -- the latest mail
  window_start BIGINT  NOT NULL,     -- the first mail of the current 24 hours
  window_count BIGINT  NOT NULL      -- mails since window_start
);
