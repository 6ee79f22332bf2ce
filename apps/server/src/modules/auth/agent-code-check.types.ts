import type { Queryable } from '@nebula/db';

/**
 * What registration asks the agents module (contract §5 Agents): whose agent code a code is,
 * and to put the new member under that agent. `modules/agent/agent.service.ts`, bound late
 * in `services.ts`.
 */
export interface AgentCodeCheck {
  agentOfCode(q: Queryable, code: string): Promise<number | null>;
  attach(q: Queryable, memberId: number, agentId: number): Promise<void>;
}
