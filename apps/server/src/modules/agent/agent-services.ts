import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import type { GrantService } from '../rewards/grant.service';
import { AgentService } from './agent.service';
import { AgentWorker } from './agent-worker';
import { CommissionAdminService } from './commission-admin.service';
import { CommissionService } from './commission.service';

/** The agents module's services (contract §5 Agents), wired together for `services.ts`. */
export function createAgentServices(d: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  grants: GrantService;
  log: FastifyBaseLogger;
}) {
  const commission = new CommissionService(d.db, d.clock);
  return {
    commission,
    agents: new AgentService({ db: d.db, clock: d.clock, audit: d.audit, commission }),
    commissionAdmin: new CommissionAdminService({ ...d, commission }),
    agentWorker: new AgentWorker(d.clock, commission, d.log),
  };
}
