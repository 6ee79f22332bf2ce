-- Site settings: operator-editable rows read at run time.
CREATE TABLE site_settings (
  key TEXT PRIMARY KEY,
  value JSONB NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Home and content
CREATE TABLE notices (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category SMALLINT NOT NULL CHECK (category BETWEEN 1 AND 3),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  enabled BOOLEAN NOT NULL DEFAULT TRUE,
  published_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX notices_category_idx ON notices (category, sort, id);

CREATE TABLE station_ads (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title TEXT NOT NULL,
  image_url TEXT NOT NULL,
  link TEXT NOT NULL DEFAULT '',
  sort INTEGER NOT NULL DEFAULT 0,
  enabled BOOLEAN NOT NULL DEFAULT TRUE,
  starts_at TIMESTAMPTZ,
  ends_at TIMESTAMPTZ
);

CREATE TABLE suspension_icons (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title TEXT NOT NULL,
  icon_url TEXT NOT NULL,
  link TEXT NOT NULL DEFAULT '',
  display_equipment SMALLINT NOT NULL DEFAULT 1,
  sort INTEGER NOT NULL DEFAULT 0,
  enabled BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE pop_activities (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  image_url TEXT NOT NULL DEFAULT '',
  link TEXT NOT NULL DEFAULT '',
  sort INTEGER NOT NULL DEFAULT 0,
  enabled BOOLEAN NOT NULL DEFAULT TRUE,
  starts_at TIMESTAMPTZ,
  ends_at TIMESTAMPTZ
);

CREATE TABLE site_naming (
  key TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

-- Access restriction: 6031 blocklisted addresses, 6033 regions not served (no external GeoIP).
CREATE TABLE ip_blocklist (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cidr CIDR NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE region_ranges (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  region TEXT NOT NULL,
  cidr CIDR NOT NULL
);

-- vvPretty one-time keys: shared by every node, taken exactly once.
CREATE TABLE vv_secrets (
  id TEXT PRIMARY KEY,
  aes_key BYTEA NOT NULL,
  iv BYTEA NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX vv_secrets_expires_idx ON vv_secrets (expires_at);

-- One row per data seed that has run, so demo data is written once and never again.
CREATE TABLE seed_markers (
  name TEXT PRIMARY KEY,
  applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
