-- Turnover requirements as buckets (contract §5 Rewards): each requirement — a credited
-- deposit's, a paid grant's — is a bucket that valid turnover fills oldest first; withdrawals
-- wait while any bucket is open. `turnover_entries` stays the member's audit trail.
CREATE TABLE turnover_buckets (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  source TEXT NOT NULL CHECK (source IN ('deposit', 'grant', 'legacy')),
  reference TEXT NOT NULL UNIQUE,
  required BIGINT NOT NULL CHECK (required > 0),
  filled BIGINT NOT NULL DEFAULT 0 CHECK (filled >= 0 AND filled <= required),
  status TEXT NOT NULL CHECK (status IN ('open', 'done', 'waived', 'given_up')),
  created_at TIMESTAMPTZ NOT NULL,
  closed_at TIMESTAMPTZ
);
CREATE INDEX turnover_buckets_open_idx ON turnover_buckets (member_id, id) WHERE status = 'open';
CREATE INDEX turnover_buckets_member_idx ON turnover_buckets (member_id, id);

-- What was missing under the single running total becomes one open bucket per member, so no
-- requirement is lost or doubled by the change.
INSERT INTO turnover_buckets (member_id, source, reference, required, status, created_at)
SELECT member_id, 'legacy', 'turnover:legacy:' || member_id, missing, 'open', now()
  FROM (SELECT member_id,
               sum(CASE kind WHEN 'require' THEN amount WHEN 'reverse' THEN amount ELSE -amount END) AS missing
          FROM turnover_entries
         GROUP BY member_id) t
 WHERE missing > 0;
