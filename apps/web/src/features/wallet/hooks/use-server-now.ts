import { useEffect, useState } from 'react';
import { serverNow } from '../../../lib/clock';

/** The server's clock, read when the component mounts and again every `everyMs`. */
export function useServerNow(everyMs: number): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
