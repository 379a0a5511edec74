-- Encrypted files that may have bytes on disk but no owner. A stored file is written to the
-- vault before the row that owns it (a document, a staged file, a template, a sealed PDF) commits, and
-- a deleted file's bytes are erased only after its row's transaction commits; a crash in either gap
-- would leave the bytes, and for the first also the data key, behind for good. So the name is listed
-- here before its first byte is written and when its row is forgotten, and struck off once the file
-- has an owner or its bytes are gone. Whatever is still listed when Signet starts belongs to nothing,
-- since no request is in flight then, and is destroyed.
CREATE TABLE unclaimed_files (
  name       TEXT    PRIMARY KEY,
  listed_at  INTEGER NOT NULL
) WITHOUT ROWID;
