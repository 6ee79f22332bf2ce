import { z } from 'zod';
import { text } from '../../rules/text';

/**
 * The self-exclusion register's built-in list (contract §5): identities an operator entered —
 * a user name or a phone number (digits with the country code) — refused at registration and
 * login and left out of marketing pushes. Adding and removing are audited.
 */
export const SelfExclusionIdentityKind = z.enum(['userName', 'phone']);
export type SelfExclusionIdentityKind = z.infer<typeof SelfExclusionIdentityKind>;
export const SelfExclusionEntry = z.object({
  id: z.number().int(),
  kind: SelfExclusionIdentityKind,
  value: z.string(),
  reason: z.string(),
  addedBy: z.string(),
  addedAt: z.number().int(),
});
export type SelfExclusionEntry = z.infer<typeof SelfExclusionEntry>;
export const SelfExclusionList = z.object({ list: z.array(SelfExclusionEntry) });
export type SelfExclusionList = z.infer<typeof SelfExclusionList>;
export const SelfExclusionAddRequest = z
  .object({
    kind: SelfExclusionIdentityKind,
    value: text().trim().min(1).max(64),
    reason: text().trim().min(1).max(200),
  })
  .strict();
export type SelfExclusionAddRequest = z.infer<typeof SelfExclusionAddRequest>;
export const SelfExclusionRemoveRequest = z
  .object({ reason: text().trim().min(1).max(200) })
  .strict();
export const SelfExclusionEntryParams = z
  .object({
    entryId: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 53 - 1),
  })
  .strict();
