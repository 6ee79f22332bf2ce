import { describe, expect, it } from 'vitest';
import { FRAME_MESSAGE_SOURCE, SiteToVenue, VenueToSite } from './frame-messages';
import { LiveClientFrame, LiveServerFrame } from './live-frames';

describe('frame messages', () => {
  it('take only the known messages from the venue, never one that moves money', () => {
    expect(
      VenueToSite.safeParse({
        source: FRAME_MESSAGE_SOURCE,
        type: 'openTransfer',
        venueCode: 'HOUSE_TY',
      }).success,
    ).toBe(true);
    expect(
      VenueToSite.safeParse({ source: FRAME_MESSAGE_SOURCE, type: 'transfer', amount: '100' })
        .success,
    ).toBe(false);
    expect(VenueToSite.safeParse({ source: 'elsewhere', type: 'ready' }).success).toBe(false);
    expect(SiteToVenue.safeParse({ source: 'nebula-site', type: 'transferDone' }).success).toBe(
      true,
    );
  });
});

describe('live frames', () => {
  it('subscribe with versions, and receive events with prices or suspensions', () => {
    expect(
      LiveClientFrame.safeParse({ type: 'subscribe', events: [{ eventId: 'E1', version: 3 }] })
        .success,
    ).toBe(true);
    expect(
      LiveClientFrame.safeParse({
        type: 'subscribe',
        events: Array(201).fill({ eventId: 'E', version: 0 }),
      }).success,
    ).toBe(false);
    const frame = LiveServerFrame.parse({
      type: 'event',
      eventId: 'E1',
      version: 4,
      status: 'live',
      score: '1-0',
      clock: "63'",
      suspended: [],
      prices: [{ selectionId: 'E1:ft:1x2::h', oddsMilli: 1650 }],
      snapshot: false,
    });
    expect(frame.type).toBe('event');
  });
});
