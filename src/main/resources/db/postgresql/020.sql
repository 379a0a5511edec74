-- A client's own handle on a document: external_id (one line, at most 255 characters) and
-- metadata (a JSON object of string values, at most 4 KB), both NULL when not given. Clients look
-- documents up by their own id among their own documents, so the index leads with the owner.
ALTER TABLE documents ADD COLUMN external_id TEXT;
ALTER TABLE documents ADD COLUMN metadata TEXT;
CREATE INDEX documents_external ON documents(owner_id, external_id) WHERE external_id IS NOT NULL;
