-- A member's part in a deposit-bonus activity (contract §5 Activities): one row per
-- (activity, member, period) — period 'first' for 首存, the Shanghai day for 续存 — made by a
-- 申请 (status 'applied', paid at the next qualifying deposit) or by a 领取 (paid at once).
CREATE TABLE activity_entries (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  activity_id INTEGER NOT NULL REFERENCES activities (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  period TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('applied', 'paid', 'void')),
  deposit_id TEXT,
  grant_id BIGINT REFERENCES grants (id),
  created_at TIMESTAMPTZ NOT NULL,
  paid_at TIMESTAMPTZ,
  UNIQUE (activity_id, member_id, period)
);
CREATE INDEX activity_entries_applied_idx ON activity_entries (member_id) WHERE status = 'applied';

-- 签到: one check-in per member, activity and Shanghai day; `streak` is the consecutive days
-- ending that day.
CREATE TABLE activity_checkins (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  activity_id INTEGER NOT NULL REFERENCES activities (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  day DATE NOT NULL,
  streak INTEGER NOT NULL CHECK (streak >= 1),
  grant_id BIGINT REFERENCES grants (id),
  created_at TIMESTAMPTZ NOT NULL,
  UNIQUE (member_id, activity_id, day)
);
