import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiceRoll, sumLabels } from './dice';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const motion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduce && q.includes('reduce') }));

describe('the draw animation', () => {
  it('tumbles, a tap lands it on the outcome, and it goes by itself', async () => {
    vi.useFakeTimers();
    motion(false);
    let done = 0;
    render(<DiceRoll dice={[1, 2, 5]} onDone={() => (done += 1)} />);
    const roll = screen.getByRole('button', { name: '跳过开奖动画' });
    expect(roll.getAttribute('data-state')).toBe('rolling');
    fireEvent.click(roll);
    const landed = screen.getByRole('button', { name: '开奖结果' });
    expect(landed.getAttribute('data-state')).toBe('landed');
    expect(landed.querySelector('.dice')!.getAttribute('data-dice')).toBe('1,2,5');
    expect(landed.textContent).toContain('和值 8 · 小 双');
    expect(done).toBe(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(done).toBe(1);
  });

  it('lands at once when the member prefers reduced motion', () => {
    motion(true);
    render(<DiceRoll dice={[6, 6, 6]} onDone={() => {}} />);
    const landed = screen.getByRole('button', { name: '开奖结果' });
    expect(landed.querySelector('.dice')!.getAttribute('data-dice')).toBe('6,6,6');
    expect(landed.textContent).toContain('豹子');
  });

  it('names 大小单双, and a triple loses them', () => {
    expect(sumLabels([6, 5, 6])).toEqual({ sum: 17, bigSmall: '大', oddEven: '单' });
    expect(sumLabels([2, 2, 2])).toEqual({ sum: 6, bigSmall: '豹子', oddEven: '豹子' });
  });
});
