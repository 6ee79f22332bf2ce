import { ErrorCode, type OperatorRole } from '@nebula/protocol';
import { AppError } from '../lib/errors';

/** The operator of an operator route, as the operator guard found them. */
export interface Operator {
  operatorId: number;
  userName: string;
  role: OperatorRole;
  /** Logged in without the second factor the site requires: only enrolment is open. */
  enrolOnly: boolean;
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
