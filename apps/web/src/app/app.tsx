import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { CookiesDisabledScreen, cookiesEnabled } from './shell/cookies-disabled-screen';
import { RenderErrorBoundary } from './shell/render-error-screen';
import { Providers } from './providers';
import { useRouterResync } from './router-resync';
import type { createRouter } from './router';

export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createRouter>;
  queryClient: QueryClient;
}) {
  const generation = useRouterResync(router);
  return (
    <Providers queryClient={queryClient}>
      <RenderErrorBoundary>
        {cookiesEnabled() ? (
          <RouterProvider key={generation} router={router} />
        ) : (
          <CookiesDisabledScreen />
        )}
      </RenderErrorBoundary>
    </Providers>
  );
}
