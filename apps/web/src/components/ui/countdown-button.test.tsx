import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountdownButton } from './countdown-button';

afterEach(() => {
  vi.useRealTimers();
});

describe('CountdownButton', () => {
  it('counts down one step per second after a successful start, then re-enables', async () => {
    vi.useFakeTimers();
    const onStart = vi.fn(() => Promise.resolve(true));
    render(
      <CountdownButton seconds={3} onStart={onStart}>
        获取验证码
      </CountdownButton>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
      await Promise.resolve();
    });
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button').textContent).toBe('3 秒后重试');
    expect(screen.getByRole<HTMLButtonElement>('button').disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.getByRole('button').textContent).toBe('3 秒后重试');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button').textContent).toBe('2 秒后重试');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button').textContent).toBe('1 秒后重试');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button').textContent).toBe('获取验证码');
    expect(screen.getByRole<HTMLButtonElement>('button').disabled).toBe(false);
  });

  it('does not start when onStart reports failure', async () => {
    vi.useFakeTimers();
    render(
      <CountdownButton seconds={60} onStart={() => false}>
        获取验证码
      </CountdownButton>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
      await Promise.resolve();
    });
    expect(screen.getByRole('button').textContent).toBe('获取验证码');
  });
});

describe('CountdownButton with a server resend time', () => {
  it('counts the seconds onStart returns instead of its own', async () => {
    vi.useFakeTimers();
    render(
      <CountdownButton seconds={60} onStart={() => Promise.resolve(42)}>
        获取验证码
      </CountdownButton>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
      await Promise.resolve();
    });
    expect(screen.getByRole('button').textContent).toBe('42 秒后重试');
  });
});
