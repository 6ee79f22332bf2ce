-- The operator lists (contract §6 "Lists"), newest first and filtered by the venue: bets by
-- time and by event (every leg, not only the open ones the settlement index covers), the
-- rounds of every game by opening time, the audit by operator.
CREATE INDEX venue_bets_placed_idx ON venue_bets (placed_at DESC, id DESC);
CREATE INDEX venue_bet_legs_event_idx ON venue_bet_legs (event_id);
CREATE INDEX venue_game_rounds_opens_idx ON venue_game_rounds (opens_at DESC);
