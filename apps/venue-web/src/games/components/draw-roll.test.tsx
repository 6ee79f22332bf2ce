import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DrawRoll } from './draw-roll';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const motion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduce && q.includes('reduce') }));

describe('the PK10 race and the 时时彩 balls', () => {
  it('runs the race, a tap lands it on the drawn order, and it goes by itself', async () => {
    vi.useFakeTimers();
    motion(false);
    let done = 0;
    const cars = [3, 9, 2, 8, 4, 5, 7, 6, 10, 1];
    const { container } = render(
      <DrawRoll gameCode="JSPK10" kind="cars" outcome={cars} onDone={() => (done += 1)} />,
    );
    const roll = screen.getByRole('button', { name: '跳过开奖动画' });
    expect(container.querySelectorAll('.race__car')).toHaveLength(10);
    // The winner runs the shortest time: it crosses the line first.
    const time = (car: number) =>
      parseFloat(
        (container.querySelector(`.race__lane:nth-child(${car}) .race__car`) as HTMLElement).style
          .animationDuration,
      );
    expect(time(3)).toBeLessThan(time(9));
    expect(time(9)).toBeLessThan(time(1));
    fireEvent.click(roll);
    const landed = screen.getByRole('button', { name: '开奖结果' });
    expect(landed.querySelector('.outcome')!.getAttribute('data-outcome')).toBe(cars.join(','));
    expect(landed.textContent).toContain('冠亚和 12 · 大 双');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(done).toBe(1);
  });

  it('lands the balls at once when the member prefers reduced motion', () => {
    motion(true);
    render(<DrawRoll gameCode="JSSSC" kind="digits" outcome={[9, 0, 5, 4, 9]} onDone={() => {}} />);
    const landed = screen.getByRole('button', { name: '开奖结果' });
    expect(landed.querySelector('.outcome')!.getAttribute('data-outcome')).toBe('9,0,5,4,9');
    expect(landed.textContent).toContain('总和 27 · 大 单 · 和');
  });
});
