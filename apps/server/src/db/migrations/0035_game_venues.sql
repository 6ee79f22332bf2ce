-- House game venues (contract §6): a venue of a game family (CP, ZR, DZ, QP, BY) speaks no
-- sportsbook dialect, so its registry row's dialect is null; TY and DJ venues still name one
-- (the registry service refuses a null dialect for them with 8107).
ALTER TABLE venues ALTER COLUMN dialect DROP NOT NULL;
ALTER TABLE venues
  ADD CONSTRAINT venues_dialect_family CHECK (dialect IS NOT NULL OR family NOT IN ('TY', 'DJ'));
