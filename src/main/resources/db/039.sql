-- Public links: a template anyone may sign from, through an address that holds a random token. The
-- database keeps the token's SHA-256 (hex) only; turning the link off deletes its row, so the address
-- answers 404 from then on, and turning it on again makes a new address.
CREATE TABLE public_links (
  id          INTEGER PRIMARY KEY,
  template_id INTEGER NOT NULL UNIQUE REFERENCES templates(id) ON DELETE CASCADE,
  token_hash  TEXT    NOT NULL UNIQUE,
  created_at  INTEGER NOT NULL
);

-- Each visitor of a public link: the name and address they gave and the code mailed to prove the
-- address (its PBKDF2 digest, and the code sealed under the master key until its mail is sent, named
-- by ticket). visit_hash is the SHA-256 of the secret the visitor's browser holds. The rows stay for a
-- day at least after they were made: the limits per link, per address and per day count them.
CREATE TABLE public_link_visits (
  id          INTEGER PRIMARY KEY,
  link_id     INTEGER NOT NULL,   -- kept when the link is turned off: the limits still count its visits
  visit_hash  TEXT    NOT NULL UNIQUE,
  name        TEXT    NOT NULL,
  email       TEXT    NOT NULL,   -- as given; the limits compare it in lower case
  code_hash   TEXT,               -- NULL once the code was used
  code_sealed BLOB,               -- NULL once the mail was sent or the code used
  ticket      INTEGER NOT NULL UNIQUE,
  expires_at  INTEGER NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL,
  document_id INTEGER             -- the document the visit made, once the address was proven
);
CREATE INDEX public_link_visits_link ON public_link_visits(link_id, created_at);
CREATE INDEX public_link_visits_email ON public_link_visits(lower(email), created_at);
CREATE INDEX public_link_visits_created ON public_link_visits(created_at);
