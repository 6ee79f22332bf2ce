import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { seedHomeQueries } from './boot-home';
import { MARQUEE_CATEGORY, noticesQuery } from './notices.query';
import { stationAdsQuery } from './station-ads.query';
import { suspensionIconQuery } from './suspension-icon.query';

describe('the home content served with the page', () => {
  it('fills the home queries under their own keys, stale, so the page still refreshes it from the API', () => {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const ad = { id: 1, title: '横幅', imageUrl: '/b.svg', linkUrl: '', sort: 0 };
    seedHomeQueries(qc, { stationAds: [ad] as never, marquee: [], suspensionIcons: [] });
    expect(qc.getQueryData(stationAdsQuery.queryKey)).toEqual({ list: [ad] });
    expect(qc.getQueryData(noticesQuery(MARQUEE_CATEGORY).queryKey)).toEqual({ list: [] });
    expect(qc.getQueryData(suspensionIconQuery.queryKey)).toEqual({ list: [] });
    // Even with a long staleTime, data written at time 0 is stale: a mounted page refetches.
    const state = qc.getQueryState(stationAdsQuery.queryKey);
    expect(state?.dataUpdatedAt).toBe(0);
    expect(
      qc.getQueryCache().find({ queryKey: stationAdsQuery.queryKey })?.isStaleByTime(60_000),
    ).toBe(true);
  });
});
