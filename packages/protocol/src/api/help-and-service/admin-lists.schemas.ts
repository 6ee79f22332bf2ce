import { z } from 'zod';
import { text } from '../../rules/text';
import { pageOf, paging } from '../core/common';
import { AdminSponsor, HelpCategory, HelpDoc } from './help-and-service.schemas';

/**
 * The operators' help-page and sponsorship lists: paged on the server with their filters, the
 * same filters (without the page) for their CSV exports. The member site's calls are unchanged.
 */

/** A category, part of the slug or the title in any case. */
export const AdminHelpFilter = z
  .object({ category: HelpCategory.optional(), q: text().trim().max(40).optional() })
  .strict();
export type AdminHelpFilter = z.infer<typeof AdminHelpFilter>;
export const AdminHelpQuery = AdminHelpFilter.extend({ ...paging }).strict();
export const AdminHelpPage = pageOf(HelpDoc.omit({ body: true }));

/** Enabled or not, part of the title in any case. */
export const AdminSponsorFilter = z
  .object({
    enabled: z.enum(['true', 'false']).optional(),
    q: text().trim().max(40).optional(),
  })
  .strict();
export type AdminSponsorFilter = z.infer<typeof AdminSponsorFilter>;
export const AdminSponsorQuery = AdminSponsorFilter.extend({ ...paging }).strict();
export const AdminSponsorPage = pageOf(AdminSponsor);
