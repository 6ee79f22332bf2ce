-- Wallet: a double-entry ledger, idempotency, orders (issue: wallet).

CREATE TABLE ledger_accounts (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL for house accounts.
  member_id INTEGER REFERENCES members (id),
  kind TEXT NOT NULL,
  asset TEXT NOT NULL CHECK (asset IN ('CNY', 'COIN')),
  -- Member accounts: always equal to their postings. House accounts: equal to their postings
  -- once the pending roll-up rows are applied.
  balance BIGINT NOT NULL DEFAULT 0,
  shard SMALLINT NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT member_balance_not_negative CHECK (member_id IS NULL OR balance >= 0)
);
CREATE UNIQUE INDEX ledger_member_accounts_uniq ON ledger_accounts (member_id, kind) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_house_accounts_uniq ON ledger_accounts (kind, shard) WHERE member_id IS NULL;

CREATE TABLE ledger_transactions (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  memo TEXT NOT NULL DEFAULT '',
  member_id INTEGER REFERENCES members (id),
  created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE ledger_postings (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id BIGINT NOT NULL REFERENCES ledger_transactions (id),
  account_id BIGINT NOT NULL REFERENCES ledger_accounts (id),
  asset TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount <> 0),
  -- The member account's balance after this posting (records show it); NULL for house accounts.
  balance_after BIGINT,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id, id);

-- Postings to house accounts wait here until a roll-up adds them to the cached balance: hot
-- house accounts are never locked by member traffic.
CREATE TABLE ledger_house_pending (
  posting_id BIGINT PRIMARY KEY REFERENCES ledger_postings (id),
  account_id BIGINT NOT NULL REFERENCES ledger_accounts (id),
  amount BIGINT NOT NULL
);

CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- Idempotency keys: the first outcome of a money call, kept 24 h.
CREATE TABLE idempotency_keys (
  scope TEXT NOT NULL,
  route TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status_code INTEGER NOT NULL,
  response JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (scope, route, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Deposit orders: a state machine changed only by compare-and-set on status.
CREATE TABLE deposit_orders (
  id TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  channel_id TEXT NOT NULL,
  channel_type TEXT NOT NULL,
  channel_name TEXT NOT NULL,
  currency TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  credit_amount BIGINT NOT NULL CHECK (credit_amount > 0),
  depositor_name TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'credited', 'rejected', 'expired', 'cancelled', 'review')),
  received_amount BIGINT,
  gateway_trade_no TEXT,
  reason TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX deposit_orders_member_idx ON deposit_orders (member_id, created_at DESC);
CREATE INDEX deposit_orders_status_idx ON deposit_orders (status, created_at);

CREATE TABLE withdraw_orders (
  id TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  account_id INTEGER NOT NULL,
  account_label TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  status TEXT NOT NULL CHECK (status IN ('review', 'paid', 'rejected')),
  reason TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX withdraw_orders_member_idx ON withdraw_orders (member_id, created_at DESC);
CREATE INDEX withdraw_orders_status_idx ON withdraw_orders (status, created_at);

CREATE TABLE order_events (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id TEXT NOT NULL,
  status TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  at TIMESTAMPTZ NOT NULL
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);

-- Turnover requirement (SPEC's audit page): deposits add, settled bets complete, operators waive.
CREATE TABLE turnover_entries (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  kind TEXT NOT NULL CHECK (kind IN ('require', 'turnover', 'waive')),
  amount BIGINT NOT NULL CHECK (amount >= 0),
  reference TEXT NOT NULL UNIQUE,
  note TEXT NOT NULL DEFAULT '',
  at TIMESTAMPTZ NOT NULL
);
CREATE INDEX turnover_entries_member_idx ON turnover_entries (member_id, id);

-- Fund password failures lock withdrawals for a while.
CREATE TABLE fund_password_failures (
  member_id INTEGER PRIMARY KEY REFERENCES members (id),
  failures INTEGER NOT NULL,
  window_start TIMESTAMPTZ NOT NULL,
  locked_until TIMESTAMPTZ
);

CREATE TABLE payment_accounts (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  type TEXT NOT NULL,
  account_no TEXT NOT NULL,
  bank_code TEXT,
  network TEXT,
  alias TEXT,
  holder TEXT,
  warning TEXT,
  usable_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  removed_at TIMESTAMPTZ
);
CREATE INDEX payment_accounts_member_idx ON payment_accounts (member_id) WHERE removed_at IS NULL;

-- Deposit limits (responsible gambling): a decrease applies at once, an increase after 24 h.
CREATE TABLE deposit_limits (
  member_id INTEGER NOT NULL REFERENCES members (id),
  period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount BIGINT,
  pending_amount BIGINT,
  pending_clear BOOLEAN NOT NULL DEFAULT FALSE,
  pending_at TIMESTAMPTZ,
  PRIMARY KEY (member_id, period)
);
