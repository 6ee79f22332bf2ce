import type { RouteMeta } from '../core/route';

const member = { auth: 'member', signed: true, tag: 'agent' } as const;
const operator = {
  auth: 'admin',
  signed: false,
  permission: 'agent.manage',
  tag: 'admin-agent',
} as const;
/** Changing or paying a commission is the approving permission's (contract §4.1). */
const payer = { ...operator, permission: 'agent.commission.approve' } as const;

/** Method, path and access of the agent calls (contract §5 Agents); `../route-meta.ts` joins them. */
export const agentRouteMeta = {
  // --- members
  agentStatus: { ...member, method: 'GET', path: '/agent/api/v1/status', summary: '代理状态' },
  agentApply: { ...member, method: 'POST', path: '/agent/api/v1/apply', summary: '申请代理' },
  agentSummary: {
    ...member,
    method: 'GET',
    path: '/agent/api/v1/summary',
    summary: '代理中心',
  },
  agentDownline: { ...member, method: 'GET', path: '/agent/api/v1/downline', summary: '我的下线' },
  agentStatements: {
    ...member,
    method: 'GET',
    path: '/agent/api/v1/statements',
    summary: '佣金报表',
  },
  // --- operators
  adminAgentApplications: {
    ...operator,
    method: 'GET',
    path: '/admin/api/v1/agent/applications',
    summary: '代理申请',
  },
  adminAgentApplicationDecide: {
    ...operator,
    method: 'POST',
    path: '/admin/api/v1/agent/applications/:applicationId/decide',
    summary: '审核申请',
  },
  adminAgentMove: {
    ...operator,
    method: 'POST',
    path: '/admin/api/v1/agent/members/:memberId/move',
    summary: '调整上级',
  },
  adminAgentStatements: {
    ...operator,
    method: 'GET',
    path: '/admin/api/v1/agent/statements',
    summary: '佣金报表',
  },
  adminAgentStatementRun: {
    ...operator,
    method: 'POST',
    path: '/admin/api/v1/agent/statements/run',
    summary: '生成报表',
  },
  adminAgentStatementOverride: {
    ...payer,
    method: 'POST',
    path: '/admin/api/v1/agent/statements/:agentId/:month/amount',
    summary: '调整佣金',
  },
  adminAgentStatementApprove: {
    ...payer,
    method: 'POST',
    path: '/admin/api/v1/agent/statements/:agentId/:month/approve',
    money: true,
    stepUp: 'money',
    fourEyes: { class: 'money', approve: 'agent.commission.approve' },
    summary: '发放佣金',
  },
  adminAgentRules: {
    ...operator,
    method: 'GET',
    path: '/admin/api/v1/agent/rules',
    summary: '佣金规则',
  },
  adminAgentRulesSet: {
    ...operator,
    method: 'POST',
    path: '/admin/api/v1/agent/rules',
    summary: '设置规则',
    // A raise of any tier's rate waits for a second operator (contract §4.1).
    fourEyes: { class: 'promo', approve: 'agent.commission.approve' },
  },
  adminAgentDownline: {
    ...operator,
    method: 'GET',
    path: '/admin/api/v1/agent/members/:memberId/downline',
    summary: '代理的下线',
  },
  adminExportAgentDownline: {
    ...operator,
    method: 'GET',
    path: '/admin/api/v1/exports/agent-downline',
    summary: '导出代理的下线（CSV）',
  },
} as const satisfies Record<string, RouteMeta>;
