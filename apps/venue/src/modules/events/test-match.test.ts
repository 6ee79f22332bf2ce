import type { EventView } from '@nebula/protocol/venue/h5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';

/**
 * The test hook VENUE_TEST_MATCH_AT (refused in production): one more football match at a
 * known time, so a browser journey can bet on a match it knows is in play.
 */
const at = Date.now() - 60_000;
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp({ VENUE_TEST_MATCH_AT: String(at) });
  await v.leader.tick();
});
afterAll(() => v.close());

describe('the test match', () => {
  it('is in play from the time given, with its prices, among the calendar’s matches', async () => {
    const token = await v.enter('test-match');
    const live = await v.page<{ events: EventView[] }>('GET', '/v1/events?tab=live', token);
    const match = live.data!.events.find((e) => e.eventId === `t-${at}`);
    expect(match).toMatchObject({ sport: 'football', status: 'live', startsAt: at });
    expect(match!.markets.some((m) => m.kind === '1x2')).toBe(true);
    expect(live.data!.events.length).toBeGreaterThan(0);
  });
});
