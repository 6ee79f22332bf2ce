import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import { PlaceBetRequest, MyBetsRequest } from '@nebula/protocol/venue/bets';
import { dialects, type Dialect } from '@nebula/protocol/venue/dialects';
import {
  EventQuery,
  ListEventsQuery,
  Preferences,
  h5Paths,
  obCountsPath,
} from '@nebula/protocol/venue/h5';
import { z } from 'zod';
import type { PlayerRef } from '../sessions/player-ref.types';
import type { VenueConfig } from '../../infra/config';
import type { PlacementService } from '../bets/placement.service';
import type { MerchantFeedsService } from '../merchant-feeds/merchant-feeds.service';
import type { SessionService } from '../sessions/session.service';
import type { H5Limiter } from './h5-limits.service';
import type { H5Service } from './h5.service';
import { VenueError } from '../../infra/venue-error';
import {
  bindVenueRoutes,
  venueRoute,
  type VenueRoute,
  type VenueSurface,
} from '../../http/route-binder';

/**
 * A dialect's envelope: success and "session expired" in its own words (contract §6), every
 * other refusal with the venue's code. The message is always the catalogue's Chinese text.
 */
export function envelope(dialect: Dialect, outcome: { data: unknown } | VenueError): object {
  const d = dialects[dialect];
  const messageKey = dialect === 'YBTY' ? 'message' : 'msg';
  if (!(outcome instanceof VenueError))
    return { code: d.success, [messageKey]: 'success', data: outcome.data };
  const expired = outcome.code === ErrorCode.VenueSessionExpired;
  const raw = expired ? d.sessionExpired : outcome.code;
  const code = dialect === 'OBTY' ? String(raw) : raw;
  return { code, [messageKey]: outcome.message, ...(outcome.data ? { data: outcome.data } : {}) };
}

/**
 * The HTTP status of a refusal: 429 with Retry-After past a rate limit (8065), else 200 — the
 * dialects answer every outcome in their envelope.
 */
export function refusalStatus(reply: FastifyReply, err: VenueError): number {
  if (err.code !== ErrorCode.VenueRateLimited) return 200;
  const ms = Number(err.data?.retryAfterMs ?? 1000);
  void reply.header('retry-after', Math.max(1, Math.ceil(ms / 1000)));
  return 429;
}

/** Answers a refusal in a dialect's envelope, with its status. */
export function refuseIn(dialect: Dialect, reply: FastifyReply, err: VenueError) {
  return reply.status(refusalStatus(reply, err)).send(envelope(dialect, err));
}

/** The limits' key of a session: one live session per player and venue. */
export const sessionKey = (p: PlayerRef) => `${p.merchant}:${p.venueCode}:${p.playerId}`;

/**
 * The session token of a call: the page's `Authorization: Bearer …`, or the member site's
 * proxy's token in the dialect's own header (FBTY's bare `Authorization`, IMTY's `Token`, …).
 */
const tokenOf = (req: FastifyRequest, dialect: Dialect): string | null => {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) {
    return auth.length < 120 ? auth.slice(7) : null;
  }
  const h = req.headers[dialects[dialect].tokenHeader];
  return typeof h === 'string' && h.length > 0 && h.length < 120 ? h : null;
};

/** What the page's engine API calls: the services of the modules it fronts. */
export interface H5RouteDeps {
  config: Pick<VenueConfig, 'dialectOf' | 'familyOf'>;
  h5Limits: H5Limiter;
  sessions: SessionService;
  h5: H5Service;
  placement: PlacementService;
  feeds: MerchantFeedsService;
}

/**
 * How a page call names its session: the page's or the proxy's token (`read`, `place` with the
 * placement's stricter budgets), the page's bearer token only (`bearer`), or a `token` query
 * parameter (YBTY's session check).
 */
export type H5Access = 'read' | 'place' | 'bearer' | 'query-token';

/** The caller of a page call: the session's player, and the nickname the launch gave it. */
export interface H5Caller {
  player: PlayerRef;
  nickname: string;
}

type H5Route = VenueRoute<H5Caller, H5Access>;

const bearerOf = (req: FastifyRequest): string | null => {
  const auth = req.headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') && auth.length < 120
    ? auth.slice(7)
    : null;
};

const queryTokenOf = (req: FastifyRequest): string => {
  const token = (req.query as { token?: unknown }).token;
  return typeof token === 'string' && token.length < 120 ? token : '';
};

/**
 * The page's surface under one dialect: the session within the address's and the session's
 * budgets (8065 past them), a session of a venue speaking this dialect (else unknown), answers
 * in the dialect's envelope.
 */
