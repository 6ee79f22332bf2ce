/*
 * Over 300 lines on purpose: a whole merchant-contract venue for tests (signing, transfers,
 * balances, bet feeds, faults) that must agree with itself in one place.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import {
  MERCHANT_HEADERS,
  isFreshTimestamp,
  merchantCalls,
  merchantCanonical,
  merchantPaths,
  type BetVersion,
  type MerchantCall,
} from '@nebula/protocol/venue/merchant';

/**
 * A fake venue for the platform's fault tests: the merchant API of contract §6 — passing the
 * same conformance suite as the house venue — with a durable state (an append-only, fsynced
 * log replayed at start) and the faults a real provider shows: down (5xx), slow, and, run as
 * its own process, `kill -9` after applying a transfer and before answering. Tests feed it bet
 * versions, scores and summaries through a control endpoint that only this fake has.
 */
export interface FakeVenueOptions {
  merchant: string;
  secret: string;
  codes: string[];
  /** The append-only state file ('' keeps state in memory only). */
  stateFile: string;
  /** Its public origin for launch answers (defaults to where it listens). */
  publicUrl?: string;
  /** `applied`: die (SIGKILL) after a transfer is applied and before it is answered. */
  crashAt?: string;
  port?: number;
}

interface TransferRecord {
  id: string;
  venueCode: string;
  playerId: string;
  direction: 'in' | 'out';
  amount: string;
  status: 'applied' | 'refused' | 'tombstone';
  code?: number;
  balance?: string;
}

type LogLine =
  | { t: 'transfer'; r: TransferRecord }
  | { t: 'debit'; venueCode: string; playerId: string; amount: string }
  | { t: 'nonce'; n: string; at: number };

export interface FakeVenueState {
  transfers: Map<string, TransferRecord>;
  balances: Map<string, bigint>;
  nonces: Map<string, number>;
}

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (secret: string, c: string) => createHmac('sha256', secret).update(c).digest('hex');
const walletKey = (venueCode: string, playerId: string) => `${venueCode}|${playerId}`;

export interface FakeVenue {
  app: FastifyInstance;
  url: string;
  state: FakeVenueState;
  control: FakeVenueControl;
  close(): Promise<void>;
}

/** What a test can make the fake do (also over HTTP at `/__control` when run as a process). */
export interface FakeVenueControl {
  /** Every merchant call answers 503 (unreachable-ish) while true. */
  down: boolean;
  /** Merchant calls naming one of these venue codes answer 503; the others as usual. */
  downCodes: string[];
  /** Every merchant call waits this long first. */
  delayMs: number;
  /** Bet versions each venue code's bet feed delivers, in order. */
  bets: Record<string, BetVersion[]>;
  scores: {
    eventId: string;
    version: number;
    status: 'scheduled' | 'live' | 'finished' | 'cancelled';
    score: string | null;
    clock: string | null;
  }[];
  summary: { families: Record<string, { live: number; today: number }>; hot: unknown[] };
  /** Forges answers (a wrong secret) while true. */
  forgeAnswers: boolean;
  /** Calls seen, by call name. */
  calls: Record<string, number>;
  /** The launch requests seen, oldest first (what the platform asked the venue to open). */
  launches: Record<string, unknown>[];
  /** The loss and wager allowances pushed (contract §6, the allowance call), oldest first. */
  allowances: Record<string, unknown>[];
  /** The session ends asked for (venue code, player and reason), oldest first. */
  ends: Record<string, unknown>[];
}

