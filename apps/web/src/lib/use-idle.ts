import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/**
 * True once the browser has been idle since the component mounted (lib/when-idle.ts). The
 * change renders as a transition: what waited for idle (the home page's carousel, family pane and
 * pull-to-refresh) renders in slices the browser can answer input between, instead of one
 * blocking render of all of it (docs/benchmarks.md, "web").
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
