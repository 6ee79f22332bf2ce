import { useEffect, useState } from 'react';

export type TransitionPhase = 'enter' | 'leave';

/**
 * Keeps a closing element mounted for its leave animation, then unmounts it. Returns whether
 * to render and which phase's CSS class to apply.
 */
export function useLeaveTransition(
  visible: boolean,
  leaveMs: number,
): { mounted: boolean; phase: TransitionPhase } {
  const [mounted, setMounted] = useState(visible);
  if (visible && !mounted) setMounted(true);
  useEffect(() => {
    if (visible || !mounted) return;
    const timer = setTimeout(() => setMounted(false), leaveMs);
    return () => clearTimeout(timer);
  }, [visible, mounted, leaveMs]);
  return { mounted: visible || mounted, phase: visible ? 'enter' : 'leave' };
}
