import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { siteConfig } from '../../scripts/vite-site.ts';

/** The venue the dev server forwards the page's calls to (npm run start:venue). */
const VENUE = 'http://127.0.0.1:8090';
const proxied = ['/h5/api', '/api/mobile', '/yewu12/api', '/v1', '/ob/api'];
const site = siteConfig({
  port: 5174,
  target: VENUE,
  proxied,
  socket: '/h5/api',
  plugins: [react()],
});

export default defineConfig({
  ...site,
  // The venue serves the page at /h5/ on its own origin.
  base: '/h5/',
  build: {
    ...site.build,
    rolldownOptions: {
      ...site.build?.rolldownOptions,
      // Two pages, each with its own first route: the sportsbook at /h5/ and the house games
      // at /h5/games/ (docs/architecture.md, "The house games page").
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        games: path.resolve(import.meta.dirname, 'games/index.html'),
      },
    },
  },
});
