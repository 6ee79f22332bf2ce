import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameBridge } from './frame-bridge';

/** The parent window, as far as the page can reach it: postMessage only. */
function parentWindow() {
  const postMessage = vi.fn();
  return { window: { postMessage } as unknown as Window, postMessage };
}

let bridge: FrameBridge | null = null;
afterEach(() => bridge?.stop());

describe('the frame bridge', () => {
  it('posts only to the merchant origins of the session, each addressed by name', () => {
    const parent = parentWindow();
    bridge = new FrameBridge(parent.window);
    bridge.post({ type: 'ready' });
    expect(parent.postMessage).not.toHaveBeenCalled();
    bridge.start(['https://m.site.example', 'https://www.site.example'], () => {});
    bridge.post({ type: 'openTransfer', venueCode: 'IMTY' });
    expect(parent.postMessage.mock.calls).toEqual([
      [
        { source: 'nebula-venue', type: 'openTransfer', venueCode: 'IMTY' },
        'https://m.site.example',
      ],
      [
        { source: 'nebula-venue', type: 'openTransfer', venueCode: 'IMTY' },
        'https://www.site.example',
      ],
    ]);
    // Never '*': a message without a named origin could reach whatever the parent became.
    expect(parent.postMessage.mock.calls.every(([, origin]) => origin !== '*')).toBe(true);
  });

  it('asks for a relaunch without a session only of the origin the browser reports framing it', () => {
    const parent = parentWindow();
    bridge = new FrameBridge(parent.window);
    // No session and no ancestor origin: nobody to ask, the page says 请返回重新进入 itself.
    expect(bridge.requestRelaunch(undefined)).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
    expect(bridge.requestRelaunch('https://m.site.example')).toBe(true);
    expect(parent.postMessage.mock.calls).toEqual([
      [{ source: 'nebula-venue', type: 'relaunch' }, 'https://m.site.example'],
    ]);
    // With a session, its merchant origins and never the ancestor's word.
    parent.postMessage.mockClear();
    bridge.start(['https://www.site.example'], () => {});
    expect(bridge.requestRelaunch('https://evil.example')).toBe(true);
    expect(parent.postMessage.mock.calls).toEqual([
      [{ source: 'nebula-venue', type: 'relaunch' }, 'https://www.site.example'],
    ]);
  });

  it('takes a message only from the parent window on a merchant origin', () => {
    const parent = parentWindow();
    bridge = new FrameBridge(parent.window);
    const got = vi.fn();
    bridge.start(['https://m.site.example'], got);
    const send = (origin: string, source: unknown, data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { origin, source: source as Window, data }));
    const done = { source: 'nebula-site', type: 'transferDone' };
    send('https://evil.example', parent.window, done);
    send('https://m.site.example', window, done);
    send('https://m.site.example', parent.window, { ...done, amount: '100' });
    expect(got).not.toHaveBeenCalled();
    send('https://m.site.example', parent.window, done);
    expect(got).toHaveBeenCalledWith(done);
  });
});
