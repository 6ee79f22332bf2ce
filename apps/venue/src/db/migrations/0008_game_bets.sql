-- Bets on house game rounds (docs/contract.md §10.11). A game bet is a venue bet: a row of
-- venue_bets with one leg, debited and credited through the venue ledger, its versions in the
-- one merchant feed. What is a game bet's own is kept beside it.

-- The game a launch named (a game venue's page opens it first); null elsewhere.
ALTER TABLE venue_sessions ADD COLUMN game_code TEXT;

-- A game bet's round, the slip it came in and its valid stake once its round settled (null
-- for sportsbook bets and while open).
ALTER TABLE venue_bets ADD COLUMN game_code TEXT;
ALTER TABLE venue_bets ADD COLUMN round_no TEXT;
ALTER TABLE venue_bets ADD COLUMN slip_id TEXT;
ALTER TABLE venue_bets ADD COLUMN valid_stake BIGINT CHECK (valid_stake >= 0);
CREATE INDEX venue_bets_round_idx ON venue_bets (game_code, round_no, player_id)
  WHERE game_code IS NOT NULL;
CREATE INDEX venue_bets_slip_idx ON venue_bets (slip_id) WHERE slip_id IS NOT NULL;

-- One slip per request key and player: its claim makes a retry (or a concurrent replay)
-- answer the first slip; request_hash refuses another body under the same key.
CREATE TABLE venue_game_slips (
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  request_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  slip_id TEXT NOT NULL UNIQUE,
  game_code TEXT NOT NULL,
  round_no TEXT NOT NULL,
  total BIGINT NOT NULL CHECK (total > 0),
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (merchant, venue_code, player_id, request_key)
);

-- A player's total stake on one round (the per-round limit, 8078), raised by each slip in its
-- own transaction under the limit.
CREATE TABLE venue_game_player_rounds (
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  game_code TEXT NOT NULL,
  round_no TEXT NOT NULL,
  staked BIGINT NOT NULL CHECK (staked >= 0),
  PRIMARY KEY (merchant, venue_code, player_id, game_code, round_no)
);

-- Each game's stake rules and the house's liability cap per (round, bet type, pick), operator
-- data; money in fen.
CREATE TABLE venue_game_settings (
  game_code TEXT PRIMARY KEY REFERENCES venue_games (code),
  unit_price BIGINT NOT NULL CHECK (unit_price > 0),
  max_multiple INTEGER NOT NULL CHECK (max_multiple > 0),
  max_stake_per_bet BIGINT NOT NULL CHECK (max_stake_per_bet > 0),
  max_stake_per_round BIGINT NOT NULL CHECK (max_stake_per_round > 0),
  max_picks_per_slip INTEGER NOT NULL CHECK (max_picks_per_slip > 0),
  liability_cap BIGINT NOT NULL CHECK (liability_cap > 0),
  updated_at TIMESTAMPTZ NOT NULL
);
