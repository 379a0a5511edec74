-- Fields found in an uploaded PDF (text tags and form fields), kept as the JSON array answered at
-- upload, so that saving "from_detected" later places exactly those. A document made from a template
-- gets a copy of the template's.
CREATE TABLE detected_fields (
  document_id BIGINT  PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  fields      TEXT    NOT NULL
);
CREATE TABLE template_detected_fields (
  template_id BIGINT  PRIMARY KEY REFERENCES templates(id) ON DELETE CASCADE,
  fields      TEXT    NOT NULL
);
