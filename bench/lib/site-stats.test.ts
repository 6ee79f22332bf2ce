import { describe, expect, it } from 'vitest';
import {
  callStats,
  mergeSamples,
  passCriteria,
  percentile,
  reconciled,
  type DriverSample,
} from './site-stats';
import { niceMax, siteChartSvg } from './site-svg';

const sample = (over: Partial<DriverSample>): DriverSample => ({
  latencies: {},
  errors: {},
  sessions: 0,
  failedSessions: 0,
  visitMs: [],
  errorTexts: [],
  ...over,
});

describe('percentile (nearest rank)', () => {
  it('takes the rank ⌈q·n⌉ of the sorted values, and 0 of none', () => {
    const v = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(v, 0.5)).toBe(50);
    expect(percentile(v, 0.99)).toBe(99);
    expect(percentile(v, 1)).toBe(100);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
    // One slow call in ten is the p99 of ten calls, not hidden by interpolation.
    expect(percentile([1, 1, 1, 1, 1, 1, 1, 1, 1, 900], 0.99)).toBe(900);
  });
});

describe('the drivers joined', () => {
  it('concatenates latencies, adds errors and sessions, keeps five error texts', () => {
    const m = mergeSamples([
      sample({
        latencies: { login: [3, 1] },
        errors: { login: 1 },
        sessions: 2,
        errorTexts: ['a', 'b', 'c'],
      }),
      sample({
        latencies: { login: [2], bets: [10] },
        errors: { bets: 2 },
        sessions: 3,
        failedSessions: 1,
        errorTexts: ['d', 'e', 'f'],
      }),
    ]);
    expect(m.latencies).toEqual({ login: [3, 1, 2], bets: [10] });
    expect(m.errors).toEqual({ login: 1, bets: 2 });
    expect([m.sessions, m.failedSessions]).toEqual([5, 1]);
    expect(m.errorTexts).toEqual(['a', 'b', 'c', 'd', 'e']);
    const { calls, all } = callStats(m);
    expect(calls.map((c) => [c.call, c.count, c.p50, c.errors])).toEqual([
      ['bets', 1, 10, 2],
      ['login', 3, 2, 1],
    ]);
    expect(all).toMatchObject({ count: 4, p50: 2, p99: 10, errors: 3 });
  });
  it('lists a call that only failed', () => {
    expect(callStats(sample({ errors: { chat: 4 } })).calls).toEqual([
      { call: 'chat', count: 0, p50: 0, p99: 0, errors: 4 },
    ]);
  });
});

describe('pass criteria', () => {
  it('250 members pass with zero errors and p99 ≤ 500 ms; the first level over 1 s is named', () => {
    const v = passCriteria([
      { members: 1000, served: 30, p99: 4000, errors: 9 },
      { members: 250, served: 20, p99: 500, errors: 0 },
      { members: 500, served: 28, p99: 1200, errors: 0 },
    ]);
    expect(v).toEqual({ at250: { measured: true, pass: true }, p99Over1s: 500 });
  });
  it('fails 250 on one error or p99 over 500 ms; none over 1 s is null', () => {
    expect(passCriteria([{ members: 250, served: 1, p99: 10, errors: 1 }]).at250.pass).toBe(false);
    expect(passCriteria([{ members: 250, served: 1, p99: 501, errors: 0 }])).toEqual({
      at250: { measured: true, pass: false },
      p99Over1s: null,
    });
    expect(passCriteria([{ members: 50, served: 1, p99: 10, errors: 0 }]).at250).toEqual({
      measured: false,
      pass: false,
    });
  });
});

describe('reconciliation check', () => {
  const clean = { ok: true, drift: [], negative: [] };
  it('holds only when the platform is ok with nothing drifting and the venue has zeros', () => {
    expect(reconciled(clean, { unbalanced: 0, drift: 0 })).toEqual({ ok: true, problems: [] });
    expect(reconciled({ ...clean, drift: [{}] }, { unbalanced: 0, drift: 0 }).ok).toBe(false);
    expect(reconciled({ ...clean, negative: [{}] }, { unbalanced: 0, drift: 0 }).ok).toBe(false);
    expect(reconciled({ ...clean, ok: false }, { unbalanced: 0, drift: 0 }).ok).toBe(false);
    expect(reconciled(clean, { unbalanced: 2, drift: 0 })).toEqual({
      ok: false,
      problems: ['venue ledger: 2 unbalanced entries'],
    });
    expect(reconciled(clean, { unbalanced: 0, drift: 1 }).problems).toEqual([
      'venue ledger: 1 wallets drifting',
    ]);
  });
});

describe('the chart', () => {
  it('rounds axes up to 1, 2, 2.5, 5 × 10ⁿ', () => {
    expect([
      niceMax(0),
      niceMax(7),
      niceMax(13),
      niceMax(240),
      niceMax(1000),
      niceMax(1001),
    ]).toEqual([1, 10, 20, 250, 1000, 2000]);
  });
  it('draws both series through every level, left to right, with escaped text', () => {
    const svg = siteChartSvg(
      [
        { members: 1000, served: 40, p99: 2000 },
        { members: 250, served: 20, p99: 400 },
      ],
      'a < b & c',
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title>a &lt; b &amp; c</title>');
    // x: 250 of 1000 over the 504 px plot from 64 → 190; served 20 of 50 → y 198.4.
    const paths = [...svg.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]);
    expect(paths).toHaveLength(2);
    expect(paths[0]).toMatch(/^M190\.0 198\.4 L568\.0 /);
    expect(svg).toContain('250 members: p99 400 ms');
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
  it('is a valid empty chart with no levels', () => {
    const svg = siteChartSvg([], 'empty');
    expect(svg).not.toContain('<path');
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
});
