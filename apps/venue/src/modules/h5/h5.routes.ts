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
import type { z } from 'zod';
import type { PlayerRef } from '../sessions/session.repository';
import type { VenueServices } from '../../venue-services';
import { VenueError } from '../../infra/venue-error';

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

/**
 * The engine API under each dialect's prefix (issue 10 §6): one engine, four envelopes. A
 * session belongs to a venue and a venue speaks one dialect: a session used under another
 * dialect's prefix is refused as unknown. CORS is granted to the platform origins only.
 */
export function registerH5Routes(app: FastifyInstance, s: VenueServices) {
  /** The caller's session, within the address's and the session's budgets (8065 past them). */
  const player = async (req: FastifyRequest, dialect: Dialect, place = false) => {
    s.h5Limits.address(req.ip, place);
    const token = tokenOf(req, dialect);
    if (!token) throw new VenueError(ErrorCode.VenueSessionExpired);
    const p = await s.sessions.resolve(token);
    if (s.config.dialectOf.get(p.venueCode) !== dialect)
      throw new VenueError(ErrorCode.VenueUnknown);
    const ref: PlayerRef = { merchant: p.merchant, venueCode: p.venueCode, playerId: p.playerId };
    s.h5Limits.session(sessionKey(ref), place);
    return ref;
  };

  const answerIn = async (dialect: Dialect, reply: FastifyReply, run: () => Promise<unknown>) => {
    try {
      return reply.send(envelope(dialect, { data: await run() }));
    } catch (err) {
      if (err instanceof VenueError) return refuseIn(dialect, reply, err);
      throw err;
    }
  };
  const familyOf = (p: PlayerRef) => s.config.familyOf.get(p.venueCode) ?? 'TY';

  for (const dialect of Object.keys(dialects) as Dialect[]) {
    const prefix = dialects[dialect].prefix;
    const answer = (reply: FastifyReply, run: () => Promise<unknown>) =>
      answerIn(dialect, reply, run);
    const parse = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => {
      const r = schema.safeParse(value ?? {});
      if (!r.success) throw new VenueError(ErrorCode.VenueRequestInvalid);
      return r.data;
    };
    app.get(`${prefix}${h5Paths.events}`, (req, reply) =>
      answer(reply, async () => {
        const p = await player(req, dialect);
        const query = parse(ListEventsQuery, req.query);
        return s.h5.list(familyOf(p), query.tab, query.sport);
      }),
    );
    app.get(`${prefix}${h5Paths.event}`, (req, reply) =>
      answer(reply, async () => {
        const p = await player(req, dialect);
        return s.h5.event(familyOf(p), parse(EventQuery, req.query).id);
      }),
    );
    app.get(`${prefix}${h5Paths.results}`, (req, reply) =>
      answer(reply, async () => {
        const p = await player(req, dialect);
        return s.h5.results(
          familyOf(p),
          parse(ListEventsQuery.pick({ sport: true }), req.query).sport,
        );
      }),
    );
    app.post(`${prefix}${h5Paths.place}`, (req, reply) =>
      answer(reply, async () => {
        const p = await player(req, dialect, true);
        return s.placement.place(p, parse(PlaceBetRequest, req.body));
      }),
    );
    app.post(`${prefix}${h5Paths.bets}`, (req, reply) =>
      answer(reply, async () => {
        const p = await player(req, dialect);
        const q = parse(MyBetsRequest, req.body);
        return s.h5.myBets(p, q.settled, q.limit);
      }),
    );
    app.get(`${prefix}${h5Paths.balance}`, (req, reply) =>
      answer(reply, async () => s.h5.balance(await player(req, dialect))),
    );
    app.get(`${prefix}${h5Paths.preferences}`, (req, reply) =>
      answer(reply, async () => s.h5.preferences(await player(req, dialect))),
    );
    app.post(`${prefix}${h5Paths.preferences}`, (req, reply) =>
      answer(reply, async () => {
        const p = await player(req, dialect);
        return s.h5.setPreferences(p, parse(Preferences, req.body).oddsType);
      }),
    );
  }

  // OBTY's counts (SPEC §7): its launch token is this URL, called with the session's
  // requestId and the merchant's code; the answer is the platform counts per family.
  app.get(obCountsPath, (req, reply) =>
    answerIn('OBTY', reply, async () => {
      const p = await player(req, 'OBTY');
      const merchantCode = (req.query as { merchantCode?: unknown }).merchantCode;
      if (merchantCode !== p.merchant) throw new VenueError(ErrorCode.VenueRequestInvalid);
      return s.feeds.counts();
    }),
  );

  // YBTY's session check (SPEC §7): `getUserInfo?token=` answers the player's id.
  app.get(`${dialects.YBTY.prefix}/user/getUserInfo`, (req, reply) =>
    answerIn('YBTY', reply, async () => {
      s.h5Limits.address(req.ip);
      const token = (req.query as { token?: unknown }).token;
      const p = await s.sessions.resolve(
        typeof token === 'string' && token.length < 120 ? token : '',
      );
      if (s.config.dialectOf.get(p.venueCode) !== 'YBTY')
        throw new VenueError(ErrorCode.VenueUnknown);
      s.h5Limits.session(sessionKey(p));
      return { userId: p.playerId, nickname: p.nickname };
    }),
  );
}
