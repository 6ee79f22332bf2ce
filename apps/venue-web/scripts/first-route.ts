import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The JavaScript the list (the first route) needs, gzipped, at most this. */
export const FIRST_ROUTE_BUDGET_BYTES = 150 * 1024;
/** The house games page's first route (its lobby), gzipped, at most this. */
export const GAMES_FIRST_ROUTE_BUDGET_BYTES = 120 * 1024;

/** The two pages of the build, by their HTML entry as the manifest names them. */
export const PAGE_ENTRIES = { sportsbook: 'index.html', games: 'games/index.html' } as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * Gzipped bytes of the JavaScript a page loads before it can draw its first screen: the entry
 * and its static imports, from the build manifest (the sportsbook's detail, results, my bets
 * and the slip, the games' bet pages and verifier load later, on first use). `entry` names the
 * page (its HTML file as the manifest keys it).
 */
export function firstRouteJs(
  dist: string,
  entry: string = PAGE_ENTRIES.sportsbook,
): { files: string[]; gzipBytes: number } {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) visit(i);
  };
  if (!manifest[entry]?.isEntry) throw new Error(`no entry ${entry} in the build manifest`);
  visit(entry);
  let gzipBytes = 0;
  const files: string[] = [];
  for (const key of seen) {
    const file = path.join(dist, manifest[key]!.file);
    files.push(manifest[key]!.file);
    gzipBytes += existsSync(`${file}.gz`)
      ? statSync(`${file}.gz`).size
      : gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return { files, gzipBytes };
}
