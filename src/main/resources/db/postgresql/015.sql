-- Every sealed file a document has had, by its SHA-256: the sealed PDF as first stored, and each
-- later revision of it. Deleting a document forgets its hashes.
CREATE TABLE sealed_revisions (
  document_id BIGINT  NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  sha256      TEXT    NOT NULL UNIQUE,
  created_at  BIGINT  NOT NULL
);
CREATE INDEX sealed_revisions_document ON sealed_revisions(document_id);

-- The seals made before this table existed.
INSERT INTO sealed_revisions(document_id, sha256, created_at)
  SELECT id, signed_file_hash, COALESCE(completed_at, updated_at) FROM documents
  WHERE signed_file_hash IS NOT NULL AND length(signed_file_hash) = 64
  ON CONFLICT DO NOTHING;
