-- VIP (contract §5 Rewards): the level table is operator data, seeded from a common Chinese
-- table (money in fen). A level is reached when cumulative deposits and valid turnover both
-- reach its thresholds; `members.vip_level` stays the level everything reads (chat gates too).
CREATE TABLE vip_levels (
  level INTEGER PRIMARY KEY CHECK (level BETWEEN 0 AND 10),
  name TEXT NOT NULL,
  deposit_threshold BIGINT NOT NULL CHECK (deposit_threshold >= 0),
  turnover_threshold BIGINT NOT NULL CHECK (turnover_threshold >= 0),
  upgrade_bonus BIGINT NOT NULL CHECK (upgrade_bonus >= 0),
  monthly_packet BIGINT NOT NULL CHECK (monthly_packet >= 0),
  monthly_min_deposit BIGINT NOT NULL CHECK (monthly_min_deposit >= 0),
  birthday_packet BIGINT NOT NULL CHECK (birthday_packet >= 0),
  retention_turnover BIGINT NOT NULL CHECK (retention_turnover >= 0),
  packet_multiple INTEGER NOT NULL CHECK (packet_multiple BETWEEN 0 AND 100),
  rebate_daily_cap BIGINT NOT NULL CHECK (rebate_daily_cap >= 0)
);
INSERT INTO vip_levels VALUES
  (0, 'VIP0', 0, 0, 0, 0, 0, 0, 0, 1, 500000),
  (1, 'VIP1', 100000, 500000, 1800, 800, 100000, 1800, 100000, 1, 1000000),
  (2, 'VIP2', 500000, 3000000, 5800, 1800, 300000, 3800, 600000, 1, 2000000),
  (3, 'VIP3', 2000000, 10000000, 18800, 3800, 1000000, 8800, 2000000, 1, 3000000),
  (4, 'VIP4', 5000000, 30000000, 38800, 8800, 2000000, 18800, 6000000, 1, 5000000),
  (5, 'VIP5', 10000000, 80000000, 88800, 18800, 5000000, 38800, 16000000, 1, 8000000),
  (6, 'VIP6', 30000000, 200000000, 188800, 38800, 10000000, 88800, 40000000, 1, 12000000),
  (7, 'VIP7', 80000000, 500000000, 388800, 88800, 20000000, 188800, 100000000, 1, 20000000),
  (8, 'VIP8', 200000000, 1200000000, 888800, 188800, 50000000, 388800, 240000000, 1, 30000000),
  (9, 'VIP9', 500000000, 3000000000, 1888800, 388800, 100000000, 888800, 600000000, 1, 50000000),
  (10, 'VIP10', 1000000000, 8000000000, 3888800, 888800, 200000000, 1888800, 1600000000, 1, 80000000);

-- The member's VIP facts beside `members.vip_level`: since when they hold it (retention is
-- judged over 90 days from then), the peak, and the birthday, set once.
CREATE TABLE member_vip (
  member_id INTEGER PRIMARY KEY REFERENCES members (id),
  level INTEGER NOT NULL,
  level_since TIMESTAMPTZ NOT NULL,
  -- The highest level ever held: a level lost through retention is regained only when the
  -- last 90 days' turnover meets its retention again (cumulative measures never fall).
  peak_level INTEGER NOT NULL DEFAULT 0,
  birthday DATE,
  birthday_set_at TIMESTAMPTZ
);

-- Each reward job's period runs once to completion (a re-run finds it and pays nothing).
CREATE TABLE reward_job_runs (
  job TEXT NOT NULL,
  period TEXT NOT NULL,
  ran_at TIMESTAMPTZ NOT NULL,
  members INTEGER NOT NULL,
  PRIMARY KEY (job, period)
);
