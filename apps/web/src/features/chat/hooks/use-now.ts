import { COUNTDOWN_TICK_MS } from '@nebula/protocol/constants/constants';
import { useEffect, useState } from 'react';
import { serverNow } from '../../../lib/clock';

/** The server-corrected time, ticking once a second (contract §8.5) while `running`. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(serverNow()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
