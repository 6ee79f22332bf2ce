/*
 * Over 300 lines on purpose: one suite over one testbed (platform and fake venue), started once;
 * each case is a rule of game bets' valid turnover or their records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetPage, Turnover } from '@nebula/protocol';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import {
  fakeVenueTestbed,
  fundedMember,
  registerVenue,
  type Testbed,
} from '../../test/venue-harness';
import type { Member } from '../../test/factories';

/**
 * House game bets on the platform (contract §6, "Valid turnover of house game bets"; contract
 * §10.11): fed through a fake venue's real merchant feed and the real bet worker. A game bet is
 * stored like any other with its venue's family; its valid turnover is the version's
 * `validStake`, credited by revision exactly once (a later version credits or takes back the
 * difference), never judged by minimum odds or an exposure group.
 */
let bed: Testbed;
beforeAll(async () => {
  // The fake serves XYCP too; only FAKE is registered by the testbed (a TY venue).
  bed = await fakeVenueTestbed({ codes: ['FAKE'], fake: { codes: ['FAKE', 'XYCP'] } });
  await registerVenue(bed.t, bed.admin, {
    code: 'XYCP',
    family: 'CP',
    dialect: null,
    name: '星云彩票',
    origin: bed.venue.url,
    apiUrl: bed.venue.url,
  });
});
afterAll(() => bed.close());

let seq = 0;
const newBetId = () => `GB${Date.now()}${(seq += 1)}`;
const ROUND = '20261126001';

/** A 快3 bet's version as the venue's feed delivers it (contract §10.11). */
function gameBet(
  m: Member,
  o: {
    betId: string;
    version: number;
    pick?: [betType: string, pick: string, label: string];
    result?: BetVersion['legs'][number]['result'];
    payout?: string | null;
    validStake?: string | null;
    oddsMilli?: number;
    stake?: string;
    kind?: BetVersion['kind'];
  },
): BetVersion {
  const [betType, pick, label] = o.pick ?? ['big', 'big', '大'];
  const result = o.result ?? 'open';
  return {
    betId: o.betId,
    version: o.version,
    playerId: `n${m.memberId}`,
    kind: o.kind ?? (result === 'open' ? 'placed' : o.version > 2 ? 'resettled' : 'settled'),
    stake: o.stake ?? '100.00',
    payout: o.payout ?? null,
    oddsChangePolicy: 'none',
    legs: [
      {
        selectionId: `g:JSK3:${ROUND}:${betType}:${pick}`,
        eventName: `极速快3 第${ROUND}期`,
        marketLabel: betType === 'big' || betType === 'small' ? '大小' : '和值',
        outcomeLabel: label,
        oddsMilli: o.oddsMilli ?? 1960,
        result,
      },
    ],
    placedAt: Date.now(),
    settledAt: result === 'open' ? null : Date.now(),
    ...(o.validStake !== undefined ? { validStake: o.validStake } : {}),
  };
}

const feed = (code: string, ...versions: BetVersion[]) =>
  (bed.venue.control.bets[code] ??= []).push(...versions);
const pull = () => bed.t.services.betSync.pullAll();
const turnover = (m: Member) => m.client.data<Turnover>('turnover', { token: m.token });
const bets = (m: Member, query: Record<string, string | number> = {}) =>
  m.client.data<BetPage>('bets', { token: m.token, query: { pageSize: 100, ...query } });
const groupKeys = async (m: Member) =>
  (
    await bed.t.db.query<{ group_key: string | null }>(
      'SELECT group_key FROM venue_bets WHERE member_id = $1',
      [m.memberId],
    )
  ).rows.map((r) => r.group_key);

