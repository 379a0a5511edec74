-- The signing workflow: signers, fields placed on pages, captured signature images.

CREATE TABLE signers (
  id                   INTEGER PRIMARY KEY AUTOINCREMENT,  -- ids are never reused: clients keep them
  document_id          INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  name                 TEXT    NOT NULL,
  email                TEXT    NOT NULL COLLATE NOCASE,
  role                 TEXT    NOT NULL CHECK (role IN ('signer','viewer','approver')),
  signing_order        INTEGER NOT NULL,
  status               TEXT    NOT NULL CHECK (status IN ('pending','viewed','signed','declined')),
  access_token         TEXT    NOT NULL UNIQUE,   -- hidden: the signing link's credential
  pin_hash             TEXT,                      -- hidden
  require_login        INTEGER NOT NULL DEFAULT 0,
  invited_at           INTEGER,
  last_reminded_at     INTEGER,
  viewed_at            INTEGER,
  signed_at            INTEGER,
  declined_at          INTEGER,
  decline_reason       TEXT,
  signature_ip         TEXT,                      -- hidden
  signature_user_agent TEXT,                      -- hidden
  pin_failures         INTEGER NOT NULL DEFAULT 0,
  pin_locked_until     INTEGER,
  created_at           INTEGER NOT NULL,
  updated_at           INTEGER NOT NULL,
  UNIQUE (document_id, email)
);
CREATE INDEX signers_document ON signers(document_id, signing_order, id);

CREATE TABLE fields (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  signer_id   INTEGER NOT NULL REFERENCES signers(id) ON DELETE CASCADE,
  field_type  TEXT    NOT NULL,
  field_name  TEXT    NOT NULL DEFAULT '',
  page_number INTEGER NOT NULL,
  position_x  REAL    NOT NULL,
  position_y  REAL    NOT NULL,
  width       REAL    NOT NULL,
  height      REAL    NOT NULL,
  value       TEXT    NOT NULL DEFAULT '',
  placeholder TEXT    NOT NULL DEFAULT '',
  is_required INTEGER NOT NULL DEFAULT 1,
  font_size   INTEGER NOT NULL DEFAULT 14,
  font_family TEXT    NOT NULL DEFAULT 'DM Sans',
  options     TEXT    NOT NULL DEFAULT '[]',
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);
CREATE INDEX fields_document ON fields(document_id, id);
CREATE INDEX fields_signer ON fields(signer_id);

-- A signer's captured signature and initials, drawn into the final PDF.
CREATE TABLE signature_images (
  signer_id  INTEGER NOT NULL REFERENCES signers(id) ON DELETE CASCADE,
  kind       TEXT    NOT NULL CHECK (kind IN ('signature','initials','stamp')),
  method     TEXT    NOT NULL,
  image      BLOB    NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (signer_id, kind)
);
