import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

/**
 * The peer for bench:web: a hand-written static page of the same size class as our home
 * screen's first view (title, banner block, notice line, tab bar) with no JavaScript at all,
 * served gzipped. It is the ceiling a mobile page can reach on this machine.
 */
const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>星云体育 · Nebula</title><style>body{margin:0;font-family:system-ui,sans-serif;background:#f5f6f8}header{height:52px;display:flex;align-items:center;padding:0 12px;background:#fff;font-weight:600}
.banner{margin:12px;height:146px;border-radius:12px;background:linear-gradient(135deg,#1456d9,#3aa0ff);color:#fff;display:flex;align-items:center;padding:0 20px;font-size:28px;font-weight:700}
.notice{margin:0 12px;height:40px;border-radius:10px;background:#e8f1ff;display:flex;align-items:center;padding:0 12px;color:#1677ff}
nav{position:fixed;bottom:0;left:0;right:0;height:56px;background:#fff;display:flex;justify-content:space-around;align-items:center}</style></head>
<body><header>星云体育 · Nebula</header><div class="banner">绿茵狂欢季</div><div class="notice">欢迎来到星云体育！</div>
<nav><span>首页</span><span>优惠</span><span>客服</span><span>赞助</span><span>我的</span></nav></body></html>`;
const body = gzipSync(html);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(
    `peer running at http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}\n`,
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
