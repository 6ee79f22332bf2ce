import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../lib/envelope';
import { ErrorCode } from '@nebula/protocol';
import type { WebShellService } from '../modules/web-shell/web-shell.service';
import { isApiPath } from './error-handler';

/**
 * Serves the built member site (pre-compressed by the build) with an SPA fallback: a page
 * route gets index.html with its first screen filled in by the web shell; an unknown API path
 * or a missing asset gets a 404, never the HTML.
 */
export async function registerWebStatic(
  app: FastifyInstance,
  webDist: string,
  shell: WebShellService,
  /**
   * Whether a page address may be served as found: a venue frame route answers 404 when its
   * `url` is not one of the venue's pages on the origin the registry holds for it (the page
   * then shows 404 too).
   */
  pageFound: (pathname: string, query: URLSearchParams) => Promise<boolean> = () =>
    Promise.resolve(true),
): Promise<void> {
  const built = shell.built;
  // The page carries this visitor's address (pre-info's ip): no shared cache may keep it.
  const sendPage = async (req: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    const found = await pageFound(pathname, query);
    return reply
      .status(found ? 200 : 404)
      .header('Cache-Control', 'private, no-cache')
      .type('text/html; charset=utf-8')
      .send(await shell.page(pathname, req.ip));
  };
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      // Nothing under a dot-name (the build's .vite/ manifest) is part of the site.
      dotfiles: 'ignore',
      setHeaders(reply, filePath) {
        // Hashed assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  if (built) {
    // The static plugin serves files, not the root directory: the home page is index.html.
    app.get('/', { schema: { hide: true } }, (req, reply) => sendPage(req, reply, '/'));
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (isApiPath(pathname)) {
      return reply.status(404).send(fail(ErrorCode.Common, '接口不存在'));
    }
    const isPageRoute = (req.method === 'GET' || req.method === 'HEAD') && !path.extname(pathname);
    if (isPageRoute && built) {
      return sendPage(req, reply, pathname);
    }
    if (isPageRoute) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The member site is not built: run npm run build.');
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
