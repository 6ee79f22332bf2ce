import type { BootHome } from '@nebula/protocol/page/boot-data';
import type { QueryClient } from '@tanstack/react-query';
import { MARQUEE_CATEGORY, noticesQuery } from './notices.query';
import { stationAdsQuery } from './station-ads.query';
import { suspensionIconQuery } from './suspension-icon.query';

/**
 * Puts the home content the platform served with the page under the page's own query keys, so
 * the page renders with it at once (and the banner it replaces is the same image). Written as
 * stale (updated at 0): the page's queries still refresh it from the API when they mount —
 * stale-while-revalidate, never a copy kept in place of the API's answer.
 */
export function seedHomeQueries(queryClient: QueryClient, home: BootHome): void {
  const stale = { updatedAt: 0 };
  queryClient.setQueryData(stationAdsQuery.queryKey, { list: home.stationAds }, stale);
  queryClient.setQueryData(noticesQuery(MARQUEE_CATEGORY).queryKey, { list: home.marquee }, stale);
  queryClient.setQueryData(suspensionIconQuery.queryKey, { list: home.suspensionIcons }, stale);
}
