import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdle } from './use-idle';

afterEach(() => {
  // Unmounted first: it cancels its idle callback through the stubs.
  cleanup();
  vi.unstubAllGlobals();
});

/** Suspends until `ready` resolves, as a lazy section does while its chunk loads. */
function Section({ ready }: { ready: Promise<string> }) {
  return <p>{use(ready)}</p>;
}

function Page({ ready }: { ready: Promise<string> }) {
  const idle = useIdle();
  return (
    <Suspense fallback={<p>loading</p>}>
      {idle ? <Section ready={ready} /> : <p>still banner</p>}
    </Suspense>
  );
}

describe('useIdle', () => {
  it('turns idle as a transition: what was on screen stays until the idle part is ready', async () => {
    let idleWork: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (work: () => void) => {
      idleWork = work;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    let load!: (text: string) => void;
    const ready = new Promise<string>((resolve) => {
      load = resolve;
    });
    render(<Page ready={ready} />);
    expect(screen.getByText('still banner')).toBeTruthy();
    await act(async () => {
      idleWork?.();
      await Promise.resolve();
    });
    // A blocking update would have put the fallback up in place of the banner.
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('still banner')).toBeTruthy();
    await act(async () => {
      load('carousel');
      await ready;
    });
    expect(screen.getByText('carousel')).toBeTruthy();
  });
});
