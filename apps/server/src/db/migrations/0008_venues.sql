-- Venues on the platform: the registry, transfers main ↔ venue, what the platform
-- knows of each member at each venue, the bet copies pulled by cursor, json-cache, and the
-- lease that lets one node run the resolver and the feeds.

-- The registry (contract §6). The merchant secret is never here: it comes from the environment.
CREATE TABLE venues (
  code TEXT PRIMARY KEY,
  family TEXT NOT NULL CHECK (family IN ('TY', 'ZR', 'DJ', 'CP', 'QP', 'DZ', 'BY')),
  name TEXT NOT NULL,
  logo TEXT NOT NULL,
  dialect TEXT NOT NULL CHECK (dialect IN ('IMTY', 'YBTY', 'FBTY', 'OBTY')),
  origin TEXT NOT NULL,
  api_url TEXT NOT NULL,
  merchant_code TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'maintenance')),
  sort INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);

-- Transfers main ↔ venue. The id is the one the venue knows (derived from the member and the
-- idempotency key): a retry finds this row, whatever the time. A state machine changed only by
-- compare-and-set from 'pending'; its money moves in ledger entries referencing the id.
CREATE TABLE venue_transfers (
  id TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  venue_code TEXT NOT NULL REFERENCES venues (code),
  direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
  amount BIGINT NOT NULL CHECK (amount > 0),
  kind TEXT NOT NULL CHECK (kind IN ('manual', 'recall', 'auto')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  failure_code INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_checked_at TIMESTAMPTZ,
  last_answer TEXT,
  next_check_at TIMESTAMPTZ NOT NULL,
  resolved_by TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  completed_at TIMESTAMPTZ
);
CREATE INDEX venue_transfers_member_idx ON venue_transfers (member_id, created_at DESC);
CREATE INDEX venue_transfers_pending_idx ON venue_transfers (next_check_at) WHERE status = 'pending';
CREATE INDEX venue_transfers_member_pending_idx ON venue_transfers (member_id) WHERE status = 'pending';

-- Each member at each venue they used: the balance the venue last answered, and when.
CREATE TABLE venue_accounts (
  member_id INTEGER NOT NULL REFERENCES members (id),
  venue_code TEXT NOT NULL REFERENCES venues (code),
  balance BIGINT,
  synced_at TIMESTAMPTZ,
  last_launch_at TIMESTAMPTZ,
  PRIMARY KEY (member_id, venue_code)
);

-- 免转 (auto transfer on launch), a member preference.
CREATE TABLE venue_member_prefs (
  member_id INTEGER PRIMARY KEY REFERENCES members (id),
  app_send_money BOOLEAN NOT NULL
);

-- The platform's copy of each bet: the highest version a venue delivered wins. The valid
-- turnover it credited so far is kept beside it (a later version moves it by the difference).
CREATE TABLE venue_bets (
  venue_code TEXT NOT NULL REFERENCES venues (code),
  bet_id TEXT NOT NULL,
  member_id INTEGER NOT NULL REFERENCES members (id),
  version INTEGER NOT NULL,
  change_kind TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'won', 'lost', 'half_won', 'half_lost', 'push', 'void')),
  stake BIGINT NOT NULL,
  payout BIGINT,
  odds_milli INTEGER NOT NULL,
  potential_win BIGINT NOT NULL,
  legs JSONB NOT NULL,
  placed_at TIMESTAMPTZ NOT NULL,
  settled_at TIMESTAMPTZ,
  valid_turnover BIGINT NOT NULL DEFAULT 0,
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (venue_code, bet_id)
);
CREATE INDEX venue_bets_member_idx ON venue_bets (member_id, placed_at DESC);
CREATE INDEX venue_bets_member_bet_idx ON venue_bets (member_id, bet_id);

-- Where each feed of each venue was read up to (moved in the transaction that applies it).
CREATE TABLE venue_feed_cursors (
  venue_code TEXT NOT NULL REFERENCES venues (code),
  feed TEXT NOT NULL CHECK (feed IN ('bets', 'scores')),
  cursor TEXT NOT NULL DEFAULT '',
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (venue_code, feed)
);

-- Turnover taken back when a bet is voided or resettled (contract §5's audit page).
ALTER TABLE turnover_entries DROP CONSTRAINT turnover_entries_kind_check;
ALTER TABLE turnover_entries
  ADD CONSTRAINT turnover_entries_kind_check CHECK (kind IN ('require', 'turnover', 'waive', 'reverse'));

-- json-cache (contract §6), embedded: owner '' is the shared value, 'm:<id>' a member's.
CREATE TABLE json_cache (
  owner TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (owner, key)
);
CREATE INDEX json_cache_expiry_idx ON json_cache (expires_at);

-- Background work that one node does at a time (the transfer resolver, feeds): a lease.
CREATE TABLE worker_leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);

-- Bet cards shared into chat rooms keep their place in the room (not in text history).
ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_kind_check;
ALTER TABLE chat_messages
  ADD CONSTRAINT chat_messages_kind_check CHECK (kind IN ('text', 'gift', 'share'));
