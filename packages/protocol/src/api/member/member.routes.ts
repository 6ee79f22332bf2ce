import { z } from 'zod';
import { defineRoute } from '../core/route';
import { memberRouteMeta as m } from './member.meta';
import { CodeSent, MemberJwt, WebTerminalRequest } from '../auth/auth.schemas';
import { emptyObject, pageOf, paging } from '../core/common';
import {
  DeviceRemoveRequest,
  FundPasswordSetRequest,
  LoginRecord,
  MemberInfo,
  MemberInfoRequest,
  PhoneBindRequest,
  ProfileUpdateRequest,
  RealNameInfo,
  RealNameSubmitRequest,
  SecurityOverview,
  SmsSendRequest,
} from './member.schemas';

/** The member profile and security centre calls with their schemas; `../routes.ts` joins them into the route table. */
export const memberRoutes = {
  memberInfo: defineRoute(m.memberInfo, { body: MemberInfoRequest, response: MemberInfo }),
  memberJwt: defineRoute(m.memberJwt, { response: MemberJwt }),
  webTerminal: defineRoute(m.webTerminal, { body: WebTerminalRequest, response: z.null() }),
  // profile and security centre
  profileUpdate: defineRoute(m.profileUpdate, {
    body: ProfileUpdateRequest,
    response: MemberInfo,
  }),
  smsSend: defineRoute(m.smsSend, { body: SmsSendRequest, response: CodeSent }),
  phoneBind: defineRoute(m.phoneBind, { body: PhoneBindRequest, response: MemberInfo }),
  realNameSubmit: defineRoute(m.realNameSubmit, {
    body: RealNameSubmitRequest,
    response: RealNameInfo,
  }),
  realNameStatus: defineRoute(m.realNameStatus, { response: RealNameInfo }),
  fundPasswordSet: defineRoute(m.fundPasswordSet, {
    body: FundPasswordSetRequest,
    response: z.null(),
  }),
  securityOverview: defineRoute(m.securityOverview, { response: SecurityOverview }),
  loginHistory: defineRoute(m.loginHistory, {
    query: z.object({ ...paging }).strict(),
    response: pageOf(LoginRecord),
  }),
  deviceRemove: defineRoute(m.deviceRemove, {
    body: DeviceRemoveRequest,
    response: z.null(),
  }),
  logoutAll: defineRoute(m.logoutAll, { body: emptyObject, response: z.null() }),
} as const;
