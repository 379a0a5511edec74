-- Every sealed file a document has had, by its SHA-256: the sealed PDF as first stored, and each
-- later revision of it (a renewed seal appends to the file, so each revision has its own hash). A
-- file anyone uploads to the verify page is known by its hash alone; an earlier revision of a
-- stored seal is found because every revision was recorded. Deleting a document forgets its hashes.
CREATE TABLE sealed_revisions (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  sha256      TEXT    NOT NULL UNIQUE,
  created_at  INTEGER NOT NULL
);
CREATE INDEX sealed_revisions_document ON sealed_revisions(document_id);

-- The seals made before this table existed.
INSERT OR IGNORE INTO sealed_revisions(document_id, sha256, created_at)
  SELECT id, signed_file_hash, COALESCE(completed_at, updated_at) FROM documents
  WHERE signed_file_hash IS NOT NULL AND length(signed_file_hash) = 64;
