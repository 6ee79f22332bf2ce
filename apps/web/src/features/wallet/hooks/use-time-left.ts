import { COUNTDOWN_TICK_MS } from '@nebula/protocol/constants/constants';
import { useEffect, useState } from 'react';
import { serverNow } from '../../../lib/clock';

/** Milliseconds until `deadline` on the server's clock, ticking once a second (contract §8.5). */
export function useTimeLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => serverNow());
  const running = deadline !== null && deadline > now;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(serverNow()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return deadline === null ? 0 : Math.max(0, deadline - now);
}

/** "29:59" (or "1:02:03" past an hour). */
export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
