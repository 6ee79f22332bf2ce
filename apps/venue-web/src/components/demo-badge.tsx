import { sessionStore } from '../lib/session';
import { useStore } from '../lib/store';

/** 试玩: a session of the demo merchant plays with play money (docs/contract.md §6). */
export function DemoBadge({ floating = false }: { floating?: boolean }) {
  const state = useStore(sessionStore);
  if (state.phase !== 'ready' || !state.session.demo) return null;
  return (
    <span
      className={`demo-badge${floating ? ' demo-badge--float' : ''}`}
      role="status"
      aria-label="试玩模式，使用体验金"
    >
      试玩
    </span>
  );
}
