import { z } from 'zod';
import { venueFamilies } from '../../venue/registry';
import { moneyString } from '../core/common';

/**
 * 试玩 (contract §6 Demo play): a visitor or a member plays the house venue's games with play
 * money under the venue's DEMO merchant. A demo session is named by its `demoToken` (`demo_…`),
 * which the site keeps and sends back; it ends after the site's `demoSessionMinutes`. A demo
 * token is never a member's session: on any member call it is refused (9701).
 */
export const DEMO_TOKEN_PREFIX = 'demo_';
export const demoToken = z.string().regex(/^demo_[A-Za-z0-9_-]{43}$/, 'invalid demo token');
const demoVenueCode = z.string().regex(/^[A-Z][A-Z0-9_]{1,15}$/, 'invalid venue code');

export const DemoVenue = z.object({
  code: z.string(),
  family: z.enum(venueFamilies),
  name: z.string(),
});
export type DemoVenue = z.infer<typeof DemoVenue>;

export const DemoInfo = z.object({
  enabled: z.boolean(),
  sessionMinutes: z.number().int(),
  playAmount: moneyString,
  /** The house venues open for 试玩, in the registry's order. */
  venues: z.array(DemoVenue),
});
export type DemoInfo = z.infer<typeof DemoInfo>;

export const DemoLaunchRequest = z
  .object({
    venueCode: demoVenueCode,
    /** A house game venue: the game to open (as a launch's `gameCode`). */
    gameCode: z
      .string()
      .regex(/^[A-Z][A-Z0-9]{1,15}$/)
      .optional(),
    /** The session the site holds; absent, ended or another's: a new one is started. */
    demoToken: demoToken.optional(),
  })
  .strict();
export type DemoLaunchRequest = z.infer<typeof DemoLaunchRequest>;

export const DemoLaunchResult = z.object({
  demoToken: z.string(),
  expiresAt: z.number().int(),
  venue: DemoVenue,
  /** The venue's page to frame (one of its `/h5/…` pages on its registry origin). */
  url: z.string(),
  origin: z.string(),
  playAmount: moneyString,
});
export type DemoLaunchResult = z.infer<typeof DemoLaunchResult>;

export const DemoWalletRequest = z.object({ demoToken, venueCode: demoVenueCode }).strict();
export type DemoWalletRequest = z.infer<typeof DemoWalletRequest>;
export const DemoBalance = z.object({ balance: moneyString, expiresAt: z.number().int() });
export type DemoBalance = z.infer<typeof DemoBalance>;
