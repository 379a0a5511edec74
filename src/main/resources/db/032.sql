-- A signing link's gate version: it moves whenever the unlocks given for the link must end (the place
-- handed to another person, the document recalled, the gates changed), and an unlock session keeps the
-- version it was passed at, so an unlock given to one person never opens the place for the next.
ALTER TABLE signers ADD COLUMN gate_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE unlock_sessions ADD COLUMN gate_version INTEGER NOT NULL DEFAULT 0;
