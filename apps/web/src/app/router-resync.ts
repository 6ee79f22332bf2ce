import { useLayoutEffect, useState } from 'react';

/**
 * RouterProvider reads `router.state` when it first renders and subscribes to the router in a
 * layout effect. The site mounts in a transition (rendered in slices, yielding to the browser
 * in between), so a router update that lands in that gap — a route chunk finishing its load —
 * would never reach it, and the page would stay on its loading skeleton. This compares the
 * router's state after the commit (the provider has subscribed by then: a child's layout
 * effects run before its parent's) with the state read at render; when the router has moved
 * on, the returned generation changes, and the provider keyed on it mounts again with the
 * current state.
 */
export function useRouterResync(router: { readonly state: unknown }): number {
  const [generation, setGeneration] = useState(0);
  const seen = router.state;
  useLayoutEffect(() => {
    // A second render is the point here, and it only happens when the router moved unseen.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (router.state !== seen) setGeneration((g) => g + 1);
  }, [router, seen, generation]);
  return generation;
}
