import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import {
  AllowanceRequest,
  BalanceRequest,
  ChangesRequest,
  DemoResetRequest,
  EndSessionsRequest,
  LaunchRequest,
  SummaryRequest,
  TransferRequest,
  TransferStatusRequest,
  merchantPaths,
} from '@nebula/protocol/venue/merchant';
import type { VenueConfig } from '../../infra/config';
import { VenueError } from '../../infra/venue-error';
import { bindVenueRoutes, venueRoute, type VenueSurface } from '../../http/route-binder';
import type { AllowanceService } from '../allowance/allowance.service';
import { isDemoMerchant, type DemoService } from '../demo/demo.service';
import type { MerchantFeedsService } from '../merchant-feeds/merchant-feeds.service';
import type { SessionService } from '../sessions/session.service';
import type { TransferService } from '../transfers/transfer.service';
import type { MerchantAuth } from './merchant-auth.service';

export type SignedSend = (reply: FastifyReply, secret: string | null, payload: unknown) => unknown;

/** What the merchant API calls: the services of the modules it fronts. */
export interface MerchantRouteDeps {
  config: Pick<VenueConfig, 'venueCodes' | 'familyOf' | 'gameFamilyOf'>;
  auth: MerchantAuth;
  transfers: TransferService;
  sessions: SessionService;
  feeds: MerchantFeedsService;
  allowance: AllowanceService;
  demo: DemoService;
}

/** A merchant's call: its code, and its secret (the answer is signed with it). */
interface MerchantCaller {
  merchant: string;
  secret: string;
}

/**
 * The merchant API's surface: each call authenticated by its signature, validated against the
 * protocol's schema (a `venueCode` must be one of this venue's), answered signed —
 * `{ code: 0, data }` or `{ code, message[, data] }`; a failure that is no refusal is logged and
 * answered 500, unsigned.
 */
function merchantSurface(
  s: MerchantRouteDeps,
  send: SignedSend,
): VenueSurface<MerchantCaller, null> {
  return {
    caller: (req) =>
      s.auth.verify({
        method: req.method,
        pathWithQuery: req.url,
        headers: req.headers,
        rawBody: req.rawBody,
      }),
    input: (req) => req.body,
    check: (input) => {
      const venueCode = (input as { venueCode?: string }).venueCode;
      if (venueCode !== undefined && !s.config.venueCodes.has(venueCode)) {
        throw new VenueError(ErrorCode.VenueUnknown);
      }
    },
    answer: (reply, caller, outcome) => {
      const secret = caller?.secret ?? null;
      if (!(outcome instanceof VenueError))
        return send(reply, secret, { code: 0, data: outcome.data });
      const data = outcome.data ? { data: outcome.data } : {};
      return send(reply, secret, { code: outcome.code, message: outcome.message, ...data });
    },
    fail: (req, reply, err) => {
      req.log.error({ err }, 'venue call failed');
      return reply.status(500).send({ code: ErrorCode.Common, message: '系统错误' });
    },
  };
}

/**
 * The merchant API (contract §6), one row per call: its schema and the one service call it
 * makes. Routes stay thin; what a call does lives in its service.
 */
export function registerMerchantRoutes(
  app: FastifyInstance,
  s: MerchantRouteDeps,
  send: SignedSend,
): void {
  const post = { method: 'POST', access: null } as const;
  bindVenueRoutes(app, merchantSurface(s, send), [
    venueRoute({
      ...post,
      path: merchantPaths.transfer,
      input: TransferRequest,
      run: (c: MerchantCaller, body) => s.transfers.transfer(c.merchant, body),
    }),
    venueRoute({
      ...post,
      path: merchantPaths.transferStatus,
      input: TransferStatusRequest,
      run: (c: MerchantCaller, body) => s.transfers.status(c.merchant, body.transferId),
    }),
    venueRoute({
      ...post,
      path: merchantPaths.balance,
      input: BalanceRequest,
      run: (c: MerchantCaller, body) =>
        s.transfers.balance(c.merchant, body.venueCode, body.playerId),
    }),
    venueRoute({
      ...post,
      path: merchantPaths.launch,
      input: LaunchRequest,
      // A demo player's wallet is funded with play money at its first launch (contract §6).
      run: (c: MerchantCaller, body) =>
        isDemoMerchant(c.merchant) ? s.demo.launch(body) : s.sessions.launch(c.merchant, body),
    }),
    venueRoute({
      ...post,
      path: merchantPaths.demoReset,
      input: DemoResetRequest,
      run: (c: MerchantCaller, body) => s.demo.reset(c.merchant, body.venueCode, body.playerId),
    }),
    venueRoute({
      ...post,
      path: merchantPaths.endSessions,
      input: EndSessionsRequest,
      run: (c: MerchantCaller, body) =>
        s.sessions.endSessions(c.merchant, body.venueCode, body.playerId),
    }),
    venueRoute({
      ...post,
      path: merchantPaths.allowance,
      input: AllowanceRequest,
      run: (c: MerchantCaller, body) => s.allowance.push(c.merchant, body),
    }),
    venueRoute({
      ...post,
      path: merchantPaths.betChanges,
      input: ChangesRequest,
      run: (c: MerchantCaller, body) =>
        s.feeds.betChanges(c.merchant, body.venueCode, body.cursor, body.limit),
    }),
    venueRoute({
      ...post,
      path: merchantPaths.scoreChanges,
      input: ChangesRequest,
      run: (_c: MerchantCaller, body) => s.feeds.scoreChanges(body.cursor, body.limit),
    }),
    venueRoute({
      ...post,
      path: merchantPaths.summary,
      input: SummaryRequest,
      run: (_c: MerchantCaller, body) =>
        s.feeds.summary(
          s.config.gameFamilyOf.get(body.venueCode) ??
            s.config.familyOf.get(body.venueCode) ??
            'TY',
        ),
    }),
  ]);
}
