import { COUNTDOWN_TICK_MS } from '@nebula/protocol/constants/constants';
import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown that ticks every COUNTDOWN_TICK_MS (contract §8.5: 1 s). */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [remaining, setRemaining] = useState(0);
  const running = remaining > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => setRemaining((value) => Math.max(0, value - 1)),
      COUNTDOWN_TICK_MS,
    );
    return () => clearInterval(timer);
  }, [running]);
  const start = useCallback(
    (seconds: number) => setRemaining(Math.max(0, Math.floor(seconds))),
    [],
  );
  return { remaining, start };
}
