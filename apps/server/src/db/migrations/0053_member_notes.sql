-- Operators' notes on a member (the console's member detail): append-only, who wrote it and
-- when; the audit log records each note too.
CREATE TABLE member_notes (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id),
  text TEXT NOT NULL,
  author TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX member_notes_member_idx ON member_notes (member_id, created_at DESC, id DESC);
