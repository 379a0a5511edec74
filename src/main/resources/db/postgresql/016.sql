-- Evidence that lasts. seal_level is the PAdES baseline level of the stored sealed PDF (B-B, B-T,
-- B-LT, B-LTA); sealed_at is when it was sealed, the time-stamp authority's time when there is one;
-- evidence_expires_at is when the certificate of its newest document timestamp expires, before which
-- the seal's evidence is renewed (NULL: nothing to renew).
ALTER TABLE documents ADD COLUMN seal_level TEXT CHECK (seal_level IN ('B-B', 'B-T', 'B-LT', 'B-LTA'));
ALTER TABLE documents ADD COLUMN sealed_at BIGINT;
ALTER TABLE documents ADD COLUMN evidence_expires_at BIGINT;
-- Every seal made so far was a B-B signature dated at completion.
UPDATE documents SET seal_level = 'B-B', sealed_at = COALESCE(completed_at, updated_at)
 WHERE signed_file_hash IS NOT NULL;
CREATE INDEX documents_renewing ON documents(evidence_expires_at) WHERE evidence_expires_at IS NOT NULL;
