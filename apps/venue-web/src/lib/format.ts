import { formatAmount } from '@nebula/protocol/format/number-format';
import { europeMilliToDisplay, OddsType } from '@nebula/protocol/odds/odds';
import {
  formatLine,
  parseSelectionId,
  type MarketKind,
  type Outcome,
} from '@nebula/protocol/venue/markets';

export const oddsTypeNames: Record<OddsType, string> = {
  [OddsType.Hongkong]: '香港盘',
  [OddsType.Malay]: '马来盘',
  [OddsType.Europe]: '欧洲盘',
  [OddsType.Indonesia]: '印尼盘',
};

/** The order the switcher offers them in. */
export const oddsTypeChoices: readonly OddsType[] = [
  OddsType.Hongkong,
  OddsType.Malay,
  OddsType.Europe,
  OddsType.Indonesia,
];

/** One line on negative odds, shown where Malay or Indonesian odds are. */
export function negativeOddsNote(type: OddsType): string | null {
  if (type === OddsType.Malay) return '负数赔率：如 -0.80，表示投注 80 可赢 100';
  if (type === OddsType.Indonesia) return '负数赔率：如 -1.25，表示投注 125 可赢 100';
  return null;
}

export function formatOdds(milli: number, type: OddsType): string {
  return europeMilliToDisplay(milli, type);
}

/**
 * A market's price as Chinese books show it: 独赢 (1X2, money line) always in decimal odds, the
 * handicap and total markets in the member's odds type.
 */
export function oddsText(milli: number, kind: MarketKind | null, type: OddsType): string {
  return formatOdds(milli, kind === '1x2' || kind === 'ml' ? OddsType.Europe : type);
}

/** The kind of market a selection id belongs to (`…:ft:ah:-25:home` → ah). */
export function kindOfSelection(selectionId: string): MarketKind | null {
  return parseSelectionId(selectionId)?.kind ?? null;
}

/** A money string from the venue ("1234.5") → "1,234.50". */
export function money(value: string): string {
  return formatAmount(value);
}

/** The line shown on a selection: the handicap from that side, or the total. */
export function lineOf(kind: MarketKind, outcome: Outcome, line100: number | null): string | null {
  if (line100 === null) return null;
  if (kind === 'ou') return formatLine(line100);
  const own = outcome === 'away' ? -line100 : line100;
  const text = formatLine(own);
  return own > 0 ? `+${text}` : text;
}

const shanghai = (opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false, ...opts });
const hm = shanghai({ hour: '2-digit', minute: '2-digit' });
const md = shanghai({ month: '2-digit', day: '2-digit' });
const full = shanghai({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export const timeOf = (ms: number) => hm.format(ms);
export const dayOf = (ms: number) => md.format(ms).replace('/', '-');
export const dateTimeOf = (ms: number) => full.format(ms).replaceAll('/', '-');
