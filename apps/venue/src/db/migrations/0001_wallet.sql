-- The venue's own wallet: a double-entry ledger keyed by (merchant, venue code,
-- player), transfers by the platform's transfer id (applied, refused or a not-found tombstone),
-- and the nonces of signed merchant calls.

CREATE TABLE venue_wallets (
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  player_id TEXT NOT NULL,
  balance BIGINT NOT NULL DEFAULT 0 CONSTRAINT venue_wallet_not_negative CHECK (balance >= 0),
  PRIMARY KEY (merchant, venue_code, player_id)
);

CREATE TABLE venue_entries (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);

-- Accounts are `player:{merchant}:{venue}:{player}` and `merchant:{merchant}:{venue}` (what the
-- merchant has moved in and not out); every entry's postings sum to zero.
CREATE TABLE venue_postings (
  entry_id BIGINT NOT NULL REFERENCES venue_entries (id),
  account TEXT NOT NULL,
  amount BIGINT NOT NULL
);
CREATE INDEX venue_postings_account_idx ON venue_postings (account);

CREATE FUNCTION venue_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'venue ledger rows are append-only';
END;
$$;
CREATE TRIGGER venue_entries_append_only BEFORE UPDATE OR DELETE ON venue_entries
  FOR EACH ROW EXECUTE FUNCTION venue_append_only();
CREATE TRIGGER venue_postings_append_only BEFORE UPDATE OR DELETE ON venue_postings
  FOR EACH ROW EXECUTE FUNCTION venue_append_only();
CREATE TRIGGER venue_entries_no_truncate BEFORE TRUNCATE ON venue_entries
  FOR EACH STATEMENT EXECUTE FUNCTION venue_append_only();
CREATE TRIGGER venue_postings_no_truncate BEFORE TRUNCATE ON venue_postings
  FOR EACH STATEMENT EXECUTE FUNCTION venue_append_only();

CREATE TABLE venue_transfers (
  merchant TEXT NOT NULL,
  transfer_id TEXT NOT NULL,
  -- NULL for a tombstone: a status query found nothing, so this id can never apply.
  venue_code TEXT,
  player_id TEXT,
  direction TEXT CHECK (direction IN ('in', 'out')),
  amount BIGINT,
  status TEXT NOT NULL CHECK (status IN ('applied', 'refused', 'not_found')),
  code INTEGER,
  balance_after BIGINT,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (merchant, transfer_id)
);

CREATE TABLE merchant_nonces (
  merchant TEXT NOT NULL,
  nonce TEXT NOT NULL,
  seen_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (merchant, nonce)
);
CREATE INDEX merchant_nonces_seen_idx ON merchant_nonces (seen_at);
