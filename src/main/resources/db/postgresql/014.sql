-- Moves with every change to an account's password, disabled flag or administrator flag. A signing
-- link's login gate passed with the account remembers the value it saw, and stops counting once it
-- has moved: the change ends the sessions of that account however they were started.
ALTER TABLE users ADD COLUMN credential_version BIGINT NOT NULL DEFAULT 0;
-- The host-site user who acted on the administrator pages, as api_key_id names the key of a REST
-- request. Older events have none, and their hashes stay as they were.
ALTER TABLE audit_events ADD COLUMN user_id BIGINT;
