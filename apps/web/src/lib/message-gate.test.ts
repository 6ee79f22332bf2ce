import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMessageGate } from './message-gate';

afterEach(() => {
  vi.useRealTimers();
});

describe('message gate (contract §8.5: 350 ms debounce, 700 ms duplicate guard)', () => {
  it('shows a burst once, 350 ms after its last message', () => {
    vi.useFakeTimers();
    const gate = createMessageGate();
    const show = vi.fn();
    gate.push('a', show);
    vi.advanceTimersByTime(300);
    gate.push('a', show);
    vi.advanceTimersByTime(349);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledOnce();
  });

  it('drops the same message within 700 ms of showing it; other messages pass', () => {
    vi.useFakeTimers();
    const gate = createMessageGate();
    const show = vi.fn();
    gate.push('a', show);
    vi.advanceTimersByTime(350);
    gate.push('a', show);
    gate.push('b', show);
    vi.advanceTimersByTime(350);
    expect(show).toHaveBeenCalledTimes(2);
    gate.push('a', show);
    vi.advanceTimersByTime(350);
    expect(show).toHaveBeenCalledTimes(3);
  });
});
