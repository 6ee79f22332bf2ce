import { defineRoute } from '../core/route';
import { MemberIdParams, emptyObject } from '../core/common';
import { agentRouteMeta as m } from './agent.meta';
import {
  AdminDownlinePage,
  AdminDownlineQuery,
  AgentDownlineExportQuery,
  AgentApplication,
  AgentApplyRequest,
  AgentMoveRequest,
  AgentMoveResult,
  AgentStatus,
  AgentSummary,
  AgentApplicationDecideRequest,
  AgentApplicationIdParams,
  AgentApplicationPage,
  AgentApplicationQuery,
  CommissionRules,
  CommissionRulesSetRequest,
  CommissionStatement,
  DownlinePage,
  DownlineQuery,
  CommissionOverrideRequest,
  CommissionStatementPage,
  CommissionStatementParams,
  CommissionStatementQuery,
  CommissionRunRequest,
  CommissionRunResult,
} from './agent.schemas';
import { paging } from '../core/common';
import { z } from 'zod';
import { CsvText } from '../reports/reports.schemas';

const PageQuery = z.object(paging).strict();

/** The agent calls with their schemas; `../routes.ts` joins them into the route table. */
export const agentRoutes = {
  agentStatus: defineRoute(m.agentStatus, { response: AgentStatus }),
  agentApply: defineRoute(m.agentApply, { body: AgentApplyRequest, response: AgentStatus }),
  agentSummary: defineRoute(m.agentSummary, { response: AgentSummary }),
  agentDownline: defineRoute(m.agentDownline, { query: DownlineQuery, response: DownlinePage }),
  agentStatements: defineRoute(m.agentStatements, {
    query: PageQuery,
    response: CommissionStatementPage,
  }),
  adminAgentApplications: defineRoute(m.adminAgentApplications, {
    query: AgentApplicationQuery,
    response: AgentApplicationPage,
  }),
  adminAgentApplicationDecide: defineRoute(m.adminAgentApplicationDecide, {
    params: AgentApplicationIdParams,
    body: AgentApplicationDecideRequest,
    response: AgentApplication,
  }),
  adminAgentMove: defineRoute(m.adminAgentMove, {
    params: MemberIdParams,
    body: AgentMoveRequest,
    response: AgentMoveResult,
  }),
  adminAgentStatements: defineRoute(m.adminAgentStatements, {
    query: CommissionStatementQuery,
    response: CommissionStatementPage,
  }),
  adminAgentStatementRun: defineRoute(m.adminAgentStatementRun, {
    body: CommissionRunRequest,
    response: CommissionRunResult,
  }),
  adminAgentStatementOverride: defineRoute(m.adminAgentStatementOverride, {
    params: CommissionStatementParams,
    body: CommissionOverrideRequest,
    response: CommissionStatement,
  }),
  adminAgentStatementApprove: defineRoute(m.adminAgentStatementApprove, {
    params: CommissionStatementParams,
    body: emptyObject,
    response: CommissionStatement,
  }),
  adminAgentRules: defineRoute(m.adminAgentRules, { response: CommissionRules }),
  adminAgentRulesSet: defineRoute(m.adminAgentRulesSet, {
    body: CommissionRulesSetRequest,
    response: CommissionRules,
  }),
  adminAgentDownline: defineRoute(m.adminAgentDownline, {
    params: MemberIdParams,
    query: AdminDownlineQuery,
    response: AdminDownlinePage,
  }),
  adminExportAgentDownline: defineRoute(m.adminExportAgentDownline, {
    query: AgentDownlineExportQuery,
    response: CsvText,
  }),
};
