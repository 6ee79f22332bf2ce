import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the protocol route table (every bound route carries
 * its zod schemas) and served at /docs/openapi.json, with a browsable page at /docs.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
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
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
  app.get('/docs/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
