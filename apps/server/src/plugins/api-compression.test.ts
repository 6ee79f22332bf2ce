import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressApiRoutesOurselves } from './api-compression';
import { COMPRESS_OPTIONS } from './security';

/**
 * The API's own compression against @fastify/compress as the app registers it: the same routes
 * on two apps, one with our hook for API paths (as security.ts wires it), one with the plugin
 * alone, must answer every Accept-Encoding alike — headers and decoded bodies.
 */
const row = (i: number) => ({ id: i, title: `公告 ${i}`, content: '欢迎来到星云'.repeat(4) });
const sized = (n: number) => ({
  status_code: 6000,
  data: { list: Array.from({ length: n }, (_, i) => row(i)) },
});
const ANSWERS = {
  small: sized(2), // ~250 bytes
  near: sized(7), // 465 characters, 829 bytes: past the length read, under the floor
  wide: sized(10), // 648 characters, 1,168 bytes: under the floor in characters, not in bytes
  mid: sized(40), // ~4 KB: compressed in one go, with a Content-Length
  big: sized(400), // ~40 KB: streamed
};

async function build(ours: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  if (ours) compressApiRoutesOurselves(app);
  await app.register(compress, COMPRESS_OPTIONS);
  for (const [name, body] of Object.entries(ANSWERS)) {
    app.post(`/site/api/v1/test/${name}`, () => Promise.resolve(body));
  }
  app.get('/site/api/v1/test/csv', async (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .send(Readable.from(['a,b\n', '1,2\n'.repeat(50)])),
  );
  app.get('/site/api/v1/test/done', async (_req, reply) =>
    reply.header('content-encoding', 'gzip').send(Buffer.alloc(2000, 1)),
  );
  app.get('/site/api/v1/test/reply-compress', async (_req, reply) => ({
    has: reply.compress !== null,
  }));
  app.get('/page', async (_req, reply) => reply.type('text/html').send('<p>x</p>'.repeat(500)));
  return app;
}

let ours: FastifyInstance;
let plugin: FastifyInstance;
beforeAll(async () => {
  [ours, plugin] = await Promise.all([build(true), build(false)]);
});
afterAll(async () => {
  await Promise.all([ours.close(), plugin.close()]);
});

function decode(encoding: string | undefined, raw: Buffer): string {
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'deflate') return inflateSync(raw).toString();
  return raw.toString();
}

const ACCEPTS = [
  undefined,
  'gzip',
  'br',
  'deflate',
  'gzip, deflate, br',
  '*',
  'x-gzip',
  'identity',
  'gzip;q=0.5, br;q=1',
  'br;q=0, gzip;q=0.2',
  'br;q=0, gzip;q=0, deflate;q=0',
  'compress',
  'GZIP',
];

describe('API compression', () => {
  it.each(['small', 'near', 'wide', 'mid', 'big', 'csv', 'done', 'page'])(
    'answers %s like @fastify/compress for every Accept-Encoding',
    async (name) => {
      const method = name in ANSWERS ? 'POST' : 'GET';
      const url = name === 'page' ? '/page' : `/site/api/v1/test/${name}`;
      for (const accept of ACCEPTS) {
        for (const extra of [{}, { 'x-no-compression': '1' }]) {
          const headers = { ...(accept ? { 'accept-encoding': accept } : {}), ...extra };
          const [a, b] = await Promise.all(
            [ours, plugin].map((app) => app.inject({ method, url, headers })),
          );
          const what = `${name} with ${accept ?? 'no Accept-Encoding'} ${JSON.stringify(extra)}`;
          expect(a!.statusCode, what).toBe(b!.statusCode);
          for (const h of ['content-encoding', 'vary', 'content-type', 'content-length'])
            expect(a!.headers[h], `${h}: ${what}`).toEqual(b!.headers[h]);
          const enc = a!.headers['content-encoding'];
          if (name !== 'done')
            expect(decode(enc, a!.rawPayload), what).toBe(decode(enc, b!.rawPayload));
        }
      }
    },
  );

  it('compresses a mid-sized answer with a Content-Length and a big one as a stream', async () => {
    const headers = { 'accept-encoding': 'gzip' };
    const mid = await ours.inject({ method: 'POST', url: '/site/api/v1/test/mid', headers });
    expect(mid.headers['content-encoding']).toBe('gzip');
    expect(Number(mid.headers['content-length'])).toBe(mid.rawPayload.length);
    expect(JSON.parse(gunzipSync(mid.rawPayload).toString())).toEqual(ANSWERS.mid);
    const big = await ours.inject({ method: 'POST', url: '/site/api/v1/test/big', headers });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers['content-length']).toBeUndefined();
    expect(JSON.parse(gunzipSync(big.rawPayload).toString())).toEqual(ANSWERS.big);
    for (const name of ['small', 'near']) {
      const plain = await ours.inject({
        method: 'POST',
        url: `/site/api/v1/test/${name}`,
        headers,
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
      expect(plain.json()).toEqual(ANSWERS[name as keyof typeof ANSWERS]);
    }
    const wide = await ours.inject({ method: 'POST', url: '/site/api/v1/test/wide', headers });
    expect(wide.headers['content-encoding']).toBe('gzip');
  });

  it("runs none of the plugin's hooks on an API route, and all of them on a page", async () => {
    // The plugin's onRequest hook is what sets reply.compress on a route it handles.
    const api = await ours.inject({ method: 'GET', url: '/site/api/v1/test/reply-compress' });
    expect(api.json()).toEqual({ has: false });
    const withPlugin = await plugin.inject({
      method: 'GET',
      url: '/site/api/v1/test/reply-compress',
    });
    expect(withPlugin.json()).toEqual({ has: true });
  });
});
