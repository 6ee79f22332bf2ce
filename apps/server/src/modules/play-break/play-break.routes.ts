import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import type { PlayBreakService } from './play-break.service';

export function registerPlayBreakRoutes(
  app: FastifyInstance,
  breaks: PlayBreakService,
  o: BindOptions,
): void {
  bindRoute(app, 'playBreak', ({ ctx }) => breaks.status(requireMember(ctx).memberId), o);
  bindRoute(
    app,
    'playBreakSet',
    ({ ctx, body }) => breaks.start(requireMember(ctx).memberId, body, ctx.ip),
    o,
  );
}
