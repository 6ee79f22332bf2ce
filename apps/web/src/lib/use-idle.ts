import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/** True once the browser has been idle since the component mounted (lib/when-idle.ts). */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
