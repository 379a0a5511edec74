-- A staged file keeps the fields found in it (the JSON array its POST /files answered), so that the
-- document made from it later can be given them, as an upload's document is.
ALTER TABLE staged_files ADD COLUMN detected_fields TEXT;
