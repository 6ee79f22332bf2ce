import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { requireOperator } from '../../http/operator-context';
import { bindMoneyRoute, bindRoute, type BindOptions } from '../../http/route-binder';
import type { FourEyesGate } from '../../http/four-eyes-gate';
import type { AgentService } from './agent.service';
import type { CommissionAdminService } from './commission-admin.service';

export function registerAgentRoutes(
  app: FastifyInstance,
  s: { agents: AgentService; commissionAdmin: CommissionAdminService; approvals: FourEyesGate },
  o: BindOptions,
): void {
  bindRoute(app, 'agentStatus', ({ ctx }) => s.agents.status(requireMember(ctx).memberId), o);
  bindRoute(
    app,
    'agentApply',
    ({ ctx, body }) => s.agents.apply(requireMember(ctx).memberId, body),
    o,
  );
  bindRoute(app, 'agentSummary', ({ ctx }) => s.agents.summary(requireMember(ctx).memberId), o);
  bindRoute(
    app,
    'agentDownline',
    ({ ctx, query }) => s.agents.downline(requireMember(ctx).memberId, query),
    o,
  );
  bindRoute(
    app,
    'agentStatements',
    ({ ctx, query }) => s.agents.statements(requireMember(ctx).memberId, query),
    o,
  );
  bindRoute(app, 'adminAgentApplications', ({ query }) => s.agents.applications(query), o);
  bindRoute(
    app,
    'adminAgentApplicationDecide',
    ({ req, params, body }) =>
      s.agents.decide(requireOperator(req.operator), params.applicationId, body),
    o,
  );
  bindRoute(
    app,
    'adminAgentMove',
    ({ req, params, body }) =>
      s.agents.move(requireOperator(req.operator), params.memberId, body.agentId),
    o,
  );
  bindRoute(app, 'adminAgentStatements', ({ query }) => s.commissionAdmin.page(query), o);
  bindRoute(app, 'adminAgentStatementRun', ({ body }) => s.commissionAdmin.run(body.month), o);
  bindRoute(
    app,
    'adminAgentStatementOverride',
    ({ req, params, body }) =>
      s.commissionAdmin.override(requireOperator(req.operator), params.agentId, params.month, body),
    o,
  );
  bindMoneyRoute(
    app,
    'adminAgentStatementApprove',
    'ledger',
    async ({ req, params, body, unit }) => {
      // Above the money threshold the payout waits for a second operator (contract §4.1).
      const op = requireOperator(req.operator);
      await s.approvals.gate(
        op,
        'adminAgentStatementApprove',
        `statement:${params.agentId}:${params.month}`,
        { asset: 'CNY', units: await s.commissionAdmin.payoutValue(params.agentId, params.month) },
        { params, body },
      );
      return unit.commit((q) => s.commissionAdmin.approve(q, op, params.agentId, params.month));
    },
    o,
  );
  bindRoute(app, 'adminAgentRules', () => s.commissionAdmin.rules(), o);
  bindRoute(
    app,
    'adminAgentRulesSet',
    async ({ req, body }) => {
      const op = requireOperator(req.operator);
      const raises = await s.commissionAdmin.rulesRaise(body);
      await s.approvals.gateRaise(op, 'adminAgentRulesSet', 'agent:rules', raises, { body });
      return s.commissionAdmin.setRules(op, body);
    },
    o,
  );
  bindRoute(
    app,
    'adminAgentDownline',
    ({ params, query }) => s.agents.adminDownline(params.memberId, query),
    o,
  );
}
