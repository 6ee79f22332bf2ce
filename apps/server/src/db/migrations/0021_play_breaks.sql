-- Time-out (冷静期) and self-exclusion (自我排除), contract §5: breaks a member takes and cannot
-- lift. Rows are never changed: a longer break is a new row, and the break in force is the
-- one ending last.
CREATE TABLE member_play_breaks (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  kind TEXT NOT NULL CHECK (kind IN ('timeout', 'selfExclusion')),
  started_at TIMESTAMPTZ NOT NULL,
  ends_at TIMESTAMPTZ NOT NULL,
  CHECK (ends_at > started_at)
);
CREATE INDEX member_play_breaks_member_idx ON member_play_breaks (member_id, ends_at DESC);
