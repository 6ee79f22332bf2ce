-- Loss, wager and time limits (contract §5) join the deposit limits and loosen the same way,
-- two-step. A loss or wager limit is in fen; a time limit in hundredths of a minute (carried
-- like money: '120.00' is 120 minutes).
ALTER TABLE member_limits DROP CONSTRAINT member_limits_kind_check;
ALTER TABLE member_limits ADD CONSTRAINT member_limits_kind_check
  CHECK (kind IN ('deposit', 'loss', 'wager', 'time'));
ALTER TABLE limit_requests DROP CONSTRAINT limit_requests_kind_check;
ALTER TABLE limit_requests ADD CONSTRAINT limit_requests_kind_check
  CHECK (kind IN ('deposit', 'loss', 'wager', 'time'));

-- Play time: stretches from a member's first sign of play (a venue launched, a bet placed) to
-- the last one before a gap of more than 10 minutes. A time limit counts the minutes of these
-- stretches inside its window.
CREATE TABLE play_spans (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  started_at TIMESTAMPTZ NOT NULL,
  last_at TIMESTAMPTZ NOT NULL,
  CHECK (last_at >= started_at)
);
CREATE INDEX play_spans_member_idx ON play_spans (member_id, last_at DESC);

-- When a limit reached during play last ended the member's venue sessions: one stop (and one
-- notice) per reach, until the member launches a venue again.
CREATE TABLE play_limit_stops (
  member_id INTEGER PRIMARY KEY REFERENCES members (id),
  kind TEXT NOT NULL,
  period TEXT NOT NULL,
  stopped_at TIMESTAMPTZ NOT NULL,
  -- Cleared by the member's next launch: a later reach stops them again.
  active BOOLEAN NOT NULL DEFAULT TRUE
);
