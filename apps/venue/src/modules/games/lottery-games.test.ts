import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, fenToYuanString, parseMoney } from '@nebula/protocol';
import {
  MyGameBets,
  PK10_PAYTABLE_V1,
  SSC_PAYTABLE_V1,
  paytableHash,
  paytableText,
  pk10Odds,
  pk10Wins,
  sscOdds,
  sscWins,
  type GameBetView,
  type Pk10BetType,
  type SscBetType,
} from '@nebula/protocol/venue/games/index';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { gameKit, type GameKit } from '../../test/game-kit';

/**
 * 极速PK10 and 极速时时彩 on the kernel (docs/contract.md §10.10, §10.11): every bet type
 * placed, its refusals with nothing debited, each bet paid exactly by the paytable on the drawn
 * outcome, valid stake with the games' own pairs, the paytables served at their versioned URLs.
 */
let v: VenueTestApp;
let k: GameKit;
let player: { playerId: string; token: string };
beforeAll(async () => {
  v = await createVenueTestApp();
  player = await v.fundedPlayer('5000.00', 'HOUSE_CP');
  k = gameKit(v, () => player.token);
});
afterAll(() => v.close());

const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

const PK10_PICKS: { betType: Pk10BetType; pick: string }[] = [
  ...range(1, 10).flatMap((p) =>
    range(1, 10).map((c) => ({ betType: 'position' as const, pick: `${p}:${c}` })),
  ),
  ...range(1, 10).flatMap((p) =>
    (['pos_big', 'pos_odd', 'pos_even'] as const).map((betType) => ({ betType, pick: String(p) })),
  ),
  ...range(1, 5).map((p) => ({ betType: 'dragon' as const, pick: String(p) })),
  { betType: 'tiger', pick: '1' },
  ...range(3, 19).map((s) => ({ betType: 'gy_sum' as const, pick: String(s) })),
  { betType: 'gy_big', pick: '' },
];

const SSC_PICKS: { betType: SscBetType; pick: string }[] = [
  ...range(1, 5).flatMap((p) =>
    range(0, 9).map((d) => ({ betType: 'position' as const, pick: `${p}:${d}` })),
  ),
  ...(['sum_big', 'sum_odd', 'dragon', 'tie'] as const).map((betType) => ({ betType, pick: '' })),
  ...(['front3', 'mid3', 'back3'] as const).flatMap((betType) =>
    ['leopard', 'straight', 'pair', 'half_straight', 'mixed'].map((pick) => ({ betType, pick })),
  ),
];

/** The round's bets, every page of them. */
async function myBets(roundNo: string): Promise<GameBetView[]> {
  const out: GameBetView[] = [];
  for (;;) {
    const before = out.length ? `&before=${out[out.length - 1]!.betId}` : '';
    const path = `/h5/api/games/bets?roundNo=${roundNo}&limit=100${before}`;
    const page = MyGameBets.parse((await v.page('GET', path, player.token)).data);
    out.push(...page.bets);
    if (!page.more) return out;
  }
}

type Judge = {
  odds: (t: string, p: string) => number;
  wins: (t: string, p: string, o: number[]) => boolean;
};
const GAMES: {
  code: string;
  picks: { betType: string; pick: string }[];
  judge: Judge;
  size: number;
}[] = [
  {
    code: 'JSPK10',
    picks: PK10_PICKS,
    size: 10,
    judge: {
      odds: (t, p) => pk10Odds(PK10_PAYTABLE_V1, t as Pk10BetType, p)!,
      wins: (t, p, o) => pk10Wins(t as Pk10BetType, p, o),
    },
  },
  {
    code: 'JSSSC',
    picks: SSC_PICKS,
    size: 5,
    judge: {
      odds: (t, p) => sscOdds(SSC_PAYTABLE_V1, t as SscBetType, p)!,
      wins: (t, p, o) => sscWins(t as SscBetType, p, o),
    },
  },
];