/** The venue code a merchant call's body names ('' when none). */
function codeOf(raw: string): string {
  try {
    const code = (JSON.parse(raw) as { venueCode?: unknown }).venueCode;
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
}

export async function startFakeVenue(o: FakeVenueOptions): Promise<FakeVenue> {
  const state: FakeVenueState = { transfers: new Map(), balances: new Map(), nonces: new Map() };
  const control: FakeVenueControl = {
    down: false,
    downCodes: [],
    delayMs: 0,
    bets: {},
    scores: [],
    summary: { families: {}, hot: [] },
    forgeAnswers: false,
    calls: {},
    launches: [],
    allowances: [],
    ends: [],
  };
  const apply = (line: LogLine) => {
    if (line.t === 'transfer') {
      state.transfers.set(line.r.id, line.r);
      if (line.r.status === 'applied') {
        const k = walletKey(line.r.venueCode, line.r.playerId);
        const delta = parseMoney(line.r.amount) * (line.r.direction === 'in' ? 1n : -1n);
        state.balances.set(k, (state.balances.get(k) ?? 0n) + delta);
      }
    } else if (line.t === 'debit') {
      const k = walletKey(line.venueCode, line.playerId);
      state.balances.set(k, (state.balances.get(k) ?? 0n) - parseMoney(line.amount));
    } else {
      state.nonces.set(line.n, line.at);
    }
  };
  if (o.stateFile && existsSync(o.stateFile)) {
    for (const raw of readFileSync(o.stateFile, 'utf8').split('\n')) {
      // A line torn by a crash mid-write never completed: it is not part of the state.
      if (raw.trim()) {
        try {
          apply(JSON.parse(raw) as LogLine);
        } catch {
          /* torn tail */
        }
      }
    }
  }
  /** Durable before it counts: appended and fsynced, then applied. */
  const record = (line: LogLine) => {
    if (o.stateFile) {
      appendFileSync(o.stateFile, `${JSON.stringify(line)}\n`);
      const fd = openSync(o.stateFile, 'r+');
      fsyncSync(fd);
      closeSync(fd);
    }
    apply(line);
  };

  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  const signedSend = (path: string, secret: string | null, payload: unknown) => {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret) {
      const timestamp = String(Date.now());
      const nonce = randomBytes(18).toString('base64url');
      const key = control.forgeAnswers ? 'f'.repeat(64) : secret;
      headers[MERCHANT_HEADERS.timestamp] = timestamp;
      headers[MERCHANT_HEADERS.nonce] = nonce;
      headers[MERCHANT_HEADERS.signature] = hmac(
        key,
        merchantCanonical({
          method: 'RESPONSE',
          pathWithQuery: path,
          timestamp,
          nonce,
          bodySha256Hex: sha256Hex(body),
        }),
      );
    }
    return { headers, body };
  };

  const fail = (code: number) => ({ code, message: String(code) });

  const handlers: Record<MerchantCall, (b: Record<string, unknown>) => unknown> = {
    transfer: (b) => {
      const id = String(b.transferId);
      const amount = parseMoney(String(b.amount));
      const earlier = state.transfers.get(id);
      if (earlier) {
        if (earlier.status === 'tombstone') return fail(ErrorCode.VenueTransferExpired);
        const same =
          earlier.venueCode === b.venueCode &&
          earlier.playerId === b.playerId &&
          earlier.direction === b.direction &&
          parseMoney(earlier.amount) === amount;
        if (!same) return fail(ErrorCode.VenueTransferConflict);
        return { code: 0, data: statusOf(earlier) };
      }
      if (amount <= 0n) return fail(ErrorCode.VenueTransferAmountInvalid);
      const venueCode = String(b.venueCode);
      const playerId = String(b.playerId);
      const balance = state.balances.get(walletKey(venueCode, playerId)) ?? 0n;
      const base = {
        id,
        venueCode,
        playerId,
        direction: b.direction as 'in' | 'out',
        amount: fenToYuanString(amount),
      };
      if (b.direction === 'out' && balance < amount) {
        record({
          t: 'transfer',
          r: { ...base, status: 'refused', code: ErrorCode.VenueBalanceInsufficient },
        });
      } else {
        const after = balance + (b.direction === 'in' ? amount : -amount);
        record({
          t: 'transfer',
          r: { ...base, status: 'applied', balance: fenToYuanString(after) },
        });
        if (o.crashAt === 'applied') process.kill(process.pid, 'SIGKILL');
      }
      return { code: 0, data: statusOf(state.transfers.get(id)!) };
    },
    transferStatus: (b) => {
      const id = String(b.transferId);
      const earlier = state.transfers.get(id);
      if (!earlier) {
        // A status query buries an unknown id: a late request with it is refused for ever.
        record({
          t: 'transfer',
          r: {
            id,
            venueCode: String(b.venueCode),
            playerId: '',
            direction: 'in',
            amount: '0.00',
            status: 'tombstone',
          },
        });
        return { code: 0, data: { status: 'not_found', transferId: id } };
      }
      return { code: 0, data: statusOf(earlier) };
    },
    balance: (b) => ({
      code: 0,
      data: {
        balance: fenToYuanString(
          state.balances.get(walletKey(String(b.venueCode), String(b.playerId))) ?? 0n,
        ),
      },
    }),
    launch: (b) => {
      control.launches.push({ ...b });
      const origin = o.publicUrl ?? url;
      const token = b.preload ? '' : randomBytes(16).toString('hex');
      const page = b.preload ? `${origin}/h5/` : `${origin}/h5/?token=${token}`;
      return {
        code: 0,
        data: {
          url: page,
          h5Url: `${origin}/h5/`,
          token,
          activityUrl: `${origin}/h5/activity`,
          resource: `${origin}/static/`,
          apiUrl: origin,
          session: { origin, Authorization: token, url: page },
        },
      };
    },
    endSessions: (b) => {
      control.ends.push({ ...b });
      return { code: 0, data: null };
    },
    // A fake venue keeps no demo merchant (contract §6): only DEMO may reset.
    demoReset: () => fail(ErrorCode.VenueDemoOnly),
    allowance: (b) => {
      control.allowances.push({ ...b });
      return { code: 0, data: null };
    },
    betChanges: (b) => {
      const from = /^\d+$/.test(String(b.cursor)) ? Number(b.cursor) : 0;
      const limit = Number(b.limit ?? 200);
      const feed = control.bets[String(b.venueCode)] ?? [];
      const page = feed
        .map((v, i) => ({ v, seq: i + 1 }))
        .filter((x) => x.seq > from)
        .slice(0, limit);
      return {
        code: 0,
        data: {
          changes: page.map((x) => x.v),
          cursor: page.length ? String(page[page.length - 1]!.seq) : String(b.cursor),
        },
      };
    },
    summary: () => ({ code: 0, data: control.summary }),
    scoreChanges: (b) => {
      const from = /^\d+$/.test(String(b.cursor)) ? Number(b.cursor) : 0;
      const page = control.scores.slice(from, from + Number(b.limit ?? 200));
      return {
        code: 0,
        data: {
          changes: page,
          cursor: page.length ? String(from + page.length) : String(b.cursor),
        },
      };
    },
  };

  for (const [name, path] of Object.entries(merchantPaths) as [MerchantCall, string][]) {
    app.post(path, async (req, reply) => {
      control.calls[name] = (control.calls[name] ?? 0) + 1;
      if (control.delayMs) await new Promise((r) => setTimeout(r, control.delayMs));
      const raw = typeof req.body === 'string' ? req.body : '';
      if (control.down || (control.downCodes.length > 0 && control.downCodes.includes(codeOf(raw))))
        return reply.status(503).send({ code: 10001, message: 'down' });
      const h = (n: string) => {
        const v = req.headers[n];
        return typeof v === 'string' ? v : '';
      };
      const send = (secret: string | null, payload: unknown) => {
        const s = signedSend(path, secret, payload);
        return reply.status(200).headers(s.headers).send(s.body);
      };
      if (h(MERCHANT_HEADERS.merchant) !== o.merchant)
        return send(null, fail(ErrorCode.VenueMerchantUnknown));
      const timestamp = h(MERCHANT_HEADERS.timestamp);
      const nonce = h(MERCHANT_HEADERS.nonce);
      if (!isFreshTimestamp(timestamp, Date.now()))
        return send(null, fail(ErrorCode.VenueRequestStale));
      const expected = hmac(
        o.secret,
        merchantCanonical({
          method: 'POST',
          pathWithQuery: path,
          timestamp,
          nonce,
          bodySha256Hex: sha256Hex(raw),
        }),
      );
      const given = h(MERCHANT_HEADERS.signature);
      if (
        !/^[0-9a-f]{64}$/.test(given) ||
        !timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))
      )
        return send(null, fail(ErrorCode.VenueSignatureInvalid));
      if (state.nonces.has(nonce)) return send(o.secret, fail(ErrorCode.VenueNonceReused));
      record({ t: 'nonce', n: nonce, at: Date.now() });
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return send(o.secret, fail(ErrorCode.VenueRequestInvalid));
      }
      const parsed = merchantCalls[name].request.safeParse(body);
      if (!parsed.success) return send(o.secret, fail(ErrorCode.VenueRequestInvalid));
      const data = parsed.data as Record<string, unknown>;
      if (!o.codes.includes(String(data.venueCode)))
        return send(o.secret, fail(ErrorCode.VenueUnknown));
      return send(o.secret, handlers[name](data));
    });
  }

  // Test-only control (this fake is never deployed): read and change what it does.
  app.post('/__control', (req) => {
    const patch = JSON.parse(
      typeof req.body === 'string' ? req.body : '{}',
    ) as Partial<FakeVenueControl> & {
      debit?: { venueCode: string; playerId: string; amount: string };
    };
    if (patch.debit) record({ t: 'debit', ...patch.debit });
    for (const k of [
      'down',
      'downCodes',
      'delayMs',
      'bets',
      'scores',
      'summary',
      'forgeAnswers',
    ] as const) {
      if (patch[k] !== undefined) (control as unknown as Record<string, unknown>)[k] = patch[k];
    }
    return Promise.resolve({ ok: true });
  });
  app.get('/__state', () =>
    Promise.resolve({
      transfers: [...state.transfers.values()],
      balances: Object.fromEntries(
        [...state.balances].map(([k, v]) => [k, fenToYuanString(v < 0n ? 0n : v)]),
      ),
      calls: control.calls,
    }),
  );

  await app.listen({ host: '127.0.0.1', port: o.port ?? 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, url, state, control, close: () => app.close() };
}

function statusOf(r: TransferRecord) {
  if (r.status === 'applied') return { status: 'applied', transferId: r.id, balance: r.balance! };
  if (r.status === 'refused') return { status: 'refused', transferId: r.id, code: r.code! };
  return { status: 'not_found', transferId: r.id };
}

// Run as its own process: `node --import tsx fake-venue.ts` with FAKE_VENUE_* in the env.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const env = process.env;
  const venue = await startFakeVenue({
    merchant: env.FAKE_VENUE_MERCHANT ?? 'NEBULA',
    secret: env.FAKE_VENUE_SECRET ?? '',
    codes: (env.FAKE_VENUE_CODES ?? 'FAKE').split(','),
    stateFile: env.FAKE_VENUE_STATE ?? '',
    publicUrl: env.FAKE_VENUE_PUBLIC_URL,
    crashAt: env.FAKE_VENUE_CRASH_AT,
    port: Number(env.FAKE_VENUE_PORT ?? 0),
  });
  process.stdout.write(`fake venue on ${venue.url}\n`);
}
