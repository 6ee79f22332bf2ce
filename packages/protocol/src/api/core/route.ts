import type { z } from 'zod';
import type {
  AdminPermission,
  AdminRoutePermission,
  FourEyesClass,
  StepUpClass,
} from './permissions';

/** The first path segment of `/{base}/api/...`; json-cache signs as `site` (contract §2). */
export const apiBases = ['site', 'act', 'game', 'fd', 'agent', 'stream'] as const;
export type ApiBase = (typeof apiBases)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: `none` anyone, `optional` anyone but a member's session is read when
 * sent, `member` a live member session, `admin` an operator token (`X-Admin-Token`).
 */
export type RouteAuth = 'none' | 'optional' | 'member' | 'admin';

interface RouteMetaBase {
  readonly method: HttpMethod;
  readonly path: string;
  /** Whether X-Sign is checked (contract §2 lists the exemptions). */
  readonly signed: boolean;
  /** Money-changing: needs X-Idempotency-Key. */
  readonly money?: boolean;
  readonly summary: string;
  readonly tag: string;
}

/** A member or public route: it names no operator permission. */
export interface PublicRouteMeta extends RouteMetaBase {
  readonly auth: Exclude<RouteAuth, 'admin'>;
  readonly permission?: never;
  readonly fourEyes?: never;
  readonly stepUp?: never;
}

/**
 * Above the class's threshold (a site setting, fen) the call files a pending request that a
 * different operator holding `approve` decides (contract §4.1).
 */
export interface FourEyesMarker {
  readonly class: FourEyesClass;
  readonly approve: AdminPermission;
}

/** An operator route: the permission the guard checks is required, never defaulted. */
export interface AdminRouteMeta extends RouteMetaBase {
  readonly auth: 'admin';
  readonly permission: AdminRoutePermission;
  readonly fourEyes?: FourEyesMarker;
  /** Needs a TOTP step-up for this class within the last five minutes. */
  readonly stepUp?: StepUpClass;
}

/** Plain data about a route: no zod, so the web's first chunk can import it cheaply. */
export type RouteMeta = PublicRouteMeta | AdminRouteMeta;

/** Schemas of one route: request parts and the `data` of the success envelope. */
export interface RouteSchemas {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly response: z.ZodType;
}

export type RouteDef<M extends RouteMeta = RouteMeta, S extends RouteSchemas = RouteSchemas> = M &
  S;

export function defineRoute<const M extends RouteMeta, const S extends RouteSchemas>(
  meta: M,
  schemas: S,
): RouteDef<M, S> {
  return { ...meta, ...schemas };
}

/** The API base a path signs with: `/fd/api/...` → `fd`; `/api/json-cache/...` → `site`. */
export function baseOfPath(path: string): ApiBase | null {
  if (path.startsWith('/api/json-cache')) return 'site';
  const match = /^\/([a-z]+)\/api(?:\/|$)/.exec(path);
  const base = match?.[1];
  return base && (apiBases as readonly string[]).includes(base) ? (base as ApiBase) : null;
}

/** Fill `:name` segments of a route path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
