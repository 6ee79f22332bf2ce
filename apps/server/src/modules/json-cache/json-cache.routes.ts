import type { FastifyInstance } from 'fastify';
import { requireMember } from '../../http/member-context';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import type { JsonCacheService } from './json-cache.service';

export function registerJsonCacheRoutes(
  app: FastifyInstance,
  cache: JsonCacheService,
  o: BindOptions,
): void {
  bindRoute(app, 'jsonCacheGet', ({ ctx, params }) => cache.read(ctx.memberId, params.key), o);
  bindRoute(
    app,
    'jsonCacheSet',
    ({ ctx, params, body }) =>
      cache.write(requireMember(ctx).memberId, params.key, body.value, body.ttl),
    o,
  );
}
