import { defineRoute } from '../core/route';
import { emptyObject } from '../core/common';
import { OperatorIdParams } from '../admin/admin.schemas';
import { operatorsRouteMeta as m } from './operators.meta';
import {
  AdminMe,
  ApprovalIdParams,
  ApprovalPage,
  ApprovalQuery,
  ApprovalRejectRequest,
  ApprovalView,
  OperatorCreateRequest,
  OperatorListQuery,
  OperatorPage,
  OperatorRolePage,
  OperatorRoleQuery,
  OperatorRoleView,
  OperatorUpdateRequest,
  OperatorView,
  RoleCreateRequest,
  RoleIdParams,
  RoleUpdateRequest,
  StepUpRequest,
  StepUpResult,
} from './operators.schemas';

/** The operator-access calls with their schemas; `../routes.ts` joins them into the table. */
export const operatorsRoutes = {
  adminMe: defineRoute(m.adminMe, { response: AdminMe }),
  adminStepUp: defineRoute(m.adminStepUp, { body: StepUpRequest, response: StepUpResult }),
  adminRoles: defineRoute(m.adminRoles, { query: OperatorRoleQuery, response: OperatorRolePage }),
  adminRoleCreate: defineRoute(m.adminRoleCreate, {
    body: RoleCreateRequest,
    response: OperatorRoleView,
  }),
  adminRoleUpdate: defineRoute(m.adminRoleUpdate, {
    params: RoleIdParams,
    body: RoleUpdateRequest,
    response: OperatorRoleView,
  }),
  adminOperators: defineRoute(m.adminOperators, {
    query: OperatorListQuery,
    response: OperatorPage,
  }),
  adminOperatorCreate: defineRoute(m.adminOperatorCreate, {
    body: OperatorCreateRequest,
    response: OperatorView,
  }),
  adminOperatorUpdate: defineRoute(m.adminOperatorUpdate, {
    params: OperatorIdParams,
    body: OperatorUpdateRequest,
    response: OperatorView,
  }),
  adminApprovals: defineRoute(m.adminApprovals, { query: ApprovalQuery, response: ApprovalPage }),
  adminApprovalApprove: defineRoute(m.adminApprovalApprove, {
    params: ApprovalIdParams,
    body: emptyObject,
    response: ApprovalView,
  }),
  adminApprovalReject: defineRoute(m.adminApprovalReject, {
    params: ApprovalIdParams,
    body: ApprovalRejectRequest,
    response: ApprovalView,
  }),
} as const;
