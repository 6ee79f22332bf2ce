import { z } from 'zod';
import { text } from '../../rules/text';
import { isPlainOrigin, venueStatuses } from '../../venue/registry';
import { moneyString, pageOf, paging } from '../core/common';
import {
  DialectEnum,
  RecallUnreachable,
  TransferOrder,
  TransferStatusView,
  VenueFamilyEnum,
  venueCodeParam,
} from './venues.schemas';

/**
 * Operators' venue calls (contract §6): the registry (add, edit, reorder, maintenance), transfers
 * left pending by an unknown outcome, and a member's recall. Every change is audited. The
 * merchant secret never appears here: it comes from the environment.
 */

const origin = text().max(200).refine(isPlainOrigin, 'must be an origin like https://host');
const serverUrl = text()
  .max(300)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.search && !u.hash;
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');
const logo = text()
  .max(300)
  .regex(/^(\/static\/[A-Za-z0-9/_.-]+|https:\/\/[^\s]+)$/, 'must be /static/… or https://…');

export const AdminVenue = z.object({
  code: z.string(),
  family: VenueFamilyEnum,
  name: z.string(),
  logo: z.string(),
  dialect: DialectEnum.nullable(),
  origin: z.string(),
  apiUrl: z.string(),
  merchantCode: z.string(),
  status: z.enum(venueStatuses),
  sort: z.number().int(),
  /** Whether this node has the merchant's secret (from the environment). */
  secretConfigured: z.boolean(),
  updatedAt: z.number().int(),
});
export type AdminVenue = z.infer<typeof AdminVenue>;
export const AdminVenueList = z.object({ list: z.array(AdminVenue) });
/**
 * The registry list's filters (and its export's): a family, a state (open or in maintenance),
 * part of the code or the name in any case.
 */
export const AdminVenueFilter = z
  .object({
    family: VenueFamilyEnum.optional(),
    status: z.enum(venueStatuses).optional(),
    q: text().trim().max(40).optional(),
  })
  .strict();
export type AdminVenueFilter = z.infer<typeof AdminVenueFilter>;
export const AdminVenueQuery = AdminVenueFilter.extend({ ...paging }).strict();
/** A page of the registry, with every venue's code in the registry's order (for reordering). */
export const AdminVenuePage = pageOf(AdminVenue).extend({ order: z.array(z.string()) });

export const AdminVenueCreate = z
  .object({
    code: venueCodeParam,
    family: VenueFamilyEnum,
    name: text().trim().min(1).max(40),
    logo,
    /** Null only for the game families (CP, ZR, DZ, QP, BY): TY and DJ need one (8107). */
    dialect: DialectEnum.nullable(),
    origin,
    apiUrl: serverUrl,
    merchantCode: z.string().regex(/^[A-Z][A-Z0-9_]{1,31}$/),
    status: z.enum(venueStatuses).default('open'),
    sort: z.number().int().min(0).max(9999).optional(),
  })
  .strict();
export const AdminVenueUpdate = AdminVenueCreate.omit({ code: true }).partial().strict();
export const AdminVenueParams = z.object({ code: venueCodeParam }).strict();
export const AdminVenueSort = z.object({ codes: z.array(venueCodeParam).min(1).max(200) }).strict();

export const AdminTransferQuery = z
  .object({
    status: TransferStatusView.optional(),
    memberId: z.coerce.number().int().positive().optional(),
    venueCode: venueCodeParam.optional(),
    ...paging,
  })
  .strict();
export const AdminTransfer = TransferOrder.extend({
  memberId: z.number().int(),
  userName: z.string(),
  /** How often the venue was asked about it, and its last answer. */
  attempts: z.number().int(),
  lastCheckedAt: z.number().int().nullable(),
  lastAnswer: z.string().nullable(),
});
export type AdminTransfer = z.infer<typeof AdminTransfer>;
export const AdminTransferPage = pageOf(AdminTransfer);
export const AdminTransferParams = z
  .object({ transferId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) })
  .strict();
export const AdminRecallResult = z.object({
  transfers: z.array(AdminTransfer),
  /** The venues that did not answer: nothing was recalled from them. */
  unreachable: z.array(RecallUnreachable),
});

/** Members' venue debts (contract §6): the venue's word, what was excused, what is held. */
export const AdminVenueDebtQuery = z
  .object({
    memberId: z.coerce.number().int().positive().optional(),
    venueCode: venueCodeParam.optional(),
    ...paging,
  })
  .strict();
export const AdminVenueDebt = z.object({
  memberId: z.number().int(),
  userName: z.string(),
  venueCode: z.string(),
  venueName: z.string(),
  debt: moneyString,
  writtenOff: moneyString,
  /** Held back from the member's withdrawals: debt − writtenOff. */
  held: moneyString,
  syncedAt: z.number().int().nullable(),
});
export type AdminVenueDebt = z.infer<typeof AdminVenueDebt>;
export const AdminVenueDebtPage = pageOf(AdminVenueDebt);
export const AdminVenueDebtParams = z
  .object({ memberId: z.coerce.number().int().positive(), code: venueCodeParam })
  .strict();
