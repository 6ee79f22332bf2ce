import type { BootHome } from '@nebula/protocol/page/boot-data';
import type { QueryClient } from '@tanstack/react-query';
import { seedHomeQueries } from './boot-home';
import { namingListQuery } from './naming.query';
import { MARQUEE_CATEGORY, noticesQuery } from './notices.query';
import { stationAdsQuery } from './station-ads.query';
import { suspensionIconQuery } from './suspension-icon.query';

/** Starts fetching an image now, at high priority, so the element that shows it paints at once. */
function preloadImage(src: string): void {
  const img = new Image();
  img.fetchPriority = 'high';
  img.src = src;
}

/**
 * The home page's first screen, asked for at start-up when the visit lands on it: the calls go
 * out while the route chunks load (not after the page mounts), and the first banner image is
 * fetched as soon as its address is known. The page then renders once with its content and
 * its largest image, instead of once per answer. The queries are the page's own (same keys).
 * When the platform served the content with the page (`served`), it is used instead, and the
 * banner image is already on its way from the HTML.
 */
export function prefetchHome(queryClient: QueryClient, served: BootHome | null): void {
  if (served) {
    seedHomeQueries(queryClient, served);
    void queryClient.prefetchQuery(namingListQuery);
    return;
  }
  void queryClient.prefetchQuery(stationAdsQuery).then(() => {
    const first = queryClient.getQueryData<Awaited<ReturnType<typeof stationAdsQuery.queryFn>>>(
      stationAdsQuery.queryKey,
    )?.list[0];
    if (first) preloadImage(first.imageUrl);
  });
  void queryClient.prefetchQuery(noticesQuery(MARQUEE_CATEGORY));
  void queryClient.prefetchQuery(namingListQuery);
  void queryClient.prefetchQuery(suspensionIconQuery);
}
