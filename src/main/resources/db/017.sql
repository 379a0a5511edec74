-- This number belongs to another change to the schema that is made at the same time; it is empty
-- here so that the migrations after it are found.
SELECT 1;
