import { act, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useRouterResync } from './router-resync';

/** A stand-in for the router: its state can move on while React renders. */
function fakeRouter(state: string) {
  return { state };
}

function Provider({
  router,
  onMount,
}: {
  router: { state: string };
  onMount: (s: string) => void;
}) {
  // Like RouterProvider: what it shows is the state read at its first render.
  const [shown] = useState(router.state);
  useEffect(() => {
    onMount(shown);
  }, [shown, onMount]);
  return <p>{shown}</p>;
}

function Host({
  router,
  during,
  onMount,
}: {
  router: { state: string };
  during?: () => void;
  onMount: (s: string) => void;
}) {
  const generation = useRouterResync(router);
  return (
    <>
      <Provider key={generation} router={router} onMount={onMount} />
      <Gap run={during} />
    </>
  );
}

/** Runs `run` once during the render, after the provider read the state: the gap a yield opens. */
function Gap({ run }: { run?: () => void }) {
  run?.();
  return null;
}

describe('useRouterResync', () => {
  it('leaves the provider alone when the router did not move between render and commit', () => {
    const router = fakeRouter('loading');
    const mounts: string[] = [];
    const view = render(<Host router={router} onMount={(s) => mounts.push(s)} />);
    expect(view.container.textContent).toBe('loading');
    expect(mounts).toEqual(['loading']);
  });

  it('mounts the provider again with the current state when the router moved on in the gap', () => {
    const router = fakeRouter('loading');
    const mounts: string[] = [];
    let moved = false;
    const view = render(
      <Host
        router={router}
        onMount={(s) => mounts.push(s)}
        during={() => {
          if (moved) return;
          moved = true;
          router.state = 'ready';
        }}
      />,
    );
    act(() => undefined);
    expect(view.container.textContent).toBe('ready');
    expect(mounts.at(-1)).toBe('ready');
  });
});
