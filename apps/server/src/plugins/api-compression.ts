import { availableParallelism } from 'node:os';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  RouteOptions,
} from 'fastify';
import { isApiPath } from './error-handler';

/**
 * Response compression for the API's routes, in one onSend hook of ours: @fastify/compress adds
 * an onRequest and an onSend hook to every route, and its onSend reads four headers and
 * negotiates before it looks at the size — work paid on every small signed call
 * (docs/benchmarks.md, "## api"). Here an answer under the floor returns at once, from its
 * length; a bigger one, and any stream (a CSV export), gets what the plugin gave it: the same
 * negotiation (its own negotiator, `*` and x-gzip read as gzip, the plugin's preference order),
 * the same refusals (x-no-compression, partial content, already encoded, a type that does not
 * compress), brotli at quality 4, and the same split between compressing in one go (with a
 * Content-Length) and streaming (without). Pages and files keep the plugin (security.ts).
 */

/** Below ~1 KB a compressed body saves less than it costs (and fits one packet anyway). */
export const COMPRESS_THRESHOLD = 1024;
/** A UTF-16 unit is at most 3 bytes of UTF-8: a string this short is under the floor. */
const SURELY_SMALL = Math.ceil(COMPRESS_THRESHOLD / 3);
/** The plugin's: up to this size in one call, above it a stream (so the loop is not held). */
const SYNC_LIMIT = Math.min(
  Math.max(65536 >> (3 * (Math.min(availableParallelism(), 4) - 1)), 4096),
  65536,
);

type Encoding = 'zstd' | 'br' | 'gzip' | 'deflate';

/** On-the-fly brotli at its default quality 11 costs far more CPU than it saves. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

const zstd = zlib as unknown as {
  zstdCompressSync?: (b: Buffer) => Buffer;
  createZstdCompress?: () => zlib.Gzip;
};
/** The plugin's order of preference; zstd where this Node has it. */
const ENCODINGS: string[] = [
  ...(zstd.createZstdCompress ? ['zstd'] : []),
  'br',
  'gzip',
  'deflate',
  'identity',
];

const compressSync: Record<Encoding, (b: Buffer) => Buffer> = {
  zstd: (b) => zstd.zstdCompressSync!(b),
  br: (b) => zlib.brotliCompressSync(b, BROTLI),
  gzip: (b) => zlib.gzipSync(b),
  deflate: (b) => zlib.deflateSync(b),
};
const compressStream: Record<Encoding, () => zlib.Gzip | zlib.BrotliCompress> = {
  zstd: () => zstd.createZstdCompress!(),
  br: () => zlib.createBrotliCompress(BROTLI),
  gzip: () => zlib.createGzip(),
  deflate: () => zlib.createDeflate(),
};

const COMPRESSIBLE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;
const GZIP_ALIAS = /\*|x-gzip/gu;

/** The encoding to answer in, or null for none (no header, identity, or nothing acceptable). */
function encodingFor(req: FastifyRequest, reply: FastifyReply): Encoding | null {
  const encoded = reply.getHeader('content-encoding');
  if (encoded && encoded !== 'identity') return null;
  if (req.headers['x-no-compression'] !== undefined) return null;
  if (reply.statusCode === 206 || reply.getHeader('content-range') !== undefined) return null;
  const type = reply.getHeader('content-type');
  if (!COMPRESSIBLE.test(typeof type === 'string' ? type : 'application/json')) return null;
  const accept = req.headers['accept-encoding'];
  if (accept === undefined) return null;
  const chosen = negotiate(accept.toLowerCase().replace(GZIP_ALIAS, 'gzip'), ENCODINGS);
  return chosen === null || chosen === undefined || chosen === 'identity'
    ? null
    : (chosen as Encoding);
}

function markEncoded(reply: FastifyReply, encoding: Encoding): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else {
    const values = Array.isArray(vary) ? vary.map(String) : [String(vary)];
    if (!values.some((v) => v.includes('accept-encoding')))
      reply.header('vary', [...values, 'accept-encoding'].join(', '));
  }
  reply.header('content-encoding', encoding);
}

function isStream(payload: unknown): payload is Readable {
  return typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
}

export const compressApiAnswer: onSendHookHandler = (req, reply, payload, done) => {
  // The common case first: a small answer costs one length read.
  if (typeof payload === 'string') {
    if (
      payload.length < SURELY_SMALL ||
      (payload.length < COMPRESS_THRESHOLD && Buffer.byteLength(payload) < COMPRESS_THRESHOLD)
    )
      return done(null, payload);
  } else if (Buffer.isBuffer(payload)) {
    if (payload.length < COMPRESS_THRESHOLD) return done(null, payload);
  } else if (!isStream(payload)) return done(null, payload);

  const encoding = encodingFor(req, reply);
  if (encoding === null) return done(null, payload);
  if (isStream(payload) || Buffer.byteLength(payload) > SYNC_LIMIT) {
    const source = isStream(payload) ? payload : null;
    const stream = compressStream[encoding]();
    markEncoded(reply, encoding);
    reply.removeHeader('content-length');
    // A failed source or compressor ends the answer, as the plugin's pipeline did.
    if (source) pipeline(source, stream, (err) => err && reply.raw.destroy(err));
    else stream.end(payload as string | Buffer);
    return done(null, stream);
  }
  let compressed: Buffer;
  try {
    const raw = payload;
    compressed = compressSync[encoding](typeof raw === 'string' ? Buffer.from(raw) : raw);
  } catch (err) {
    return done(err as Error);
  }
  markEncoded(reply, encoding);
  reply.header('content-length', compressed.length);
  return done(null, compressed);
};

/**
 * Takes the API's routes (a fixed pattern under an API prefix) from @fastify/compress and gives
 * them compressApiAnswer. Must be added before the plugin registers: onRoute hooks run in order,
 * and the plugin leaves a route alone once it reads `compress: false`.
 */
export function compressApiRoutesOurselves(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.compress !== undefined || route.url.includes('*') || !isApiPath(route.url)) return;
    route.compress = false;
    const own = route.onSend;
    route.onSend = own
      ? [...(Array.isArray(own) ? own : [own]), compressApiAnswer]
      : [compressApiAnswer];
  });
}
