import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@nebula/protocol';
import type { LaunchRequest, LaunchResult } from '@nebula/protocol/venue/merchant';
import type { Db } from '@nebula/db';
import { dialects, type Dialect } from '@nebula/protocol/venue/dialects';
import { VenueError } from '../venue-error';
import * as sessions from './session.repository';

export const URL_TOKEN_MS = 60 * 1000;
/** A player's session lasts a day; a new launch ends it sooner. */
export const SESSION_MS = 24 * 60 * 60 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest();
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Launches and player sessions (contract §6). A launch ends the player's earlier sessions on
 * that venue and answers a page URL carrying a single-use token good for 60 s; the page trades
 * it at once for a session token it keeps in memory (no third-party cookie in a frame). A
 * preload makes no session and ends none: it only says where the venue lives.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly now: () => number,
    private readonly dialectOf: ReadonlyMap<string, Dialect> = new Map(),
  ) {}

  async launch(merchant: string, req: LaunchRequest): Promise<LaunchResult> {
    const base = {
      h5Url: `${this.publicUrl}/h5/`,
      activityUrl: `${this.publicUrl}/h5/activity`,
      resource: `${this.publicUrl}/static/`,
      apiUrl: this.publicUrl,
    };
    const dialect = this.dialectOf.get(req.venueCode) ?? 'FBTY';
    // The dialect's session parameters: where its API lives (contract §8.2).
    const params = {
      venueCode: req.venueCode,
      dialect,
      apiPrefix: `${this.publicUrl}${dialects[dialect].prefix}`,
    };
    if (req.preload) return { ...base, url: base.h5Url, token: '', session: params };
    const urlToken = newToken();
    const now = this.now();
    const player = { merchant, venueCode: req.venueCode, playerId: req.playerId };
    await this.db.tx(async (q) => {
      await sessions.endPlayerSessions(q, player, now);
      await sessions.insertSession(q, {
        ...player,
        id: randomBytes(12).toString('base64url'),
        urlTokenHash: hash(urlToken),
        nickname: req.nickname,
        now,
        urlExpiresAt: now + URL_TOKEN_MS,
        expiresAt: now + SESSION_MS,
      });
    });
    const query = new URLSearchParams({ token: urlToken });
    if (req.selections?.length) query.set('selections', req.selections.join(','));
    return {
      ...base,
      url: `${base.h5Url}?${query.toString()}`,
      token: urlToken,
      session: { ...params, token: urlToken },
    };
  }

  /** The page's first call: the URL token, once, for a session token (8020 otherwise). */
  async exchange(urlToken: string): Promise<{ token: string; expiresAt: number }> {
    const token = newToken();
    const now = this.now();
    const ok = await this.db.tx((q) =>
      sessions.exchangeUrlToken(q, hash(urlToken), hash(token), now),
    );
    if (!ok) throw new VenueError(ErrorCode.VenueSessionExpired);
    return { token, expiresAt: now + SESSION_MS };
  }

  /** Who a session token belongs to, or 8020. */
  async resolve(token: string): Promise<sessions.PlayerRef & { nickname: string }> {
    const s = await sessions.findLiveSession(this.db, hash(token), this.now());
    if (!s) throw new VenueError(ErrorCode.VenueSessionExpired);
    return s;
  }

  async endSessions(merchant: string, venueCode: string, playerId: string): Promise<null> {
    await this.db.tx((q) =>
      sessions.endPlayerSessions(q, { merchant, venueCode, playerId }, this.now()),
    );
    return null;
  }
}
