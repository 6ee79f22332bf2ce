-- Two-step loosening of limits (contract §5). A member's limits, of every kind (deposit today;
-- loss, wager and time limits reuse these tables), and the raises or removals they asked for:
-- a request loosens nothing until the member confirms it between confirmable_at (the request
-- plus the cooling-off) and expires_at. A limit row is absent when there is no limit.
CREATE TABLE member_limits (
  member_id INTEGER NOT NULL REFERENCES members (id),
  kind TEXT NOT NULL CHECK (kind IN ('deposit')),
  period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount BIGINT NOT NULL CHECK (amount > 0),
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (member_id, kind, period)
);

CREATE TABLE limit_requests (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  kind TEXT NOT NULL CHECK (kind IN ('deposit')),
  period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
  -- NULL asks to remove the limit.
  amount BIGINT CHECK (amount > 0),
  requested_at TIMESTAMPTZ NOT NULL,
  confirmable_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'confirmed', 'cancelled', 'expired')),
  resolved_at TIMESTAMPTZ,
  CHECK (confirmable_at >= requested_at AND expires_at > confirmable_at)
);
-- At most one open request per limit: a new one replaces it.
CREATE UNIQUE INDEX limit_requests_open_idx ON limit_requests (member_id, kind, period)
  WHERE state = 'pending';

-- Today's deposit limits move over as they stand.
INSERT INTO member_limits (member_id, kind, period, amount, updated_at)
SELECT member_id, 'deposit', period, amount, now()
  FROM deposit_limits
 WHERE amount IS NOT NULL AND amount > 0;

-- A raise or removal that was waiting to apply by itself becomes a request awaiting the
-- member's confirmation, confirmable from when it would have applied, and for 7 days from
-- then or from now, whichever is later: one whose time has passed loosened nothing yet.
INSERT INTO limit_requests (member_id, kind, period, amount, requested_at, confirmable_at, expires_at, state)
SELECT member_id, 'deposit', period, CASE WHEN pending_clear THEN NULL ELSE pending_amount END,
       pending_at - INTERVAL '24 hours', pending_at,
       GREATEST(pending_at, now()) + INTERVAL '7 days', 'pending'
  FROM deposit_limits
 WHERE pending_at IS NOT NULL
   AND amount IS NOT NULL
   AND (pending_clear OR pending_amount > amount);

DROP TABLE deposit_limits;
