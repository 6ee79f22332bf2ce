-- The member site's own token for a session: the launch hands it to the platform
-- inside the dialect's session parameters (IMTY Token, FBTY Authorization, OBTY requestId, YBTY
-- token) so the site's proxy can call the venue's API for that player; the H5 page holds the
-- other token. Both are random and stored hashed, and end with the session.
ALTER TABLE venue_sessions ADD COLUMN site_token_hash BYTEA UNIQUE;
