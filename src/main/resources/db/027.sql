-- sealed_revisions gets an id of its own, so that revisions recorded in the same second keep the
-- order they were recorded in on every database. The id of a revision already stored is its rowid,
-- which is what that order was read from until now.
CREATE TABLE sealed_revisions_new (
  id          INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  sha256      TEXT    NOT NULL UNIQUE,
  created_at  INTEGER NOT NULL
);
INSERT INTO sealed_revisions_new(id, document_id, sha256, created_at)
  SELECT rowid, document_id, sha256, created_at FROM sealed_revisions;
DROP TABLE sealed_revisions;
ALTER TABLE sealed_revisions_new RENAME TO sealed_revisions;
CREATE INDEX sealed_revisions_document ON sealed_revisions(document_id);
