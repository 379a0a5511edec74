-- Rules on fields, of documents and of templates alike: a validation the value must pass (a named format
-- or a pattern with the message the signer sees) and a condition on another field that decides whether
-- the field is shown. Each is kept as its JSON object, '' when the field has none.
ALTER TABLE fields ADD COLUMN validation TEXT NOT NULL DEFAULT '';
ALTER TABLE fields ADD COLUMN shown_when TEXT NOT NULL DEFAULT '';
ALTER TABLE template_fields ADD COLUMN validation TEXT NOT NULL DEFAULT '';
ALTER TABLE template_fields ADD COLUMN shown_when TEXT NOT NULL DEFAULT '';
