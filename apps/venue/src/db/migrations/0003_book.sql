-- The book: events as the leader learns them from the feed, bets and their
-- legs, every version of a bet for the merchants' change feed, liability per selection and
-- per player per market, and the leader's lease.

-- One row: the node holding the lease is the leader; `epoch` grows at every takeover and every
-- write the leader makes checks it (a node that lost the lease writes nothing more).
CREATE TABLE venue_leader (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  epoch BIGINT NOT NULL,
  holder TEXT NOT NULL,
  lease_until TIMESTAMPTZ NOT NULL
);

CREATE TABLE venue_events (
  id TEXT PRIMARY KEY,
  league_id TEXT NOT NULL,
  sport TEXT NOT NULL,
  home TEXT NOT NULL,
  away TEXT NOT NULL,
  starts_at TIMESTAMPTZ NOT NULL,
  status TEXT NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'live', 'finished', 'cancelled')),
  minute INTEGER,
  score_home INTEGER NOT NULL DEFAULT 0,
  score_away INTEGER NOT NULL DEFAULT 0,
  ht_home INTEGER,
  ht_away INTEGER,
  -- A score event suspends every market of the match until then; it reopens re-priced.
  suspended_until TIMESTAMPTZ,
  -- An operator's hold on the whole event.
  held BOOLEAN NOT NULL DEFAULT false,
  -- 'operator' once an operator entered or corrected the result: the feed writes no more.
  result_source TEXT NOT NULL DEFAULT 'feed' CHECK (result_source IN ('feed', 'operator')),
  version INTEGER NOT NULL DEFAULT 1,
  -- The version whose results the open legs were settled on (full time / half time).
  settled_version INTEGER,
  ht_settled_version INTEGER
);
CREATE INDEX venue_events_starts_idx ON venue_events (starts_at);
CREATE INDEX venue_events_open_idx ON venue_events (status) WHERE status IN ('scheduled', 'live');

-- A feed of score and status changes; `seq` is stamped after commit (see bet versions).
CREATE TABLE venue_score_changes (
  event_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  status TEXT NOT NULL,
  score TEXT,
  clock TEXT,
  seq BIGINT UNIQUE,
  PRIMARY KEY (event_id, version)
);
CREATE INDEX venue_score_changes_unstamped_idx ON venue_score_changes (event_id) WHERE seq IS NULL;

CREATE SEQUENCE venue_change_seq;

CREATE TABLE venue_bets (
  id TEXT PRIMARY KEY,
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  -- The placement's idempotency key and a hash of what it asked for.
  request_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  stake BIGINT NOT NULL CHECK (stake > 0),
  odds_policy TEXT NOT NULL CHECK (odds_policy IN ('any', 'better', 'none')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'open', 'refused', 'settled', 'voided')),
  result TEXT,
  payout BIGINT,
  refuse_code INTEGER,
  accept_after TIMESTAMPTZ,
  placed_at TIMESTAMPTZ NOT NULL,
  settled_at TIMESTAMPTZ,
  version INTEGER NOT NULL DEFAULT 1,
  UNIQUE (merchant, venue_code, player_id, request_key)
);
CREATE INDEX venue_bets_player_idx ON venue_bets (merchant, venue_code, player_id, placed_at DESC);
CREATE INDEX venue_bets_pending_idx ON venue_bets (accept_after) WHERE status = 'pending';

CREATE TABLE venue_bet_legs (
  bet_id TEXT NOT NULL REFERENCES venue_bets (id),
  leg INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  selection_id TEXT NOT NULL,
  market_id TEXT NOT NULL,
  period TEXT NOT NULL,
  odds_milli INTEGER NOT NULL,
  event_name TEXT NOT NULL,
  market_label TEXT NOT NULL,
  outcome_label TEXT NOT NULL,
  -- What this leg added to its selection's liability (released when the bet ends).
  liability BIGINT NOT NULL,
  result TEXT,
  PRIMARY KEY (bet_id, leg)
);
CREATE INDEX venue_bet_legs_open_idx ON venue_bet_legs (event_id, period) WHERE result IS NULL;

-- Every version of every bet as merchants receive it. `seq` is stamped, under one lock, only
-- after the writing transaction committed: a transaction that commits late gets a later seq,
-- so a reader past a cursor never misses it and never sees a row twice.
CREATE TABLE venue_bet_versions (
  bet_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  body JSONB NOT NULL,
  seq BIGINT UNIQUE,
  PRIMARY KEY (bet_id, version)
);
CREATE INDEX venue_bet_versions_feed_idx ON venue_bet_versions (merchant, venue_code, seq);
CREATE INDEX venue_bet_versions_unstamped_idx ON venue_bet_versions (bet_id) WHERE seq IS NULL;

-- What the venue stands to lose on a selection (potential wins of open bets), per merchant
-- and venue: a bet that would take it past the limit is refused with the stake still allowed.
CREATE TABLE venue_liability (
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  selection_id TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (merchant, venue_code, selection_id)
);

-- A player's potential payout per market (the per-player per-market limit).
CREATE TABLE venue_player_exposure (
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  market_id TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (merchant, venue_code, player_id, market_id)
);

-- A resettle that takes back more than the player holds leaves a debt, recovered from the
-- player's next credits first; the balance itself never goes below zero. The wallet's postings
-- sum to balance − debt.
ALTER TABLE venue_wallets ADD COLUMN debt BIGINT NOT NULL DEFAULT 0 CHECK (debt >= 0);

-- What a player chose at the venue (the odds type shown), per merchant and venue.
CREATE TABLE venue_player_prefs (
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  odds_type INTEGER NOT NULL,
  PRIMARY KEY (merchant, venue_code, player_id)
);
