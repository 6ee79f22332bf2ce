import {
  pk10Odds,
  pk10Wins,
  type LotteryPaytable,
  type Pk10BetType,
} from '@nebula/protocol/venue/games/pk10-paytable';
import { sscOdds, sscWins, type SscBetType } from '@nebula/protocol/venue/games/ssc-paytable';

/**
 * Each PK10 and 时时彩 bet's return to player, computed in the page by enumeration from the
 * paytable the venue serves (as the 快3 table is over its 216 dice): a PK10 bet looks at two
 * positions at most, and in a uniform shuffle those two hold each of the 90 ordered pairs of
 * distinct cars equally often, so the 90 pairs give its exact probability; a 时时彩 bet is
 * counted over all 10^5 draws. RTP = wins ÷ outcomes × odds.
 */
export interface LotteryRtpRow {
  betType: string;
  name: string;
  pick: string;
  pickNote: string;
  wins: number;
  outOf: number;
  oddsMilli: number;
  /** RTP in hundredths of a percent, rounded half up. */
  rtpBp: number;
}

const rtpBpOf = (wins: number, outOf: number, oddsMilli: number): number =>
  Math.floor((wins * oddsMilli * 10_000 * 2 + outOf * 1000) / (outOf * 1000 * 2));

/** The two positions (1–10) a PK10 bet reads. */
function positionsOf(betType: Pk10BetType, pick: string): [number, number] {
  if (betType === 'gy_sum' || betType === 'gy_big' || betType === 'gy_small') return [1, 2];
  const p = Number(pick.split(':')[0]);
  if (betType === 'dragon' || betType === 'tiger') return [p, 11 - p];
  return [p, p === 10 ? 1 : p + 1];
}

const PK10_SAMPLE: Partial<Record<Pk10BetType, [string, string]>> = {
  position: ['1:1', '任一名次、任一车号'],
  pos_big: ['1', '任一名次'],
  pos_small: ['1', '任一名次'],
  pos_odd: ['1', '任一名次'],
  pos_even: ['1', '任一名次'],
  dragon: ['1', '任一对位'],
  tiger: ['1', '任一对位'],
};

export function pk10RtpRows(table: LotteryPaytable<Pk10BetType>): LotteryRtpRow[] {
  const rows: LotteryRtpRow[] = [];
  for (const e of table.entries) {
    const picks: [string, string][] = e.picks
      ? e.picks.map((p) => [p.pick, `和 ${p.pick}`])
      : [PK10_SAMPLE[e.betType] ?? ['', '']];
    for (const [pick, pickNote] of picks) {
      const oddsMilli = pk10Odds(table, e.betType, pick);
      if (oddsMilli === null) continue;
      const [p1, p2] = positionsOf(e.betType, pick);
      let wins = 0;
      for (let a = 1; a <= 10; a++)
        for (let b = 1; b <= 10; b++) {
          if (a === b) continue;
          const rest = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((c) => c !== a && c !== b);
          const cars = Array.from({ length: 10 }, (_, i) =>
            i === p1 - 1 ? a : i === p2 - 1 ? b : rest.shift()!,
          );
          if (pk10Wins(e.betType, pick, cars)) wins += 1;
        }
      rows.push({
        betType: e.betType,
        name: e.name,
        pick,
        pickNote,
        wins,
        outOf: 90,
        oddsMilli,
        rtpBp: rtpBpOf(wins, 90, oddsMilli),
      });
    }
  }
  return rows;
}

const SSC_NOTE: Partial<Record<SscBetType, [string, string]>> = {
  position: ['1:0', '任一位、任一数字'],
};

export function sscRtpRows(table: LotteryPaytable<SscBetType>): LotteryRtpRow[] {
  const bets: {
    betType: SscBetType;
    name: string;
    pick: string;
    pickNote: string;
    oddsMilli: number;
  }[] = [];
  for (const e of table.entries) {
    // 中三 and 后三 read three other digits with the same chances as 前三: one set of rows.
    if (e.betType === 'mid3' || e.betType === 'back3') continue;
    const picks: [string, string][] = e.picks
      ? e.picks.map((p) => [p.pick, '前三、中三、后三相同'])
      : [SSC_NOTE[e.betType] ?? ['', '']];
    for (const [pick, pickNote] of picks) {
      const oddsMilli = sscOdds(table, e.betType, pick);
      if (oddsMilli !== null)
        bets.push({ betType: e.betType, name: e.name, pick, pickNote, oddsMilli });
    }
  }
  const wins = bets.map(() => 0);
  const d = [0, 0, 0, 0, 0];
  for (let n = 0; n < 100_000; n++) {
    let x = n;
    for (let i = 4; i >= 0; i--) {
      d[i] = x % 10;
      x = Math.floor(x / 10);
    }
    bets.forEach((b, i) => {
      if (sscWins(b.betType, b.pick, d)) wins[i]! += 1;
    });
  }
  return bets.map((b, i) => ({
    ...b,
    wins: wins[i]!,
    outOf: 100_000,
    rtpBp: rtpBpOf(wins[i]!, 100_000, b.oddsMilli),
  }));
}
