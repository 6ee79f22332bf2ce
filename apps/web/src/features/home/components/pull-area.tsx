import { lazy, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIdle } from '../../../lib/use-idle';

const HomePullToRefresh = lazy(() =>
  import('./home-pull-to-refresh').then((m) => ({ default: m.HomePullToRefresh })),
);

/** Holds `node` (a DOM element) where it renders; gives it back when it unmounts. */
function Slot({ node }: { node: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const host = ref.current!;
    host.appendChild(node);
    return () => {
      if (node.parentNode === host) host.removeChild(node);
    };
  }, [node]);
  return <div ref={ref} className="nb-pull-area" />;
}

/**
 * Pull-to-refresh that joins once the browser is idle: its gesture and animation libraries
 * are not part of the first route (docs/benchmarks.md, "Member site"). The page is rendered
 * through a portal into one element that moves into the pull area when it arrives, so the
 * page is not mounted a second time (its state and pictures stay).
 */
export function PullArea({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [node] = useState(() => {
    const element = document.createElement('div');
    element.className = 'nb-pull-area';
    return element;
  });
  const idle = useIdle();
  const slot = <Slot node={node} />;
  return (
    <>
      {idle ? (
        <Suspense fallback={slot}>
          <HomePullToRefresh onRefresh={onRefresh}>{slot}</HomePullToRefresh>
        </Suspense>
      ) : (
        slot
      )}
      {createPortal(children, node)}
    </>
  );
}
