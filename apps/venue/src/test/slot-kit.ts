import { newKey } from './game-kit';
import type { VenueTestApp } from './venue-test-app';

/** A test app's venue codes with a DZ game venue (the house slots' players play there). */
export const SLOT_VENUE_CODES = 'HOUSE_TY:FBTY,HOUSE_CP::CP,HOUSE_ZR::ZR,HOUSE_DZ::DZ';

/** Budgets a load of spins from one test address and session never meets (8065). */
export const SLOT_LOAD_ENV = {
  VENUE_CODES: SLOT_VENUE_CODES,
  VENUE_RATE_PER_SESSION: '1000000',
  VENUE_RATE_PLACE_PER_SESSION: '1000000',
};

export interface SlotKit {
  spin(
    token: string,
    body?: Record<string, unknown>,
  ): Promise<{ code: number | string; data?: unknown; message?: string }>;
  balance(playerId: string): Promise<string>;
}

export function slotKit(v: VenueTestApp): SlotKit {
  return {
    spin: (token, body = {}) =>
      v.page('POST', '/h5/api/games/slots/spins', token, {
        requestKey: newKey(),
        gameCode: 'FXGZ',
        lineBet: '0.10',
        ...body,
      }),
    async balance(playerId) {
      const r = await v.call<{ balance: string }>('balance', { venueCode: 'HOUSE_DZ', playerId });
      return r.data!.balance;
    },
  };
}
