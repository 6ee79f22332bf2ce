import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYuanString, formatMoney, parseMoney } from '@nebula/protocol';
import {
  K3_PAYTABLE_V1,
  MyGameBets,
  k3Odds,
  k3Wins,
  type GameBetView,
  type K3BetType,
} from '@nebula/protocol/venue/games/index';
import { BetChanges, type BetVersion } from '@nebula/protocol/venue/merchant';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { gameKit, type GameKit } from '../../test/game-kit';

/**
 * Settlement of 极速快3 rounds in the game clock (docs/contract.md §10.11): every bet type paid
 * exactly by the paytable on the drawn dice, valid stake by its rules, the feed's versions in
 * order with the game leg's fields, liability released, the books at zero; a voided round
 * refunds its stakes once.
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

const ALL_PICKS: { betType: K3BetType; pick: string }[] = [
  ...Array.from({ length: 16 }, (_, i) => ({ betType: 'sum' as const, pick: String(i + 3) })),
  { betType: 'odd', pick: '' },
  { betType: 'triple_any', pick: '' },
  { betType: 'straight_any', pick: '' },
  ...['1', '2', '3', '4', '5', '6'].flatMap((d) => [
    { betType: 'triple_single' as const, pick: d },
    { betType: 'pair_multi' as const, pick: d },
  ]),
  { betType: 'two_distinct', pick: '12' },
  { betType: 'two_distinct', pick: '56' },
  { betType: 'three_distinct', pick: '123' },
  { betType: 'three_distinct', pick: '456' },
];

const myBets = async (roundNo: string): Promise<GameBetView[]> =>
  MyGameBets.parse(
    (await v.page('GET', `/h5/api/games/bets?roundNo=${roundNo}&limit=100`, player.token)).data,
  ).bets;

async function feed(): Promise<BetVersion[]> {
  const r = await v.call('betChanges', { venueCode: 'HOUSE_CP', cursor: '', limit: 1000 });
  return BetChanges.parse(r.data).changes;
}

describe('settling game rounds', () => {
  it('pays every bet type by the paytable on the dice, with valid stake, once', async () => {
    const round = await k.freshRound();
    const start = parseMoney(await k.balance(player.playerId));
    const slips = [
      { multiple: 1, picks: ALL_PICKS },
      // 大 10 × 2.00 against 小 3 × 2.00: valid 14.00 on 大, split by stake (8 and 2).
      { multiple: 8, picks: [{ betType: 'big', pick: '' }] },
      { multiple: 2, picks: [{ betType: 'big', pick: '' }] },
      { multiple: 3, picks: [{ betType: 'small', pick: '' }] },
    ];
    for (const s of slips) {
      expect((await k.place(player.token, { roundNo: round.roundNo, ...s })).code).toBe(0);
    }
    // The big pair's second slip repeats a pick of an earlier slip: a bet of its own.
    const drawn = await k.finish(round);
    expect(drawn.status).toBe('settled');
    const dice = drawn.outcome!;
    const bets = await myBets(round.roundNo);
    expect(bets).toHaveLength(ALL_PICKS.length + 3);
    let paid = 0n;
    let staked = 0n;
    for (const b of bets) {
      const type = b.betType as K3BetType;
      const stake = parseMoney(b.stake);
      const odds = k3Odds(K3_PAYTABLE_V1, type, b.pick)!;
      const wins = k3Wins(type, b.pick, dice);
      const payout = wins ? (stake * BigInt(odds)) / 1000n : 0n;
      expect(b, `${b.betType}:${b.pick}`).toMatchObject({
        status: 'settled',
        oddsMilli: odds,
        result: wins ? 'won' : 'lost',
        payout: fenToYuanString(payout),
      });
      paid += payout;
      staked += stake;
    }
    // The sums cover every outcome: valid nothing. Odd, the triples and pairs alone: their stake.
    const valid = (type: string, pick = '') =>
      bets.filter((b) => b.betType === type && b.pick === pick).map((b) => b.validStake);
    for (let s = 3; s <= 18; s += 1) expect(valid('sum', String(s))).toEqual(['0.00']);
    expect(valid('odd')).toEqual(['2.00']);
    expect(valid('triple_single', '4')).toEqual(['2.00']);
    expect(valid('two_distinct', '56')).toEqual(['2.00']);
    expect(valid('small')).toEqual(['0.00']);
    expect(valid('big').sort()).toEqual(['11.20', '2.80']);
    expect(parseMoney(await k.balance(player.playerId))).toBe(start - staked + paid);
    expect(await k.gameLiability()).toBe(0n);
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });

    // Each bet came through the merchant feed twice, in order: accepted, then settled.
    const versions = (await feed()).filter((c) => bets.some((b) => b.betId === c.betId));
    expect(versions).toHaveLength(bets.length * 2);
    for (const b of bets) {
      const mine = versions.filter((c) => c.betId === b.betId);
      expect(mine.map((c) => [c.version, c.kind])).toEqual([
        [1, 'accepted'],
        [2, 'settled'],
      ]);
      expect(mine[0]).toMatchObject({ payout: null, validStake: null, oddsChangePolicy: 'none' });
      expect(mine[1]).toMatchObject({ payout: b.payout, validStake: b.validStake });
      expect(mine[1]!.legs).toEqual([
        {
          selectionId: `g:JSK3:${round.roundNo}:${b.betType}:${b.pick}`,
          eventName: `极速快3 第${round.roundNo}期`,
          marketLabel: b.betTypeName,
          outcomeLabel: b.pickLabel,
          oddsMilli: b.oddsMilli,
          result: b.result,
        },
      ]);
    }
    // Another tick settles nothing again.
    expect((await v.games.clock.tick()).settled).toBe(0);
    expect(parseMoney(await k.balance(player.playerId))).toBe(start - staked + paid);
  });

  it('voids the bets of a voided round and refunds them once (operator and missed seal)', async () => {
    const before = await k.balance(player.playerId);
    const r1 = await k.freshRound();
    const picks = [
      { betType: 'big', pick: '' },
      { betType: 'sum', pick: '11' },
    ];
    expect((await k.place(player.token, { roundNo: r1.roundNo, multiple: 5, picks })).code).toBe(0);
    expect(await k.balance(player.playerId)).not.toBe(before);
    const voided = await k.op(
      '/operator/v1/games/rounds/void',
      { gameCode: 'JSK3', roundNo: r1.roundNo, reason: '测试作废' },
      'trader',
    );
    expect(voided.code).toBe(0);
    expect(await k.balance(player.playerId)).toBe(before);
    const gone = await myBets(r1.roundNo);
    expect(gone.map((b) => [b.status, b.result, b.payout, b.validStake])).toEqual([
      ['voided', 'void', '10.00', '0.00'],
      ['voided', 'void', '10.00', '0.00'],
    ]);
    // The clock's own void: a round whose seal the leader missed.
    const r2 = await k.freshRound();
    expect((await k.place(player.token, { roundNo: r2.roundNo, multiple: 5, picks })).code).toBe(0);
    v.clock.offset = r2.sealAt + 5_000 - Date.now();
    // One round of each of the lottery's three games missed its seal.
    expect((await v.games.clock.tick()).voided).toBe(3);
    expect((await v.games.clock.tick()).voided).toBe(0);
    expect(await k.balance(player.playerId)).toBe(before);
    const changes = await feed();
    for (const b of gone) {
      const kinds = changes.filter((c) => c.betId === b.betId).map((c) => [c.version, c.kind]);
      expect(kinds).toEqual([
        [1, 'accepted'],
        [2, 'voided'],
      ]);
    }
    expect(await k.gameLiability()).toBe(0n);
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });

  it('reports the day per game: stakes, payouts, GGR and RTP against the paytable', async () => {
    const d = new Date(Date.now() + v.clock.offset + 8 * 3600_000).toISOString().slice(0, 10);
    const r = await k.op<{
      total: { stakes: string; payouts: string; ggr: string; statedRtpBp: number | null };
      voids: { cause: string; rounds: number }[];
      voidedBets: number;
      rows: { betType: string; statedRtpBp: number | null }[];
    }>('/operator/v1/games/reports/daily', { gameCode: 'JSK3', date: d }, 'viewer');
    expect(r.code).toBe(0);
    const t = r.data!.total;
    expect(parseMoney(t.stakes)).toBeGreaterThan(0n);
    expect(t.ggr).toBe(formatMoney(parseMoney(t.stakes) - parseMoney(t.payouts)));
    // 大 pays 2.00 on 105 of 216 throws: 97.22 %.
    expect(r.data!.rows.find((x) => x.betType === 'big')!.statedRtpBp).toBe(9722);
    expect(r.data!.voidedBets).toBe(4);
    expect(r.data!.voids.map((x) => x.cause).sort()).toEqual(['missed_seal', 'operator']);
  });
});
