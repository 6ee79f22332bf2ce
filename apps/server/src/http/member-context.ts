import { ErrorCode } from '@nebula/protocol';
import type { RequestContext } from './request-context';
import { AppError } from '../lib/errors';

/** The member of a member route; the guard already refused requests without one. */
export function requireMember(ctx: RequestContext): { memberId: number; sessionId: string } {
  if (ctx.memberId === null || ctx.sessionId === null) throw new AppError(ErrorCode.AuthRequired);
  return { memberId: ctx.memberId, sessionId: ctx.sessionId };
}
