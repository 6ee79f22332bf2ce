import { z } from 'zod';
import { FeedbackStatus } from '../help-and-service/mail-and-feedback.schemas';
import { venueCodeParam } from '../venues/venues.schemas';

/**
 * The filters of the registry and service-desk CSV exports: each is its list's filters without
 * the paging, so the file holds what the list shows. The other registries (help pages,
 * sponsors, roles, VIP table, …) are whole lists without filters.
 */
export const FeedbackExportQuery = z.object({ status: FeedbackStatus.optional() }).strict();
export const VenueDebtExportQuery = z
  .object({
    memberId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    venueCode: venueCodeParam.optional(),
  })
  .strict();
