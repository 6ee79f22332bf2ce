-- 返水 (contract §5 Rewards). Valid turnover is kept by family (the venue registry's family),
-- so the rebate reads it per member, Shanghai day and family.
ALTER TABLE turnover_entries ADD COLUMN family TEXT;
UPDATE turnover_entries e SET family = v.family
  FROM venues v
 WHERE e.kind IN ('turnover', 'reverse') AND e.reference LIKE 'bet:%'
   AND v.code = split_part(e.reference, ':', 2);
UPDATE turnover_entries SET family = 'TY' WHERE family IS NULL AND reference LIKE 'bet-group:%';
CREATE INDEX turnover_entries_family_idx ON turnover_entries (member_id, family, at) WHERE family IS NOT NULL;

-- Each family's lowest house edge among its bet types, in millionths: no rebate rate may
-- exceed it (refused on save). 真人 publishes 庄 at 1.0579 %.
CREATE TABLE rebate_families (
  family TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  min_edge_ppm INTEGER NOT NULL CHECK (min_edge_ppm > 0)
);
INSERT INTO rebate_families (family, name, min_edge_ppm) VALUES
  ('TY', '体育', 25000),
  ('ZR', '真人', 10579),
  ('DJ', '电竞', 25000),
  ('CP', '彩票', 20000),
  ('QP', '棋牌', 20000),
  ('DZ', '电子', 30000),
  ('BY', '捕鱼', 20000);

-- Rate per (VIP level, family), in millionths of valid turnover (3800 = 0.38 %).
CREATE TABLE rebate_rates (
  level INTEGER NOT NULL REFERENCES vip_levels (level),
  family TEXT NOT NULL REFERENCES rebate_families (family),
  rate_ppm INTEGER NOT NULL CHECK (rate_ppm >= 0),
  PRIMARY KEY (level, family)
);
INSERT INTO rebate_rates (level, family, rate_ppm) VALUES
  (0, 'TY', 3800),
  (1, 'TY', 4400),
  (2, 'TY', 5000),
  (3, 'TY', 5600),
  (4, 'TY', 6200),
  (5, 'TY', 6900),
  (6, 'TY', 7500),
  (7, 'TY', 8100),
  (8, 'TY', 8700),
  (9, 'TY', 9300),
  (10, 'TY', 10000),
  (0, 'ZR', 3000),
  (1, 'ZR', 3600),
  (2, 'ZR', 4200),
  (3, 'ZR', 4800),
  (4, 'ZR', 5400),
  (5, 'ZR', 6000),
  (6, 'ZR', 6600),
  (7, 'ZR', 7200),
  (8, 'ZR', 7800),
  (9, 'ZR', 8400),
  (10, 'ZR', 9000),
  (0, 'DJ', 3800),
  (1, 'DJ', 4400),
  (2, 'DJ', 5000),
  (3, 'DJ', 5600),
  (4, 'DJ', 6200),
  (5, 'DJ', 6900),
  (6, 'DJ', 7500),
  (7, 'DJ', 8100),
  (8, 'DJ', 8700),
  (9, 'DJ', 9300),
  (10, 'DJ', 10000),
  (0, 'CP', 2000),
  (1, 'CP', 2600),
  (2, 'CP', 3200),
  (3, 'CP', 3800),
  (4, 'CP', 4400),
  (5, 'CP', 5000),
  (6, 'CP', 5600),
  (7, 'CP', 6200),
  (8, 'CP', 6800),
  (9, 'CP', 7400),
  (10, 'CP', 8000),
  (0, 'QP', 5000),
  (1, 'QP', 5700),
  (2, 'QP', 6400),
  (3, 'QP', 7100),
  (4, 'QP', 7800),
  (5, 'QP', 8500),
  (6, 'QP', 9200),
  (7, 'QP', 9900),
  (8, 'QP', 10600),
  (9, 'QP', 11300),
  (10, 'QP', 12000),
  (0, 'DZ', 11000),
  (1, 'DZ', 12000),
  (2, 'DZ', 13000),
  (3, 'DZ', 14000),
  (4, 'DZ', 15000),
  (5, 'DZ', 16000),
  (6, 'DZ', 17000),
  (7, 'DZ', 18000),
  (8, 'DZ', 19000),
  (9, 'DZ', 20000),
  (10, 'DZ', 21000),
  (0, 'BY', 5000),
  (1, 'BY', 5700),
  (2, 'BY', 6400),
  (3, 'BY', 7100),
  (4, 'BY', 7800),
  (5, 'BY', 8500),
  (6, 'BY', 9200),
  (7, 'BY', 9900),
  (8, 'BY', 10600),
  (9, 'BY', 11300),
  (10, 'BY', 12000);

-- What valid turnover of each family has been rebated (or passed over by the cap) so far: the
-- next rebate pays on the difference, so turnover reversed after a payment is netted from it.
CREATE TABLE rebate_bases (
  member_id INTEGER NOT NULL REFERENCES members (id),
  family TEXT NOT NULL,
  credited BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, family)
);

-- The member's rebate row for a Shanghai day: claims and the day's job serialise on it; once
-- the job has settled the day no claim is accepted for it; `paid` holds the daily cap.
CREATE TABLE rebate_days (
  member_id INTEGER NOT NULL REFERENCES members (id),
  day DATE NOT NULL,
  paid BIGINT NOT NULL DEFAULT 0 CHECK (paid >= 0),
  claims INTEGER NOT NULL DEFAULT 0,
  settled BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY (member_id, day)
);
