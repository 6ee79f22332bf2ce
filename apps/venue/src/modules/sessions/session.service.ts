import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@nebula/protocol';
import {
  DEMO_MERCHANT,
  type LaunchRequest,
  type LaunchResult,
} from '@nebula/protocol/venue/merchant';
import type { Db } from '@nebula/db';
import type { Dialect } from '@nebula/protocol/venue/dialects';
import {
  obCountsPath,
  type PreferencesView,
  type SessionExchangeResult,
} from '@nebula/protocol/venue/h5';
import type { GameFamily, VenueFamily } from '../../infra/config';
import { VenueError } from '../../infra/venue-error';
import * as sessions from './session.repository';
import type { PlayerRef } from './player-ref.types';

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
export interface SessionSetup {
  publicUrl: string;
  dialectOf: ReadonlyMap<string, Dialect>;
  familyOf: ReadonlyMap<string, VenueFamily>;
  /** The house game venues (no dialect) and their families. */
  gameFamilyOf: ReadonlyMap<string, GameFamily>;
  platformOrigins: ReadonlyMap<string, readonly string[]>;
}

/** The family of a house game, or null for a code that is no game (the games catalogue's). */
export type GameFamilyLookup = (gameCode: string) => GameFamily | null;

/**
 * The dialect's session parameters (contract §6), which the platform stores per venue and its
 * proxy merges into calls to the venue: each carries the member site's token of the session
 * under the dialect's own name. A preload has no token.
 */
