import { ErrorCode, type AdminPermission } from '@nebula/protocol';
import { AppError } from '../lib/errors';

/** The operator of an operator route, as the operator guard found them (read per request). */
export interface Operator {
  operatorId: number;
  userName: string;
  roleId: number;
  roleName: string;
  /** What the operator's role holds now: read on each request, never cached longer. */
  permissions: ReadonlySet<AdminPermission>;
  /** Logged in without the second factor the site requires: only enrolment is open. */
  enrolOnly: boolean;
  hasTotp: boolean;
  /** A passkey counts as a second factor on its own (docs/contract.md §4.1). */
  hasPasskey: boolean;
  /** The session's token hash: step-ups are bound to the session. */
  sessionHash: Buffer;
  /**
   * Minutes without a request after which this session ends: the consoleIdleMinutes setting,
   * never above CONSOLE_IDLE_MINUTES. Reported to the console so its own timer agrees.
   */
  idleMinutes: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
  }
}

/** The operator of an operator route; the guard already refused requests without one. */
export function requireOperator(op: Operator | null): Operator {
  if (!op) throw new AppError(ErrorCode.AdminAuthRequired);
  return op;
}

export function hasPermission(op: Operator, permission: AdminPermission): boolean {
  return op.permissions.has(permission);
}
