-- Handing over: whether a party whose turn it is may hand their place to another person from their
-- signing page. Set per document when it is made (from site.allow_delegation unless the request says)
-- and by PUT; documents made before it existed do not allow it.
ALTER TABLE documents ADD COLUMN allow_delegation INTEGER NOT NULL DEFAULT 0 CHECK (allow_delegation IN (0, 1));
