import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeMarquee } from './notice-marquee';

// jsdom lays nothing out: the line and its text get the widths a phone would measure.
let widths: { line: number; text: number };
beforeEach(() => {
  widths = { line: 300, text: 900 };
  vi.useFakeTimers();
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (this.classList.contains('adm-notice-bar-content')) return widths.line;
    if (this.classList.contains('adm-notice-bar-content-inner')) return widths.text;
    return 0;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const inner = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('.adm-notice-bar-content-inner')!;

describe('NoticeMarquee (antd NoticeBar’s movement)', () => {
  it('has antd’s elements and classes, the ones the platform draws first', () => {
    const { container } = render(<NoticeMarquee content="公告" icon="i" speed={40} delay={1000} />);
    expect(container.innerHTML).toBe(
      '<div class="adm-notice-bar adm-notice-bar-info adm-notice-bar-rectangular nb-notice__bar">' +
        '<span class="adm-notice-bar-left">i</span><span class="adm-notice-bar-content">' +
        '<span class="adm-notice-bar-content-inner">公告</span></span></div>',
    );
  });

  it('stands still for the delay, then slides a wide text out at its speed, and in again from the right', () => {
    const { container } = render(<NoticeMarquee content="公告" icon="i" speed={40} delay={1000} />);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(inner(container).style.transform).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(inner(container).style.transform).toBe('translateX(-900px)');
    expect(inner(container).style.transitionDuration).toBe(`${Math.round(900 / 40)}s`);
    fireEvent.transitionEnd(inner(container));
    // From the right edge: the line's width and the text's, at the same speed.
    expect(inner(container).style.transform).toBe('translateX(-900px)');
    expect(inner(container).style.transitionDuration).toBe(`${Math.round(1200 / 40)}s`);
  });

  it('leaves a text that fits standing, and stops when new text fits', () => {
    widths.text = 200;
    const { container, rerender } = render(
      <NoticeMarquee content="短" icon="i" speed={40} delay={1000} />,
    );
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(inner(container).style.transform).toBe('');
    widths.text = 900;
    rerender(<NoticeMarquee content="很长的公告" icon="i" speed={40} delay={1000} />);
    expect(inner(container).style.transform).toBe('translateX(-900px)');
    widths.text = 100;
    fireEvent.transitionEnd(inner(container));
    expect(inner(container).style.transform).toBe('');
  });
});
