-- Administrator pages. A session is known by the SHA-256 (hex) of its id, so the database alone
-- never holds a usable cookie; rows outlive a restart, so signed-in administrators stay signed in.
-- Timestamps are Unix seconds, UTC.
CREATE TABLE admin_sessions (
  id_hash      TEXT    PRIMARY KEY,
  user_id      BIGINT  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  csrf_token   TEXT    NOT NULL,   -- goes with every form; useless without the session cookie
  created_at   BIGINT  NOT NULL,
  last_seen_at BIGINT  NOT NULL
);
CREATE INDEX admin_sessions_user ON admin_sessions(user_id);
CREATE INDEX admin_sessions_seen ON admin_sessions(last_seen_at);
-- Failed sign-ins counted per account ('account:<email>') and per client address ('ip:<address>'):
-- enough of them within the window locks that subject out for a while, across restarts too.
CREATE TABLE login_failures (
  subject      TEXT    PRIMARY KEY,
  failures     BIGINT  NOT NULL,
  window_start BIGINT  NOT NULL,
  locked_until BIGINT
);
-- The dashboard's completions per day read the last 30 days of completions, not every completed document.
CREATE INDEX documents_completed ON documents(completed_at) WHERE status = 'completed';
