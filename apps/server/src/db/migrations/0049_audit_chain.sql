-- The audit log as a hash chain (docs/architecture.md, "The audit chain"). Every row carries a
-- sequence number, the previous row's hash and its own: SHA-256 (hex) over the canonical JSON of
-- its content and the previous hash. Canonical JSON is PostgreSQL's jsonb text form (keys in a
-- fixed order, fixed spacing, numbers as stored); the time is written in UTC to the microsecond
-- so the session's time zone never changes a hash.

ALTER TABLE audit_log ADD COLUMN seq BIGINT UNIQUE;
ALTER TABLE audit_log ADD COLUMN prev_hash TEXT;
ALTER TABLE audit_log ADD COLUMN hash TEXT;

CREATE FUNCTION audit_row_hash(
  p_seq BIGINT,
  p_at TIMESTAMPTZ,
  p_actor TEXT,
  p_action TEXT,
  p_target TEXT,
  p_before JSONB,
  p_after JSONB,
  p_prev TEXT
) RETURNS TEXT AS $$
  SELECT encode(sha256(convert_to(jsonb_build_object(
    'seq', p_seq,
    'at', to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'actor', p_actor,
    'action', p_action,
    'target', p_target,
    'before', p_before,
    'after', p_after,
    'prevHash', p_prev
  )::text, 'UTF8')), 'hex')
$$ LANGUAGE sql STABLE;

-- Existing rows join the chain in id order (the append-only trigger is off for this one pass).
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
DO $$
DECLARE
  r RECORD;
  n BIGINT := 0;
  prev TEXT := repeat('0', 64);
  h TEXT;
BEGIN
  FOR r IN SELECT id, at, actor, action, target, before, after FROM audit_log ORDER BY id LOOP
    n := n + 1;
    h := audit_row_hash(n, r.at, r.actor, r.action, r.target, r.before, r.after, prev);
    UPDATE audit_log SET seq = n, prev_hash = prev, hash = h WHERE id = r.id;
    prev := h;
  END LOOP;
END
$$;
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;

ALTER TABLE audit_log ALTER COLUMN seq SET NOT NULL;
ALTER TABLE audit_log ALTER COLUMN prev_hash SET NOT NULL;
ALTER TABLE audit_log ALTER COLUMN hash SET NOT NULL;

-- Every insert is chained here, whatever the caller wrote in seq and the hashes: the advisory
-- lock serialises writers until their transaction ends, so the head read after it is the
-- committed one. The platform writes its audit rows as a transaction's last statement, so the
-- lock is held only for the commit.
CREATE FUNCTION audit_log_chain() RETURNS trigger AS $$
DECLARE
  head RECORD;
BEGIN
  PERFORM pg_advisory_xact_lock(7001600049);
  SELECT seq, hash INTO head FROM audit_log ORDER BY seq DESC LIMIT 1;
  NEW.seq := COALESCE(head.seq, 0) + 1;
  NEW.prev_hash := COALESCE(head.hash, repeat('0', 64));
  NEW.hash := audit_row_hash(NEW.seq, NEW.at, NEW.actor, NEW.action, NEW.target, NEW.before,
    NEW.after, NEW.prev_hash);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
