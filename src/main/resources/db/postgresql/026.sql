-- Which master key this database's files and signing tokens are sealed under: the key's check value
-- (an HMAC-SHA256 of a fixed label keyed with it, from which the key cannot be found), recorded the
-- first time Signet opens its keys with this database and compared at every start after, so that a
-- Signet holding another keys folder is refused before it writes what no other could read. A database
-- made before this table records the key it is next opened with. One row at most.
CREATE TABLE master_key_check (
  id           INTEGER PRIMARY KEY CHECK (id = 1),
  value        TEXT    NOT NULL,
  recorded_at  BIGINT  NOT NULL
);
