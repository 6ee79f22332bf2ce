-- Responsible gambling (contract §5): each member's reality-check interval (NULL: the site's
-- default) and when they last reviewed their limits (the 6-monthly reminder counts from it,
-- else from registration).
CREATE TABLE member_rg_prefs (
  member_id INTEGER PRIMARY KEY REFERENCES members (id),
  reality_check_minutes INTEGER CHECK (reality_check_minutes IN (0, 15, 30, 60, 120)),
  limits_reviewed_at TIMESTAMPTZ,
  updated_at TIMESTAMPTZ NOT NULL
);

-- The session clock: the next reality check is one interval after the session began or after
-- the member last answered one in that session.
CREATE TABLE reality_check_answers (
  session_id TEXT PRIMARY KEY REFERENCES sessions (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  answered_at TIMESTAMPTZ NOT NULL
);