export function h5Surface(
  s: Pick<H5RouteDeps, 'config' | 'h5Limits' | 'sessions'>,
  dialect: Dialect,
): VenueSurface<H5Caller, H5Access> {
  return {
    caller: async (req, access) => {
      s.h5Limits.address(req.ip, access === 'place');
      // YBTY's check hands any query token to the sessions (which refuse an unknown one).
      const token =
        access === 'query-token'
          ? queryTokenOf(req)
          : access === 'bearer'
            ? bearerOf(req)
            : tokenOf(req, dialect);
      if (access !== 'query-token' && !token) throw new VenueError(ErrorCode.VenueSessionExpired);
      const p = await s.sessions.resolve(token ?? '');
      if (s.config.dialectOf.get(p.venueCode) !== dialect)
        throw new VenueError(ErrorCode.VenueUnknown);
      const player: PlayerRef = {
        merchant: p.merchant,
        venueCode: p.venueCode,
        playerId: p.playerId,
      };
      s.h5Limits.session(sessionKey(player), access === 'place');
      return { player, nickname: p.nickname };
    },
    input: (req, method) => (method === 'GET' ? req.query : req.body) ?? {},
    answer: (reply, _caller, outcome) =>
      outcome instanceof VenueError
        ? refuseIn(dialect, reply, outcome)
        : reply.send(envelope(dialect, outcome)),
  };
}

/** The engine API every dialect answers under its prefix (paths of `h5Paths`). */
function engineRoutes(s: H5RouteDeps): H5Route[] {
  const familyOf = (p: PlayerRef) => s.config.familyOf.get(p.venueCode) ?? 'TY';
  return [
    venueRoute({
      method: 'GET',
      path: h5Paths.events,
      access: 'read',
      input: ListEventsQuery,
      run: (c: H5Caller, q) => s.h5.list(familyOf(c.player), q.tab, q.sport),
    }),
    venueRoute({
      method: 'GET',
      path: h5Paths.event,
      access: 'read',
      input: EventQuery,
      run: (c: H5Caller, q) => s.h5.event(familyOf(c.player), q.id),
    }),
    venueRoute({
      method: 'GET',
      path: h5Paths.results,
      access: 'read',
      input: ListEventsQuery.pick({ sport: true }),
      run: (c: H5Caller, q) => s.h5.results(familyOf(c.player), q.sport),
    }),
    venueRoute({
      method: 'POST',
      path: h5Paths.place,
      access: 'place',
      input: PlaceBetRequest,
      run: (c: H5Caller, body) => s.placement.place(c.player, body),
    }),
    venueRoute({
      method: 'POST',
      path: h5Paths.bets,
      access: 'read',
      input: MyBetsRequest,
      run: (c: H5Caller, q) => s.h5.myBets(c.player, q.settled, q.limit),
    }),
    venueRoute({
      method: 'GET',
      path: h5Paths.balance,
      access: 'read',
      run: (c: H5Caller) => s.h5.balance(c.player),
    }),
    venueRoute({
      method: 'GET',
      path: h5Paths.preferences,
      access: 'read',
      run: (c: H5Caller) => s.h5.preferences(c.player),
    }),
    venueRoute({
      method: 'POST',
      path: h5Paths.preferences,
      access: 'read',
      input: Preferences,
      run: (c: H5Caller, body) => s.h5.setPreferences(c.player, body),
    }),
  ];
}

/** OBTY's counts: its launch token is this URL, called with the session's requestId and the
 * merchant's code; the answer is the platform counts per family. */
const obCountsRoute = (s: H5RouteDeps): H5Route =>
  venueRoute({
    method: 'GET',
    path: obCountsPath,
    access: 'read',
    input: z.object({ merchantCode: z.unknown() }),
    run: (c: H5Caller, q) => {
      if (q.merchantCode !== c.player.merchant) throw new VenueError(ErrorCode.VenueRequestInvalid);
      return s.feeds.counts();
    },
  });

/** YBTY's session check: `getUserInfo?token=` answers the player's id. */
const ybUserInfoRoute = (): H5Route =>
  venueRoute({
    method: 'GET',
    path: `${dialects.YBTY.prefix}/user/getUserInfo`,
    access: 'query-token',
    run: (c: H5Caller) => Promise.resolve({ userId: c.player.playerId, nickname: c.nickname }),
  });

/**
 * The engine API under each dialect's prefix (contract §6): one engine, four envelopes. A
 * session belongs to a venue and a venue speaks one dialect: a session used under another
 * dialect's prefix is refused as unknown. CORS is granted to the platform origins only.
 */
export function registerH5Routes(app: FastifyInstance, s: H5RouteDeps) {
  const engine = engineRoutes(s);
  for (const dialect of Object.keys(dialects) as Dialect[]) {
    bindVenueRoutes(app, h5Surface(s, dialect), engine, dialects[dialect].prefix);
  }
  bindVenueRoutes(app, h5Surface(s, 'OBTY'), [obCountsRoute(s)]);
  bindVenueRoutes(app, h5Surface(s, 'YBTY'), [ybUserInfoRoute()]);
}
