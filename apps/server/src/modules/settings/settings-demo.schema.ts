import { text } from '@nebula/protocol/rules/text';
import { z } from 'zod';

/** 试玩 (docs/contract.md §6 Demo play): on or off, how long a session lasts, which venues. */
export const demoSettingSchemas = {
  demoEnabled: z.boolean(),
  demoSessionMinutes: z.number().int().min(5).max(240),
  demoVenueCodes: z.array(text().regex(/^[A-Z][A-Z0-9_]{1,15}$/)).max(20),
} as const;

export const DEMO_SETTING_DEFAULTS = {
  demoEnabled: true,
  demoSessionMinutes: 30,
  // The house venue's sportsbook and its game venues (the demo registry's codes).
  demoVenueCodes: ['FBTY', 'XYCP', 'XYZR', 'XYDZ'],
};
