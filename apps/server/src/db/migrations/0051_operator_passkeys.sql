-- Operator passkeys (WebAuthn) as a second factor (docs/contract.md §4.1). A credential id is
-- bound to one operator (UNIQUE); `counter` is the authenticator's signature counter, which may
-- only move forward.
CREATE TABLE operator_passkeys (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id INTEGER NOT NULL REFERENCES operators (id),
  credential_id TEXT NOT NULL UNIQUE,
  public_key BYTEA NOT NULL,
  counter BIGINT NOT NULL DEFAULT 0,
  transports TEXT[] NOT NULL DEFAULT '{}',
  name TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  last_used_at TIMESTAMPTZ
);
CREATE INDEX operator_passkeys_operator_idx ON operator_passkeys (operator_id);

-- Challenges the server issued, single-use (deleted when spent) and short-lived. `purpose` is
-- registration, login, or the step-up class the assertion is for; registration and step-up
-- challenges belong to the session that asked.
CREATE TABLE operator_passkey_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'login', 'money', 'settings', 'operators')),
  token_hash BYTEA REFERENCES operator_sessions (token_hash),
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX operator_passkey_challenges_due_idx ON operator_passkey_challenges (expires_at);

-- Server-side inactivity: a session unused for the console's idle minutes ends.
ALTER TABLE operator_sessions ADD COLUMN last_seen_at TIMESTAMPTZ;
