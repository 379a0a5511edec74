-- Encrypted files that may have bytes stored but no owner: listed before the first byte is written
-- and when the owning row is forgotten, struck off once the file has an owner or its bytes are gone.
-- Whatever is still listed at start belongs to nothing and is destroyed.
CREATE TABLE unclaimed_files (
  name       TEXT    PRIMARY KEY,
  listed_at  BIGINT  NOT NULL
);
