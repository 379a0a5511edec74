-- A file a signer attached to one of their attachment fields: stored encrypted like a document's
-- files. file_id is what the owner downloads (an image as uploaded, a PDF with its active content
-- taken out); pdf_file_id is the PDF whose pages the sealed document appends (the same file for a
-- PDF, a one-page PDF made from an image). One file per field: replacing it forgets the old one.
CREATE TABLE field_attachments (
  field_id     BIGINT  PRIMARY KEY REFERENCES fields(id) ON DELETE CASCADE,
  document_id  BIGINT  NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  signer_id    BIGINT  NOT NULL,
  file_id      BIGINT  NOT NULL REFERENCES stored_files(id),
  pdf_file_id  BIGINT  NOT NULL REFERENCES stored_files(id),
  kind         TEXT    NOT NULL CHECK (kind IN ('pdf', 'png', 'jpg')),
  filename     TEXT    NOT NULL,
  size         BIGINT  NOT NULL,
  sha256       TEXT    NOT NULL,
  created_at   BIGINT  NOT NULL
);
CREATE INDEX field_attachments_document ON field_attachments(document_id, field_id);
