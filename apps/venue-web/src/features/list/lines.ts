import { mainLines } from '@nebula/protocol/venue/main-lines';
import type { Period } from '@nebula/protocol/venue/markets';
import type { EventState, MarketState } from '../../store/events-store';

export interface RowLines {
  ah: MarketState | undefined;
  ou: MarketState | undefined;
  win: MarketState | undefined;
}

/** The three main lines a row shows for a period: 让球, 大小, 独赢 (protocol's one rule). */
export function rowLines(ev: EventState, period: Period): RowLines {
  const lines = mainLines(ev.markets, period);
  return {
    ah: lines.find((m) => m.kind === 'ah'),
    ou: lines.find((m) => m.kind === 'ou'),
    win: lines.find((m) => m.kind === '1x2' || m.kind === 'ml'),
  };
}
