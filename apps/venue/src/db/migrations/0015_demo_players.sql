-- The demo merchant's players (docs/contract.md §6, 试玩): one row per play-money wallet, so its
-- first funding happens once and every reset gets its own ledger reference (`resets`).
CREATE TABLE venue_demo_players (
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  resets INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (venue_code, player_id)
);
