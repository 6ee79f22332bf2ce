-- Operators: the book's margin and limits changed at run time, holds on single
-- markets, results entered or corrected by hand, bets voided or resettled, and an audit of every
-- operator act.

-- One row per setting (margin_bp, min_stake, …), seeded from the environment on first start;
-- every node reads them, operators change them.
CREATE TABLE venue_settings (
  key TEXT PRIMARY KEY,
  value BIGINT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);

-- Markets an operator suspended: a market id (`1042:ft:ah:-25`) or a kind of one period
-- (`1042:ft:ah`, every line). Kept on the event so a change bumps its version (prices, pushes).
ALTER TABLE venue_events ADD COLUMN held_markets TEXT[] NOT NULL DEFAULT '{}';

-- A leg an operator decided (voided, or resettled by hand): results from the feed no longer
-- change it.
ALTER TABLE venue_bet_legs ADD COLUMN operator_set BOOLEAN NOT NULL DEFAULT false;

-- A bet whose leg results changed after it was decided (a corrected result, a voided market):
-- set in the transaction that changed the legs, cleared by the one that settles it anew, so a
-- crash between the two loses nothing.
ALTER TABLE venue_bets ADD COLUMN needs_recheck BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX venue_bets_recheck_idx ON venue_bets (id) WHERE needs_recheck;

CREATE TABLE venue_operator_audit (
  id BIGSERIAL PRIMARY KEY,
  operator TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  detail JSONB NOT NULL,
  at TIMESTAMPTZ NOT NULL
);
CREATE INDEX venue_operator_audit_at_idx ON venue_operator_audit (at DESC);
