import { defineRoute } from '../core/route';
import { siteRouteMeta as m } from './site.meta';
import {
  NoticeList,
  NoticeListRequest,
  PopInfo,
  StationAdList,
  SuspensionIconList,
  SuspensionIconRequest,
} from './content.schemas';
import { NamingList, PreInfo, PreInfoRequest, SecKey, SecParams, VvPretty } from './site.schemas';

/** The site bootstrap and content calls with their schemas; `../routes.ts` joins them into the route table. */
export const siteRoutes = {
  preInfo: defineRoute(m.preInfo, { body: PreInfoRequest, response: PreInfo }),
  vvPretty: defineRoute(m.vvPretty, { response: VvPretty }),
  sec: defineRoute(m.sec, { params: SecParams, response: SecKey }),
  noticeList: defineRoute(m.noticeList, { body: NoticeListRequest, response: NoticeList }),
  stationAdList: defineRoute(m.stationAdList, { response: StationAdList }),
  suspensionIcon: defineRoute(m.suspensionIcon, {
    body: SuspensionIconRequest,
    response: SuspensionIconList,
  }),
  popInfo: defineRoute(m.popInfo, { response: PopInfo }),
  namingList: defineRoute(m.namingList, { response: NamingList }),
} as const;
