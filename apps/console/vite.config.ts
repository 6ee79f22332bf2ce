import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { consoleBuildEnv } from '../../scripts/console-build-env.ts';
import { siteConfig } from '../../scripts/vite-site.ts';
import { CONSOLE_CSP_NONCE_PLACEHOLDER as NONCE } from '../../packages/protocol/src/constants/console-csp.ts';

const API_TARGET = 'http://127.0.0.1:8080';
// CONSOLE_BASE and CONSOLE_API_ORIGIN: where this build is served and whom it calls.
const target = consoleBuildEnv(process.env);

/**
 * The console's policy as the platform sends it (docs/architecture.md, "Operator console";
 * apps/server/src/plugins/security.ts): scripts from the origin only; antd's CSS-in-JS
 * <style> elements only with the page's nonce, never 'unsafe-inline'. `vite preview` sends it
 * too (a fresh nonce per page, below), so a CSP break shows up locally.
 */
const csp = (nonce: string | null) =>
  "default-src 'self'; script-src 'self'; style-src 'self'; " +
  `style-src-elem 'self'${nonce ? ` 'nonce-${nonce}'` : ''}; img-src 'self' data:; ` +
  `connect-src 'self'${target.apiOrigin ? ` ${target.apiOrigin}` : ''}; font-src 'self'; ` +
  "object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'none'";

/**
 * `vite preview` serves the page as the platform does (apps/server/src/plugins/console-static.ts):
 * the nonce placeholder the build wrote replaced by a fresh nonce, named in that response's CSP.
 */
function previewNonce(): Plugin {
  return {
    name: 'nebula-console-preview-nonce',
    configurePreviewServer(server) {
      const dist = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0] ?? '';
        if (req.method !== 'GET' || path.extname(pathname) !== '') return next();
        const nonce = randomBytes(16).toString('base64');
        const html = readFileSync(path.join(dist, 'index.html'), 'utf8').replaceAll(NONCE, nonce);
        res.setHeader('Content-Security-Policy', csp(nonce));
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(html);
      });
    },
  };
}

/**
 * The API origin as the page's own setting: a meta tag the console reads (api/api-origin.ts)
 * and the platform reads to name it in the page's connect-src. Edit it in the built
 * index.html to point a build at another platform without rebuilding.
 */
function apiOriginMeta(): Plugin {
  return {
    name: 'nebula-console-api-origin',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { name: 'nebula-console-api-origin', content: target.apiOrigin },
        injectTo: 'head',
      },
    ],
  };
}

/** react-router's production build (see apps/web/vite.config.ts for why a plain Vite app swaps it). */
function reactRouterProduction(): Plugin {
  return {
    name: 'nebula-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: path.resolve(
              import.meta.dirname,
              '../../node_modules/react-router/dist/production/index.mjs',
            ),
          },
        ],
      },
    }),
  };
}

const site = siteConfig({
  port: 5174,
  target: API_TARGET,
  proxied: ['/admin/api'],
  socket: '',
  plugins: [react(), reactRouterProduction(), previewNonce(), apiOriginMeta()],
});

export default defineConfig({
  ...site,
  // Served by the platform under /console/ (apps/server/src/plugins/console-static.ts), or
  // wherever CONSOLE_BASE says (scripts/console-build-env.ts).
  base: target.base,
  // Vite writes the placeholder wherever a nonce goes (a meta tag the app reads, its own tags);
  // the server replaces it per response.
  html: { cspNonce: NONCE },
  preview: {
    port: 4174,
    headers: { 'Content-Security-Policy': csp(null) },
  },
});
