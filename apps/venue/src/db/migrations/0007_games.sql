-- House games (docs/contract.md §10.10): the games, their hash chains and their rounds.
-- A game's clock creates one round per draw; each round takes the next index of its game's
-- chain when it is created, voided or not, so (chain_id, chain_index) is unique.
CREATE TABLE venue_games (
  code TEXT PRIMARY KEY,
  family TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
  paytable_version INTEGER NOT NULL CHECK (paytable_version > 0),
  round_seconds INTEGER NOT NULL CHECK (round_seconds > 0),
  seal_before_seconds INTEGER NOT NULL CHECK (seal_before_seconds > 0),
  created_at TIMESTAMPTZ NOT NULL
);

-- A chain's public face: s_0 (commitment), its length and when it was published. next_index is
-- the last index handed to a round (0: none yet); a chain is used up at next_index = length.
CREATE TABLE venue_game_chains (
  chain_id TEXT PRIMARY KEY,
  game_code TEXT NOT NULL REFERENCES venue_games (code),
  seq INTEGER NOT NULL CHECK (seq > 0),
  length INTEGER NOT NULL CHECK (length > 0),
  commitment TEXT NOT NULL,
  next_index INTEGER NOT NULL DEFAULT 0 CHECK (next_index >= 0 AND next_index <= length),
  published_at TIMESTAMPTZ NOT NULL,
  UNIQUE (game_code, seq)
);

-- The chain's secret s_N and its checkpoints s_j: read only by the games module's chain
-- repository inside the venue process; no API, operator call or log shows them.
CREATE TABLE venue_game_chain_links (
  chain_id TEXT NOT NULL REFERENCES venue_game_chains (chain_id),
  idx INTEGER NOT NULL CHECK (idx >= 0),
  link TEXT NOT NULL,
  PRIMARY KEY (chain_id, idx)
);

-- A round: open → sealed → drawn → settled, or open → voided. seed (the revealed s_i) and
-- outcome stay null until the round is drawn or voided; a voided round keeps the outcome it
-- would have had.
CREATE TABLE venue_game_rounds (
  game_code TEXT NOT NULL REFERENCES venue_games (code),
  round_no TEXT NOT NULL,
  chain_id TEXT NOT NULL REFERENCES venue_game_chains (chain_id),
  chain_index INTEGER NOT NULL CHECK (chain_index > 0),
  status TEXT NOT NULL CHECK (status IN ('open', 'sealed', 'drawn', 'settled', 'voided')),
  opens_at TIMESTAMPTZ NOT NULL,
  seal_at TIMESTAMPTZ NOT NULL,
  draw_at TIMESTAMPTZ NOT NULL,
  paytable_hash TEXT NOT NULL,
  seed TEXT,
  outcome JSONB,
  void_cause TEXT CHECK (void_cause IN ('missed_seal', 'operator')),
  void_reason TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  sealed_at TIMESTAMPTZ,
  drawn_at TIMESTAMPTZ,
  settled_at TIMESTAMPTZ,
  voided_at TIMESTAMPTZ,
  PRIMARY KEY (game_code, round_no),
  UNIQUE (chain_id, chain_index),
  CHECK ((status IN ('drawn', 'settled', 'voided')) = (seed IS NOT NULL AND outcome IS NOT NULL)),
  CHECK ((status = 'voided') = (void_cause IS NOT NULL))
);
CREATE INDEX venue_game_rounds_pending_idx ON venue_game_rounds (game_code, status, draw_at);
CREATE INDEX venue_game_rounds_recent_idx ON venue_game_rounds (game_code, draw_at DESC);
