-- A document's files, in the order they are signed and sealed. The first file's name, type, hash and
-- original stay on the document row too, as the answer's original_file; documents.pdf_file_id is the
-- PDF its parties see, which for several files is their PDFs joined in order. Fields keep their
-- page_number over the joined pages; the interface says it as a file and a page inside that file.
CREATE TABLE document_files (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,   -- never reused: clients keep file ids
  document_id       INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  position          INTEGER NOT NULL,
  original_filename TEXT    NOT NULL,
  media_type        TEXT    NOT NULL,
  total_pages       INTEGER NOT NULL,
  page_sizes        TEXT    NOT NULL DEFAULT '[]',
  original_file_id  INTEGER NOT NULL REFERENCES stored_files(id),
  pdf_file_id       INTEGER NOT NULL REFERENCES stored_files(id),
  file_hash         TEXT    NOT NULL,
  created_at        INTEGER NOT NULL,
  UNIQUE (document_id, position)
);

INSERT INTO document_files(document_id, position, original_filename, media_type, total_pages, page_sizes,
    original_file_id, pdf_file_id, file_hash, created_at)
  SELECT id, 1, original_filename, media_type, COALESCE(total_pages, 0), page_sizes, original_file_id, pdf_file_id,
         file_hash, created_at
  FROM documents;
