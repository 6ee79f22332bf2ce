import { createServer, type Server } from 'node:http';

export interface Harness {
  /** The harness page's origin, e.g. http://127.0.0.1:40123 (the member site's stand-in). */
  origin: string;
  /** The harness page framing `src` (and, when given, a frame of `evilOrigin` beside it). */
  pageUrl(src: string, evilOrigin?: string): string;
  close(): Promise<void>;
}

const html = (body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>html,body{margin:0;height:100%;background:#fff}#venue{border:0;display:block;width:100%;height:100%}</style>
</head><body>${body}</body></html>`;

/**
 * The member site's stand-in for the browser suites: a parent page on its own origin that frames
 * the venue page, records every message it receives (origin, data, whether from the frame) and
 * can post messages to the frame. `/evil` is a page of another origin that posts to its sibling.
 */
export async function startHarness(): Promise<Harness> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (url.pathname === '/harness') {
      const src = url.searchParams.get('src') ?? '';
      const evil = url.searchParams.get('evil');
      res.end(
        html(`<iframe id="venue" title="venue" allow="clipboard-write" src="${src.replaceAll('"', '&quot;')}"></iframe>
${evil ? `<iframe id="evil" title="evil" style="position:absolute;width:1px;height:1px;border:0;left:-10px" src="${evil}/evil"></iframe>` : ''}
<script>
  window.received = [];
  addEventListener('message', (e) => {
    window.received.push({ origin: e.origin, data: e.data, fromVenue: e.source === document.getElementById('venue').contentWindow });
  });
  window.sendToVenue = (msg, origin) => document.getElementById('venue').contentWindow.postMessage(msg, origin);
</script>`),
      );
      return;
    }
    if (url.pathname === '/evil') {
      res.end(
        html(`<script>
  window.received = [];
  addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));
  window.attack = (msg) => parent.frames[0].postMessage(msg, '*');
</script>`),
      );
      return;
    }
    res.statusCode = 404;
    res.end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    pageUrl: (src, evilOrigin) =>
      `${origin}/harness?src=${encodeURIComponent(src)}${evilOrigin ? `&evil=${encodeURIComponent(evilOrigin)}` : ''}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
