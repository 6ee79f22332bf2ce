import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The venue the dev server forwards the page's calls to (npm run start:venue). */
const VENUE = 'http://127.0.0.1:8090';
const proxied = ['/h5/api', '/api/mobile', '/yewu12/api', '/v1', '/ob/api'];

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

/** Writes .gz and .br beside each text asset: the venue serves them pre-compressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'venue-web-precompress',
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

export default defineConfig({
  // The venue serves the page at /h5/ on its own origin.
  base: '/h5/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Which files the first route needs (the bundle budget test and bench:venue-web read it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Small shared modules go into the chunks that use them: fewer round trips on a phone.
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: VENUE, ws: prefix === '/h5/api' }]),
    ),
  },
});
