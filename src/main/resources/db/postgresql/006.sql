-- Active content taken out of an uploaded PDF at intake, kept with a staged file until it
-- becomes a document, whose audit trail then says what was removed. Empty when nothing was.
ALTER TABLE staged_files ADD COLUMN removed_content TEXT NOT NULL DEFAULT '';
