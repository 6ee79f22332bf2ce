import type { ReactNode } from 'react';
import './status-badge.css';

export type BadgeTone = 'primary' | 'success' | 'warning' | 'danger' | 'muted';

/** A small coloured status label (an order's state, a cooling-off account). */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`nb-badge nb-badge--${tone}`}>{children}</span>;
}
