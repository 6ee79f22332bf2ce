import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ErrorCode } from '@nebula/protocol';
import { fail } from '../lib/envelope';

export interface OpenApiOptions {
  /** Whether the docs are served now: `DOCS=on` (the default outside production) or the operator's `apiDocs` setting. */
  enabled: () => boolean;
  /** Production keeps swagger-ui's `upgrade-insecure-requests`; over plain http it would break the page. */
  production: boolean;
}

/**
 * The OpenAPI document is generated from the protocol route table (every bound route carries
 * its zod schemas) and served at /docs/openapi.json, with a browsable page at /docs. A
 * production site does not publish its API map unless an operator says so: while disabled,
 * every /docs path answers the unknown-path 404 envelope.
 */
export async function registerOpenApi(app: FastifyInstance, o: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Nebula platform API',
        description:
          'Every handled outcome is HTTP 200 with { status_code, message, data }; 6000 is success. ' +
          'Signed calls carry X-Sign/X-Timestamp (see contract §2).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'X-API-TOKEN' },
          admin: { type: 'apiKey', in: 'header', name: 'X-Admin-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    docs.addHook('onRequest', (_req, reply, done) => {
      if (o.enabled()) return done();
      void reply.status(404).send(fail(ErrorCode.Common, '接口不存在'));
    });
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      transformStaticCSP: (header) =>
        o.production ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
    });
    docs.get('/docs/openapi.json', { schema: { hide: true } }, () => app.swagger());
  });
}
