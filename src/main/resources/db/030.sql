-- Who is making a completed document's seal, until when: an instance takes the document by moving
-- this into the future, compare-and-set, so that two instances never build the same seal at once, and
-- one that dies while building leaves it to another once the time has passed. NULL: nobody.
ALTER TABLE documents ADD COLUMN seal_claimed_until INTEGER;
