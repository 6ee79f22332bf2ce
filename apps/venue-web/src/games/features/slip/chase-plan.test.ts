import { describe, expect, it } from 'vitest';
import { chaseMultiple } from '@nebula/protocol/venue/games/game-chase';
import { chaseProblem, chaseSchedule, drawMultiple } from './chase-plan';

const form = { draws: 5, multiple: 1, mode: 'same' as const, maxMultiple: 8, stopOnWin: true };
const limits = { maxMultiple: 100, maxStakePerBet: '100.00', unitPrice: '2.00' };

describe('a 追号 plan before it is sent', () => {
  it('同倍 keeps the multiple; the total is every draw’s 注数 × 倍数 × 单价', () => {
    const s = chaseSchedule({ ...form, multiple: 3 }, 2, '2.00');
    expect(s.multiples).toEqual([3, 3, 3, 3, 3]);
    expect(s.stakes[0]).toBe('12.00');
    expect(s.total).toBe('60.00');
  });

  it('翻倍 doubles each draw up to the cap', () => {
    const s = chaseSchedule({ ...form, mode: 'double', draws: 6 }, 1, '2.00');
    expect(s.multiples).toEqual([1, 2, 4, 8, 8, 8]);
    expect(s.total).toBe('62.00');
    expect(chaseSchedule({ ...form, draws: 120 }, 1, '0.10').total).toBe('12.00');
  });

  it('draws the multiples the venue will debit', () => {
    for (const mode of ['same', 'double'] as const)
      for (const [multiple, cap] of [
        [1, 8],
        [3, 100],
        [5, 5],
      ] as const)
        for (let i = 0; i < 30; i++)
          expect(drawMultiple({ multiple, mode, maxMultiple: cap }, i)).toBe(
            chaseMultiple({ multiple, mode, maxMultiple: cap }, i),
          );
  });

  it('names what stands in the way', () => {
    expect(chaseProblem(form, 0, limits)).toBe('请选择号码');
    expect(chaseProblem({ ...form, draws: 0 }, 1, limits)).toBe('追号期数至少为 1');
    expect(chaseProblem({ ...form, draws: 121 }, 1, limits)).toBe('追号最多 120 期');
    expect(chaseProblem({ ...form, multiple: 0 }, 1, limits)).toBe('倍数至少为 1');
    expect(chaseProblem({ ...form, mode: 'double', multiple: 9 }, 1, limits)).toBe(
      '最高倍数不能小于起始倍数',
    );
    expect(chaseProblem({ ...form, multiple: 101 }, 1, limits)).toBe('倍数最多 100');
    expect(chaseProblem({ ...form, multiple: 51 }, 1, limits)).toBe('单注最高 100.00');
    expect(chaseProblem({ ...form, draws: 120 }, 3, limits)).toBeNull();
  });
});
