-- What the slip does when a price moves, kept per player like the odds type (null: the page's
-- default). A player may choose it before ever choosing an odds type, so that column may be null.
ALTER TABLE venue_player_prefs ADD COLUMN odds_change_policy TEXT
  CHECK (odds_change_policy IN ('any', 'better', 'none'));
ALTER TABLE venue_player_prefs ALTER COLUMN odds_type DROP NOT NULL;
