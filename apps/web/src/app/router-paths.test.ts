import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import * as paths from '../site/paths';
import { routes } from './router';

/** The catch-alls: a path that ends on one of them has no page of its own. */
const FALLBACKS = new Set(['*', 'mine/*', '404']);

describe('site/paths.ts and the router', () => {
  const named: [string, string][] = [];
  for (const [name, value] of Object.entries(paths)) {
    if (name.endsWith('_PATH') && typeof value === 'string') named.push([name, value]);
  }

  it('names the paths the router has', () => {
    expect(named.length).toBeGreaterThan(20);
  });

  it.each(named)('%s (%s) is a page of the router, not its 404', (_name, path) => {
    const concrete = path.replace(/:(\w+)/g, 'x');
    const matches = matchRoutes(routes, concrete) ?? [];
    const last = matches[matches.length - 1]?.route;
    expect(last).toBeDefined();
    expect(FALLBACKS.has(last?.path ?? '')).toBe(false);
  });
});
