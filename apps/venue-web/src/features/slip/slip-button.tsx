import { useStore } from '../../lib/store';
import { openSlip, slipStore } from '../../store/slip-store';

/** The slip's handle above the bottom bar: how many selections, tap to open. */
export function SlipButton() {
  const s = useStore(slipStore);
  if (s.items.length === 0 && s.phase.kind !== 'confirming') return null;
  return (
    <button
      type="button"
      className="slip-fab"
      aria-label={`投注单 ${s.items.length} 项`}
      onClick={() => openSlip(true)}
    >
      <span className="slip-fab__label">投注单</span>
      <span className="slip-fab__count" key={s.items.length}>
        {s.items.length}
      </span>
    </button>
  );
}
