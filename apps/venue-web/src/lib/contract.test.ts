import { FRAME_MESSAGE_SOURCE, SiteToVenue } from '@nebula/protocol/venue/frame-messages';
import { h5Paths } from '@nebula/protocol/venue/h5';
import { h5MetaPath } from '@nebula/protocol/venue/h5-meta';
import { LIVE_LIMITS, h5LivePath } from '@nebula/protocol/venue/live-frames';
import { describe, expect, it } from 'vitest';
import {
  EXCHANGE_PATH,
  FRAME_SOURCE,
  H5_PATHS,
  LIVE_PATH,
  LIVE_SUBSCRIPTIONS,
  SITE_SOURCE,
} from './contract';
import { readSiteMessage } from './frame-bridge';

describe('the page’s copy of the venue contract', () => {
  it('equals the protocol’s paths, bounds and message source', () => {
    expect(EXCHANGE_PATH).toBe(h5Paths.exchange);
    expect(LIVE_PATH).toBe(h5LivePath);
    expect(LIVE_SUBSCRIPTIONS).toBe(LIVE_LIMITS.subscriptions);
    expect(FRAME_SOURCE).toBe(FRAME_MESSAGE_SOURCE);
    const { exchange: _exchange, ...engine } = h5Paths;
    expect(H5_PATHS).toEqual({ ...engine, meta: h5MetaPath });
  });

  it('reads from the site exactly the contract’s messages, nothing that moves money', () => {
    const cases: unknown[] = [
      { source: SITE_SOURCE, type: 'transferDone' },
      { source: SITE_SOURCE, type: 'transferDone', amount: '100' },
      { source: SITE_SOURCE, type: 'transfer' },
      { source: 'nebula-venue', type: 'transferDone' },
      { type: 'transferDone' },
      'transferDone',
      null,
      [SITE_SOURCE, 'transferDone'],
    ];
    for (const c of cases) {
      const read = readSiteMessage(c);
      // Everything the page takes, the contract takes; extra fields are refused outright.
      if (read) expect(SiteToVenue.safeParse(c).success).toBe(true);
    }
    expect(cases.map((c) => readSiteMessage(c) !== null)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
