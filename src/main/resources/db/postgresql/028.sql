-- The sealed bytes of stored files, when the database keeps them (PostgreSQL, shared by several
-- Signets): the exact bytes a file of the data folder's files/ would hold, in rows numbered from 0.
-- A SQLite site keeps its files in the folder, and this table stays empty there. The bytes are
-- already encrypted and compress no further, so PostgreSQL need not try.
CREATE TABLE file_chunks (
  name   TEXT    NOT NULL,
  seq    BIGINT  NOT NULL,
  bytes  BYTEA   NOT NULL,
  PRIMARY KEY (name, seq)
);
ALTER TABLE file_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;
