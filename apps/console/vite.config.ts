import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { siteConfig } from '../../scripts/vite-site.ts';

const API_TARGET = 'http://127.0.0.1:8080';

/**
 * The console's policy as the platform sends it (docs/architecture.md, "Operator console"):
 * scripts from the origin only; styles also inline, because antd's CSS-in-JS writes <style>
 * elements at run time. `vite preview` sends it too, so a CSP break shows up locally.
 */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'none'";

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
  plugins: [react(), reactRouterProduction()],
});

export default defineConfig({
  ...site,
  // Served by the platform under /console/ (apps/server/src/plugins/console-static.ts).
  base: '/console/',
  preview: {
    port: 4174,
    headers: { 'Content-Security-Policy': CSP },
  },
});
