-- A field's default: what the signer's page starts with and what stands when the signer gives no value
-- (see docs/api/workflow.md, Fields); null when the field has none. A template's carries to its documents.
ALTER TABLE fields ADD COLUMN default_value TEXT;
ALTER TABLE template_fields ADD COLUMN default_value TEXT;

-- The sender's message given with a send, put in each invitation of that send and its reminders;
-- null when the send had none.
ALTER TABLE documents ADD COLUMN send_message TEXT;
