import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import type { DemoService } from './demo.service';

/** 试玩 (docs/contract.md §6 Demo play): open to visitors; a member's session feeds the gate. */
export function registerDemoRoutes(app: FastifyInstance, demo: DemoService, o: BindOptions): void {
  bindRoute(app, 'demoInfo', () => demo.info(), o);
  bindRoute(app, 'demoLaunch', ({ ctx, body }) => demo.launch(ctx.memberId, body), o);
  bindRoute(app, 'demoBalance', ({ ctx, body }) => demo.balance(ctx.memberId, body), o);
  bindRoute(app, 'demoReset', ({ ctx, body }) => demo.reset(ctx.memberId, body), o);
}
