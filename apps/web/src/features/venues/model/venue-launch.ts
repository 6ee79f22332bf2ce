import type { LaunchResult } from '@nebula/protocol/api/venues/venues.schemas';
import { api } from '../../../client/api';
import { describeError } from '../../../lib/api-errors';
import {
  clearLaunchError,
  saveLaunchError,
  saveVenueSession,
  venueSession,
} from '../../../lib/venue-sessions';
import { createVenueProxy } from '../../../lib/venue-proxy';

export interface LaunchOptions {
  /** The member tapped 进入 (only then may 免转 move money). */
  manual: boolean;
  /** 免转: the member's switch, sent with a manual launch. */
  appSendMoney?: boolean;
  /** 跟投: selection ids to pre-fill the slip. */
  selections?: string[];
  /** A house game venue: the game to open (contract §6). */
  gameCode?: string;
}

/**
 * Launches a venue (contract §6, contract §8.5 defaults: site 6001, preload unless asked): the
 * session parameters are kept per venue, a failure's message under the per-venue key (contract §6).
 */
export async function launchVenue(code: string, o: LaunchOptions): Promise<LaunchResult> {
  try {
    const r = await api.call('venueLaunch', {
      body: {
        enName: code,
        isPreload: false,
        isManualLaunch: o.manual,
        appSendMoney: o.manual && (o.appSendMoney ?? false),
        ...(o.selections?.length ? { selections: o.selections } : {}),
        ...(o.gameCode ? { gameCode: o.gameCode } : {}),
      },
    });
    saveVenueSession({
      venueCode: code,
      merchantCode: r.merchantCode,
      origin: new URL(r.url).origin,
      token: r.token,
      params: r.session,
      at: Date.now(),
    });
    clearLaunchError(code);
    return r;
  } catch (error) {
    saveLaunchError(code, describeError(error).message);
    throw error;
  }
}

/**
 * The site's third-party proxy to the venues (contract §6): each venue's session parameters, and a
 * relaunch that moves no money when a session expired.
 */
export const venueProxy = createVenueProxy({
  sessionOf: venueSession,
  relaunch: async (code) => {
    await launchVenue(code, { manual: false });
  },
});
