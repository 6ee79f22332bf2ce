import { useEffect, useState } from 'react';
import { serverNow } from './server-clock';

/** The venue's time, redrawn every `everyMs` while mounted (countdowns). */
export function useServerNow(everyMs = 250): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const t = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/** Seconds left until `at` as mm:ss (never negative). */
export function countdownText(at: number, now: number): string {
  const s = Math.max(0, Math.ceil((at - now) / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
