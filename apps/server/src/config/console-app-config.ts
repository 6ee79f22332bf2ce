import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';

/** The operator console app's settings (where its build is, when it signs out) (docs/architecture.md, "Operator console"). */
export interface ConsoleAppConfig {
  /** The console's build, served at /console/ (built by `npm run build`). */
  dist: string;
  /** Minutes without input after which the console signs the operator out. */
  idleMinutes: number;
}

const ConsoleEnv = z.object({
  CONSOLE_DIST: z.string().optional(),
  CONSOLE_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
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
  };
}
