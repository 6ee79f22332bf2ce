-- Grants (contract §5 Rewards): every reward is one row, unique per (kind, source_id), paid
-- through the ledger with reference `grant:{kind}:{source_id}` (house bonuses → member main).
CREATE TABLE grants (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('activity', 'vipUpgrade', 'vipMonthly', 'vipBirthday', 'rebate', 'checkin', 'flip', 'invite', 'peakBet')),
  source_id TEXT NOT NULL,
  member_id INTEGER NOT NULL REFERENCES members (id),
  title TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  turnover_multiple INTEGER NOT NULL CHECK (turnover_multiple BETWEEN 0 AND 100),
  status TEXT NOT NULL CHECK (status IN ('available', 'paid', 'expired', 'revoked')),
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ,
  paid_at TIMESTAMPTZ,
  revoked_at TIMESTAMPTZ,
  revoked_by TEXT,
  revoke_reason TEXT,
  -- 放弃优惠: what was taken back (up to the main balance) when the member gave the grant up.
  forfeited BIGINT CHECK (forfeited >= 0),
  forfeited_at TIMESTAMPTZ,
  UNIQUE (kind, source_id)
);
CREATE INDEX grants_member_idx ON grants (member_id, id DESC);
CREATE INDEX grants_paid_idx ON grants (paid_at) WHERE status = 'paid';
