-- Which instance holds a document's seal claim (seal_claimed_until): a restarted instance lets go of the
-- claims its stopped run held at once, rather than when they run out. The index holds only claimed rows.
ALTER TABLE documents ADD COLUMN seal_claimed_by TEXT;
CREATE INDEX documents_seal_claimed ON documents(seal_claimed_by) WHERE seal_claimed_by IS NOT NULL;
