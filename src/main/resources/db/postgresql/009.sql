-- Signing tokens at rest: signers.access_token now holds the SHA-256 (hex) of the link's token,
-- by which a link is looked up, and access_token_sealed the token itself sealed under the vault's
-- master key, so that the link can be shown again.
ALTER TABLE signers ADD COLUMN access_token_sealed BYTEA;
