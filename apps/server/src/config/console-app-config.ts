import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';

/** The operator console app's settings (where its build is, when it signs out) (docs/architecture.md, "Operator console"). */
export interface ConsoleAppConfig {
  /** The console's build, served at /console/ (built by `npm run build`). */
  dist: string;
  /** Minutes without input after which the console signs the operator out. */
  idleMinutes: number;
  /**
   * Origins a console built elsewhere is served from (CONSOLE_ORIGINS): only these may call
   * `/admin/api/*` across origins (plugins/admin-cors.ts). Empty: the console at /console/ only.
   */
  origins: readonly string[];
}

/** One origin exactly as a browser sends it in `Origin`: scheme, host, port; no path. */
const origin = z
  .string()
  .trim()
  .refine((o) => {
    try {
      const u = new URL(o);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === o;
    } catch {
      return false;
    }
  }, 'must be an origin such as https://console.example.com (no path, no trailing slash)');

const ConsoleEnv = z.object({
  CONSOLE_DIST: z.string().optional(),
  CONSOLE_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
  /** Comma-separated origins; a bad one stops the start. */
  CONSOLE_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .pipe(z.array(origin)),
});

/** Parsed with the rest of the configuration: a bad value stops the start. */
export function consoleAppConfig(
  env: Record<string, string | undefined>,
  here: string,
): ConsoleAppConfig {
  const parsed = ConsoleEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  return {
    dist: path.resolve(e.CONSOLE_DIST ?? path.join(here, '../../../console/dist')),
    idleMinutes: e.CONSOLE_IDLE_MINUTES,
    origins: [...new Set(e.CONSOLE_ORIGINS)],
  };
}
