-- The service side of the site: help centre, mail, feedback, sponsorships.

-- Help pages: operator-editable Markdown with {{placeholders}} of live settings, versioned.
CREATE TABLE help_docs (
  slug TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  category TEXT NOT NULL,
  sort INTEGER NOT NULL,
  body TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  updated_by TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- Every saved version, the seeded first one included: append-only history.
CREATE TABLE help_doc_versions (
  slug TEXT NOT NULL REFERENCES help_docs (slug),
  version INTEGER NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  saved_by TEXT NOT NULL,
  saved_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (slug, version)
);

-- Mail: one stored message per send, whatever its audience (one member, a segment, everyone).
CREATE TABLE mails (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  audience TEXT NOT NULL CHECK (audience IN ('member', 'segment', 'all')),
  member_id INTEGER REFERENCES members (id),
  vip_min INTEGER,
  vip_max INTEGER,
  registered_from TIMESTAMPTZ,
  registered_to TIMESTAMPTZ,
  sent_by TEXT NOT NULL,
  sent_at TIMESTAMPTZ NOT NULL,
  revoked_at TIMESTAMPTZ,
  CHECK ((audience = 'member') = (member_id IS NOT NULL))
);
CREATE INDEX mails_member_idx ON mails (member_id, sent_at) WHERE member_id IS NOT NULL;
CREATE INDEX mails_broadcast_idx ON mails (sent_at) WHERE member_id IS NULL;
-- What a member did with a message: a row only once they read or delete it.
CREATE TABLE mail_receipts (
  mail_id INTEGER NOT NULL REFERENCES mails (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  read_at TIMESTAMPTZ,
  deleted_at TIMESTAMPTZ,
  PRIMARY KEY (member_id, mail_id)
);

CREATE TABLE feedback (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  category TEXT NOT NULL,
  content TEXT NOT NULL,
  contact TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'replied', 'closed')),
  reply TEXT,
  replied_by TEXT,
  replied_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX feedback_member_idx ON feedback (member_id, created_at DESC);
CREATE INDEX feedback_status_idx ON feedback (status, created_at);

CREATE TABLE sponsors (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title TEXT NOT NULL,
  image_url TEXT NOT NULL,
  summary TEXT NOT NULL,
  body TEXT NOT NULL,
  starts_on DATE NOT NULL,
  ends_on DATE,
  sort INTEGER NOT NULL DEFAULT 0,
  enabled BOOLEAN NOT NULL DEFAULT TRUE
);
