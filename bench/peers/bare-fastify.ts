import Fastify from 'fastify';

/**
 * The peer for bench:api: bare Fastify answering the same JSON our routes answer, with no
 * checks at all. BODIES is a JSON object of path → body text. To compare like with like, it
 * runs in the same mode as ours (NODE_ENV and LOG_LEVEL from the bench, pino at that level)
 * and returns the data as an object, serialized per request as any Fastify route does, rather
 * than a pre-rendered string.
 */
const bodies = JSON.parse(process.env.BODIES ?? '{}') as Record<string, string>;
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
for (const [url, body] of Object.entries(bodies)) {
  const data = JSON.parse(body) as unknown;
  // A promise, as an async route handler returns one.
  const handler = () => Promise.resolve(data);
  app.get(url, handler);
  app.post(url, handler);
}
await app.listen({ host: '127.0.0.1', port: 0 });
const addr = app.server.address();
process.stdout.write(
  `peer running at http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}\n`,
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
