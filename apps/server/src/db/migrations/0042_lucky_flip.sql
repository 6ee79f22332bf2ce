-- 幸运翻牌 (contract §5 Rewards). Chances are never stored: earned (from the window's deposits
-- or valid turnover) minus used (the rows of lucky_flips), so no counter can drift.

-- The member's lock row: every flip and seed change takes it. `next_nonce` counts the member's
-- flips over every pair (it does not restart at a rotation), so the grant's source
-- `{activityId}:{memberId}:{nonce}` is unique for ever.
CREATE TABLE lucky_flip_players (
  member_id INTEGER PRIMARY KEY REFERENCES members (id),
  next_nonce INTEGER NOT NULL DEFAULT 0 CHECK (next_nonce >= 0)
);

-- Per-member seed pairs: the server seed is shown only as its SHA-256 commitment until the
-- member rotates it; the client seed is the member's to edit.
CREATE TABLE lucky_flip_seed_pairs (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES lucky_flip_players (member_id),
  server_seed TEXT NOT NULL,
  commitment TEXT NOT NULL,
  client_seed TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  rotated_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX lucky_flip_seed_pairs_current ON lucky_flip_seed_pairs (member_id)
  WHERE rotated_at IS NULL;

-- What is left of each prize with a stock, taken by a conditional UPDATE (stock > 0), so no
-- number of parallel flips can take it below zero.
CREATE TABLE lucky_flip_stock (
  activity_id BIGINT NOT NULL,
  prize_id TEXT NOT NULL,
  stock INTEGER NOT NULL CHECK (stock >= 0),
  PRIMARY KEY (activity_id, prize_id)
);

CREATE TABLE lucky_flips (
  member_id INTEGER NOT NULL REFERENCES members (id),
  nonce INTEGER NOT NULL,
  activity_id BIGINT NOT NULL,
  seed_pair_id BIGINT NOT NULL REFERENCES lucky_flip_seed_pairs (id),
  client_seed TEXT NOT NULL,
  weights JSONB NOT NULL,
  drawn_index INTEGER NOT NULL,
  drawn_prize_id TEXT NOT NULL,
  roll BIGINT NOT NULL,
  label TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount >= 0),
  out_of_stock BOOLEAN NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (member_id, nonce)
);
CREATE INDEX lucky_flips_activity_member_idx ON lucky_flips (activity_id, member_id);
