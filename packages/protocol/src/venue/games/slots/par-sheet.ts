/**
 * A slot's par sheet (docs/contract.md §10.13): everything a spin's outcome and pay follow,
 * served as JSON at a versioned URL with its hash shown before play and stored on every spin.
 * Screen 5 × 3; stop `s` of reel r shows strip positions s, s+1, s+2 (mod its length) as rows
 * 1–3; base and free-spin strips; paylines as one row (0–2) per reel; pays per line bet for 3,
 * 4 and 5 of a kind from the left; a wild substituting for all but the scatter; a scatter that
 * pays × the total bet anywhere and awards free spins, at most `maxFreeSpins` in one feature.
 */

export type SymbolKind = 'normal' | 'wild' | 'scatter';

export interface SlotSymbol {
  id: string;
  name: string;
  kind: SymbolKind;
}

export interface ParSheet {
  gameCode: string;
  version: number;
  name: string;
  symbols: SlotSymbol[];
  reels: { base: string[][]; free: string[][] };
  lines: number[][];
  /** Per line bet, for 3, 4 and 5 of a kind (the wild's own run included). */
  pays: Record<string, [number, number, number]>;
  scatter: {
    /** × the total bet for 3, 4 and 5 scatters anywhere. */
    pays: [number, number, number];
    /** Free spins awarded (or added, in a feature) for 3, 4 and 5 scatters. */
    freeSpins: [number, number, number];
  };
  /** Line and scatter wins of free spins are multiplied by this. */
  freeMultiplier: number;
  /** A feature plays at most this many free spins, retriggers included. */
  maxFreeSpins: number;
  /** Line bets offered, in fen (the total bet is lines × line bet). */
  lineBetsFen: number[];
  /** The guard: a paid spin and its feature never return more than this × the total bet. */
  maxWinMultiple: number;
}

export const REELS = 5;
export const ROWS = 3;

/** What is wrong with a par sheet, or [] (the venue refuses to load one that is wrong). */
export function parSheetProblems(p: ParSheet): string[] {
  const problems: string[] = [];
  const ids = new Set(p.symbols.map((s) => s.id));
  const wilds = p.symbols.filter((s) => s.kind === 'wild');
  const scatters = p.symbols.filter((s) => s.kind === 'scatter');
  if (wilds.length !== 1 || scatters.length !== 1) problems.push('one wild and one scatter');
  for (const set of ['base', 'free'] as const) {
    const strips = p.reels[set];
    if (strips.length !== REELS) problems.push(`${set}: five reels`);
    strips.forEach((strip, r) => {
      if (strip.length < ROWS) problems.push(`${set} reel ${r + 1}: too short`);
      for (const s of strip) if (!ids.has(s)) problems.push(`${set} reel ${r + 1}: unknown ${s}`);
    });
  }
  for (const line of p.lines) {
    if (line.length !== REELS || line.some((row) => row < 0 || row >= ROWS)) {
      problems.push(`line ${line.join('')}: one row 0–2 per reel`);
    }
  }
  if (new Set(p.lines.map((l) => l.join(''))).size !== p.lines.length)
    problems.push('lines repeat');
  for (const s of p.symbols) {
    if (s.kind === 'scatter') continue;
    const pay = p.pays[s.id];
    if (!pay || pay.some((x) => !Number.isInteger(x) || x < 0)) problems.push(`pays of ${s.id}`);
  }
  if (p.maxFreeSpins < 1 || p.freeMultiplier < 1) problems.push('free spins');
  if (p.lineBetsFen.length === 0 || p.lineBetsFen.some((b) => !Number.isInteger(b) || b <= 0)) {
    problems.push('line bets');
  }
  return problems;
}

export const symbolOf = (p: ParSheet, kind: SymbolKind): string =>
  p.symbols.find((s) => s.kind === kind)!.id;