function sessionParams(
  dialect: Dialect,
  base: { origin: string; h5Url: string; url: string; activityUrl: string; resource: string },
  siteToken: string,
  playerId: string,
  now: number,
): Record<string, string> {
  switch (dialect) {
    case 'IMTY':
      return {
        LanguageCode: 'CHS',
        OddsType: 'Europe',
        TimeStamp: String(now),
        origin: base.origin,
        Token: siteToken,
        MemberCode: playerId,
        h5Url: base.h5Url,
        url: base.url,
      };
    case 'OBTY':
      return {
        cuid: playerId,
        origin: base.origin,
        requestId: siteToken,
        resourceUrl: base.resource,
        resourceGamingUrl: base.resource,
        h5Url: base.h5Url,
        url: base.url,
        activityUrl: base.activityUrl,
      };
    case 'FBTY':
      return {
        origin: base.origin,
        languageType: 'CMN',
        Authorization: siteToken,
        url: base.url,
      };
    case 'YBTY':
      return { origin: base.origin, token: siteToken, url: base.url };
  }
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly setup: SessionSetup,
    private readonly now: () => number,
    private readonly familyOfGame: GameFamilyLookup = () => null,
    /** What else stops with the player's sessions (the games' chases, §10.11). */
    private readonly onPlayerEnded: (player: PlayerRef) => Promise<void> = async () => {},
  ) {}

  dialectOf(venueCode: string): Dialect {
    return this.setup.dialectOf.get(venueCode) ?? 'FBTY';
  }

  async launch(merchant: string, req: LaunchRequest): Promise<LaunchResult> {
    const gameFamily = this.setup.gameFamilyOf.get(req.venueCode);
    if (gameFamily) return this.#launchGames(merchant, req, gameFamily);
    // A sportsbook offers no house game to open.
    if (req.gameCode !== undefined) throw new VenueError(ErrorCode.VenueGameUnknown);
    const origin = this.setup.publicUrl;
    const base = {
      origin,
      h5Url: `${origin}/h5/`,
      // The page is the venue's only one (no separate activity page); its assets live here.
      activityUrl: `${origin}/h5/`,
      resource: `${origin}/h5/assets/`,
      // The dialects' paths carry their prefixes: the API lives at the origin.
      apiUrl: origin,
    };
    const dialect = this.dialectOf(req.venueCode);
    const now = this.now();
    if (req.preload) {
      const url = base.h5Url;
      return {
        ...base,
        url,
        token: '',
        session: sessionParams(dialect, { ...base, url }, '', req.playerId, now),
      };
    }
    const urlToken = newToken();
    const siteToken = newToken();
    const player = { merchant, venueCode: req.venueCode, playerId: req.playerId };
    await this.db.tx(async (q) => {
      await sessions.endPlayerSessions(q, player, now);
      await sessions.insertSession(q, {
        ...player,
        id: randomBytes(12).toString('base64url'),
        urlTokenHash: hash(urlToken),
        siteTokenHash: hash(siteToken),
        nickname: req.nickname,
        gameCode: null,
        now,
        urlExpiresAt: now + URL_TOKEN_MS,
        expiresAt: now + SESSION_MS,
      });
    });
    const query = new URLSearchParams({ token: urlToken });
    if (req.selections?.length) query.set('selections', req.selections.join(','));
    const url = `${base.h5Url}?${query.toString()}`;
    return {
      ...base,
      url,
      // OBTY's launch token is its counts URL (contract §6), called with the requestId.
      token: dialect === 'OBTY' ? `${origin}${obCountsPath}` : urlToken,
      session: sessionParams(dialect, { ...base, url }, siteToken, req.playerId, now),
    };
  }

  /**
   * A house game venue's launch (docs/contract.md §10.11): the games page on the venue's
   * origin, `/h5/games/?token=…` with `&game=` when a game of the venue's family was named
   * (8070 for any other code); no dialect, so the session parameters are the page's only.
   */
  async #launchGames(
    merchant: string,
    req: LaunchRequest,
    family: GameFamily,
  ): Promise<LaunchResult> {
    if (req.gameCode !== undefined && this.familyOfGame(req.gameCode) !== family) {
      throw new VenueError(ErrorCode.VenueGameUnknown);
    }
    const origin = this.setup.publicUrl;
    const h5Url = `${origin}/h5/games/`;
    const base = { h5Url, activityUrl: h5Url, resource: `${origin}/h5/assets/`, apiUrl: origin };
    if (req.preload) {
      return { ...base, url: h5Url, token: '', session: { origin, url: h5Url } };
    }
    const urlToken = newToken();
    const now = this.now();
    const player = { merchant, venueCode: req.venueCode, playerId: req.playerId };
    await this.db.tx(async (q) => {
      await sessions.endPlayerSessions(q, player, now);
      await sessions.insertSession(q, {
        ...player,
        id: randomBytes(12).toString('base64url'),
        urlTokenHash: hash(urlToken),
        siteTokenHash: hash(newToken()),
        nickname: req.nickname,
        gameCode: req.gameCode ?? null,
        now,
        urlExpiresAt: now + URL_TOKEN_MS,
        expiresAt: now + SESSION_MS,
      });
    });
    const query = new URLSearchParams({ token: urlToken });
    if (req.gameCode) query.set('game', req.gameCode);
    const url = `${h5Url}?${query.toString()}`;
    return { ...base, url, token: urlToken, session: { origin, url } };
  }

  /** The page's first call: the URL token, once, for a session token (8020 otherwise). */
  async exchange(urlToken: string, prefsOf: (p: PlayerRef) => Promise<PreferencesView>) {
    const token = newToken();
    const now = this.now();
    const p = await this.db.tx((q) =>
      sessions.exchangeUrlToken(q, hash(urlToken), hash(token), now),
    );
    if (!p) throw new VenueError(ErrorCode.VenueSessionExpired);
    const game = this.setup.gameFamilyOf.get(p.venueCode);
    const result: SessionExchangeResult = {
      token,
      expiresAt: now + SESSION_MS,
      venueCode: p.venueCode,
      // A game venue speaks no dialect: its page calls the games API (contract §10.11).
      dialect: game ? null : this.dialectOf(p.venueCode),
      family: game ?? this.setup.familyOf.get(p.venueCode) ?? 'TY',
      ...(game ? { gameCode: p.gameCode } : {}),
      merchantOrigins: [...(this.setup.platformOrigins.get(p.merchant) ?? [])],
      // The page marks a demo merchant's session 试玩 (contract §6).
      ...(p.merchant === DEMO_MERCHANT ? { demo: true } : {}),
      ...(await prefsOf(p)),
    };
    return result;
  }

  /** Who a session token belongs to, or 8020. */
  async resolve(token: string): Promise<PlayerRef & { nickname: string }> {
    const s = await sessions.findLiveSession(this.db, hash(token), this.now());
    if (!s) throw new VenueError(ErrorCode.VenueSessionExpired);
    return s;
  }

  async endSessions(merchant: string, venueCode: string, playerId: string): Promise<null> {
    await this.db.tx((q) =>
      sessions.endPlayerSessions(q, { merchant, venueCode, playerId }, this.now()),
    );
    await this.onPlayerEnded({ merchant, venueCode, playerId });
    return null;
  }
}
