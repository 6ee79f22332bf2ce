import type { OddsChangePolicy } from '@nebula/protocol/venue/markets';
import { choosePolicy } from './policy';

const POLICIES: { policy: OddsChangePolicy; label: string }[] = [
  { policy: 'any', label: '接受任何赔率变化' },
  { policy: 'better', label: '只接受更高赔率' },
  { policy: 'none', label: '不接受' },
];

/** 赔率变化时: what the slip does when a price moves, kept for the player by the venue. */
export function PolicyChoice({ current }: { current: OddsChangePolicy }) {
  return (
    <div className="slip__policy" role="radiogroup" aria-label="赔率变化时">
      {POLICIES.map((p) => (
        <button
          type="button"
          key={p.policy}
          role="radio"
          aria-checked={current === p.policy}
          className={`policy${current === p.policy ? ' policy--on' : ''}`}
          onClick={() => void choosePolicy(p.policy)}
        >
          {p.label}
        </button>
      ))}
    </div>
  );
}
