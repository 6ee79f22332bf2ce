import {
  k3Odds,
  k3Wins,
  type K3BetType,
  type Paytable,
} from '@nebula/protocol/venue/games/k3-paytable';

/**
 * Each 快3 bet's return to player, computed in the page by enumeration over the 216 ordered
 * outcomes of three dice (architecture §The house games page), from the paytable the venue
 * serves: RTP = (winning outcomes / 216) × odds. Bets whose picks all return the same show one
 * row per bet type.
 */
export const DICE_OUTCOMES: readonly (readonly number[])[] = (() => {
  const all: number[][] = [];
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) all.push([a, b, c]);
  return all;
})();

export interface RtpRow {
  betType: K3BetType;
  name: string;
  /** The pick the row is for ('' where the bet type has one, or all picks return the same). */
  pick: string;
  pickNote: string;
  wins: number;
  oddsMilli: number;
  /** RTP in hundredths of a percent, rounded half up (9722 → 97.22 %). */
  rtpBp: number;
}

/** One pick standing for every pick of a bet type whose picks all return the same. */
const SAMPLE: Partial<Record<K3BetType, [pick: string, note: string]>> = {
  triple_single: ['1', '每个号码相同（111 … 666）'],
  pair_multi: ['1', '每个号码相同（11* … 66*）'],
  two_distinct: ['12', '每组号码相同'],
  three_distinct: ['123', '每组号码相同'],
};

export function rtpRows(table: Paytable): RtpRow[] {
  const rows: RtpRow[] = [];
  for (const entry of table.entries) {
    const picks: [string, string][] = entry.picks
      ? entry.picks.map((p) => [p.pick, `和值 ${p.pick}`])
      : [SAMPLE[entry.betType] ?? ['', '']];
    for (const [pick, pickNote] of picks) {
      const oddsMilli = k3Odds(table, entry.betType, pick);
      if (oddsMilli === null) continue;
      const wins = DICE_OUTCOMES.filter((d) => k3Wins(entry.betType, pick, d)).length;
      // wins × odds / 216 as a percentage with two places: (wins × oddsMilli) / 216,000 × 10,000.
      const rtpBp = Math.floor((wins * oddsMilli * 10_000 * 2 + 216_000) / (216_000 * 2));
      rows.push({
        betType: entry.betType,
        name: entry.name,
        pick,
        pickNote,
        wins,
        oddsMilli,
        rtpBp,
      });
    }
  }
  return rows;
}

export const percentText = (bp: number): string =>
  `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`;

export const oddsText = (milli: number): string =>
  `${Math.floor(milli / 1000)}.${String(Math.floor((milli % 1000) / 10)).padStart(2, '0')}`;
