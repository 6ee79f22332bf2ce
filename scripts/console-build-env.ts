/**
 * Where a console build is served and which platform it calls (docs/architecture.md,
 * "Operator console"): read from the build's environment by apps/console/vite.config.ts.
 * Unset, the build is today's: under /console/ on the platform's own origin.
 */
export interface ConsoleBuildEnv {
  /** Vite's `base`: the path the console's pages and assets are served under. */
  base: string;
  /** The platform's origin the console calls; '' for the origin the console is served from. */
  apiOrigin: string;
}

export const DEFAULT_CONSOLE_BASE = '/console/';

/** Throws with the variable's name on a bad value: a build for the wrong place must not run. */
export function consoleBuildEnv(env: Record<string, string | undefined>): ConsoleBuildEnv {
  const base = env.CONSOLE_BASE?.trim() || DEFAULT_CONSOLE_BASE;
  // A path from the root, ending in '/', without '..': the router's basename is this path.
  if (!/^\/(?:[A-Za-z0-9._~-]+\/)*$/.test(base) || base.split('/').includes('..')) {
    throw new Error(`CONSOLE_BASE: must be a path such as /console/ or /ops/console/ (${base})`);
  }
  const apiOrigin = env.CONSOLE_API_ORIGIN?.trim() ?? '';
  if (apiOrigin !== '') {
    if (!isOrigin(apiOrigin)) {
      throw new Error(
        `CONSOLE_API_ORIGIN: must be an origin such as https://api.example.com (${apiOrigin})`,
      );
    }
  }
  return { base, apiOrigin };
}

function isOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === value;
  } catch {
    return false;
  }
}
