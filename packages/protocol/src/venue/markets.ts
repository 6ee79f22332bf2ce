/**
 * The sportsbook's vocabulary, shared by the house venue (pricing, bets, settlement), its H5
 * and the platform (bet copies, chat cards): sports, periods, market kinds, outcomes, lines and
 * the ids that name a market and a selection. Pure data and string helpers, no I/O.
 *
 * Odds are Europe odds in thousandths (`oddsMilli`, see ../odds/odds.ts). Lines are integers in
 * hundredths (`line100`): a handicap of −0.25 is −25, a total of 2.5 is 250, a basketball
 * spread of −5.5 is −550. A handicap is from the home side's view.
 */

export const sports = ['football', 'basketball', 'esports'] as const;
export type Sport = (typeof sports)[number];

/** Esports titles the house venue offers. */
export const esportsTitles = ['cs2', 'lol', 'dota2'] as const;
export type EsportsTitle = (typeof esportsTitles)[number];

/** The venue family (contract §6) a sport belongs to: sports are TY, esports DJ. */
export function familyOfSport(sport: Sport): 'TY' | 'DJ' {
  return sport === 'esports' ? 'DJ' : 'TY';
}

/** The sports a venue of a family offers. */
export function sportsOfFamily(family: 'TY' | 'DJ'): readonly Sport[] {
  return sports.filter((s) => familyOfSport(s) === family);
}

/** Full time (全场) and first half (半场). Esports markets are full time only. */
export const periods = ['ft', '1h'] as const;
export type Period = (typeof periods)[number];

/**
 * - `1x2` 独赢 with a draw (football);
 * - `ml` winner without a draw (basketball moneyline, esports match winner);
 * - `ah` handicap (football Asian handicap, basketball spread, esports map handicap);
 * - `ou` total over/under (goals, points, maps);
 * - `oe` odd/even of the total.
 */
export const marketKinds = ['1x2', 'ml', 'ah', 'ou', 'oe'] as const;
export type MarketKind = (typeof marketKinds)[number];

export const outcomesOf = {
  '1x2': ['home', 'draw', 'away'],
  ml: ['home', 'away'],
  ah: ['home', 'away'],
  ou: ['over', 'under'],
  oe: ['odd', 'even'],
} as const satisfies Record<MarketKind, readonly string[]>;
export type Outcome = (typeof outcomesOf)[MarketKind][number];

/** Kinds that carry a line. */
export function hasLine(kind: MarketKind): boolean {
  return kind === 'ah' || kind === 'ou';
}

/** A quarter line (±x.25 / ±x.75) settles as half the stake on each adjacent half line. */
export function isQuarterLine(line100: number): boolean {
  return Math.abs(line100) % 50 === 25;
}

/** The result of one leg (or a single bet) once settled. */
export const legResults = ['won', 'lost', 'half_won', 'half_lost', 'push', 'void'] as const;
export type LegResult = (typeof legResults)[number];

/** A bet's status as members see it (contract §6). */
export const betStatuses = ['open', ...legResults] as const;
export type BetStatus = (typeof betStatuses)[number];

/** What the bettor accepts when the price moved between the slip and the venue. */
export const oddsChangePolicies = ['any', 'better', 'none'] as const;
export type OddsChangePolicy = (typeof oddsChangePolicies)[number];

export interface MarketKey {
  matchId: string;
  period: Period;
  kind: MarketKind;
  /** Hundredths; null for kinds without a line. */
  line100: number | null;
}

export interface SelectionKey extends MarketKey {
  outcome: Outcome;
}

/** `{matchId}:{period}:{kind}[:{line100}]`, e.g. `1042:ft:ah:-25`. */
export function marketId(key: MarketKey): string {
  const base = `${key.matchId}:${key.period}:${key.kind}`;
  return key.line100 === null ? base : `${base}:${key.line100}`;
}

/** `{marketId}:{outcome}`, e.g. `1042:ft:ah:-25:home`. */
export function selectionId(key: SelectionKey): string {
  return `${marketId(key)}:${key.outcome}`;
}

const ID_PART = /^[A-Za-z0-9_-]{1,40}$/;

/** The inverse of selectionId; null for anything that is not a well-formed selection id. */
export function parseSelectionId(id: string): SelectionKey | null {
  const parts = id.split(':');
  if (parts.length !== 4 && parts.length !== 5) return null;
  const [matchId, period, kind, ...rest] = parts as [string, string, string, ...string[]];
  if (!ID_PART.test(matchId)) return null;
  if (!(periods as readonly string[]).includes(period)) return null;
  if (!(marketKinds as readonly string[]).includes(kind)) return null;
  const k = kind as MarketKind;
  const withLine = hasLine(k);
  if (rest.length !== (withLine ? 2 : 1)) return null;
  let line100: number | null = null;
  if (withLine) {
    const raw = rest[0] ?? '';
    if (!/^-?(0|[1-9]\d{0,5})$/.test(raw)) return null;
    line100 = Number(raw);
    if (line100 % 25 !== 0) return null;
  }
  const outcome = rest[rest.length - 1] ?? '';
  if (!(outcomesOf[k] as readonly string[]).includes(outcome)) return null;
  return { matchId, period: period as Period, kind: k, line100, outcome: outcome as Outcome };
}

/** Chinese names of the markets, by sport (the H5 and the chat cards show these). */
export function marketLabel(sport: Sport, period: Period, kind: MarketKind): string {
  const names: Record<Sport, Record<MarketKind, string>> = {
    football: { '1x2': '独赢', ml: '独赢', ah: '让球', ou: '大小', oe: '单双' },
    basketball: { '1x2': '独赢', ml: '独赢', ah: '让分', ou: '总分', oe: '单双' },
    esports: { '1x2': '独赢', ml: '获胜者', ah: '地图让分', ou: '总地图数', oe: '单双' },
  };
  const name = names[sport][kind];
  return period === '1h' ? `半场${name}` : name;
}

export const outcomeLabel: Record<Outcome, string> = {
  home: '主',
  draw: '和',
  away: '客',
  over: '大',
  under: '小',
  odd: '单',
  even: '双',
};

/** A line as shown: 250 → "2.5", −25 → "-0/0.5", 75 → "0.5/1" (Asian style for quarters). */
export function formatLine(line100: number): string {
  const plain = (v: number) => {
    const s = (Math.abs(v) / 100).toFixed(2).replace(/\.?0+$/, '');
    return s === '' ? '0' : s;
  };
  const sign = line100 < 0 ? '-' : '';
  if (!isQuarterLine(line100)) return `${sign}${plain(line100)}`;
  const a = Math.abs(line100);
  return `${sign}${plain(a - 25)}/${plain(a + 25)}`;
}
