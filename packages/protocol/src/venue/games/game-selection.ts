/**
 * Game legs' selection ids (docs/contract.md §10.11), without the schema library: the member
 * site's chat card reads them, and a page whose bundle defines zod schemas trips its
 * script-src policy (zod probes `Function` when a schema is built).
 */

/** The selection id of a game leg in the merchant feed: `g:{gameCode}:{roundNo}:{betType}:{pick}`. */
export function gameSelectionId(
  gameCode: string,
  roundNo: string,
  betType: string,
  pick: string,
): string {
  return `g:${gameCode}:${roundNo}:${betType}:${pick}`;
}

/** Reads a game leg's selection id; null for anything else (a sportsbook selection). */
export function parseGameSelectionId(
  id: string,
): { gameCode: string; roundNo: string; betType: string; pick: string } | null {
  const m = /^g:([A-Z][A-Z0-9]{1,15}):([1-9][0-9]{0,19}):([a-z][a-z0-9_]{0,31}):(.*)$/.exec(id);
  if (!m) return null;
  return { gameCode: m[1]!, roundNo: m[2]!, betType: m[3]!, pick: m[4]! };
}
