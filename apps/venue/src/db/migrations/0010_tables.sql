-- Live tables (docs/contract.md §10.12): 百家乐 and 龙虎 dealt in timed rounds from 8-deck
-- shoes. A table is a house game (its venue_games row holds family ZR, its open/closed status
-- and its chains); what is a table's own is kept here. Its bets are venue bets (game_code the
-- table's code, round_no the round's number).

-- A table's rules and limits, operator data; money in fen. zone_limits maps each zone to
-- {"min": fen, "max": fen}; chips lists the chip values offered, smallest first.
CREATE TABLE venue_tables (
  code TEXT PRIMARY KEY REFERENCES venue_games (code),
  kind TEXT NOT NULL CHECK (kind IN ('baccarat', 'dragon_tiger')),
  no_commission BOOLEAN NOT NULL,
  betting_seconds INTEGER NOT NULL CHECK (betting_seconds > 0),
  zone_limits JSONB NOT NULL,
  max_per_round BIGINT NOT NULL CHECK (max_per_round > 0),
  chips JSONB NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);

-- A shoe takes the next index of its table's chain when it starts; its Merkle root, burn card
-- and cut index are written then (they are the shoe's public face). seed stays null until the
-- shoe has ended. next_position is where the next round starts dealing.
CREATE TABLE venue_table_shoes (
  table_code TEXT NOT NULL REFERENCES venue_tables (code),
  shoe_no BIGINT NOT NULL CHECK (shoe_no > 0),
  chain_id TEXT NOT NULL REFERENCES venue_game_chains (chain_id),
  chain_index INTEGER NOT NULL CHECK (chain_index > 0),
  merkle_root TEXT NOT NULL,
  burn_card INTEGER NOT NULL,
  burned INTEGER NOT NULL,
  cut_index INTEGER NOT NULL,
  next_position INTEGER NOT NULL,
  hands INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('dealing', 'ended')),
  seed TEXT,
  started_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ,
  PRIMARY KEY (table_code, shoe_no),
  UNIQUE (chain_id, chain_index),
  CHECK ((status = 'ended') = (seed IS NOT NULL))
);

-- A round: betting → sealed → dealt → settled, or betting → voided (its seal missed: its cards
-- are dealt all the same, shown as 作废, so the next round never starts on known cards).
-- start_position is fixed when the round is created, so the hand is the same whenever it is
-- dealt; hand holds the dealt cards and the result once dealt.
CREATE TABLE venue_table_rounds (
  table_code TEXT NOT NULL REFERENCES venue_tables (code),
  round_no BIGINT NOT NULL CHECK (round_no > 0),
  shoe_no BIGINT NOT NULL,
  hand_no INTEGER NOT NULL CHECK (hand_no > 0),
  state TEXT NOT NULL CHECK (state IN ('betting', 'sealed', 'dealt', 'settled', 'voided')),
  start_position INTEGER NOT NULL,
  opens_at TIMESTAMPTZ NOT NULL,
  seal_at TIMESTAMPTZ NOT NULL,
  deal_at TIMESTAMPTZ NOT NULL,
  hand JSONB,
  sealed_at TIMESTAMPTZ,
  dealt_at TIMESTAMPTZ,
  settled_at TIMESTAMPTZ,
  voided_at TIMESTAMPTZ,
  PRIMARY KEY (table_code, round_no),
  FOREIGN KEY (table_code, shoe_no) REFERENCES venue_table_shoes (table_code, shoe_no),
  CHECK ((state IN ('dealt', 'settled', 'voided')) = (hand IS NOT NULL))
);
CREATE INDEX venue_table_rounds_shoe_idx ON venue_table_rounds (table_code, shoe_no, hand_no);
CREATE INDEX venue_table_rounds_pending_idx ON venue_table_rounds (table_code, state)
  WHERE state IN ('betting', 'sealed', 'dealt');
