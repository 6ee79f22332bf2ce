import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rotateTitle, startTitleMarquee } from './title-marquee';

const LONG = '星云体育官方网站欢迎您光临体育真人电竞彩票棋牌电子捕鱼一站式娱乐'; // 32 chars
const SHORT = '星云体育';
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('title marquee', () => {
  it('rotates by one character', () => {
    expect(rotateTitle('abc')).toBe('bca');
    expect(rotateTitle('a')).toBe('a');
  });

  it('steps every 350 ms for a long title while visible', () => {
    expect(Array.from(LONG).length).toBeGreaterThanOrEqual(27);
    const stop = startTitleMarquee(LONG);
    expect(document.title).toBe(LONG);
    vi.advanceTimersByTime(349);
    expect(document.title).toBe(LONG);
    vi.advanceTimersByTime(1);
    expect(document.title).toBe(rotateTitle(LONG));
    vi.advanceTimersByTime(350);
    expect(document.title).toBe(rotateTitle(rotateTitle(LONG)));
    stop();
    expect(document.title).toBe(LONG);
    vi.advanceTimersByTime(3500);
    expect(document.title).toBe(LONG);
  });

  it('does not scroll titles shorter than 27 characters', () => {
    const title = 'x'.repeat(26);
    const stop = startTitleMarquee(title);
    vi.advanceTimersByTime(3500);
    expect(document.title).toBe(title);
    stop();
    startTitleMarquee(SHORT)();
    expect(document.title).toBe(SHORT);
  });

  it('pauses while the tab is hidden and resumes when visible', () => {
    const stop = startTitleMarquee(LONG);
    vi.advanceTimersByTime(700);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(document.title).toBe(LONG);
    vi.advanceTimersByTime(3500);
    expect(document.title).toBe(LONG);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(350);
    expect(document.title).toBe(rotateTitle(LONG));
    stop();
  });

  it('never starts when the page opens hidden', () => {
    visibility = 'hidden';
    const stop = startTitleMarquee(LONG);
    vi.advanceTimersByTime(3500);
    expect(document.title).toBe(LONG);
    stop();
  });
});
