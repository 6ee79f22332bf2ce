/**
 * The chart of bench:site (docs/bench-site.svg), written by hand: members on the x axis,
 * members served per second (left axis, solid) and p99 over every call (right axis, dashed),
 * with the 1 s line the goal asks about and, when measured, the capacity (the closed-loop run's
 * served per second) as a level line on the left axis. Plain SVG, no dependency.
 */
export interface SitePoint {
  members: number;
  served: number;
  p99: number;
}

/** The closed-loop run: how many members, and what it served per second. */
export interface SiteCapacity {
  members: number;
  served: number;
}

const W = 640;
const H = 360;
const PAD = { left: 64, right: 72, top: 40, bottom: 56 };

/** A "nice" upper bound for an axis: 1, 2, 2.5 or 5 × 10^n at or above `max`. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const exp = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * exp >= max) return m * exp;
  return 10 * exp;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function siteChartSvg(
  points: readonly SitePoint[],
  title: string,
  capacity?: SiteCapacity,
): string {
  const pts = [...points].sort((a, b) => a.members - b.members);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const xMax = niceMax(Math.max(1, ...pts.map((p) => p.members)));
  const sMax = niceMax(Math.max(1, capacity?.served ?? 0, ...pts.map((p) => p.served)));
  const pMax = niceMax(Math.max(1000, ...pts.map((p) => p.p99)));
  const x = (v: number) => PAD.left + (v / xMax) * plotW;
  const yS = (v: number) => PAD.top + plotH - (v / sMax) * plotH;
  const yP = (v: number) => PAD.top + plotH - (v / pMax) * plotH;
  const r = (n: number) => n.toFixed(1);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<title>${esc(title)}</title>`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2}" y="22" text-anchor="middle" font-size="14">${esc(title)}</text>`,
  ];
  for (let i = 0; i <= 4; i += 1) {
    const f = i / 4;
    const y = PAD.top + plotH - f * plotH;
    out.push(
      `<line x1="${PAD.left}" y1="${r(y)}" x2="${PAD.left + plotW}" y2="${r(y)}" stroke="#e5e5e5"/>`,
      `<text x="${PAD.left - 6}" y="${r(y + 4)}" text-anchor="end" fill="#1f6feb">${fmt(sMax * f)}</text>`,
      `<text x="${PAD.left + plotW + 6}" y="${r(y + 4)}" fill="#d1242f">${fmt(pMax * f)}</text>`,
    );
    const xv = x(xMax * f);
    out.push(
      `<text x="${r(xv)}" y="${PAD.top + plotH + 18}" text-anchor="middle">${fmt(xMax * f)}</text>`,
    );
  }
  out.push(
    `<line x1="${PAD.left}" y1="${PAD.top + plotH}" x2="${PAD.left + plotW}" y2="${PAD.top + plotH}" stroke="#333"/>`,
    `<text x="${PAD.left + plotW / 2}" y="${H - 14}" text-anchor="middle">concurrent members</text>`,
    `<text transform="translate(16 ${PAD.top + plotH / 2}) rotate(-90)" text-anchor="middle" fill="#1f6feb">members served / s</text>`,
    `<text transform="translate(${W - 14} ${PAD.top + plotH / 2}) rotate(90)" text-anchor="middle" fill="#d1242f">p99 ms (all calls)</text>`,
    `<line x1="${PAD.left}" y1="${r(yP(1000))}" x2="${PAD.left + plotW}" y2="${r(yP(1000))}" stroke="#d1242f" stroke-opacity="0.4" stroke-dasharray="2 4"/>`,
    `<text x="${PAD.left + 4}" y="${r(yP(1000) - 4)}" fill="#d1242f" fill-opacity="0.7">p99 1 s</text>`,
  );
  if (capacity) {
    const y = r(yS(capacity.served));
    out.push(
      `<line x1="${PAD.left}" y1="${y}" x2="${PAD.left + plotW}" y2="${y}" stroke="#1f6feb" stroke-opacity="0.5" stroke-dasharray="2 4"/>`,
      `<text x="${PAD.left + plotW - 4}" y="${r(yS(capacity.served) - 4)}" text-anchor="end" fill="#1f6feb">${esc(`capacity ${fmt(capacity.served)}/s (closed loop, ${capacity.members} members)`)}</text>`,
    );
  }
  const line = (ys: (p: SitePoint) => number) =>
    pts.map((p, i) => `${i ? 'L' : 'M'}${r(x(p.members))} ${r(ys(p))}`).join(' ');
  if (pts.length) {
    out.push(
      `<path d="${line((p) => yS(p.served))}" fill="none" stroke="#1f6feb" stroke-width="2"/>`,
      `<path d="${line((p) => yP(p.p99))}" fill="none" stroke="#d1242f" stroke-width="2" stroke-dasharray="6 4"/>`,
    );
    for (const p of pts) {
      out.push(
        `<circle cx="${r(x(p.members))}" cy="${r(yS(p.served))}" r="3.5" fill="#1f6feb"><title>${p.members} members: ${fmt(p.served)} served/s</title></circle>`,
        `<circle cx="${r(x(p.members))}" cy="${r(yP(p.p99))}" r="3.5" fill="#d1242f"><title>${p.members} members: p99 ${fmt(p.p99)} ms</title></circle>`,
      );
    }
  }
  out.push('</svg>', '');
  return out.join('\n');
}