describe('game bets and their valid turnover', () => {
  it('is stored with its venue’s family; settled, it earns exactly its validStake, once', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const id = newBetId();
    feed('XYCP', gameBet(m, { betId: id, version: 1 }));
    await pull();
    expect((await bets(m)).list[0]).toMatchObject({
      betId: id,
      venueCode: 'XYCP',
      venueName: '星云彩票',
      family: 'CP',
      status: 'open',
      validTurnover: '0.00',
      legs: [
        expect.objectContaining({
          matchId: `g:JSK3:${ROUND}`,
          selectionId: `g:JSK3:${ROUND}:big:big`,
          match: `极速快3 第${ROUND}期`,
          market: '大小',
          selection: '大',
        }),
      ],
    });
    // The venue saw a partial hedge in the round and counted 60 of the 100 staked.
    feed(
      'XYCP',
      gameBet(m, { betId: id, version: 2, result: 'won', payout: '196.00', validStake: '60.00' }),
    );
    await pull();
    await pull();
    expect((await bets(m)).list[0]).toMatchObject({
      status: 'won',
      payout: '196.00',
      winLoss: '96.00',
      validTurnover: '60.00',
    });
    const t = await turnover(m);
    expect(t.completed).toBe('60.00');
    expect(t.items.filter((i) => i.kind === 'turnover')).toHaveLength(1);
  });

  it('counts on the Shanghai day of its settledAt, never later than now', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const now = bed.t.clock.now();
    const lastNight = now - 26 * 3_600_000;
    const [late, early] = [newBetId(), newBetId()];
    // Settled a day ago, learned of now; and one whose venue clock runs an hour ahead.
    feed(
      'XYCP',
      {
        ...gameBet(m, {
          betId: late,
          version: 1,
          result: 'lost',
          payout: '0.00',
          validStake: '100.00',
        }),
        settledAt: lastNight,
      },
      {
        ...gameBet(m, {
          betId: early,
          version: 1,
          result: 'lost',
          payout: '0.00',
          validStake: '100.00',
        }),
        settledAt: now + 3_600_000,
      },
    );
    await pull();
    const at = await bed.t.db.query<{ reference: string; at: Date }>(
      "SELECT reference, at FROM turnover_entries WHERE member_id = $1 AND kind = 'turnover'",
      [m.memberId],
    );
    const of = (id: string) => at.rows.find((r) => r.reference.includes(id))!.at.getTime();
    expect(of(late)).toBe(lastNight);
    expect(of(early)).toBeGreaterThanOrEqual(now);
    expect(of(early)).toBeLessThanOrEqual(bed.t.clock.now());
  });

  it('a later version credits or takes back the difference of its validStake', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const id = newBetId();
    feed(
      'XYCP',
      gameBet(m, { betId: id, version: 1 }),
      gameBet(m, { betId: id, version: 2, result: 'lost', payout: '0.00', validStake: '40.00' }),
    );
    await pull();
    expect((await turnover(m)).completed).toBe('40.00');
    feed(
      'XYCP',
      gameBet(m, { betId: id, version: 3, result: 'lost', payout: '0.00', validStake: '100.00' }),
    );
    await pull();
    expect((await turnover(m)).completed).toBe('100.00');
    feed(
      'XYCP',
      gameBet(m, { betId: id, version: 4, result: 'lost', payout: '0.00', validStake: '0.00' }),
    );
    await pull();
    const t = await turnover(m);
    expect(t.completed).toBe('0.00');
    expect(t.items[0]).toMatchObject({ kind: 'reverse', amount: '100.00' });
    // An old version arriving again changes nothing.
    feed(
      'XYCP',
      gameBet(m, { betId: id, version: 3, result: 'lost', payout: '0.00', validStake: '100.00' }),
    );
    await pull();
    expect((await turnover(m)).completed).toBe('0.00');
  });

  it('ignores the sportsbook’s minimum odds; counts nothing without a validStake or when void', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const low = newBetId();
    const none = newBetId();
    const voided = newBetId();
    feed(
      'XYCP',
      // Odds of 1.20, below the site's 1.50 minimum: the venue's word stands.
      gameBet(m, {
        betId: low,
        version: 2,
        result: 'won',
        payout: '120.00',
        oddsMilli: 1200,
        validStake: '100.00',
      }),
      gameBet(m, { betId: none, version: 2, result: 'lost', payout: '0.00' }),
      gameBet(m, {
        betId: voided,
        version: 2,
        kind: 'voided',
        result: 'void',
        payout: '100.00',
        validStake: '100.00',
      }),
    );
    await pull();
    const byId = new Map((await bets(m)).list.map((b) => [b.betId, b]));
    expect(byId.get(low)).toMatchObject({ status: 'won', validTurnover: '100.00' });
    expect(byId.get(none)).toMatchObject({ status: 'lost', validTurnover: '0.00' });
    expect(byId.get(voided)).toMatchObject({ status: 'void', validTurnover: '0.00' });
    expect((await turnover(m)).completed).toBe('100.00');
  });

  it('never puts a game bet in an exposure group, even from a sportsbook venue', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const big = newBetId();
    const small = newBetId();
    const fromTy = newBetId();
    // 大 100 and 小 40 in one round: the venue counts |A − B| = 60 on 大 and nothing on 小.
    feed(
      'XYCP',
      gameBet(m, { betId: big, version: 2, result: 'won', payout: '196.00', validStake: '60.00' }),
      gameBet(m, {
        betId: small,
        version: 2,
        pick: ['small', 'small', '小'],
        stake: '40.00',
        result: 'lost',
        payout: '0.00',
        validStake: '0.00',
      }),
    );
    // A game selection in a TY venue's feed is a game bet all the same.
    feed(
      'FAKE',
      gameBet(m, {
        betId: fromTy,
        version: 2,
        result: 'lost',
        payout: '0.00',
        validStake: '30.00',
      }),
    );
    await pull();
    const byId = new Map((await bets(m)).list.map((b) => [b.betId, b]));
    expect(byId.get(big)!.validTurnover).toBe('60.00');
    expect(byId.get(small)!.validTurnover).toBe('0.00');
    expect(byId.get(fromTy)!.validTurnover).toBe('30.00');
    expect(await groupKeys(m)).toEqual([null, null, null]);
    const groups = await bed.t.db.query('SELECT 1 FROM bet_turnover_groups WHERE member_id = $1', [
      m.memberId,
    ]);
    expect(groups.rows).toHaveLength(0);
    expect((await turnover(m)).completed).toBe('90.00');
  });

  it('a validStake above the stake counts the stake; a sportsbook bet’s validStake is not used', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const over = newBetId();
    const sport = newBetId();
    feed(
      'XYCP',
      gameBet(m, { betId: over, version: 2, result: 'lost', payout: '0.00', validStake: '500.00' }),
    );
    feed('FAKE', {
      betId: sport,
      version: 2,
      playerId: `n${m.memberId}`,
      kind: 'settled',
      stake: '100.00',
      payout: '0.00',
      oddsChangePolicy: 'any',
      legs: [
        {
          selectionId: 'E900:ft:1x2:home',
          eventName: '广州 vs 深圳',
          marketLabel: '独赢',
          outcomeLabel: '主',
          oddsMilli: 1950,
          result: 'lost',
        },
      ],
      placedAt: Date.now(),
      settledAt: Date.now(),
      validStake: '1.00',
    });
    await pull();
    const byId = new Map((await bets(m)).list.map((b) => [b.betId, b]));
    expect(byId.get(over)!.validTurnover).toBe('100.00');
    expect(byId.get(sport)!.validTurnover).toBe('100.00');
  });
});

