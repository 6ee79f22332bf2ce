import { describe, expect, it } from 'vitest';
import { baseOfPath, buildPath } from './core/route';
import { routeMeta } from './route-meta';
import { routes } from './routes';

describe('baseOfPath', () => {
  it.each([
    ['/site/api/v1/configuration/preInfo', 'site'],
    ['/act/api/v1/advertising/queryStationAdList', 'act'],
    ['/game/api/v1/venue/launch', 'game'],
    ['/fd/api/v1/wallet/balances', 'fd'],
    ['/agent/api/v1/x', 'agent'],
    ['/stream/api/v1/history', 'stream'],
    ['/api/json-cache/abc', 'site'],
    ['/admin/api/v1/login', null],
    ['/other/page', null],
    ['/siteX/api/v1', null],
  ])('%s → %s', (path, base) => {
    expect(baseOfPath(path)).toBe(base);
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath('/site/api/v1/sec/:id', { id: 'a b' })).toBe('/site/api/v1/sec/a%20b');
  });
  it('refuses a missing parameter', () => {
    expect(() => buildPath('/site/api/v1/sec/:id')).toThrow(/id/);
  });
});

describe('route table', () => {
  it('pairs every meta entry with schemas and the same path', () => {
    for (const [name, meta] of Object.entries(routeMeta)) {
      const route = routes[name as keyof typeof routes];
      expect(route.path).toBe(meta.path);
      expect(route.response).toBeDefined();
    }
  });
  it('has unique method+path pairs under a known base', () => {
    const seen = new Set<string>();
    for (const meta of Object.values(routeMeta)) {
      const key = `${meta.method} ${meta.path}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      expect(baseOfPath(meta.path) ?? meta.path.startsWith('/admin/api/')).toBeTruthy();
    }
  });
  it('request bodies are strict: unknown fields are refused', () => {
    expect(routes.preInfo.body.safeParse({ platformType: 6, extra: 1 }).success).toBe(false);
    expect(routes.preInfo.body.parse({})).toEqual({ platformType: 6 });
  });
});
