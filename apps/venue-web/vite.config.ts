import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { siteConfig } from '../../scripts/vite-site.ts';

/** The venue the dev server forwards the page's calls to (npm run start:venue). */
const VENUE = 'http://127.0.0.1:8090';
const proxied = ['/h5/api', '/api/mobile', '/yewu12/api', '/v1', '/ob/api'];

export default defineConfig({
  ...siteConfig({ port: 5174, target: VENUE, proxied, socket: '/h5/api', plugins: [react()] }),
  // The venue serves the page at /h5/ on its own origin.
  base: '/h5/',
});
