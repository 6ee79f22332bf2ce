-- The self-exclusion register's built-in list (contract §5): identities operators entered, each
-- refused at registration and login and left out of marketing pushes while it stands. Removing
-- one keeps the row (removed_at): the audit log and the list tell the same story.
CREATE TABLE self_exclusion_register (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('userName', 'phone')),
  -- Normalised: a user name in lower case; a phone as its digits with the country code.
  value TEXT NOT NULL,
  reason TEXT NOT NULL,
  added_by TEXT NOT NULL,
  added_at TIMESTAMPTZ NOT NULL,
  removed_by TEXT,
  removed_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX self_exclusion_register_live_idx ON self_exclusion_register (kind, value)
  WHERE removed_at IS NULL;
