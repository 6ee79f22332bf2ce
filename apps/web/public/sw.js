/* global self, caches */
/*
 * Nebula's service worker: what makes the site installable, and nothing more.
 *
 * It is network-only. Pages, API answers, assets, websocket upgrades, URLs carrying tokens and
 * other origins all go to the network exactly as without it: the fetch handler does not answer
 * them, so the browser fetches them itself and no cache is ever consulted. In particular the
 * platform's HTML (it carries each visitor's boot data) and API answers are never stored.
 *
 * The one thing it keeps is a small static offline page, precached at install: when a page
 * navigation fails for want of a network, that page is shown instead of the browser's error.
 * On activate every cache but the current one is deleted, so an old worker's leftovers go.
 */
const CACHE = 'nebula-offline-v1';
const OFFLINE_URL = '/offline.html';
const OFFLINE_ASSETS = ['/offline.html', '/offline.css', '/static/pwa/icon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE_ASSETS.map((u) => new Request(u, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Always the network; only a failed navigation (offline) gets the offline page.
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(CACHE)
          .then((cache) => cache.match(OFFLINE_URL))
          .then((page) => page || Response.error()),
      ),
    );
    return;
  }
  // The offline page's own files, so it renders with no network; nothing else is answered here.
  if (OFFLINE_ASSETS.includes(url.pathname) && url.search === '' && url.pathname !== OFFLINE_URL) {
    event.respondWith(
      caches
        .open(CACHE)
        .then((cache) => cache.match(url.pathname))
        .then((hit) => hit || fetch(request)),
    );
  }
});
