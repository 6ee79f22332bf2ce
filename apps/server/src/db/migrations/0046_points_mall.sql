-- 积分商城 (contract §5 Points mall). Points are their own ledger asset, POINT, in whole points:
-- never money, never withdrawable or transferable. A member's points account is kind 'points';
-- the house's is 'pointsIssuance' (points earned come from it, points spent go back to it).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_asset_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_asset_check
  CHECK (asset IN ('CNY', 'COIN', 'POINT'));

-- A bonus item is paid as a grant of kind 'mall' (source: the redemption id).
ALTER TABLE grants DROP CONSTRAINT grants_kind_check;
ALTER TABLE grants ADD CONSTRAINT grants_kind_check
  CHECK (kind IN ('activity', 'vipUpgrade', 'vipMonthly', 'vipBirthday', 'rebate', 'checkin', 'flip', 'invite', 'peakBet', 'mall', 'commission'));

-- Points earned per ¥1 of a day's net valid turnover of a family, in thousandths of a point
-- (1000 = one point per ¥1). Operator data.
CREATE TABLE points_rates (
  family TEXT PRIMARY KEY REFERENCES rebate_families (family),
  rate_milli INTEGER NOT NULL CHECK (rate_milli >= 0 AND rate_milli <= 1000000)
);
INSERT INTO points_rates (family, rate_milli) VALUES
  ('TY', 1000), ('ZR', 1000), ('DJ', 1000), ('CP', 1000), ('QP', 1000), ('DZ', 500), ('BY', 500);

-- The one row of points rules: points expire this many days after the Shanghai day they were
-- earned (oldest spent first); 0 keeps them for good.
CREATE TABLE points_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  expire_days INTEGER NOT NULL CHECK (expire_days >= 0 AND expire_days <= 3650)
);
INSERT INTO points_settings (id, expire_days) VALUES (1, 365);

-- The points jobs that have run: (`points:{family}`, day) for earning, (`pointsExpire`, day).
CREATE TABLE points_job_runs (
  job TEXT NOT NULL,
  period TEXT NOT NULL,
  ran_at TIMESTAMPTZ NOT NULL,
  members INTEGER NOT NULL,
  PRIMARY KEY (job, period)
);

CREATE TABLE mall_items (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('coins', 'bonus', 'physical')),
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  image TEXT NOT NULL DEFAULT '',
  price BIGINT NOT NULL CHECK (price > 0),
  -- Never below zero: a redemption takes one only while one is left.
  stock INTEGER NOT NULL CHECK (stock >= 0),
  -- coins: 金币 in whole units; bonus: fen paid as a grant; physical: 0.
  value BIGINT NOT NULL CHECK (value >= 0),
  turnover_multiple INTEGER NOT NULL DEFAULT 0 CHECK (turnover_multiple BETWEEN 0 AND 100),
  per_member_limit INTEGER CHECK (per_member_limit > 0),
  active BOOLEAN NOT NULL DEFAULT TRUE,
  starts_at TIMESTAMPTZ,
  ends_at TIMESTAMPTZ,
  sort INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  CHECK ((kind = 'physical') = (value = 0)),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at)
);

-- One row per redemption, written in the transaction that takes the stock and the points
-- (ledger reference `points:redeem:{id}`). Physical items: pending → shipped → delivered, or
-- cancelled (points back by `points:refund:{id}`); the others are done at once.
CREATE TABLE mall_redemptions (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  item_id BIGINT NOT NULL REFERENCES mall_items (id),
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  price BIGINT NOT NULL CHECK (price > 0),
  value BIGINT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('done', 'pending', 'shipped', 'delivered', 'cancelled')),
  receiver_name TEXT,
  receiver_phone TEXT,
  receiver_address TEXT,
  tracking_no TEXT,
  cancel_reason TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  CHECK (kind <> 'physical' OR (receiver_name IS NOT NULL AND receiver_phone IS NOT NULL AND receiver_address IS NOT NULL))
);
CREATE INDEX mall_redemptions_member_idx ON mall_redemptions (member_id, id DESC);
CREATE INDEX mall_redemptions_item_member_idx ON mall_redemptions (item_id, member_id);
CREATE INDEX mall_redemptions_status_idx ON mall_redemptions (status, id DESC);

-- A few items so the mall is not empty on a fresh site (operators edit them).
INSERT INTO mall_items (kind, title, description, price, stock, value, turnover_multiple, sort, created_at, updated_at) VALUES
  ('coins', '100 金币', '兑换后立即到账金币钱包', 100, 100000, 100, 0, 10, now(), now()),
  ('bonus', '8.88 元彩金', '兑换后立即到账中心钱包，需 1 倍流水', 1000, 10000, 888, 1, 20, now(), now()),
  ('physical', '品牌蓝牙耳机', '实物商品，填写收货地址后 7 个工作日内发货', 20000, 50, 0, 0, 30, now(), now());
