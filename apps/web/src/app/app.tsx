import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { CookiesDisabledScreen, cookiesEnabled } from './shell/cookies-disabled-screen';
import { RenderErrorBoundary } from './shell/render-error-screen';
import { Providers } from './providers';
import type { createRouter } from './router';

export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createRouter>;
  queryClient: QueryClient;
}) {
  return (
    <Providers queryClient={queryClient}>
      <RenderErrorBoundary>
        {cookiesEnabled() ? <RouterProvider router={router} /> : <CookiesDisabledScreen />}
      </RenderErrorBoundary>
    </Providers>
  );
}
