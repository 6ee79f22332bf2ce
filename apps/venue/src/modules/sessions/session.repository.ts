import type { Queryable } from '@nebula/db';
import type { PlayerRef } from './player-ref.types';

const ts = (ms: number) => new Date(ms);

/** Ends the player's live sessions on this venue (a new launch, a block, a self-exclusion). */
export async function endPlayerSessions(q: Queryable, p: PlayerRef, now: number): Promise<number> {
  const r = await q.query(
    `UPDATE venue_sessions SET ended_at = $4
      WHERE merchant = $1 AND venue_code = $2 AND player_id = $3 AND ended_at IS NULL`,
    [p.merchant, p.venueCode, p.playerId, ts(now)],
  );
  return r.rowCount;
}

export async function insertSession(
  q: Queryable,
  s: PlayerRef & {
    id: string;
    urlTokenHash: Buffer;
    siteTokenHash: Buffer;
    nickname: string;
    /** The game a game venue's launch named (null elsewhere). */
    gameCode: string | null;
    now: number;
    urlExpiresAt: number;
    expiresAt: number;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO venue_sessions (id, url_token_hash, site_token_hash, merchant, venue_code,
       player_id, nickname, created_at, url_expires_at, expires_at, game_code)
     VALUES ($1, $2, $10, $3, $4, $5, $6, $7, $8, $9, $11)`,
    [
      s.id,
      s.urlTokenHash,
      s.merchant,
      s.venueCode,
      s.playerId,
      s.nickname,
      ts(s.now),
      ts(s.urlExpiresAt),
      ts(s.expiresAt),
      s.siteTokenHash,
      s.gameCode,
    ],
  );
}

/**
 * Spends a URL token for a session token: once, within its 60 s, on a live session. The
 * compare-and-set makes two tabs opening one link get one session between them.
 */
export async function exchangeUrlToken(
  q: Queryable,
  urlTokenHash: Buffer,
  tokenHash: Buffer,
  now: number,
): Promise<(PlayerRef & { gameCode: string | null }) | null> {
  const r = await q.query<{
    merchant: string;
    venue_code: string;
    player_id: string;
    game_code: string | null;
  }>(
    `UPDATE venue_sessions SET url_used_at = $3, token_hash = $2
      WHERE url_token_hash = $1 AND url_used_at IS NULL AND url_expires_at > $3
        AND ended_at IS NULL AND expires_at > $3
      RETURNING merchant, venue_code, player_id, game_code`,
    [urlTokenHash, tokenHash, ts(now)],
  );
  const s = r.rows[0];
  return s
    ? {
        merchant: s.merchant,
        venueCode: s.venue_code,
        playerId: s.player_id,
        gameCode: s.game_code,
      }
    : null;
}

/**
 * The live session a token stands for, or null (unknown, ended or expired): the page's token,
 * or the member site's token of the same session.
 */
export async function findLiveSession(
  q: Queryable,
  tokenHash: Buffer,
  now: number,
): Promise<(PlayerRef & { nickname: string }) | null> {
  const r = await q.query<{
    merchant: string;
    venue_code: string;
    player_id: string;
    nickname: string;
  }>(
    `SELECT merchant, venue_code, player_id, nickname FROM venue_sessions
      WHERE (token_hash = $1 OR site_token_hash = $1) AND ended_at IS NULL AND expires_at > $2`,
    [tokenHash, ts(now)],
  );
  const s = r.rows[0];
  return s
    ? { merchant: s.merchant, venueCode: s.venue_code, playerId: s.player_id, nickname: s.nickname }
    : null;
}
