import { beforeEach, describe, expect, it, vi } from 'vitest';

const loadFeatureCatalogues = vi.fn(() => Promise.resolve());
vi.mock('../i18n/load-feature-catalogues', () => ({ loadFeatureCatalogues }));

const { FIRST_ROUTE, routeModules } = await import('./route-modules');

beforeEach(() => loadFeatureCatalogues.mockClear());

describe('route loaders and the features’ catalogues', () => {
  it.each(FIRST_ROUTE)('%s (first route) does not wait for them', async (key) => {
    await routeModules[key]();
    expect(loadFeatureCatalogues).not.toHaveBeenCalled();
  });

  it.each(['wallet', 'login', 'chat', 'mine', 'memberGuard'] as const)(
    '%s waits for them',
    async (key) => {
      let release = () => {};
      loadFeatureCatalogues.mockImplementationOnce(
        () => new Promise<void>((resolve) => (release = resolve)),
      );
      let loaded = false;
      const pending = routeModules[key]().then(() => (loaded = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(loadFeatureCatalogues).toHaveBeenCalledTimes(1);
      expect(loaded).toBe(false);
      release();
      await pending;
      expect(loaded).toBe(true);
    },
    20_000,
  );
});
