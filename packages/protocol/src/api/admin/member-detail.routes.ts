import { defineRoute } from '../core/route';
import { MemberIdParams } from '../core/common';
import { BetPage, BetsQuery } from '../venues/venues.schemas';
import { RecordPage, RecordsQuery } from '../wallet/wallet.schemas';
import { memberDetailRouteMeta as m } from './member-detail.meta';
import {
  AdminLoginPage,
  AdminMemberDetail,
  AdminMemberDeviceList,
  AdminDevicesQuery,
  AdminLoginsQuery,
  AdminNotesQuery,
  EndSessionsRequest,
  EndSessionsResult,
  MemberNote,
  MemberNotePage,
  MemberNoteRequest,
} from './member-detail.schemas';

/** The member detail page's calls with their schemas; `../routes.ts` joins them. */
export const memberDetailRoutes = {
  adminMemberDetail: defineRoute(m.adminMemberDetail, {
    params: MemberIdParams,
    response: AdminMemberDetail,
  }),
  adminMemberLedger: defineRoute(m.adminMemberLedger, {
    params: MemberIdParams,
    query: RecordsQuery,
    response: RecordPage,
  }),
  adminMemberBets: defineRoute(m.adminMemberBets, {
    params: MemberIdParams,
    query: BetsQuery,
    response: BetPage,
  }),
  adminMemberLogins: defineRoute(m.adminMemberLogins, {
    params: MemberIdParams,
    query: AdminLoginsQuery,
    response: AdminLoginPage,
  }),
  adminMemberDevices: defineRoute(m.adminMemberDevices, {
    params: MemberIdParams,
    query: AdminDevicesQuery,
    response: AdminMemberDeviceList,
  }),
  adminMemberNotes: defineRoute(m.adminMemberNotes, {
    params: MemberIdParams,
    query: AdminNotesQuery,
    response: MemberNotePage,
  }),
  adminMemberNoteAdd: defineRoute(m.adminMemberNoteAdd, {
    params: MemberIdParams,
    body: MemberNoteRequest,
    response: MemberNote,
  }),
  adminMemberSessionsEnd: defineRoute(m.adminMemberSessionsEnd, {
    params: MemberIdParams,
    body: EndSessionsRequest,
    response: EndSessionsResult,
  }),
} as const;
