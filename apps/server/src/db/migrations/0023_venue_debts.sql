-- What members owe venues (contract §6): a venue's correction took back a win the member had
-- already moved out, and the venue keeps the shortfall as a debt its later credits repay. The
-- platform keeps the venue's latest word on it (and when it heard it), holds it back from
-- withdrawal, and records what operators wrote off — of the debt now owed, `debt_written_off`
-- is excused (it shrinks with the debt as the member repays, so a later debt is held in full).
ALTER TABLE venue_accounts
  ADD COLUMN debt BIGINT NOT NULL DEFAULT 0 CHECK (debt >= 0),
  ADD COLUMN debt_synced_at TIMESTAMPTZ,
  ADD COLUMN debt_written_off BIGINT NOT NULL DEFAULT 0 CHECK (debt_written_off >= 0 AND debt_written_off <= debt);
CREATE INDEX venue_accounts_debt_idx ON venue_accounts (member_id) WHERE debt > 0;

-- Each write-off an operator made (audited as well): who, when, how much and why.
CREATE TABLE venue_debt_write_offs (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  venue_code TEXT NOT NULL REFERENCES venues (code),
  amount BIGINT NOT NULL CHECK (amount > 0),
  reason TEXT NOT NULL,
  operator TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX venue_debt_write_offs_member_idx ON venue_debt_write_offs (member_id, created_at DESC);
