import { defineRoute } from '../core/route';
import { emptyObject } from '../core/common';
import { activityRouteMeta as m } from './activity.meta';
import {
  ActivityClaimResult,
  ActivityCreateRequest,
  ActivityIdParams,
  ActivityUpdateRequest,
  AdminActivity,
  AdminActivityPage,
  AdminActivityQuery,
  CheckinCalendar,
  CheckinQuery,
  CheckinResult,
  MemberActivity,
  MemberActivityList,
} from './activity.schemas';

/** The activity calls with their schemas; `../routes.ts` joins them into the route table. */
export const activityRoutes = {
  activityList: defineRoute(m.activityList, { response: MemberActivityList }),
  activityDetail: defineRoute(m.activityDetail, {
    params: ActivityIdParams,
    response: MemberActivity,
  }),
  activityApply: defineRoute(m.activityApply, {
    params: ActivityIdParams,
    body: emptyObject,
    response: MemberActivity,
  }),
  activityClaim: defineRoute(m.activityClaim, {
    params: ActivityIdParams,
    body: emptyObject,
    response: ActivityClaimResult,
  }),
  checkinCalendar: defineRoute(m.checkinCalendar, {
    query: CheckinQuery,
    response: CheckinCalendar,
  }),
  checkin: defineRoute(m.checkin, { body: emptyObject, response: CheckinResult }),
  adminActivities: defineRoute(m.adminActivities, {
    query: AdminActivityQuery,
    response: AdminActivityPage,
  }),
  adminActivityCreate: defineRoute(m.adminActivityCreate, {
    body: ActivityCreateRequest,
    response: AdminActivity,
  }),
  adminActivityUpdate: defineRoute(m.adminActivityUpdate, {
    params: ActivityIdParams,
    body: ActivityUpdateRequest,
    response: AdminActivity,
  }),
  adminActivityEnd: defineRoute(m.adminActivityEnd, {
    params: ActivityIdParams,
    body: emptyObject,
    response: AdminActivity,
  }),
};
