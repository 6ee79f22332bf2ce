import type { FastifyInstance } from 'fastify';
import type { SettingsService } from '../modules/settings/settings.service';

/**
 * The web app manifest (the site as an installable app), built from the live site
 * settings so the installed app carries the operator's name. Not an API call: no envelope.
 */
export function registerPwaManifest(app: FastifyInstance, settings: SettingsService): void {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_req, reply) => {
    const s = await settings.get();
    const name = s.siteTitle;
    // A short name fits under a home-screen icon: the part before a separator, at most 12.
    const short = [...(name.split(/\s*[·|｜-]\s*/)[0] ?? name)].slice(0, 12).join('');
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(
        JSON.stringify({
          id: '/',
          name,
          short_name: short,
          lang: 'zh-CN',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          background_color: '#f5f6f8',
          theme_color: '#1677ff',
          icons: [
            { src: '/static/pwa/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/static/pwa/icon-512.png', sizes: '512x512', type: 'image/png' },
            {
              src: '/static/pwa/icon-maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
            { src: '/static/pwa/icon.svg', sizes: 'any', type: 'image/svg+xml' },
          ],
        }),
      );
  });
}
