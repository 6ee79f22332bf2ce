-- Accounts, sessions, step-up and operators (issue: accounts).

-- Append-only tables refuse UPDATE and DELETE at the database (audit log, later the ledger).
CREATE FUNCTION refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME;
END
$$ LANGUAGE plpgsql;

CREATE TABLE members (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_name TEXT NOT NULL,
  user_name_lower TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  nickname TEXT NOT NULL,
  avatar TEXT NOT NULL,
  vip_level INTEGER NOT NULL DEFAULT 0,
  country_code TEXT,
  phone TEXT,
  email TEXT,
  fund_password_hash TEXT,
  invite_code TEXT NOT NULL UNIQUE,
  inviter_id INTEGER REFERENCES members (id),
  blocked BOOLEAN NOT NULL DEFAULT FALSE,
  blocked_reason TEXT,
  registered_at TIMESTAMPTZ NOT NULL,
  registered_ip TEXT NOT NULL,
  registered_device TEXT NOT NULL,
  age_confirmed_at TIMESTAMPTZ NOT NULL,
  last_login_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX members_phone_uniq ON members (country_code, phone) WHERE phone IS NOT NULL;
CREATE INDEX members_inviter_idx ON members (inviter_id);

CREATE TABLE member_real_names (
  member_id INTEGER PRIMARY KEY REFERENCES members (id),
  real_name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  reason TEXT,
  submitted_at TIMESTAMPTZ NOT NULL,
  reviewed_at TIMESTAMPTZ,
  reviewed_by TEXT
);
CREATE INDEX member_real_names_pending_idx ON member_real_names (submitted_at) WHERE status = 'pending';

-- Session tokens are random 256-bit values; only their SHA-256 is stored.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  token_hash BYTEA NOT NULL UNIQUE,
  device_id TEXT NOT NULL,
  ip TEXT NOT NULL,
  user_agent TEXT NOT NULL DEFAULT '',
  remember BOOLEAN NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  idle_seconds INTEGER,
  ended_at TIMESTAMPTZ,
  end_reason TEXT
);
CREATE INDEX sessions_live_idx ON sessions (member_id) WHERE ended_at IS NULL;

CREATE TABLE member_devices (
  member_id INTEGER NOT NULL REFERENCES members (id),
  device_id TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  trusted BOOLEAN NOT NULL,
  first_seen_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL,
  last_ip TEXT NOT NULL,
  PRIMARY KEY (member_id, device_id)
);

CREATE TABLE login_history (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER REFERENCES members (id),
  user_name_lower TEXT NOT NULL,
  ip TEXT NOT NULL,
  network TEXT NOT NULL,
  device_id TEXT NOT NULL,
  user_agent TEXT NOT NULL DEFAULT '',
  success BOOLEAN NOT NULL,
  risky BOOLEAN NOT NULL DEFAULT FALSE,
  risk_reason TEXT,
  at TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_history_member_idx ON login_history (member_id, at DESC);

-- Failed-login counters by name (captcha) and by name + network (lockout). Keyed by the
-- name string, so unknown names count exactly like real ones.
CREATE TABLE login_throttle (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  window_start TIMESTAMPTZ NOT NULL,
  locked_until TIMESTAMPTZ
);

CREATE TABLE blocked_devices (
  device_id TEXT PRIMARY KEY,
  reason TEXT NOT NULL,
  blocked_at TIMESTAMPTZ NOT NULL,
  blocked_by TEXT NOT NULL
);

CREATE TABLE captchas (
  id TEXT PRIMARY KEY,
  answer TEXT NOT NULL,
  purpose TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);

-- SMS verification codes, stored hashed; one live code per purpose and target.
CREATE TABLE sms_codes (
  purpose TEXT NOT NULL,
  target TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  sent_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  sends_in_window INTEGER NOT NULL DEFAULT 1,
  window_start TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (purpose, target)
);

-- The built-in SMS gateway's outbox, read by operators (never logged).
CREATE TABLE sms_outbox (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone TEXT NOT NULL,
  text TEXT NOT NULL,
  purpose TEXT NOT NULL,
  sent_at TIMESTAMPTZ NOT NULL
);

-- A risky login waiting for its device-authorization step.
CREATE TABLE login_challenges (
  id TEXT PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  device_id TEXT NOT NULL,
  ip TEXT NOT NULL,
  network TEXT NOT NULL,
  user_agent TEXT NOT NULL DEFAULT '',
  reason TEXT NOT NULL,
  remember BOOLEAN NOT NULL,
  code_hash TEXT,
  code_sent_at TIMESTAMPTZ,
  code_expires_at TIMESTAMPTZ,
  sends INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  completed_at TIMESTAMPTZ
);

CREATE TABLE handover_tokens (
  token_hash BYTEA PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);

CREATE TABLE web_terminals (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_id TEXT NOT NULL,
  member_id INTEGER REFERENCES members (id),
  ip TEXT NOT NULL,
  user_agent TEXT NOT NULL DEFAULT '',
  data JSONB NOT NULL,
  at TIMESTAMPTZ NOT NULL
);
CREATE INDEX web_terminals_device_idx ON web_terminals (device_id, at DESC);

CREATE TABLE operators (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_name TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'finance', 'moderator')),
  disabled BOOLEAN NOT NULL DEFAULT FALSE,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE operator_sessions (
  token_hash BYTEA PRIMARY KEY,
  operator_id INTEGER NOT NULL REFERENCES operators (id),
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ
);

CREATE TABLE audit_log (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  before JSONB,
  after JSONB,
  at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
