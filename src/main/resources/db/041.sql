-- A template's files, in order, as document_files holds a document's: templates.pdf_file_id is the
-- PDF joined from them, and template fields keep their page_number over the joined pages. A document
-- made from a template gets a copy of each file, in the same order.
CREATE TABLE template_files (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,   -- never reused: clients keep file ids
  template_id       INTEGER NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
  position          INTEGER NOT NULL,
  original_filename TEXT    NOT NULL,
  media_type        TEXT    NOT NULL,
  total_pages       INTEGER NOT NULL,
  page_sizes        TEXT    NOT NULL DEFAULT '[]',
  original_file_id  INTEGER NOT NULL REFERENCES stored_files(id),
  pdf_file_id       INTEGER NOT NULL REFERENCES stored_files(id),
  file_hash         TEXT    NOT NULL,
  created_at        INTEGER NOT NULL,
  UNIQUE (template_id, position)
);

INSERT INTO template_files(template_id, position, original_filename, media_type, total_pages, page_sizes,
    original_file_id, pdf_file_id, file_hash, created_at)
  SELECT id, 1, original_filename, media_type, total_pages, page_sizes, original_file_id, pdf_file_id, file_hash,
         created_at
  FROM templates;
