import { describe, expect, it } from 'vitest';
import { acceptFrameMessage } from './frame-messages';

const frameWindow = {} as Window;
const other = {} as Window;
const frame = { origin: 'http://localhost:8090', window: frameWindow };
const ready = { source: 'nebula-venue', type: 'ready' };

describe('messages from the venue frame', () => {
  it('accepts the contract’s messages from the frame’s origin and window', () => {
    expect(
      acceptFrameMessage({ origin: frame.origin, source: frameWindow, data: ready }, frame),
    ).toEqual(ready);
    expect(
      acceptFrameMessage(
        {
          origin: frame.origin,
          source: frameWindow,
          data: { source: 'nebula-venue', type: 'openTransfer', venueCode: 'FBTY' },
        },
        frame,
      ),
    ).toMatchObject({ type: 'openTransfer' });
  });

  it('refuses another origin, another window of the same origin, and anything else', () => {
    expect(
      acceptFrameMessage({ origin: 'http://evil.test', source: frameWindow, data: ready }, frame),
    ).toBeNull();
    expect(
      acceptFrameMessage({ origin: frame.origin, source: other, data: ready }, frame),
    ).toBeNull();
    expect(
      acceptFrameMessage({ origin: frame.origin, source: null, data: ready }, frame),
    ).toBeNull();
    expect(
      acceptFrameMessage(
        { origin: frame.origin, source: frameWindow, data: { type: 'ready' } },
        frame,
      ),
    ).toBeNull();
    expect(
      acceptFrameMessage(
        {
          origin: frame.origin,
          source: frameWindow,
          data: { source: 'nebula-venue', type: 'transfer', amount: '100' },
        },
        frame,
      ),
    ).toBeNull();
    expect(
      acceptFrameMessage(
        { origin: frame.origin, source: frameWindow, data: ready },
        { ...frame, window: null },
      ),
    ).toBeNull();
  });
});
