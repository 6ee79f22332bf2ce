import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { ApiError } from './api';

export type Loaded<T> =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: T };

/**
 * Loads what `key` names (the tab and sport of a list, a match id): `loading` until the answer
 * for this key arrives, so a new key shows skeletons at once; `reload` again, quietly when the
 * page already shows data; `refreshMs` refreshes quietly while `active`.
 */
export function useLoad<T>(
  key: string,
  fetcher: () => Promise<T>,
  opts: { active?: boolean; refreshMs?: number } = {},
): { state: Loaded<T>; reload: (quiet?: boolean) => void } {
  const [result, setResult] = useState<{ key: string; state: Loaded<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [quiet, setQuiet] = useState(false);
  const { active = true, refreshMs } = opts;

  // `fetcher` is named by `key`: a new function for the same key is the same request.
  const load = useEffectEvent((isCurrent: () => boolean) => {
    fetcher().then(
      (data) => {
        if (isCurrent()) setResult({ key, state: { kind: 'ready', data } });
      },
      (err: unknown) => {
        if (!isCurrent()) return;
        const message = err instanceof ApiError ? err.message : String(err);
        // A quiet refresh that fails keeps what the page shows.
        setResult((r) =>
          quiet && r?.key === key && r.state.kind === 'ready'
            ? r
            : { key, state: { kind: 'error', message } },
        );
      },
    );
  });
  useEffect(() => {
    let current = true;
    load(() => current);
    return () => {
      current = false;
    };
  }, [key, attempt]);

  useEffect(() => {
    if (!active || !refreshMs) return;
    const t = setInterval(() => {
      setQuiet(true);
      setAttempt((n) => n + 1);
    }, refreshMs);
    return () => clearInterval(t);
  }, [active, refreshMs]);

  const reload = useCallback((q = false) => {
    setQuiet(q);
    if (!q) setResult(null);
    setAttempt((n) => n + 1);
  }, []);

  const state: Loaded<T> = result && result.key === key ? result.state : { kind: 'loading' };
  return { state, reload };
}
