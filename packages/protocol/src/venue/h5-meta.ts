import { z } from 'zod';
import { moneyString } from '../api/core/common';
import { esportsTitles, sports } from './markets';

/**
 * What the venue page needs to know once per session, under the session's dialect prefix like
 * every engine call: the stake limits its slip shows (min and max stake, max payout per bet)
 * and the leagues it can filter by, each with its esports title for the CS2 / LoL / Dota 2
 * chips.
 */
export const h5MetaPath = '/meta';

export const H5League = z.object({
  leagueId: z.string(),
  name: z.string(),
  sport: z.enum(sports),
  /** The esports title (cs2, lol, dota2); null for football and basketball. */
  title: z.enum(esportsTitles).nullable(),
});
export type H5League = z.infer<typeof H5League>;

export const H5Meta = z.object({
  limits: z.object({ minStake: moneyString, maxStake: moneyString, maxPayout: moneyString }),
  /** The leagues of the session's family, in the catalogue's order. */
  leagues: z.array(H5League),
});
export type H5Meta = z.infer<typeof H5Meta>;
