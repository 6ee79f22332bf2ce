import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { entryInOneChunk } from '../../scripts/vite-entry-chunk.ts';
import { firstRoutePreload } from '../../scripts/vite-first-route-preload.ts';
import { memberRouteMeta } from '../../scripts/vite-member-route-meta.ts';
import { siteConfig } from '../../scripts/vite-site.ts';

const API_TARGET = 'http://127.0.0.1:8080';
// Everything the platform server answers; the dev server forwards it so the site runs same-origin.
const proxied = [
  '/site/api',
  '/act/api',
  '/game/api',
  '/fd/api',
  '/agent/api',
  '/stream',
  '/api/json-cache',
  '/healthz',
  '/docs',
];

// The server's policy (contract §8): `vite preview` sends it too, so a CSP break
// shows up locally. Not used by `vite dev`, whose HMR runtime needs inline code.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; " +
  "font-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/**
 * antd-mobile declares its barrel (es/index.js) as having side effects (it imports the global
 * styles), so the bundler kept every component any page imports through it, with its
 * stylesheet, in one shared chunk the first page had to load (calendars, tabs, pickers, …).
 * main.tsx imports the global styles itself; declared free of side effects, the barrel lets
 * each page's chunk carry only the components that page uses.
 */
function antdBarrelWithoutSideEffects(): Plugin {
  return {
    name: 'nebula-antd-barrel',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]antd-mobile[\\/]es[\\/]index\.js$/ },
      handler: (code) => ({ code, moduleSideEffects: false }),
    },
  };
}

/**
 * antd-mobile's default renderer for its imperative components (Toast, Modal…) is rc-util's
 * React 16–18 `render`: CommonJS with Babel's async runtime, 3 KiB gzip in the entry that never
 * runs, because main.tsx hands antd a React 19 renderer (`unstableSetRender`) before anything
 * renders. The default is replaced by one that says so; the build fails if antd's module
 * changes shape, instead of quietly keeping the old code.
 */
function antdDefaultRenderUnused(): Plugin {
  const from = "import { render, unmount } from './render';";
  return {
    name: 'nebula-antd-default-render',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/ },
      handler: (code) => {
        if (!code.includes(from))
          throw new Error(`antd-mobile's unstable-render.js no longer has: ${from}`);
        return code.replace(
          from,
          "const render = () => { throw new Error('antd-mobile: main.tsx sets the renderer (unstableSetRender)'); }; const unmount = render;",
        );
      },
    },
  };
}

/**
 * react-router 7's package exports name only its development build (warnings, invariants and
 * checks that run on every navigation and render); its framework plugin swaps in the
 * production build, which a plain Vite app must do itself. The startup profile of the home
 * page (docs/benchmarks.md, "Member site") had the development router's createRouter and
 * route matching among the longest script of the first task.
 */
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
  port: 5173,
  target: API_TARGET,
  proxied,
  socket: '/stream',
  plugins: [
    react(),
    antdBarrelWithoutSideEffects(),
    antdDefaultRenderUnused(),
    reactRouterProduction(),
    memberRouteMeta(),
    firstRoutePreload(import.meta.dirname),
    entryInOneChunk(import.meta.dirname),
  ],
});

export default defineConfig({
  ...site,
  preview: {
    port: 4173,
    headers: { 'Content-Security-Policy': CSP },
  },
});
