-- A placement is one statement and its own transaction (no BEGIN and COMMIT round trips while
-- the player's wallet row is locked): what refuses the bet part-way through aborts the
-- statement, so nothing it wrote stays. placement.repository.ts maps the reason back to a code.
CREATE FUNCTION venue_refuse(reason TEXT) RETURNS INTEGER LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'VR001', MESSAGE = 'venue refusal: ' || reason;
END;
$$;

-- The stakes placed since the platform computed the allowance, kept on the allowance's own row
-- (the sum of venue_allowance_stakes from computed_at on). A taker raises it with an UPDATE
-- that checks the limit on the row's latest version, so two stakes of one player that wait on
-- each other each see the other's, even within one statement whose snapshot is older.
ALTER TABLE venue_player_allowances ADD COLUMN staked BIGINT NOT NULL DEFAULT 0 CHECK (staked >= 0);
UPDATE venue_player_allowances a
   SET staked = (SELECT COALESCE(sum(s.amount), 0) FROM venue_allowance_stakes s
                  WHERE s.merchant = a.merchant AND s.player_id = a.player_id
                    AND s.placed_at >= a.computed_at);
