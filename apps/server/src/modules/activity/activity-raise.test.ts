import { describe, expect, it } from 'vitest';
import { ruleRaises } from './activity-raise';

/** Which rule changes count as raising a reward's rate or cap (docs/contract.md §4.1). */
const flip = (prizes: { id: string; amount: string; weight: number; stock: number | null }[]) => ({
  depositPerChance: '100.00',
  turnoverPerChance: null,
  maxChances: 10 as number | null,
  turnoverMultiple: 1,
  prizes: prizes.map((p) => ({ label: p.id, ...p })),
});
const base = flip([
  { id: 'big', amount: '88.00', weight: 10, stock: 5 },
  { id: 'none', amount: '0', weight: 90, stock: null },
]);

describe('ruleRaises', () => {
  it('deposit bonus: percentage or cap up is a raise; thresholds and multiples are not', () => {
    const r = { percentBp: 5000, minDeposit: '100.00', cap: '300.00', turnoverMultiple: 8 };
    expect(ruleRaises(r, { ...r, percentBp: 5001 })).toBe(true);
    expect(ruleRaises(r, { ...r, cap: '300.01' })).toBe(true);
    expect(ruleRaises(r, { ...r, cap: '299.00', percentBp: 10 })).toBe(false);
    expect(ruleRaises(r, { ...r, minDeposit: '1.00', turnoverMultiple: 1 })).toBe(false);
    expect(ruleRaises(r, r)).toBe(false);
  });

  it('steps and tiers by days or position; a new paying step is a raise', () => {
    const r = { rewards: [{ days: 1, amount: '2.00' }], tiers: [{ minStake: '1', reward: '5' }] };
    expect(ruleRaises(r, { ...r, rewards: [{ days: 1, amount: '3.00' }] })).toBe(true);
    expect(ruleRaises(r, { ...r, rewards: [...r.rewards, { days: 3, amount: '1.00' }] })).toBe(
      true,
    );
    expect(ruleRaises(r, { ...r, tiers: [{ minStake: '1', reward: '6' }] })).toBe(true);
    expect(ruleRaises(r, { ...r, tiers: [{ minStake: '0', reward: '4' }] })).toBe(false);
  });

  it('lucky flip: a prize, its stock, the chance cap or a paying share up is a raise', () => {
    expect(ruleRaises(base, { ...base, maxChances: null })).toBe(true);
    expect(ruleRaises(base, { ...base, maxChances: 9 })).toBe(false);
    const prize0 = (p: Record<string, unknown>) => ({
      ...base,
      prizes: [{ ...base.prizes[0]!, ...p }, base.prizes[1]!],
    });
    expect(ruleRaises(base, prize0({ amount: '88.01' }))).toBe(true);
    expect(ruleRaises(base, prize0({ stock: null }))).toBe(true);
    expect(ruleRaises(base, prize0({ weight: 11 }))).toBe(true);
    expect(ruleRaises(base, prize0({ weight: 9, stock: 1, label: '改名' }))).toBe(false);
    // A new 谢谢参与 card lowers every paying share: no raise.
    const card = { id: 'more', label: 'x', amount: '0', weight: 50, stock: null };
    expect(ruleRaises(base, { ...base, prizes: [...base.prizes, card] })).toBe(false);
    expect(ruleRaises(base, { ...base, prizes: [...base.prizes, { ...card, amount: '1' }] })).toBe(
      true,
    );
  });
});
