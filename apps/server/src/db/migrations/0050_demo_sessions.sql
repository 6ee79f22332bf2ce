-- 试玩 demo sessions (docs/contract.md §6 Demo play): a visitor's or a member's play-money
-- session at the house venue's DEMO merchant. `player_id` is random (never a member id); the
-- token is kept hashed; `venue_codes` are the venues launched, whose sessions end with it.
CREATE TABLE demo_sessions (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash BYTEA NOT NULL UNIQUE,
  player_id TEXT NOT NULL UNIQUE,
  member_id INTEGER REFERENCES members (id),
  venue_codes TEXT[] NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ
);
CREATE INDEX demo_sessions_due_idx ON demo_sessions (expires_at) WHERE ended_at IS NULL;
