import { parseMoney } from '@nebula/protocol';

/**
 * Whether a new activity rule raises a reward's rate or cap over the stored one (docs/contract.md
 * §4.1: such a change waits for a second operator; a lower or equal one applies at once). The
 * rates and caps are the leaves named below — a bonus percentage, a cap, the amount of a
 * check-in step, a lucky-flip prize or a peak-bet tier, an invite reward, the chance and stock
 * limits (null there is "no limit", the highest) — matched by position, a check-in step by its
 * days and a prize by its id; a reward the stored rule does not have counts as a raise. A paying
 * prize's share of the weights is its rate: a larger share is a raise too. Thresholds and
 * turnover multiples ask more of the member and never count.
 */
const REWARD_KEYS = new Set(['percentBp', 'cap', 'amount', 'reward', 'maxChances', 'stock']);
/** Leaves where null means unlimited. */
const UNLIMITED_WHEN_NULL = new Set(['maxChances', 'stock']);

type Leaves = Map<string, unknown>;

function keyOf(item: unknown, index: number): string {
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    if (typeof o.id === 'string') return `id:${o.id}`;
    if (typeof o.days === 'number') return `days:${o.days}`;
  }
  return String(index);
}

function flatten(value: unknown, path: string, out: Leaves, key = ''): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => flatten(item, `${path}[${keyOf(item, i)}]`, out));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, `${path}.${k}`, out, k);
  } else if (REWARD_KEYS.has(key)) {
    out.set(path, value);
  }
}

/** A comparable size: fen for money strings, the number itself, Infinity for "no limit". */
function size(path: string, v: unknown): number | bigint {
  if (v === null) {
    const leaf = path.slice(path.lastIndexOf('.') + 1);
    return UNLIMITED_WHEN_NULL.has(leaf) ? Infinity : 0;
  }
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return parseMoney(v);
  return 0;
}

function greater(a: number | bigint, b: number | bigint): boolean {
  if (a === Infinity || b === Infinity) return a === Infinity && b !== Infinity;
  return BigInt(a) > BigInt(b);
}

interface Prize {
  id: string;
  amount: string;
  weight: number;
}

function prizesOf(rule: Record<string, unknown>): Prize[] | null {
  return Array.isArray(rule.prizes) ? (rule.prizes as Prize[]) : null;
}

/** A paying prize (amount above zero) whose share of all weights grew. */
function prizeShareRaised(before: Prize[], after: Prize[]): boolean {
  const total = (ps: Prize[]) => ps.reduce((n, p) => n + BigInt(p.weight), 0n);
  const [tb, ta] = [total(before), total(after)];
  return after.some((p) => {
    if (parseMoney(p.amount) === 0n) return false;
    const old = before.find((b) => b.id === p.id);
    if (!old) return true;
    return BigInt(p.weight) * tb > BigInt(old.weight) * ta;
  });
}

export function ruleRaises(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): boolean {
  const b: Leaves = new Map<string, unknown>();
  const a: Leaves = new Map<string, unknown>();
  flatten(before, '', b);
  flatten(after, '', a);
  for (const [path, v] of a) {
    if (!b.has(path)) {
      // A new step, tier or prize counts by what it pays; its own stock is no raise by itself.
      const leaf = path.slice(path.lastIndexOf('.') + 1);
      if (!UNLIMITED_WHEN_NULL.has(leaf) && greater(size(path, v), 0)) return true;
    } else if (greater(size(path, v), size(path, b.get(path)))) return true;
  }
  const [pb, pa] = [prizesOf(before), prizesOf(after)];
  return pb !== null && pa !== null && prizeShareRaised(pb, pa);
}
