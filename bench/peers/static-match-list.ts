import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

/**
 * The peer for bench:venue-web: a hand-written static page of the sportsbook's first view
 * (header with the balance, 滚球/今日/早盘 tabs, sport chips, a league and six match rows with
 * their prices) with no JavaScript at all, served gzipped: the ceiling a mobile page reaches on
 * this machine.
 */
const row = (t: string, h: string, a: string) =>
  `<div class="m"><div class="t">${t}</div><div class="g"><span>${h}</span><b>-0.5 0.95</b><b>大2.5 0.90</b><b>1.85</b><span>${a}</span><b>+0.5 0.93</b><b>小2.5 0.96</b><b>4.10</b></div></div>`;
const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>体育</title><style>body{margin:0;font-family:system-ui,sans-serif;background:#f5f6f8;font-size:14px}header{height:48px;display:flex;align-items:center;gap:8px;padding:0 12px;background:#fff;font-weight:700}
nav{height:44px;display:flex;gap:20px;align-items:center;padding:0 12px;background:#fff}.c{padding:8px 12px;background:#fff}.l{height:34px;line-height:34px;padding:0 12px;background:#eef2f8;font-weight:600}
.m{padding:6px 12px;background:#fff;border-bottom:1px solid #e8eaee}.t{color:#8f959e;font-size:12px}.g{display:grid;grid-template-columns:1fr 70px 70px 62px;gap:4px}.g b{background:#f3f6fb;border-radius:6px;height:38px;line-height:38px;text-align:right;padding:0 6px}</style></head>
<body><header>体育 <span style="margin-left:auto">¥1,000.00</span></header><nav><span>滚球 3</span><span>今日 48</span><span>早盘 120</span></nav><div class="c">足球 篮球</div><div class="l">英超联赛</div>
${row('20:00', '曼城', '阿森纳')}${row('20:00', '利物浦', '切尔西')}${row('20:30', '热刺', '曼联')}${row('21:00', '纽卡斯尔', '维拉')}${row('21:30', '布莱顿', '西汉姆')}${row('22:00', '埃弗顿', '富勒姆')}</body></html>`;
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
