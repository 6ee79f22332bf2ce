-- What a player may still lose and stake under their loss and wager limits, as the platform
-- last pushed it (docs/contract.md §6, the allowance call), and the stakes placed since: a bet
-- whose stake exceeds the smaller allowance less those stakes is refused. One row per player of
-- a merchant, across the venue's codes (a member's limits span every venue).
CREATE TABLE venue_player_allowances (
  merchant TEXT NOT NULL,
  player_id TEXT NOT NULL,
  -- NULL: no limit of that kind.
  loss_left BIGINT,
  wager_left BIGINT,
  computed_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (merchant, player_id)
);

CREATE TABLE venue_allowance_stakes (
  merchant TEXT NOT NULL,
  player_id TEXT NOT NULL,
  placed_at TIMESTAMPTZ NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0)
);
CREATE INDEX venue_allowance_stakes_idx ON venue_allowance_stakes (merchant, player_id, placed_at);
