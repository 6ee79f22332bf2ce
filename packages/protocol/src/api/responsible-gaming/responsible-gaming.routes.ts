import { MemberIdParams, emptyObject } from '../core/common';
import { defineRoute } from '../core/route';
import { responsibleGamingRouteMeta as m } from './responsible-gaming.meta';
import {
  AdminLimitSetRequest,
  AdminMemberLimits,
  LimitRequest,
  LimitRequestParams,
  LimitsReview,
  PlayLimitSetRequest,
  PlayLimits,
  RealityCheck,
  RealityCheckSetRequest,
  Statement,
  StatementQuery,
} from './responsible-gaming.schemas';
import {
  SelfExclusionAddRequest,
  SelfExclusionEntryParams,
  SelfExclusionList,
  SelfExclusionRemoveRequest,
} from './self-exclusion.schemas';

/** Responsible-gambling calls with their schemas (contract §5). */
export const responsibleGamingRoutes = {
  limitRequestConfirm: defineRoute(m.limitRequestConfirm, {
    params: LimitRequestParams,
    body: emptyObject,
    response: LimitRequest,
  }),
  limitRequestCancel: defineRoute(m.limitRequestCancel, {
    params: LimitRequestParams,
    body: emptyObject,
    response: LimitRequest,
  }),
  playLimits: defineRoute(m.playLimits, { response: PlayLimits }),
  playLimitSet: defineRoute(m.playLimitSet, { body: PlayLimitSetRequest, response: PlayLimits }),
  limitsReview: defineRoute(m.limitsReview, { response: LimitsReview }),
  limitsReviewDone: defineRoute(m.limitsReviewDone, { body: emptyObject, response: LimitsReview }),
  realityCheck: defineRoute(m.realityCheck, { response: RealityCheck }),
  realityCheckSet: defineRoute(m.realityCheckSet, {
    body: RealityCheckSetRequest,
    response: RealityCheck,
  }),
  realityCheckAck: defineRoute(m.realityCheckAck, { body: emptyObject, response: RealityCheck }),
  realityCheckExit: defineRoute(m.realityCheckExit, { body: emptyObject, response: RealityCheck }),
  statement: defineRoute(m.statement, { query: StatementQuery, response: Statement }),
  adminMemberLimits: defineRoute(m.adminMemberLimits, {
    params: MemberIdParams,
    response: AdminMemberLimits,
  }),
  adminMemberLimitSet: defineRoute(m.adminMemberLimitSet, {
    params: MemberIdParams,
    body: AdminLimitSetRequest,
    response: AdminMemberLimits,
  }),
  adminSelfExclusionList: defineRoute(m.adminSelfExclusionList, { response: SelfExclusionList }),
  adminSelfExclusionAdd: defineRoute(m.adminSelfExclusionAdd, {
    body: SelfExclusionAddRequest,
    response: SelfExclusionList,
  }),
  adminSelfExclusionRemove: defineRoute(m.adminSelfExclusionRemove, {
    params: SelfExclusionEntryParams,
    body: SelfExclusionRemoveRequest,
    response: SelfExclusionList,
  }),
};
