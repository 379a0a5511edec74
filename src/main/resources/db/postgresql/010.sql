-- One counter for everything an API key's authentication depends on: a key created, changed,
-- revoked or deleted, a user changed, disabled or deleted. The server keeps keys it has verified in
-- memory and reads this one row per request to know they are still as stored, whichever process
-- made the change. last_used_at and password_hash, which authentication does not read, leave it
-- alone, so the once-a-minute last_used_at write keeps the cache.
CREATE TABLE auth_changes (
  id      BIGINT  PRIMARY KEY CHECK (id = 1),
  version BIGINT  NOT NULL
);
INSERT INTO auth_changes(id, version) VALUES (1, 0);

CREATE FUNCTION auth_changes_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_changes SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
CREATE TRIGGER api_keys_auth_insert AFTER INSERT ON api_keys
  FOR EACH ROW EXECUTE FUNCTION auth_changes_bump();
CREATE TRIGGER api_keys_auth_update
  AFTER UPDATE OF id, user_id, key, secret_hash, name, description, permission, rate_limit, created_at, revoked_at
  ON api_keys FOR EACH ROW EXECUTE FUNCTION auth_changes_bump();
CREATE TRIGGER api_keys_auth_delete AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION auth_changes_bump();
CREATE TRIGGER users_auth_update AFTER UPDATE OF id, email, name, is_admin, disabled ON users
  FOR EACH ROW EXECUTE FUNCTION auth_changes_bump();
CREATE TRIGGER users_auth_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_changes_bump();
