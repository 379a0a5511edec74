-- Evidence that lasts. seal_level is the PAdES baseline level of the stored sealed PDF (B-B, B-T,
-- B-LT, B-LTA); sealed_at is when it was sealed, the time-stamp authority's time when there is one;
-- evidence_expires_at is when the certificate of its newest document timestamp expires, before which
-- the seal's evidence is renewed (NULL: nothing to renew).
ALTER TABLE documents ADD COLUMN seal_level TEXT CHECK (seal_level IN ('B-B', 'B-T', 'B-LT', 'B-LTA'));
ALTER TABLE documents ADD COLUMN sealed_at INTEGER;
ALTER TABLE documents ADD COLUMN evidence_expires_at INTEGER;
-- Every seal made so far was a B-B signature dated at completion.
UPDATE documents SET seal_level = 'B-B', sealed_at = COALESCE(completed_at, updated_at)
 WHERE signed_file_hash IS NOT NULL;
CREATE INDEX documents_renewing ON documents(evidence_expires_at) WHERE evidence_expires_at IS NOT NULL;

-- Every sealed file a document has had, the first seal and each renewal, so a copy kept from any of
-- them is still recognised as this document's. Written only by DocumentStore.recordSealedRevision.
CREATE TABLE sealed_revisions (
  sha256      TEXT    PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL
);
CREATE INDEX sealed_revisions_document ON sealed_revisions(document_id, created_at);
INSERT OR IGNORE INTO sealed_revisions(sha256, document_id, created_at)
  SELECT signed_file_hash, id, COALESCE(completed_at, updated_at) FROM documents WHERE signed_file_hash IS NOT NULL;
