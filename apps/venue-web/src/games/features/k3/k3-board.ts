import { k3Odds, type K3BetType, type Paytable } from '@nebula/protocol/venue/games/k3-paytable';

/**
 * The 快3 number board (docs/contract.md §10.11): the eight 玩法 tabs, the cells
 * each shows with the paytable's odds, the bets a choice makes (注数) and 机选. A slip is every
 * bet of the choice at 倍数 × 单价 each.
 */
export const K3_PLAYS = [
  { id: 'sum', name: '和值' },
  { id: 'bsoe', name: '大小单双' },
  { id: 'triple_single', name: '三同号单选' },
  { id: 'triple_any', name: '三同号通选' },
  { id: 'pair_multi', name: '二同号复选' },
  { id: 'two_distinct', name: '二不同号' },
  { id: 'three_distinct', name: '三不同号' },
  { id: 'straight_any', name: '三连号通选' },
] as const;
export type K3Play = (typeof K3_PLAYS)[number]['id'];

export interface BoardCell {
  /** What the choice holds for this cell (a pick, or a bet type on 大小单双). */
  key: string;
  label: string;
  /** A line under the label (the numbers a cell stands for). */
  hint: string | null;
  /** The odds of the bet this cell makes on its own; null where it takes several cells. */
  oddsMilli: number | null;
}

export interface K3Bet {
  betType: K3BetType;
  pick: string;
}

const DIGITS = ['1', '2', '3', '4', '5', '6'];
const BSOE: [K3BetType, string][] = [
  ['big', '大'],
  ['small', '小'],
  ['odd', '单'],
  ['even', '双'],
];
const BSOE_HINT: Record<string, string> = {
  big: '11–17',
  small: '4–10',
  odd: '和值单',
  even: '和值双',
};

/** How many cells a bet of the play takes: 二不同号 two digits, 三不同号 three, the rest one. */
export function cellsPerBet(play: K3Play): number {
  return play === 'two_distinct' ? 2 : play === 'three_distinct' ? 3 : 1;
}

/** The odds shown beside the tab: the same for every bet of the play, or null (和值, 大小单双 vary by cell). */
export function playOdds(table: Paytable, play: K3Play): number | null {
  switch (play) {
    case 'sum':
      return null;
    case 'bsoe':
      return k3Odds(table, 'big', '');
    case 'triple_single':
    case 'pair_multi':
      return k3Odds(table, play, '1');
    case 'two_distinct':
      return k3Odds(table, play, '12');
    case 'three_distinct':
      return k3Odds(table, play, '123');
    default:
      return k3Odds(table, play, '');
  }
}

export function boardOf(table: Paytable, play: K3Play): BoardCell[] {
  switch (play) {
    case 'sum':
      return Array.from({ length: 16 }, (_, i) => {
        const pick = String(i + 3);
        return { key: pick, label: pick, hint: null, oddsMilli: k3Odds(table, 'sum', pick) };
      });
    case 'bsoe':
      return BSOE.map(([betType, label]) => ({
        key: betType,
        label,
        hint: BSOE_HINT[betType]!,
        oddsMilli: k3Odds(table, betType, ''),
      }));
    case 'triple_single':
      return DIGITS.map((d) => ({
        key: d,
        label: d.repeat(3),
        hint: null,
        oddsMilli: k3Odds(table, play, d),
      }));
    case 'pair_multi':
      return DIGITS.map((d) => ({
        key: d,
        label: `${d.repeat(2)}*`,
        hint: null,
        oddsMilli: k3Odds(table, play, d),
      }));
    case 'two_distinct':
    case 'three_distinct':
      return DIGITS.map((d) => ({ key: d, label: d, hint: null, oddsMilli: null }));
    case 'triple_any':
      return [
        { key: '', label: '三同号通选', hint: '111 222 … 666', oddsMilli: k3Odds(table, play, '') },
      ];
    case 'straight_any':
      return [
        {
          key: '',
          label: '三连号通选',
          hint: '123 234 345 456',
          oddsMilli: k3Odds(table, play, ''),
        },
      ];
  }
}

/** Every k-element subset of `items`, in order. */
function combinations(items: readonly string[], k: number): string[][] {
  if (k === 0) return [[]];
  const out: string[][] = [];
  items.forEach((x, i) => {
    for (const rest of combinations(items.slice(i + 1), k - 1)) out.push([x, ...rest]);
  });
  return out;
}

/** The bets a choice of cells makes, one per 注. */
export function betsOf(play: K3Play, chosen: readonly string[]): K3Bet[] {
  const keys = [...new Set(chosen)];
  switch (play) {
    case 'bsoe':
      return BSOE.filter(([t]) => keys.includes(t)).map(([betType]) => ({ betType, pick: '' }));
    case 'two_distinct':
    case 'three_distinct': {
      const digits = DIGITS.filter((d) => keys.includes(d));
      return combinations(digits, cellsPerBet(play)).map((c) => ({
        betType: play,
        pick: c.join(''),
      }));
    }
    case 'triple_any':
    case 'straight_any':
      return keys.includes('') ? [{ betType: play, pick: '' }] : [];
    case 'sum':
      return keys
        .filter((k) => /^(3|4|5|6|7|8|9|1[0-8])$/.test(k))
        .sort((a, b) => Number(a) - Number(b))
        .map((pick) => ({ betType: 'sum', pick }));
    default:
      return DIGITS.filter((d) => keys.includes(d)).map((pick) => ({ betType: play, pick }));
  }
}

/** 注数 of a choice. */
export const countOf = (play: K3Play, chosen: readonly string[]): number =>
  betsOf(play, chosen).length;

/** Toggles a cell in the choice. */
export function toggle(chosen: readonly string[], key: string): string[] {
  return chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key];
}

/**
 * 机选: a random choice making exactly one bet (two digits for 二不同号, three for 三不同号).
 * `random` returns a uniform float in [0, 1) (the browser's crypto by default: a quick pick is
 * the member's choice, not an outcome, so it needs no fairness proof).
 */
export function quickPick(
  table: Paytable,
  play: K3Play,
  random: () => number = cryptoRandom,
): string[] {
  const keys = boardOf(table, play).map((c) => c.key);
  const pool = [...keys];
  const out: string[] = [];
  for (let i = 0; i < cellsPerBet(play); i++) {
    const j = Math.floor(random() * pool.length);
    out.push(pool.splice(j, 1)[0]!);
  }
  return out;
}

function cryptoRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}

/** The bet a placed pick stands for, as the page writes it (和值 10, 大, 三同号单选 444, 二不同号 15). */
export function pickLabel(betType: string, pick: string): string {
  switch (betType) {
    case 'triple_single':
      return pick.repeat(3);
    case 'pair_multi':
      return `${pick.repeat(2)}*`;
    case 'big':
      return '大';
    case 'small':
      return '小';
    case 'odd':
      return '单';
    case 'even':
      return '双';
    case 'triple_any':
      return '通选';
    case 'straight_any':
      return '通选';
    default:
      return pick;
  }
}
