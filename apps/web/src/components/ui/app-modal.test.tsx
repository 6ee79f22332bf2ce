import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from './modal-host';
import { showModal } from './modal.store';
import { isCompactViewport, showSecurityTip } from './security-tip';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('modal queue', () => {
  it('focuses 确定 in the frame that shows the modal, not in the commit', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    render(<ModalHost />);
    act(() => {
      void showModal({ content: '内容' });
    });
    const ok = screen.getByRole('button', { name: '确定' });
    expect(document.activeElement).not.toBe(ok);
    act(() => frames.splice(0).forEach((frame) => frame(0)));
    expect(document.activeElement).toBe(ok);
    fireEvent.click(ok);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('uses 温馨提示 / 确定 by default and unmounts 300 ms after OK', async () => {
    vi.useFakeTimers();
    render(<ModalHost />);
    let done = false;
    act(() => {
      void showModal({ content: '内容' }).then(() => (done = true));
    });
    expect(screen.getByRole('dialog').textContent).toContain('温馨提示');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(document.querySelector('.nb-modal--leave')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(done).toBe(true);
  });

  it('shows queued modals one after another, the security tip with its own text', async () => {
    vi.useFakeTimers();
    render(<ModalHost />);
    act(() => {
      void showModal({ title: '活动', content: '第一个' });
      void showSecurityTip();
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await act(() => vi.advanceTimersByTimeAsync(300));
    const tip = screen.getByRole('dialog');
    expect(tip.textContent).toContain('请勿转账');
    expect(screen.getByRole('button', { name: '我知道了' })).toBeTruthy();
    expect(tip.style.width).toBe('360px');
  });

  it('is compact below 900 px of viewport height', () => {
    expect(isCompactViewport(899)).toBe(true);
    expect(isCompactViewport(900)).toBe(false);
  });
});
