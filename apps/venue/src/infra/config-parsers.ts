import { venueOperatorRoles, type VenueOperatorRole } from '@nebula/protocol/venue/operator';

/** The parsers of the venue's list-like variables; each names its variable when it refuses. */

export class VenueConfigError extends Error {}

/** Whom to believe about the client's address: none, all, the nearest N hops, or these. */
export type TrustProxy = boolean | number | string[];

export interface VenueOperator {
  name: string;
  role: VenueOperatorRole;
  token: string;
}

export function parseOperators(raw: string | undefined): VenueOperator[] {
  const out: VenueOperator[] = [];
  for (const part of (raw ?? '').split(';').filter(Boolean)) {
    const [name = '', role = '', token = ''] = part.split(':');
    if (
      !/^[A-Za-z0-9_.-]{2,32}$/.test(name) ||
      !(venueOperatorRoles as readonly string[]).includes(role) ||
      token.length < 32 ||
      out.some((o) => o.name === name)
    ) {
      throw new VenueConfigError(
        'VENUE_OPERATORS: each entry is name:role:token, roles viewer/trader/admin, tokens of 32+ characters, names unique',
      );
    }
    out.push({ name, role: role as VenueOperatorRole, token });
  }
  return out;
}

export function parseOrigins(
  raw: string | undefined,
  merchants: ReadonlyMap<string, string>,
  production: boolean,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (raw ?? '').split(';').filter(Boolean)) {
    const at = part.indexOf('=');
    const code = part.slice(0, at);
    const origins = part.slice(at + 1).split('|');
    const bad = origins.some((o) => {
      try {
        return new URL(o).origin !== o;
      } catch {
        return true;
      }
    });
    if (at < 1 || !/^[A-Z][A-Z0-9_]{1,31}$/.test(code) || bad) {
      throw new VenueConfigError(
        'VENUE_PLATFORM_ORIGINS: each entry is CODE=origin[|origin], origins like https://site.example',
      );
    }
    out.set(code, origins);
  }
  if (production) {
    const missing = [...merchants.keys()].filter((m) => !out.has(m));
    if (missing.length > 0) {
      throw new VenueConfigError(`VENUE_PLATFORM_ORIGINS: required in production (${missing[0]})`);
    }
  }
  return out;
}

export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const part of parts) {
    if (
      !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part) &&
      !['loopback', 'linklocal', 'uniquelocal'].includes(part)
    ) {
      throw new VenueConfigError(
        `VENUE_TRUST_PROXY: "${part}" is not an address, CIDR or hop count`,
      );
    }
  }
  return parts;
}

export function parseMerchants(raw: string | undefined): Map<string, string> {
  const merchants = new Map<string, string>();
  for (const part of (raw ?? '').split(';').filter(Boolean)) {
    const at = part.indexOf('=');
    const code = part.slice(0, at);
    const secret = part.slice(at + 1);
    if (at < 1 || !/^[A-Z][A-Z0-9_]{1,31}$/.test(code) || secret.length < 32) {
      throw new VenueConfigError(
        'VENUE_MERCHANTS: each entry is CODE=secret, CODE in capitals, secret of 32+ characters',
      );
    }
    merchants.set(code, secret);
  }
  return merchants;
}
