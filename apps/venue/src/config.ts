import { z } from 'zod';

/**
 * The venue's configuration, parsed once at start; a bad value stops the start and names the
 * variable. Merchants and their secrets come from the environment only (never a table, never
 * an answer): `VENUE_MERCHANTS=NEBULA=<secret of 32+ characters>[;OTHER=<secret>]`.
 */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  VENUE_HOST: z.string().default('127.0.0.1'),
  VENUE_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  VENUE_DATABASE_URL: z.string().optional(),
  VENUE_DATA_DIR: z.string().default('./data/venue'),
  VENUE_MERCHANTS: z.string().optional(),
  /** The venue codes this venue serves (each its own wallet, as separate providers would be). */
  VENUE_CODES: z.string().default('HOUSE_TY,HOUSE_DJ'),
  /** The venue's public origin (its own, not the platform's: the frame is cross-site). */
  VENUE_PUBLIC_URL: z.url().optional(),
});

export interface VenueConfig {
  production: boolean;
  host: string;
  port: number;
  databaseUrl: string | null;
  dataDir: string;
  merchants: ReadonlyMap<string, string>;
  venueCodes: ReadonlySet<string>;
  publicUrl: string;
}

export class VenueConfigError extends Error {}

function parseMerchants(raw: string | undefined): Map<string, string> {
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

export function loadVenueConfig(env: Record<string, string | undefined>): VenueConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new VenueConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  const e = parsed.data;
  const codes = e.VENUE_CODES.split(',').map((c) => c.trim());
  if (codes.some((c) => !/^[A-Z][A-Z0-9_]{1,15}$/.test(c))) {
    throw new VenueConfigError('VENUE_CODES: comma-separated codes in capitals');
  }
  const production = e.NODE_ENV === 'production';
  if (production && !e.VENUE_DATABASE_URL) {
    throw new VenueConfigError('VENUE_DATABASE_URL: required in production');
  }
  return {
    production,
    host: e.VENUE_HOST,
    port: e.VENUE_PORT,
    databaseUrl: e.VENUE_DATABASE_URL ?? null,
    dataDir: e.VENUE_DATA_DIR,
    merchants: parseMerchants(e.VENUE_MERCHANTS),
    venueCodes: new Set(codes),
    // Embedded, the venue is on `localhost` while the platform is on 127.0.0.1: another site.
    publicUrl: (e.VENUE_PUBLIC_URL ?? `http://localhost:${e.VENUE_PORT}`).replace(/\/$/, ''),
  };
}
