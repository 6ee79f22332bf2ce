-- Per-player seed pairs and the house slots' spins (docs/contract.md §10.5, §10.13).

-- One row per venue player who has played a per-player game: its current seed pair and when
-- its last spin began. Every round of the player takes this row's lock first, so two rounds
-- never share a nonce and the minimum spin cycle is measured under it.
CREATE TABLE venue_fair_players (
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  pair_id BIGINT NOT NULL,
  last_round_at TIMESTAMPTZ,
  PRIMARY KEY (merchant, venue_code, player_id)
);

-- Every seed pair a player has had. The server seed (32 bytes, hex) is shown only once the pair
-- is rotated (rotated_at set); until then only its commitment. `nonce` is the next round's.
CREATE TABLE venue_seed_pairs (
  id BIGSERIAL PRIMARY KEY,
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  server_seed TEXT NOT NULL CHECK (length(server_seed) = 64),
  commitment TEXT NOT NULL CHECK (length(commitment) = 64),
  client_seed TEXT NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 64),
  nonce INTEGER NOT NULL CHECK (nonce >= 0),
  created_at TIMESTAMPTZ NOT NULL,
  rotated_at TIMESTAMPTZ
);
CREATE INDEX venue_seed_pairs_player_idx
  ON venue_seed_pairs (merchant, venue_code, player_id, id DESC);

-- One paid spin and its whole feature: the par sheet it followed, the nonce it used, the
-- screens it showed and what it paid; its venue bet (the merchant feed's row) is `bet_id`.
CREATE TABLE venue_slot_spins (
  id BIGSERIAL PRIMARY KEY,
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  request_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  game_code TEXT NOT NULL,
  par_sheet_version INTEGER NOT NULL,
  par_sheet_hash TEXT NOT NULL,
  pair_id BIGINT NOT NULL REFERENCES venue_seed_pairs (id),
  nonce INTEGER NOT NULL CHECK (nonce >= 0),
  client_seed TEXT NOT NULL,
  line_bet BIGINT NOT NULL CHECK (line_bet > 0),
  line_count INTEGER NOT NULL CHECK (line_count > 0),
  bet BIGINT NOT NULL CHECK (bet > 0),
  total_win BIGINT NOT NULL CHECK (total_win >= 0),
  capped BOOLEAN NOT NULL,
  -- The screens as the spin result shows them (stops, windows, line and scatter wins).
  screens TEXT NOT NULL,
  balance_after BIGINT NOT NULL,
  bet_id TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL,
  UNIQUE (merchant, venue_code, player_id, request_key),
  UNIQUE (pair_id, nonce)
);
CREATE INDEX venue_slot_spins_player_idx
  ON venue_slot_spins (merchant, venue_code, player_id, id DESC);
