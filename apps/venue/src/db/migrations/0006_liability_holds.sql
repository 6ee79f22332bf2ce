-- A selection's liability is reserved in a short transaction of its own before the bet's (the
-- selection's row is every bettor's on it, so its lock must not wait for the bet's commit).
-- Each reservation is held under the attempt's bet id: the bet's transaction takes the hold
-- over (deletes it, the bet's legs then carry the amount), or the attempt gives it back
-- (deletes it and subtracts it). A hold that outlives its attempt — the process died between
-- the two transactions — is given back by the leader's sweep. Whoever deletes the hold owns
-- the amount, so it is counted once under any interleaving.
CREATE TABLE venue_liability_holds (
  bet_id TEXT NOT NULL,
  merchant TEXT NOT NULL,
  venue_code TEXT NOT NULL,
  selection_id TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  held_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (bet_id, selection_id)
);
CREATE INDEX venue_liability_holds_held_at_idx ON venue_liability_holds (held_at);
