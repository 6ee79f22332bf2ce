-- Valid turnover of single bets judged by exposure (contract §6): a member's singles on one
-- match and period count together. `group_key` is `{matchId}:{period}` of a single whose
-- selection id parses (null for parlays and anything else, which count alone).
ALTER TABLE venue_bets ADD COLUMN group_key TEXT;
UPDATE venue_bets
   SET group_key = (legs->0->>'matchId') || ':' || split_part(legs->0->>'selectionId', ':', 2)
 WHERE jsonb_array_length(legs) = 1 AND COALESCE(legs->0->>'outcome', '') <> '';
CREATE INDEX venue_bets_group_idx ON venue_bets (member_id, group_key) WHERE group_key IS NOT NULL;

-- One row per group: what its bets have been credited in all, taken FOR UPDATE by every
-- transaction that writes one of its bets, and the revision that names its next entry.
CREATE TABLE bet_turnover_groups (
  member_id INTEGER NOT NULL REFERENCES members (id),
  group_key TEXT NOT NULL,
  credited BIGINT NOT NULL DEFAULT 0 CHECK (credited >= 0),
  revision INTEGER NOT NULL DEFAULT 0,
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (member_id, group_key)
);

-- Bets credited one by one before this change: their credit is the group's, so a later
-- recomputation moves only the difference and nothing is counted twice.
INSERT INTO bet_turnover_groups (member_id, group_key, credited, updated_at)
SELECT member_id, group_key, sum(valid_turnover), now()
  FROM venue_bets
 WHERE group_key IS NOT NULL
 GROUP BY member_id, group_key;
