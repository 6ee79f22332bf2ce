import { describe, expect, it } from 'vitest';
import { K3_PAYTABLE_V1, k3PickValid } from '@nebula/protocol/venue/games/k3-paytable';
import { betsOf, boardOf, countOf, K3_PLAYS, quickPick, toggle } from './k3-board';
import { slipProblem, slipTotal } from '../slip/slip';

describe('the 快3 board', () => {
  it('counts 注数 as the bets a choice makes', () => {
    expect(countOf('sum', ['10', '11', '3'])).toBe(3);
    expect(betsOf('sum', ['11', '3'])).toEqual([
      { betType: 'sum', pick: '3' },
      { betType: 'sum', pick: '11' },
    ]);
    expect(betsOf('bsoe', ['small', 'big'])).toEqual([
      { betType: 'big', pick: '' },
      { betType: 'small', pick: '' },
    ]);
    // 二不同号: C(n, 2); 三不同号: C(n, 3); too few digits make no bet.
    expect(countOf('two_distinct', ['1'])).toBe(0);
    expect(countOf('two_distinct', ['1', '5'])).toBe(1);
    expect(countOf('two_distinct', ['1', '2', '3', '4'])).toBe(6);
    expect(countOf('three_distinct', ['1', '2'])).toBe(0);
    expect(countOf('three_distinct', ['6', '2', '4', '1', '3'])).toBe(10);
    expect(betsOf('three_distinct', ['6', '2', '4'])).toEqual([
      { betType: 'three_distinct', pick: '246' },
    ]);
    expect(countOf('triple_single', ['4', '4', '6'])).toBe(2);
    expect(countOf('triple_any', [''])).toBe(1);
    expect(countOf('straight_any', [])).toBe(0);
    expect(toggle(toggle(['1'], '2'), '1')).toEqual(['2']);
  });

  it('makes only picks the paytable accepts, with its odds on the board', () => {
    for (const { id } of K3_PLAYS) {
      const all = boardOf(K3_PAYTABLE_V1, id).map((c) => c.key);
      for (const b of betsOf(id, all))
        expect(k3PickValid(b.betType, b.pick), `${id} ${b.pick}`).toBe(true);
    }
    const sum = boardOf(K3_PAYTABLE_V1, 'sum');
    expect(sum.map((c) => c.key)).toEqual(Array.from({ length: 16 }, (_, i) => String(i + 3)));
    expect(sum.find((c) => c.key === '10')!.oddsMilli).toBe(7750);
    expect(boardOf(K3_PAYTABLE_V1, 'bsoe').map((c) => c.label)).toEqual(['大', '小', '单', '双']);
  });

  it('机选 picks exactly one bet of the play, from the random source given', () => {
    for (const { id } of K3_PLAYS) {
      for (const r of [0, 0.5, 0.999999]) {
        const chosen = quickPick(K3_PAYTABLE_V1, id, () => r);
        expect(countOf(id, chosen), `${id} at ${r}`).toBe(1);
      }
    }
    // The source decides: the lowest draws give the first cells.
    expect(quickPick(K3_PAYTABLE_V1, 'sum', () => 0)).toEqual(['3']);
    expect(quickPick(K3_PAYTABLE_V1, 'sum', () => 0.999)).toEqual(['18']);
    expect(quickPick(K3_PAYTABLE_V1, 'three_distinct', () => 0)).toEqual(['1', '2', '3']);
    // With the browser's randomness the pick is still one valid bet.
    expect(countOf('two_distinct', quickPick(K3_PAYTABLE_V1, 'two_distinct'))).toBe(1);
  });

  it('totals 注数 × 倍数 × 单价 in fen and names what stands in the way', () => {
    expect(slipTotal(3, 2, '2.00')).toBe('12.00');
    expect(slipTotal(10, 7, '0.10')).toBe('7.00');
    expect(slipTotal(0, 5, '2.00')).toBe('0.00');
    const limits = {
      gameCode: 'JSK3',
      unitPrice: '2.00',
      maxMultiple: 100,
      maxStakePerBet: '100.00',
      maxStakePerRound: '150.00',
      maxPicksPerSlip: 5,
    };
    const draft = { gameCode: 'JSK3', roundNo: '1', unitPrice: '2.00', multiple: 1 };
    const bets = betsOf('sum', ['10']);
    expect(slipProblem({ ...draft, bets: [] }, limits)).toBe('请选择号码');
    expect(slipProblem({ ...draft, bets, multiple: 0 }, limits)).toBe('倍数至少为 1');
    expect(slipProblem({ ...draft, bets, multiple: 101 }, limits)).toBe('倍数最多 100');
    expect(slipProblem({ ...draft, bets, multiple: 51 }, limits)).toBe('单注最高 100.00');
    const two = betsOf('sum', ['10', '11']);
    expect(slipProblem({ ...draft, bets: two, multiple: 40 }, limits)).toBe('每期最高 150.00');
    expect(
      slipProblem({ ...draft, bets: betsOf('sum', ['3', '4', '5', '6', '7', '8']) }, limits),
    ).toBe('每单最多 5 注');
    expect(slipProblem({ ...draft, bets }, limits)).toBeNull();
  });
});
