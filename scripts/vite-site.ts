/**
 * What the two browser apps' Vite configs agree on (apps/web, apps/venue-web): the build
 * settings, the pre-compressed assets their servers send, and a dev server that forwards the
 * API prefixes to the server behind it. Each config adds only what is its own.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, PluginOption, UserConfig } from 'vite';

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

/** Writes .gz and .br beside each text asset: the servers serve them pre-compressed. */
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

export interface SiteOptions {
  /** The dev server's port. */
  port: number;
  /** The server the dev server forwards `proxied` to, and the one prefix that is a WebSocket. */
  target: string;
  proxied: readonly string[];
  socket: string;
  /** The app's plugins, React first (each app has its own copy of the React plugin). */
  plugins: PluginOption[];
}

export function siteConfig(o: SiteOptions): UserConfig {
  return {
    plugins: [...o.plugins, precompress()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      // Assets stay files (no data: URIs for scripts/fonts under the CSP).
      assetsInlineLimit: 0,
      // Which files a route needs (the bundle budgets and the web benches read it).
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
      port: o.port,
      proxy: Object.fromEntries(
        o.proxied.map((prefix) => [prefix, { target: o.target, ws: prefix === o.socket }]),
      ),
    },
  };
}
