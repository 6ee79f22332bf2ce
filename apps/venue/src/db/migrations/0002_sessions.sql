-- Player sessions: a launch makes a session for one player on one venue of one
-- merchant, opened once with a single-use URL token (60 s); the exchange then issues the
-- session token the H5 holds in memory. Tokens are random and stored hashed.
CREATE TABLE venue_sessions (
  id TEXT PRIMARY KEY,
  url_token_hash BYTEA NOT NULL UNIQUE,
  token_hash BYTEA UNIQUE,
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  nickname TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  url_expires_at TIMESTAMPTZ NOT NULL,
  url_used_at TIMESTAMPTZ,
  expires_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ
);
CREATE INDEX venue_sessions_player_idx ON venue_sessions (merchant, venue_code, player_id)
  WHERE ended_at IS NULL;
