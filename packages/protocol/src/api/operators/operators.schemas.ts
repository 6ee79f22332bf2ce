import { z } from 'zod';
import { moneyString, pageOf, paging } from '../core/common';
import { text } from '../../rules/text';
import { ADMIN_PERMISSIONS, STEP_UP_CLASSES } from '../admin/permissions';

/** Operators, roles, step-up and four eyes (contract §4.1). */

export const AdminPermissionName = z.enum(ADMIN_PERMISSIONS);
export const StepUpClassName = z.enum(STEP_UP_CLASSES);

/** Until when (epoch ms) each class's step-up counts for this session; null when none. */
export const StepUpState = z.object({
  money: z.number().int().nullable(),
  settings: z.number().int().nullable(),
  operators: z.number().int().nullable(),
});
export const AdminMe = z.object({
  operatorId: z.number().int(),
  userName: z.string(),
  roleName: z.string(),
  permissions: z.array(AdminPermissionName),
  totpEnabled: z.boolean(),
  stepUpUntil: StepUpState,
  /** The session's idle limit in minutes as the server applies it now (AdminSession's). */
  idleMinutes: z.number().int().positive(),
});

/** Only the authenticator's six digits: a recovery code never counts for a step-up. */
export const StepUpRequest = z
  .object({ class: StepUpClassName, code: z.string().regex(/^\d{6}$/) })
  .strict();
export const StepUpResult = z.object({ class: StepUpClassName, until: z.number().int() });

export const OperatorRoleView = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A superuser role holds every permission, including ones added later. */
  superuser: z.boolean(),
  permissions: z.array(AdminPermissionName),
  operatorCount: z.number().int(),
});
export const OperatorRoleList = z.object({ list: z.array(OperatorRoleView) });
/** The roles list's filters (and its export's): part of the name, a permission a role holds. */
export const OperatorRoleFilter = z
  .object({ q: text().trim().max(32).optional(), permission: AdminPermissionName.optional() })
  .strict();
export type OperatorRoleFilter = z.infer<typeof OperatorRoleFilter>;
export const OperatorRoleQuery = OperatorRoleFilter.extend({ ...paging }).strict();
export const OperatorRolePage = pageOf(OperatorRoleView);
const roleName = text().trim().min(1).max(32);
const permissionList = z.array(AdminPermissionName).max(ADMIN_PERMISSIONS.length);
export const RoleCreateRequest = z.object({ name: roleName, permissions: permissionList }).strict();
export const RoleUpdateRequest = z
  .object({ name: roleName.optional(), permissions: permissionList.optional() })
  .strict();
export const RoleIdParams = z.object({ roleId: z.coerce.number().int().positive() }).strict();

export const OperatorView = z.object({
  id: z.number().int(),
  userName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: z.number().int(),
});
/** The operators list's filters (and its export's): part of the account name, a role, a state. */
export const OperatorListFilter = z
  .object({
    q: text().trim().max(32).optional(),
    roleId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    status: z.enum(['enabled', 'disabled']).optional(),
  })
  .strict();
export type OperatorListFilter = z.infer<typeof OperatorListFilter>;
export const OperatorListQuery = OperatorListFilter.extend({ ...paging }).strict();
export const OperatorPage = pageOf(OperatorView);
export const OperatorCreateRequest = z
  .object({
    userName: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{2,31}$/),
    password: text().min(10).max(128),
    roleId: z.number().int().positive(),
  })
  .strict();
export const OperatorUpdateRequest = z
  .object({ roleId: z.number().int().positive().optional(), disabled: z.boolean().optional() })
  .strict();

export const ApprovalStatus = z.enum(['pending', 'approved', 'rejected', 'expired']);
export const ApprovalView = z.object({
  id: z.number().int(),
  /** The route whose action waits (its name in the route table). */
  action: z.string(),
  target: z.string(),
  payload: z.record(z.string(), z.unknown()),
  amount: moneyString.nullable(),
  requestedBy: z.string(),
  status: ApprovalStatus,
  decidedBy: z.string().nullable(),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  /** The permission an approver needs. */
  approve: AdminPermissionName,
});
export const ApprovalQuery = z.object({ status: ApprovalStatus.optional(), ...paging }).strict();
export const ApprovalPage = pageOf(ApprovalView);
export const ApprovalIdParams = z
  .object({ approvalId: z.coerce.number().int().positive() })
  .strict();
export const ApprovalRejectRequest = z.object({ reason: text().trim().min(1).max(200) }).strict();

export type AdminMe = z.infer<typeof AdminMe>;
export type OperatorRoleView = z.infer<typeof OperatorRoleView>;
export type OperatorView = z.infer<typeof OperatorView>;
export type ApprovalView = z.infer<typeof ApprovalView>;
