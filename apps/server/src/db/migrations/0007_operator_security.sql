-- Operator second factor: TOTP secrets sealed with a server key, a
-- pending secret during enrolment, the last step used (a code works once), single-use
-- recovery codes stored hashed, and sessions that may only finish enrolment.
ALTER TABLE operators ADD COLUMN totp_secret TEXT;
ALTER TABLE operators ADD COLUMN totp_pending TEXT;
ALTER TABLE operators ADD COLUMN totp_last_step BIGINT;
ALTER TABLE operators ADD COLUMN totp_enabled_at TIMESTAMPTZ;

CREATE TABLE operator_recovery_codes (
  operator_id INTEGER NOT NULL REFERENCES operators (id),
  code_hash BYTEA NOT NULL,
  used_at TIMESTAMPTZ,
  PRIMARY KEY (operator_id, code_hash)
);

ALTER TABLE operator_sessions ADD COLUMN enrol_only BOOLEAN NOT NULL DEFAULT FALSE;
