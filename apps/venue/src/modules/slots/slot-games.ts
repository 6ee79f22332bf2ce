import { fenToYuanString } from '@nebula/protocol';
import type { SlotGameView } from '@nebula/protocol/venue/games/index';
import {
  DEMO_PAR_SHEETS,
  parSheetFile,
  parSheetHash,
  parSheetProblems,
  parSheetText,
  slotFigures,
  type ParSheet,
  type SlotFigures,
} from '@nebula/protocol/venue/games/slots/index';
import { slotPaths } from '@nebula/protocol/venue/games/index';

/**
 * The house slots the DZ venue offers (docs/contract.md §10.13): each game's par sheet, the
 * exact bytes served for it, their hash (shown before play, stored on every spin) and the
 * calculator's figures, computed once per process — never typed by hand.
 */
export interface SlotGame {
  code: string;
  name: string;
  parSheet: ParSheet;
  text: string;
  hash: string;
  figures: () => SlotFigures;
}

function load(p: ParSheet): SlotGame {
  const problems = parSheetProblems(p);
  // A wrong par sheet is never offered: the venue refuses to start with it.
  if (problems.length > 0) throw new Error(`${p.gameCode}: ${problems.join('; ')}`);
  let figures: SlotFigures | null = null;
  return {
    code: p.gameCode,
    name: p.name,
    parSheet: p,
    text: parSheetText(p),
    hash: parSheetHash(p),
    figures: () => (figures ??= slotFigures(p)),
  };
}

export const SLOT_GAMES: readonly SlotGame[] = DEMO_PAR_SHEETS.map(load);

export const slotGame = (code: string): SlotGame | undefined =>
  SLOT_GAMES.find((g) => g.code === code);

export const parSheetUrl = (g: SlotGame): string =>
  slotPaths.parSheet
    .replace(':gameCode', g.code)
    .replace(':file', parSheetFile(g.parSheet.version));

export function slotGameView(g: SlotGame): SlotGameView {
  const p = g.parSheet;
  return {
    gameCode: g.code,
    name: g.name,
    status: 'open',
    parSheetVersion: p.version,
    parSheetHash: g.hash,
    parSheetUrl: parSheetUrl(g),
    lineCount: p.lines.length,
    lineBets: p.lineBetsFen.map((f) => fenToYuanString(BigInt(f))),
    freeMultiplier: p.freeMultiplier,
    maxWinMultiple: p.maxWinMultiple,
    figures: { ...g.figures() },
  };
}
