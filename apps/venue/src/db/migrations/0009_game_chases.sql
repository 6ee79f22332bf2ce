-- 追号 (docs/contract.md §10.11, "Chases"): a plan over the next N draws of one game. Each
-- draw's slip is placed by the game clock when the draw opens, under the key
-- `chase:{planId}:{期号}` of venue_game_slips, so a retry or a crash debits it once.
CREATE TABLE venue_game_chases (
  plan_id TEXT PRIMARY KEY,
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  request_key TEXT NOT NULL,
  game_code TEXT NOT NULL REFERENCES venue_games (code),
  draws INTEGER NOT NULL CHECK (draws BETWEEN 1 AND 120),
  multiple INTEGER NOT NULL CHECK (multiple > 0),
  mode TEXT NOT NULL CHECK (mode IN ('same', 'double')),
  max_multiple INTEGER CHECK (max_multiple > 0),
  stop_on_win BOOLEAN NOT NULL,
  unit_price BIGINT NOT NULL CHECK (unit_price > 0),
  picks TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'finished', 'won', 'cancelled', 'stopped')),
  stop_code INTEGER,
  created_at TIMESTAMPTZ NOT NULL,
  UNIQUE (merchant, venue_code, player_id, request_key)
);
CREATE INDEX venue_game_chases_active_idx ON venue_game_chases (game_code)
  WHERE status = 'active';
CREATE INDEX venue_game_chases_player_idx ON venue_game_chases (merchant, venue_code, player_id);

-- One row per draw the clock took up: placed (its slip's total), or failed (the code that
-- stopped the plan).
CREATE TABLE venue_game_chase_draws (
  plan_id TEXT NOT NULL REFERENCES venue_game_chases (plan_id),
  idx INTEGER NOT NULL CHECK (idx >= 0),
  round_no TEXT NOT NULL,
  multiple INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('placed', 'failed')),
  total BIGINT NOT NULL CHECK (total >= 0),
  error_code INTEGER,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (plan_id, idx),
  UNIQUE (plan_id, round_no)
);
