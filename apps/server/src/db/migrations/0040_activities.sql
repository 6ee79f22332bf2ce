-- Activities (contract §5 Activities): operator-defined, each with its kind's reward rule (JSON,
-- checked by the kind's schema on save) and the member eligibility it asks of the gate.
CREATE TABLE activities (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('firstDeposit', 'redeposit', 'checkin', 'luckyFlip', 'friendInvite', 'friendPeakBet')),
  title TEXT NOT NULL,
  picture_url TEXT NOT NULL,
  rules_text TEXT NOT NULL,
  starts_at TIMESTAMPTZ NOT NULL,
  ends_at TIMESTAMPTZ NOT NULL,
  rule JSONB NOT NULL,
  eligibility JSONB NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'active', 'ended')),
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  created_by TEXT NOT NULL,
  CHECK (ends_at > starts_at)
);
CREATE INDEX activities_live_idx ON activities (kind, starts_at) WHERE status = 'active';
