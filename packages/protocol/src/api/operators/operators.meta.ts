import type { RouteMeta } from '../core/route';

const admin = { auth: 'admin', signed: false, tag: 'operators' } as const;

/**
 * Operators, roles, step-up and four-eyes requests (contract §2.1 operator API); each route
 * names its permission like every operator route; `../route-meta.ts` joins them.
 */
export const operatorsRouteMeta = {
  adminMe: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/me',
    permission: 'self',
    summary: '当前运营人员（角色、权限、二次验证）',
  },
  adminStepUp: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/stepUp',
    permission: 'self',
    summary: '二次验证（按操作类别，5 分钟有效）',
  },
  adminRoles: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/roles',
    permission: 'operator.manage',
    summary: '运营角色列表',
  },
  adminRoleCreate: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/roles',
    permission: 'operator.manage',
    stepUp: 'operators',
    summary: '新建运营角色',
  },
  adminRoleUpdate: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/roles/:roleId',
    permission: 'operator.manage',
    stepUp: 'operators',
    summary: '修改运营角色（名称、权限）',
  },
  adminOperators: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/operators',
    permission: 'operator.manage',
    summary: '运营人员列表',
  },
  adminOperatorCreate: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/operators',
    permission: 'operator.manage',
    stepUp: 'operators',
    summary: '新建运营人员',
  },
  adminOperatorUpdate: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/operators/:operatorId',
    permission: 'operator.manage',
    stepUp: 'operators',
    summary: '分配角色、停用或启用运营人员',
  },
  adminApprovals: {
    ...admin,
    method: 'GET',
    path: '/admin/api/v1/approvals',
    permission: 'self',
    summary: '复核请求（双人复核）',
  },
  adminApprovalApprove: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/approvals/:approvalId/approve',
    permission: 'self',
    summary: '批准复核请求（执行一次）',
  },
  adminApprovalReject: {
    ...admin,
    method: 'POST',
    path: '/admin/api/v1/approvals/:approvalId/reject',
    permission: 'self',
    summary: '驳回复核请求',
  },
} as const satisfies Record<string, RouteMeta>;
