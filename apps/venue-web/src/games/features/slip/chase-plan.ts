import { formatMoney, parseMoney } from '@nebula/protocol/money/fen';

/**
 * A 追号 plan as the page shows it before it is sent (docs/contract.md §10.11, "Chases"): 同倍
 * keeps the multiple, 翻倍 doubles it each draw up to the cap. The venue debits each draw when it
 * opens; the total is what the whole plan would cost if every draw is placed. Draw k's multiple
 * is the protocol's `chaseMultiple` (restated here without the schema library; a test holds the
 * two together).
 */
export const CHASE_MAX_DRAWS = 120;
const MAX_MULTIPLE = 100_000;

export interface ChaseForm {
  draws: number;
  multiple: number;
  mode: 'same' | 'double';
  /** 翻倍's cap (ignored for 同倍). */
  maxMultiple: number;
  stopOnWin: boolean;
}

export function drawMultiple(f: Omit<ChaseForm, 'stopOnWin' | 'draws'>, index: number): number {
  if (f.mode === 'same') return f.multiple;
  return Math.min(f.maxMultiple || MAX_MULTIPLE, f.multiple * 2 ** Math.min(index, 17));
}

/** Each draw's multiple and stake (注数 × 倍数 × 单价), and the plan's total, in fen. */
export function chaseSchedule(
  f: ChaseForm,
  count: number,
  unitPrice: string,
): { multiples: number[]; stakes: string[]; total: string } {
  const unit = parseMoney(unitPrice);
  const n = Math.max(0, Math.min(CHASE_MAX_DRAWS, Math.floor(f.draws)));
  const multiples = Array.from({ length: n }, (_, i) => drawMultiple(f, i));
  const fen = multiples.map((m) => BigInt(count) * BigInt(m) * unit);
  return {
    multiples,
    stakes: fen.map(formatMoney),
    total: formatMoney(fen.reduce((a, b) => a + b, 0n)),
  };
}

/** Why the plan cannot be sent (in the member's words), or null. */
export function chaseProblem(
  f: ChaseForm,
  count: number,
  limits: { maxMultiple: number; maxStakePerBet: string; unitPrice: string },
): string | null {
  if (count === 0) return '请选择号码';
  if (!Number.isInteger(f.draws) || f.draws < 1) return '追号期数至少为 1';
  if (f.draws > CHASE_MAX_DRAWS) return `追号最多 ${CHASE_MAX_DRAWS} 期`;
  if (!Number.isInteger(f.multiple) || f.multiple < 1) return '倍数至少为 1';
  if (f.mode === 'double' && f.maxMultiple < f.multiple) return '最高倍数不能小于起始倍数';
  const top = f.mode === 'double' ? f.maxMultiple : f.multiple;
  if (top > limits.maxMultiple) return `倍数最多 ${limits.maxMultiple}`;
  if (BigInt(top) * parseMoney(limits.unitPrice) > parseMoney(limits.maxStakePerBet)) {
    return `单注最高 ${limits.maxStakePerBet}`;
  }
  return null;
}
