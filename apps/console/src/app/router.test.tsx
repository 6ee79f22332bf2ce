import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { consoleRoutes } from './router';

/** The route object at a path of the console's tree ('' for the dashboard, the index). */
function route(path: string): RouteObject {
  if (path === 'login') return consoleRoutes.find((r) => r.path === '/login')!;
  const children = consoleRoutes.find((r) => r.path === '/')!.children!;
  return children.find((r) => (path === '' ? r.index : r.path === path))!;
}

async function componentOf(path: string) {
  const lazy = route(path).lazy as () => Promise<{ Component: React.ComponentType }>;
  return (await lazy()).Component;
}

describe('the console routes', { timeout: 60_000 }, () => {
  it("wrap each page past the first route in antd's App (its popups load with them)", async () => {
    const settings = await componentOf('settings');
    expect(settings.displayName).toBe('WithAntApp(Page)');
  });

  it('leave login and the dashboard as they are (the first route carries no App)', async () => {
    for (const path of ['login', '']) {
      const page = await componentOf(path);
      expect(page.displayName).toBeUndefined();
      expect(page.name).toBe('Page');
    }
  });
});
