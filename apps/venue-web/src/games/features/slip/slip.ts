import { formatMoney, isMoneyString, parseMoney } from '@nebula/protocol/money/fen';
import type { GameLimitsView, GameSlipView } from '@nebula/protocol/venue/games/game-bets';
import { gamesCalls } from '../../lib/games-api';

/**
 * The slip of the lottery pages (快3, PK10, 时时彩): 注数 × 倍数 × 单价 = the total, in fen (docs/contract.md §10.11), and
 * its placement under one request key per confirm: the key is made when the confirm sheet
 * opens, a retry after a lost answer sends the same key (the venue answers the first slip), and
 * a new confirm makes a new key.
 */
/** One bet of a slip: a bet type and its pick as the paytable writes them. */
export interface SlipBet {
  betType: string;
  pick: string;
}

/** A bet as the confirm sheet writes it: its play's name, the pick, the paytable's odds. */
export type DescribeBet = (b: SlipBet) => { name: string; label: string; oddsMilli: number | null };

export interface SlipDraft {
  gameCode: string;
  roundNo: string;
  bets: SlipBet[];
  multiple: number;
  unitPrice: string;
}

/** The total of a slip in fen: every bet stakes 倍数 × 单价. */
export function slipTotalFen(count: number, multiple: number, unitPrice: string): bigint {
  if (!isMoneyString(unitPrice) || !Number.isInteger(multiple) || multiple < 0) return 0n;
  return BigInt(count) * BigInt(multiple) * parseMoney(unitPrice);
}

export const slipTotal = (count: number, multiple: number, unitPrice: string): string =>
  formatMoney(slipTotalFen(count, multiple, unitPrice));

/** Why the slip cannot be confirmed as it stands (in the member's words), or null. */
export function slipProblem(d: SlipDraft, limits: GameLimitsView | null): string | null {
  if (d.bets.length === 0) return '请选择号码';
  if (!Number.isInteger(d.multiple) || d.multiple < 1) return '倍数至少为 1';
  if (!limits) return null;
  if (d.multiple > limits.maxMultiple) return `倍数最多 ${limits.maxMultiple}`;
  if (d.bets.length > limits.maxPicksPerSlip) return `每单最多 ${limits.maxPicksPerSlip} 注`;
  const perBet = BigInt(d.multiple) * parseMoney(d.unitPrice);
  if (perBet > parseMoney(limits.maxStakePerBet)) return `单注最高 ${limits.maxStakePerBet}`;
  if (perBet * BigInt(d.bets.length) > parseMoney(limits.maxStakePerRound)) {
    return `每期最高 ${limits.maxStakePerRound}`;
  }
  return null;
}

/** A fresh request key (URL-safe, 22 characters). */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `slip-${btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')}`;
}

export function placeDraft(d: SlipDraft, requestKey: string): Promise<GameSlipView> {
  return gamesCalls.place(d.gameCode, {
    requestKey,
    roundNo: d.roundNo,
    multiple: d.multiple,
    unitPrice: d.unitPrice,
    picks: d.bets.map((b) => ({ betType: b.betType, pick: b.pick })),
  });
}
