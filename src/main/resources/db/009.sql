-- Signing tokens at rest: signers.access_token now holds the SHA-256 (hex) of the link's token,
-- by which a link is looked up, and access_token_sealed the token itself sealed under the vault's
-- master key, so that the link can be shown again. Signet converts the tokens of existing links when
-- it starts, so they keep working; the database file alone never holds a usable token.
ALTER TABLE signers ADD COLUMN access_token_sealed BLOB;
