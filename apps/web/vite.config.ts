import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

// The server's policy (contract §8 / issue brief): `vite preview` sends it too, so a CSP break
// shows up locally. Not used by `vite dev`, whose HMR runtime needs inline code.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; " +
  "font-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Writes .gz and .br beside each text asset: the server serves them pre-compressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'nebula-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = await readFile(file);
        if (raw.length < 512) continue;
        await writeFile(`${file}.gz`, await gzipAsync(raw, { level: 9 }));
        await writeFile(
          `${file}.br`,
          await brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

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

export default defineConfig({
  plugins: [react(), precompress(), antdBarrelWithoutSideEffects(), reactRouterProduction()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Assets stay files (no data: URIs for scripts/fonts under the CSP).
    assetsInlineLimit: 0,
    // Which files a route needs (bench:web sums the first route's JavaScript from it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Shared modules of a few KB go into the chunks that use them: on a phone over
          // HTTP/1.1 (six requests at a time) forty 1 KB files cost far more round trips than
          // their bytes.
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: API_TARGET, ws: prefix === '/stream' }]),
    ),
  },
  preview: {
    port: 4173,
    headers: { 'Content-Security-Policy': CSP },
  },
});