describe.each(GAMES)('$code', ({ code, picks, judge, size }) => {
  it('serves its paytable at its versioned URL, hashed on every round', async () => {
    const table = code === 'JSPK10' ? PK10_PAYTABLE_V1 : SSC_PAYTABLE_V1;
    const r = await v.app.inject({ method: 'GET', url: `/h5/api/games/${code}/paytable/v1.json` });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe(paytableText(table));
    const round = await k.freshRound(code);
    expect(round).toMatchObject({ gameCode: code, paytableHash: paytableHash(table) });
  });

  it('refuses a bet type or pick not on its board, debiting nothing', async () => {
    const round = await k.freshRound(code);
    const before = await k.balance(player.playerId);
    const bad = [
      { betType: 'sum', pick: '10' }, // 快3's, not this game's
      { betType: 'position', pick: '0:1' },
      { betType: 'position', pick: '1:11' },
      { betType: code === 'JSPK10' ? 'dragon' : 'sum_big', pick: code === 'JSPK10' ? '6' : '1' },
      { betType: code === 'JSPK10' ? 'gy_sum' : 'front3', pick: code === 'JSPK10' ? '2' : 'pairs' },
    ];
    for (const pick of bad) {
      const r = await k.place(player.token, { roundNo: round.roundNo, picks: [pick] }, code);
      expect(r.code, JSON.stringify(pick)).toBe(ErrorCode.VenueGameBetInvalid);
    }
    const twice = [picks[0]!, picks[0]!];
    const r = await k.place(player.token, { roundNo: round.roundNo, picks: twice }, code);
    expect(r.code).toBe(ErrorCode.VenueGameBetInvalid);
    expect(await k.balance(player.playerId)).toBe(before);
  });

  it('places every bet type and pays each exactly by the paytable on the drawn outcome', async () => {
    const round = await k.freshRound(code);
    const start = parseMoney(await k.balance(player.playerId));
    expect((await k.place(player.token, { roundNo: round.roundNo, picks }, code)).code).toBe(0);
    const drawn = await k.finish(round);
    expect(drawn.status).toBe('settled');
    expect(drawn.outcome).toHaveLength(size);
    const bets = await myBets(round.roundNo);
    expect(bets).toHaveLength(picks.length);
    let paid = 0n;
    for (const b of bets) {
      const odds = judge.odds(b.betType, b.pick);
      const wins = judge.wins(b.betType, b.pick, drawn.outcome!);
      const payout = wins ? (parseMoney(b.stake) * BigInt(odds)) / 1000n : 0n;
      expect(b, `${b.betType}:${b.pick}`).toMatchObject({
        status: 'settled',
        oddsMilli: odds,
        result: wins ? 'won' : 'lost',
        payout: fenToYuanString(payout),
      });
      paid += payout;
    }
    const staked = 200n * BigInt(picks.length);
    expect(parseMoney(await k.balance(player.playerId))).toBe(start - staked + paid);
    expect(await k.gameLiability()).toBe(0n);
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });
});

describe('valid stake of the two new games', () => {
  const validOf = (bets: GameBetView[], betType: string, pick: string) =>
    bets.filter((b) => b.betType === betType && b.pick === pick).map((b) => b.validStake);

  it('PK10: a position’s 大 against its own 小, 龙 against 虎 per position, 冠亚和 大/小', async () => {
    const round = await k.freshRound('JSPK10');
    const slips = [
      {
        multiple: 5,
        picks: [
          { betType: 'pos_big', pick: '1' },
          { betType: 'dragon', pick: '2' },
        ],
      },
      {
        multiple: 2,
        picks: [
          { betType: 'pos_small', pick: '1' },
          { betType: 'tiger', pick: '2' },
        ],
      },
      // Another position's 双 pairs with nothing here: counted in full. (Two picks of one
      // type would cover over 70 %: 小 on two positions wins 7 times in 9.)
      {
        multiple: 3,
        picks: [
          { betType: 'pos_even', pick: '4' },
          { betType: 'gy_big', pick: '' },
        ],
      },
      {
        multiple: 1,
        picks: [
          { betType: 'gy_small', pick: '' },
          { betType: 'pos_odd', pick: '5' },
        ],
      },
    ];
    for (const s of slips) {
      expect((await k.place(player.token, { roundNo: round.roundNo, ...s }, 'JSPK10')).code).toBe(
        0,
      );
    }
    const bets = (await k.finish(round), await myBets(round.roundNo));
    expect(validOf(bets, 'pos_big', '1')).toEqual(['6.00']);
    expect(validOf(bets, 'pos_small', '1')).toEqual(['0.00']);
    expect(validOf(bets, 'dragon', '2')).toEqual(['6.00']);
    expect(validOf(bets, 'tiger', '2')).toEqual(['0.00']);
    expect(validOf(bets, 'pos_even', '4')).toEqual(['6.00']);
    expect(validOf(bets, 'gy_big', '')).toEqual(['4.00']);
    expect(validOf(bets, 'gy_small', '')).toEqual(['0.00']);
    expect(validOf(bets, 'pos_odd', '5')).toEqual(['2.00']);
  });

  it('时时彩: 总和 大/小 and 龙/虎 pair, 和 counts on its own', async () => {
    const round = await k.freshRound('JSSSC');
    const slips = [
      {
        multiple: 4,
        picks: [
          { betType: 'sum_big', pick: '' },
          { betType: 'dragon', pick: '' },
        ],
      },
      {
        multiple: 1,
        picks: [
          { betType: 'sum_small', pick: '' },
          { betType: 'tiger', pick: '' },
        ],
      },
      { multiple: 2, picks: [{ betType: 'tie', pick: '' }] },
    ];
    for (const s of slips) {
      expect((await k.place(player.token, { roundNo: round.roundNo, ...s }, 'JSSSC')).code).toBe(0);
    }
    const bets = (await k.finish(round), await myBets(round.roundNo));
    expect(validOf(bets, 'sum_big', '')).toEqual(['6.00']);
    expect(validOf(bets, 'sum_small', '')).toEqual(['0.00']);
    expect(validOf(bets, 'dragon', '')).toEqual(['6.00']);
    expect(validOf(bets, 'tiger', '')).toEqual(['0.00']);
    expect(validOf(bets, 'tie', '')).toEqual(['4.00']);
  });
});
