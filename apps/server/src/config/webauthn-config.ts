import { isIP } from 'node:net';
import { z } from 'zod';
import { ConfigError } from './config-error';

/**
 * The operator passkeys' relying party (docs/architecture.md, "Operator console"): the RP id
 * (the console's host name, never an address: browsers refuse an IP as RP id) and the origins an
 * assertion may come from. Outside production they default to `localhost` and the platform's own
 * port; production must name them.
 */
export const webauthnEnv = {
  /** The console's registrable host name, e.g. `admin.example.com`. */
  WEBAUTHN_RP_ID: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'must be a host name')
    .refine((v) => isIP(v) === 0, 'must be a host name, not an address')
    .optional(),
  /** Comma-separated origins the console is served from (`https://admin.example.com`). */
  WEBAUTHN_ORIGINS: z.string().trim().min(1).optional(),
};

export interface WebauthnConfig {
  rpId: string;
  rpName: string;
  origins: string[];
}

type WebauthnEnv = { WEBAUTHN_RP_ID?: string; WEBAUTHN_ORIGINS?: string };

/** Parsed with the rest of the configuration: every problem found stops the start. */
export function webauthnConfig(e: WebauthnEnv, production: boolean, port: number): WebauthnConfig {
  const problems: string[] = [];
  if (production && !e.WEBAUTHN_RP_ID) problems.push('WEBAUTHN_RP_ID: required in production');
  if (production && !e.WEBAUTHN_ORIGINS) problems.push('WEBAUTHN_ORIGINS: required in production');
  const rpId = e.WEBAUTHN_RP_ID ?? 'localhost';
  const origins = (e.WEBAUTHN_ORIGINS ?? `http://localhost:${port}`)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of origins) {
    const problem = originProblem(origin, rpId, production);
    if (problem) problems.push(`WEBAUTHN_ORIGINS: "${origin}" ${problem}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { rpId, rpName: 'Nebula 运营后台', origins };
}

function originProblem(origin: string, rpId: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return 'is not a URL';
  }
  if (url.origin !== origin) return 'must be a bare origin (scheme, host, port; no path)';
  const host = url.hostname;
  // The browser only accepts an RP id that is the origin's host or a parent domain of it.
  if (host !== rpId && !host.endsWith(`.${rpId}`)) return `is not on the RP id ${rpId}`;
  if (url.protocol !== 'https:' && (production || host !== 'localhost'))
    return 'must be https (http only for localhost outside production)';
  return null;
}
