import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEMO_TOKEN_PREFIX,
  ErrorCode,
  baseOfPath,
  type ApiBase,
  type RouteAuth,
  type RouteName,
} from '@nebula/protocol';
import type { Config } from '../config/config';
import type { SessionResolver } from '../http/session-resolver';
import { AppError } from '../lib/errors';
import { SignatureVerifier } from '../lib/signing';
import { versionAtLeastCached } from '../lib/version';
import type { AccessService } from '../modules/access/access.service';
import type { SiteSettings } from '../modules/settings/settings.schema';
import type { SettingsService } from '../modules/settings/settings.service';
import { addGateStage } from './request-gate';

const DEVICE_ID = /^[A-Za-z0-9-]{8,64}$/;
/** Bootstrap calls answer during maintenance: the client must learn the site's state. */
const MAINTENANCE_EXEMPT: ReadonlySet<RouteName> = new Set<RouteName>([
  'preInfo',
  'vvPretty',
  'sec',
]);

export interface ApiGuardDeps {
  config: Config;
  settings: SettingsService;
  access: AccessService;
  signKey: string;
  sessions: SessionResolver;
}

/** The signing base per route pattern (a route table entry's path: a finite set). */
const bases = new Map<string, ApiBase | null>();
function baseOfRoute(pattern: string): ApiBase | null {
  let base = bases.get(pattern);
  if (base === undefined) {
    base = baseOfPath(pattern);
    bases.set(pattern, base);
  }
  return base;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/**
 * The order of checks of contract §2, first failure wins: 22007 → 10009 → 10108 → 6031/6033 →
 * 6032 → session codes. Validation (10003) and business rules follow in the route. Only routes
 * of the protocol table pass through here; operator routes have their own guard.
 *
 * It is a stage of the one onRequest hook (request-gate.ts) that answers at once when it can:
 * with the access tables and settings cached (they are, bar the first call after a change) and
 * no session to look up, a request is decided without creating a single promise. Otherwise the
 * same checks run again, waiting where they must; they have no side effects, so repeating the
 * cheap ones changes nothing.
 */
export function registerApiGuard(app: FastifyInstance, deps: ApiGuardDeps): void {
  app.decorateRequest('ctx', null as never);
  const verifier = new SignatureVerifier(deps.signKey);
  addGateStage(app, (req, _reply, { config, url }) => {
    req.ctx = { deviceId: '', ip: req.ip, memberId: null, sessionId: null };
    const { routeName, auth, signed } = config;
    if (!routeName || auth === 'admin' || url?.startsWith('/admin/')) return;
    checkHeaders(req, signed === true ? (url ?? '') : null, deps, verifier);
    if (checkFromCaches(req, routeName, auth, deps)) return;
    return checkWaiting(req, routeName, auth, deps);
  });
}

/** 22007 → 10009 → 10108: the headers alone decide these. `signedPath` (the route's
 * pattern) is null when the route is not signed. */
function checkHeaders(
  req: FastifyRequest,
  signedPath: string | null,
  deps: ApiGuardDeps,
  verifier: SignatureVerifier,
): void {
  const deviceId = header(req, 'x-api-uuid');
  if (!deviceId || !DEVICE_ID.test(deviceId)) throw new AppError(ErrorCode.NoUuid);
  req.ctx.deviceId = deviceId;

  if (!versionAtLeastCached(header(req, 'x-version'), deps.config.minClientVersion)) {
    throw new AppError(ErrorCode.OldVersion, { minVersion: deps.config.minClientVersion });
  }

  if (signedPath !== null) {
    const base = baseOfRoute(signedPath);
    const now = Date.now();
    const check = base
      ? verifier.verify(base, deviceId, header(req, 'x-sign'), header(req, 'x-timestamp'), now)
      : 'bad';
    if (check !== 'ok') throw new AppError(ErrorCode.ApiAuth, { serverTime: now, reason: check });
  }
}

/**
 * 6031/6033 → 6032 → session from the caches, without waiting. True when the request passes;
 * false when a cache is cold or a session must be looked up (then checkWaiting decides).
 */
function checkFromCaches(
  req: FastifyRequest,
  routeName: RouteName,
  auth: RouteAuth | undefined,
  deps: ApiGuardDeps,
): boolean {
  const restricted = deps.access.checkCached(req.ctx.ip);
  if (restricted === undefined) return false;
  if (restricted !== null) throw new AppError(restricted, { ip: req.ctx.ip });
  if (!MAINTENANCE_EXEMPT.has(routeName)) {
    const settings = deps.settings.cached();
    if (!settings) return false;
    checkMaintenance(settings);
  }
  const token = header(req, 'x-api-token');
  refuseDemoToken(auth, token);
  // An anonymous call on an optional route has no session to find (the resolver answers null).
  return auth !== 'member' && !(auth === 'optional' && token);
}

async function checkWaiting(
  req: FastifyRequest,
  routeName: RouteName,
  auth: RouteAuth | undefined,
  deps: ApiGuardDeps,
): Promise<void> {
  const restricted = await deps.access.check(req.ctx.ip);
  if (restricted !== null) throw new AppError(restricted, { ip: req.ctx.ip });

  if (!MAINTENANCE_EXEMPT.has(routeName)) checkMaintenance(await deps.settings.get());

  refuseDemoToken(auth, header(req, 'x-api-token'));
  if (auth === 'member' || auth === 'optional') {
    const session = await deps.sessions.resolve(req, header(req, 'x-api-token'), auth === 'member');
    if (session) {
      req.ctx.memberId = session.memberId;
      req.ctx.sessionId = session.sessionId;
    }
  }
}

/** A 试玩 token is never a member's session (contract §6 Demo play): no member call for it. */
function refuseDemoToken(auth: RouteAuth | undefined, token: string | undefined): void {
  if (auth === 'member' && token?.startsWith(DEMO_TOKEN_PREFIX))
    throw new AppError(ErrorCode.DemoTokenRefused);
}

function checkMaintenance({ siteStatus }: SiteSettings): void {
  if (siteStatus.status !== 'open') {
    throw new AppError(ErrorCode.Maintenance, {
      message: siteStatus.message,
      startTime: siteStatus.startTime,
      endTime: siteStatus.endTime,
    });
  }
}
