-- Agents (代理, contract §5 Agents): applications, the downline tree, commission statements.

-- Commission is paid as a grant of its own kind. The CHECK is rebuilt from the kinds it allows
-- now plus 'commission', so a kind another migration added before this one is kept.
DO $$
DECLARE
  kinds TEXT[];
BEGIN
  SELECT array_agg(DISTINCT m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') AS m
   WHERE c.conrelid = 'grants'::regclass AND c.conname = 'grants_kind_check';
  ALTER TABLE grants DROP CONSTRAINT grants_kind_check;
  IF NOT ('commission' = ANY (kinds)) THEN
    kinds := array_append(kinds, 'commission');
  END IF;
  EXECUTE format('ALTER TABLE grants ADD CONSTRAINT grants_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END
$$;

-- One pending or approved application per member (a rejected member may apply again).
CREATE TABLE agent_applications (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  contact TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  decided_at TIMESTAMPTZ,
  decided_by TEXT,
  reason TEXT
);
CREATE UNIQUE INDEX agent_applications_live_uniq ON agent_applications (member_id)
  WHERE status IN ('pending', 'approved');
CREATE INDEX agent_applications_status_idx ON agent_applications (status, id);

-- Approved agents; the agent code is the member's invite code (contract §5 Agents).
CREATE TABLE agents (
  member_id INTEGER PRIMARY KEY REFERENCES members (id),
  approved_at TIMESTAMPTZ NOT NULL
);

-- The downline as a closure table: one row per (ancestor, descendant) with the distance, and
-- (m, m, 0) for every member in a tree, so "everyone under X" is one index range.
CREATE TABLE agent_tree (
  ancestor_id INTEGER NOT NULL REFERENCES members (id),
  descendant_id INTEGER NOT NULL REFERENCES members (id),
  depth INTEGER NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (ancestor_id, descendant_id)
);
CREATE INDEX agent_tree_descendant_idx ON agent_tree (descendant_id, depth);

-- Commission tiers: the highest tier whose both minimums are met gives the rate (basis points).
CREATE TABLE agent_tiers (
  tier INTEGER PRIMARY KEY CHECK (tier >= 1),
  min_active INTEGER NOT NULL CHECK (min_active >= 0),
  min_ngr BIGINT NOT NULL CHECK (min_ngr >= 0),
  rate_bp INTEGER NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000)
);
INSERT INTO agent_tiers (tier, min_active, min_ngr, rate_bp) VALUES
  (1, 1, 0, 1500),
  (2, 5, 500000, 2500),
  (3, 10, 2000000, 3500),
  (4, 20, 5000000, 4500);

-- The operator's commission settings: one row.
CREATE TABLE agent_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  fee_rate_bp INTEGER NOT NULL CHECK (fee_rate_bp BETWEEN 0 AND 10000),
  active_min_turnover BIGINT NOT NULL CHECK (active_min_turnover >= 0),
  turnover_multiple INTEGER NOT NULL CHECK (turnover_multiple BETWEEN 0 AND 100)
);
INSERT INTO agent_settings (id, fee_rate_bp, active_min_turnover, turnover_multiple)
VALUES (1, 100, 100000, 0);

-- One statement per (agent, Shanghai month `YYYYMM`), with every input it was computed from.
CREATE TABLE agent_statements (
  agent_id INTEGER NOT NULL REFERENCES members (id),
  month TEXT NOT NULL CHECK (month ~ '^[0-9]{6}$'),
  stakes BIGINT NOT NULL,
  payouts BIGINT NOT NULL,
  grants BIGINT NOT NULL,
  rebates BIGINT NOT NULL,
  deposits BIGINT NOT NULL,
  fee_rate_bp INTEGER NOT NULL,
  fees BIGINT NOT NULL,
  ngr BIGINT NOT NULL,
  members_count INTEGER NOT NULL,
  active_count INTEGER NOT NULL,
  active_min_turnover BIGINT NOT NULL,
  carry_in BIGINT NOT NULL CHECK (carry_in <= 0),
  net BIGINT NOT NULL,
  carry_out BIGINT NOT NULL CHECK (carry_out <= 0),
  rate_bp INTEGER NOT NULL,
  sub_deduction BIGINT NOT NULL CHECK (sub_deduction >= 0),
  computed BIGINT NOT NULL CHECK (computed >= 0),
  amount BIGINT NOT NULL CHECK (amount >= 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'nil')),
  created_at TIMESTAMPTZ NOT NULL,
  decided_at TIMESTAMPTZ,
  decided_by TEXT,
  PRIMARY KEY (agent_id, month)
);
CREATE INDEX agent_statements_status_idx ON agent_statements (status, month);

-- The statements sum a downline's deposits and grants from the ledger by member and month.
CREATE INDEX IF NOT EXISTS ledger_transactions_member_at_idx ON ledger_transactions (member_id, created_at);
