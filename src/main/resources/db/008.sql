-- Templates: a document kept for reuse, with numbered signer slots and fields that may carry a
-- variable key, so a new document can be made from it with some values filled in ahead of time.
CREATE TABLE templates (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id          INTEGER NOT NULL REFERENCES users(id),
  name              TEXT    NOT NULL,
  description       TEXT    NOT NULL DEFAULT '',
  original_filename TEXT    NOT NULL,
  media_type        TEXT    NOT NULL,
  total_pages       INTEGER NOT NULL,
  page_sizes        TEXT    NOT NULL,
  original_file_id  INTEGER NOT NULL REFERENCES stored_files(id),  -- the template's own copies
  pdf_file_id       INTEGER NOT NULL REFERENCES stored_files(id),
  file_hash         TEXT    NOT NULL,
  created_at        INTEGER NOT NULL,
  updated_at        INTEGER NOT NULL
);
CREATE INDEX templates_owner ON templates(owner_id, id);

-- Who each slot is: the role and order a document's signer in that slot gets unless told otherwise.
CREATE TABLE template_slots (
  template_id   INTEGER NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
  slot          INTEGER NOT NULL,
  role          TEXT    NOT NULL CHECK (role IN ('signer','viewer','approver')),
  signing_order INTEGER NOT NULL,
  PRIMARY KEY (template_id, slot)
) WITHOUT ROWID;

CREATE TABLE template_fields (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  template_id  INTEGER NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
  signer_slot  INTEGER NOT NULL,
  field_type   TEXT    NOT NULL,
  field_name   TEXT    NOT NULL DEFAULT '',
  page_number  INTEGER NOT NULL,
  position_x   REAL    NOT NULL,
  position_y   REAL    NOT NULL,
  width        REAL    NOT NULL,
  height       REAL    NOT NULL,
  placeholder  TEXT    NOT NULL DEFAULT '',
  is_required  INTEGER NOT NULL DEFAULT 1,
  font_size    INTEGER NOT NULL DEFAULT 14,
  font_family  TEXT    NOT NULL DEFAULT 'DM Sans',
  options      TEXT    NOT NULL DEFAULT '[]',
  variable_key TEXT,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL,
  UNIQUE (template_id, variable_key)
);
CREATE INDEX template_fields_template ON template_fields(template_id, id);

-- A document remembers the template it came from (no foreign key: the template may be deleted), and
-- a field filled from a template variable is shown to its signer read-only.
ALTER TABLE documents ADD COLUMN template_id INTEGER;
ALTER TABLE fields ADD COLUMN prefilled INTEGER NOT NULL DEFAULT 0;
