import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const TEMPLATE =
  '<template id="nb-start-scripts">' +
  Array.from({ length: 6 }, (_, i) => `<link rel="modulepreload" href="/assets/c${i}.js">`).join(
    '',
  ) +
  '<script type="module" src="/assets/index.js"></script></template>';

/** Runs the loader as the page runs it: once, with the document as the server sent it. */
async function runLoader(root: string): Promise<void> {
  document.head.innerHTML = TEMPLATE;
  document.body.innerHTML = `<div id="root">${root}</div>`;
  vi.resetModules();
  await import('./start-after-paint');
}

const started = () => document.head.querySelectorAll('link[rel="modulepreload"], script').length;

describe('the site starts its scripts after the first screen has painted', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits for a frame when the platform drew the first screen, then adds every tag', async () => {
    let frame: FrameRequestCallback | undefined;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      frame = cb;
      return 1;
    });
    await runLoader('<main>首页</main>');
    expect(started()).toBe(0);
    frame?.(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(started()).toBeGreaterThan(0);
    await vi.runAllTimersAsync();
    expect(started()).toBe(7);
    // Real elements, not the template's inert ones; the entry comes last.
    expect(document.head.lastElementChild?.getAttribute('src')).toBe('/assets/index.js');
    expect(document.getElementById('nb-start-scripts')).toBeNull();
  });

  it('starts at once when the page was sent with nothing to show', async () => {
    await runLoader('');
    expect(started()).toBe(4);
    await vi.runAllTimersAsync();
    expect(started()).toBe(7);
  });
});
