-- The sealed bytes of stored files, when the database keeps them (PostgreSQL, shared by several
-- Signets): the exact bytes a file of the data folder's files/ would hold, in rows numbered from 0.
-- A SQLite site keeps its files in the folder, and this table stays empty there.
CREATE TABLE file_chunks (
  name   TEXT    NOT NULL,
  seq    INTEGER NOT NULL,
  bytes  BLOB    NOT NULL,
  PRIMARY KEY (name, seq)
);
