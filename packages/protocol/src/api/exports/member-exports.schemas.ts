import { z } from 'zod';
import {
  AdminDevicesQuery,
  AdminLoginsQuery,
  AdminNotesQuery,
} from '../admin/member-detail.schemas';
import { BetsQuery } from '../venues/venues.schemas';
import { RecordsQuery } from '../wallet/wallet.schemas';

/**
 * The filters of the member detail sub-list exports: the list's own filters without the paging,
 * plus the member (the list's path parameter), so the file holds what the list shows.
 */
const member = { memberId: z.coerce.number().int().positive().max(2_147_483_647) };
const noPaging = { page: true, pageSize: true } as const;

export const MemberLedgerExportQuery = RecordsQuery.omit(noPaging).extend(member).strict();
export const MemberBetsExportQuery = BetsQuery.omit(noPaging).extend(member).strict();
export const MemberLoginsExportQuery = AdminLoginsQuery.omit(noPaging).extend(member).strict();
export const MemberDevicesExportQuery = AdminDevicesQuery.omit(noPaging).extend(member).strict();
export const MemberNotesExportQuery = AdminNotesQuery.omit(noPaging).extend(member).strict();
export type MemberLedgerExportQuery = z.infer<typeof MemberLedgerExportQuery>;
export type MemberBetsExportQuery = z.infer<typeof MemberBetsExportQuery>;
export type MemberLoginsExportQuery = z.infer<typeof MemberLoginsExportQuery>;
export type MemberDevicesExportQuery = z.infer<typeof MemberDevicesExportQuery>;
export type MemberNotesExportQuery = z.infer<typeof MemberNotesExportQuery>;