describe('投注记录 with game bets', () => {
  it('filters by family; the totals and day totals include game bets', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const game = newBetId();
    const sport = newBetId();
    // One instant for both, so they share a Shanghai day whatever the hour.
    const placedAt = Date.now();
    feed('XYCP', {
      ...gameBet(m, {
        betId: game,
        version: 2,
        result: 'won',
        payout: '196.00',
        validStake: '100.00',
      }),
      placedAt,
    });
    feed('FAKE', {
      ...gameBet(m, { betId: sport, version: 1 }),
      placedAt,
      legs: [
        {
          selectionId: 'E901:ft:1x2:away',
          eventName: '上海 vs 北京',
          marketLabel: '独赢',
          outcomeLabel: '客',
          oddsMilli: 2100,
          result: 'open',
        },
      ],
      stake: '50.00',
    });
    await pull();
    const cp = await bets(m, { family: 'CP' });
    expect(cp.list.map((b) => b.betId)).toEqual([game]);
    expect(cp.totals).toMatchObject({ count: 1, stake: '100.00', validTurnover: '100.00' });
    const ty = await bets(m, { family: 'TY' });
    expect(ty.list.map((b) => b.betId)).toEqual([sport]);
    expect((await bets(m, { family: 'ZR' })).list).toEqual([]);
    const all = await bets(m);
    expect(all.totals).toMatchObject({ count: 2, stake: '150.00', payout: '196.00' });
    expect(all.dayTotals).toEqual([
      expect.objectContaining({ count: 2, stake: '150.00', winLoss: '96.00' }),
    ]);
    const bad = await m.client.call('bets', { token: m.token, query: { family: 'XX' } });
    expect(bad.status_code).not.toBe(6000);
  });

  it('a game bet shares into the chat as a card with its game selection', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const id = newBetId();
    feed('XYCP', gameBet(m, { betId: id, version: 1 }));
    await pull();
    const card = await bed.t.services.bets.shareCard(m.memberId, 1, id);
    expect(card).toMatchObject({
      betId: id,
      venueCode: 'XYCP',
      kind: 'single',
      status: 'open',
      legs: [expect.objectContaining({ selectionId: `g:JSK3:${ROUND}:big:big` })],
    });
  });
});
