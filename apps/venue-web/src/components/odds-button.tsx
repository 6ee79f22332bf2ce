import { memo, useSyncExternalStore } from 'react';
import type { OddsType } from '@nebula/protocol/odds/odds';
import { oddsText } from '../lib/format';
import { eventsStore, type MarketState, type SelectionState } from '../store/events-store';
import { slipStore, toggleSelection } from '../store/slip-store';
import { LockIcon } from './icons';
import { toast } from './toast';

function useInSlip(selectionId: string): boolean {
  const get = () => slipStore.get().items.some((i) => i.selectionId === selectionId);
  return useSyncExternalStore(slipStore.subscribe, get, get);
}

/**
 * A price to tap: adds the selection to the slip or takes it out. A price that
 * moved in the last 2 s flashes green (up) or red (down); a suspended one shows a lock.
 */
export const OddsButton = memo(function OddsButton({
  eventId,
  market,
  sel,
  name,
  oddsType,
  flash,
  stacked = false,
}: {
  eventId: string;
  market: MarketState;
  sel: SelectionState;
  /** What the price is on: a line (−0.5, 大 2.5) or an outcome (主, 和). */
  name: string | null;
  oddsType: OddsType;
  /** The direction of a move in the last 2 s (the caller's clock: see flashOf). */
  flash: 'up' | 'down' | null;
  /** The line above the price (the list's narrow columns). */
  stacked?: boolean;
}) {
  const selected = useInSlip(sel.selectionId);
  const locked = sel.oddsMilli === null;
  const onClick = () => {
    // The match as it stands at the tap (the button redraws only when its own price moves).
    const ev = eventsStore.get(eventId);
    if (!ev) return;
    const r = toggleSelection(ev, market, sel);
    if (r === 'full') toast('投注单最多 10 项');
    if (r === 'locked') toast('该盘口暂停投注');
  };
  return (
    <button
      type="button"
      className={`odds${stacked && !locked ? ' odds--stack' : ''}${selected ? ' odds--on' : ''}${locked ? ' odds--locked' : ''}`}
      aria-pressed={selected}
      disabled={locked && !selected}
      data-selection={sel.selectionId}
      onClick={onClick}
    >
      {name !== null && <span className="odds__name">{name}</span>}
      {locked ? (
        <span className="odds__lock" aria-label="暂停">
          <LockIcon />
        </span>
      ) : (
        <span
          className={`odds__price${flash ? ` odds__price--${flash}` : ''}`}
          data-move={flash ?? undefined}
        >
          {oddsText(sel.oddsMilli!, market.kind, oddsType)}
        </span>
      )}
    </button>
  );
});

/** An empty cell where a market is not offered: keeps the grid still. */
export function OddsGap() {
  return <span className="odds odds--gap" aria-hidden="true" />;
}
