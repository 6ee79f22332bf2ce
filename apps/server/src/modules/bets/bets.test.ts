/*
 * Over 300 lines on purpose: one suite over one testbed (platform and fake venue), started once;
 * each case is a rule of the bet feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type BetPage, type Turnover } from '@nebula/protocol';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import { createTestApp } from '../../test/test-app';
import { testDbKind } from '../../test/test-db';
import { chatErrorOf, chatSocket, joinRoom, listenForChat } from '../../test/chat-harness';
import { fakeVenueTestbed, fundedMember, type Testbed } from '../../test/venue-harness';
import type { Member } from '../../test/factories';

/**
 * Bet copies pulled by cursor (contract §6) and the valid turnover they earn (contract §5):
 * the highest version wins; the stake counts on decided outcomes, half on half results,
 * nothing for voids, pushes or odds below the minimum; opposite sides of one market count
 * only the loss they were certain to make (bet-groups.test.ts has the rule in full); a void or
 * resettle takes back what was credited. ShareBetRecord builds its card from the copy.
 */
let bed: Testbed;
beforeAll(async () => {
  bed = await fakeVenueTestbed({ codes: ['FAKE', 'FAKE2'] });
});
afterAll(() => bed.close());

let betSeq = 0;

/** A bet version as a venue's feed delivers it. */
function version(
  m: Member,
  o: Partial<BetVersion> & { betId: string; version: number },
): BetVersion {
  return {
    playerId: `n${m.memberId}`,
    kind: 'placed',
    stake: '100.00',
    payout: null,
    oddsChangePolicy: 'any',
    legs: [
      {
        selectionId: 'E100:ft:1x2:home',
        eventName: '上海海港 vs 北京国安',
        marketLabel: '独赢',
        outcomeLabel: '主',
        oddsMilli: 1950,
        result: 'open',
      },
    ],
    placedAt: Date.now(),
    settledAt: null,
    ...o,
  };
}
const leg = (
  selectionId: string,
  oddsMilli: number,
  result: BetVersion['legs'][number]['result'],
) => ({
  selectionId,
  eventName: '广州 vs 深圳',
  marketLabel: '大小',
  outcomeLabel: selectionId.endsWith('over') ? '大' : '小',
  oddsMilli,
  result,
});
const settled = (
  m: Member,
  betId: string,
  v: number,
  payout: string,
  result: BetVersion['legs'][number]['result'],
  extra: Partial<BetVersion> = {},
) =>
  version(m, {
    betId,
    version: v,
    kind: v > 2 ? 'resettled' : 'settled',
    payout,
    settledAt: Date.now(),
    legs: [{ ...version(m, { betId, version: 1 }).legs[0]!, result }],
    ...extra,
  });

function feed(code: string, ...versions: BetVersion[]) {
  (bed.venue.control.bets[code] ??= []).push(...versions);
}
const newBetId = () => `B${Date.now()}${(betSeq += 1)}`;
const turnover = (m: Member) => m.client.data<Turnover>('turnover', { token: m.token });
const bets = (m: Member, query: Record<string, string | number> = {}) =>
  m.client.data<BetPage>('bets', { token: m.token, query });
const pull = () => bed.t.services.betSync.pullAll();

describe('bet copies and valid turnover', () => {
  it('a placed bet is open and earns nothing; settled won it earns its stake, once', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const id = newBetId();
    feed('FAKE', version(m, { betId: id, version: 1 }));
    await pull();
    expect((await bets(m)).list[0]).toMatchObject({
      betId: id,
      status: 'open',
      payout: null,
      validTurnover: '0.00',
    });
    feed('FAKE', settled(m, id, 2, '195.00', 'won'));
    await pull();
    await pull();
    const page = await bets(m);
    expect(page.list[0]).toMatchObject({
      status: 'won',
      payout: '195.00',
      winLoss: '95.00',
      potentialWin: '95.00',
      oddsMilli: 1950,
      validTurnover: '100.00',
      legs: [
        expect.objectContaining({
          matchId: 'E100',
          selectionId: 'E100:ft:1x2:home',
          oddsMilli: 1950,
          result: 'won',
        }),
      ],
    });
    expect((await turnover(m)).completed).toBe('100.00');
  });

  it('a void or a resettle takes back what was credited, by the difference', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const id = newBetId();
    feed('FAKE', version(m, { betId: id, version: 1 }), settled(m, id, 2, '195.00', 'won'));
    await pull();
    expect((await turnover(m)).completed).toBe('100.00');
    // Resettled lost: still decided, the same credit.
    feed('FAKE', settled(m, id, 3, '0.00', 'lost'));
    await pull();
    expect((await turnover(m)).completed).toBe('100.00');
    // Voided: the credit is taken back, shown as a reversal.
    feed(
      'FAKE',
      version(m, {
        betId: id,
        version: 4,
        kind: 'voided',
        payout: '100.00',
        settledAt: Date.now(),
      }),
    );
    await pull();
    const t = await turnover(m);
    expect(t.completed).toBe('0.00');
    expect(t.items[0]).toMatchObject({ kind: 'reverse', amount: '100.00' });
    expect((await bets(m)).list[0]!.status).toBe('void');
  });

  it('half results count half; pushes and low odds count nothing', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const half = newBetId();
    const push = newBetId();
    const low = newBetId();
    feed(
      'FAKE',
      settled(m, half, 2, '147.50', 'half_won'),
      settled(m, push, 2, '100.00', 'push'),
      version(m, {
        betId: low,
        version: 2,
        kind: 'settled',
        payout: '140.00',
        settledAt: Date.now(),
        legs: [leg('E7:ft:ou:250:over', 1400, 'won')],
      }),
    );
    await pull();
    const page = await bets(m);
    const byId = new Map(page.list.map((b) => [b.betId, b]));
    expect(byId.get(half)).toMatchObject({ status: 'half_won', validTurnover: '50.00' });
    expect(byId.get(push)).toMatchObject({ status: 'push', validTurnover: '0.00' });
    expect(byId.get(low)).toMatchObject({ status: 'won', validTurnover: '0.00' });
    expect((await turnover(m)).completed).toBe('50.00');
  });

  it('opposite sides of one market count their certain loss, across venues and seen late', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const over = newBetId();
    const under = newBetId();
    feed(
      'FAKE',
      version(m, {
        betId: over,
        version: 2,
        kind: 'settled',
        payout: '190.00',
        settledAt: Date.now(),
        legs: [leg('E9:ft:ou:250:over', 1900, 'won')],
      }),
    );
    await pull();
    expect((await turnover(m)).completed).toBe('100.00');
    feed(
      'FAKE2',
      version(m, {
        betId: under,
        version: 2,
        kind: 'settled',
        payout: '0.00',
        settledAt: Date.now(),
        legs: [leg('E9:ft:ou:250:under', 1900, 'lost')],
      }),
    );
    await pull();
    // 200.00 staked, 190.00 back whatever the score: 10.00.
    expect((await turnover(m)).completed).toBe('10.00');
    // The same side twice is no hedge.
    const again = newBetId();
    feed(
      'FAKE',
      version(m, {
        betId: again,
        version: 2,
        kind: 'settled',
        payout: '190.00',
        settledAt: Date.now(),
        legs: [leg('E11:ft:ou:250:over', 1900, 'won')],
      }),
    );
    const same = newBetId();
    feed(
      'FAKE',
      version(m, {
        betId: same,
        version: 2,
        kind: 'settled',
        payout: '190.00',
        settledAt: Date.now(),
        legs: [leg('E11:ft:ou:250:over', 1900, 'won')],
      }),
    );
    await pull();
    expect((await turnover(m)).completed).toBe('210.00');
  });

  it('a parlay: odds multiplied, decided by its payout', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const id = newBetId();
    feed(
      'FAKE',
      version(m, {
        betId: id,
        version: 2,
        kind: 'settled',
        payout: '380.25',
        settledAt: Date.now(),
        legs: [leg('E20:ft:ou:250:over', 1950, 'won'), leg('E21:ft:ou:250:under', 1950, 'won')],
      }),
    );
    await pull();
    expect((await bets(m)).list[0]).toMatchObject({
      kind: 'parlay',
      oddsMilli: 3802,
      status: 'won',
      validTurnover: '100.00',
    });
  });

  it('a version older than the copy changes nothing; an unknown player is skipped', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const id = newBetId();
    feed('FAKE', settled(m, id, 2, '195.00', 'won'), version(m, { betId: id, version: 1 }));
    feed('FAKE', { ...version(m, { betId: newBetId(), version: 1 }), playerId: 'n999999' });
    await pull();
    expect((await bets(m)).list[0]).toMatchObject({ betId: id, status: 'won' });
  });

  it('filters by status, venue and Shanghai dates, with totals and day totals', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    const [a, b, c] = [newBetId(), newBetId(), newBetId()];
    const day1 = Date.UTC(2026, 0, 10, 3); // 11:00 in Shanghai, 10 January
    const day2 = Date.UTC(2026, 0, 10, 17); // 01:00 in Shanghai, 11 January
    feed('FAKE', settled(m, a, 2, '195.00', 'won', { placedAt: day1 }));
    feed('FAKE', settled(m, b, 2, '0.00', 'lost', { placedAt: day2 }));
    feed('FAKE2', version(m, { betId: c, version: 1, placedAt: day2 }));
    await pull();
    const all = await bets(m);
    expect(all.totals).toEqual({
      count: 3,
      stake: '300.00',
      payout: '195.00',
      winLoss: '-5.00',
      validTurnover: '200.00',
    });
    expect(all.dayTotals.map((d) => [d.date, d.count, d.winLoss])).toEqual([
      ['2026-01-11', 2, '-100.00'],
      ['2026-01-10', 1, '95.00'],
    ]);
    expect((await bets(m, { status: 'open' })).list.map((x) => x.betId)).toEqual([c]);
    expect((await bets(m, { venueCode: 'FAKE2' })).list.map((x) => x.betId)).toEqual([c]);
    expect(
      (await bets(m, { from: '2026-01-10', to: '2026-01-10' })).list.map((x) => x.betId),
    ).toEqual([a]);
    // Another member sees none of them.
    const other = await fundedMember(bed.t, '0', bed.admin);
    expect((await bets(other)).total).toBe(0);
  });
});

describe('sharing a bet into the chat', () => {
  it('the card comes from the copy; another member’s bet or an unknown one is 9116', async () => {
    const at = await listenForChat(bed.t);
    const m = await fundedMember(bed.t, '0', bed.admin);
    const viewer = await fundedMember(bed.t, '0', bed.admin);
    const id = newBetId();
    feed('FAKE', settled(m, id, 2, '195.00', 'won'));
    await pull();
    const ws = await chatSocket(at, m);
    await joinRoom(ws);
    const other = await chatSocket(at, viewer);
    await joinRoom(other);
    ws.send(10010, { roomId: 1, betId: id });
    const card = await other.id(10010);
    expect(card.msgData).toMatchObject({
      roomId: 1,
      betId: id,
      venueCode: 'FAKE',
      kind: 'single',
      stake: '100.00',
      oddsMilli: 1950,
      legs: [
        {
          matchId: 'E100',
          selectionId: 'E100:ft:1x2:home',
          oddsMilli: 1950,
          match: '上海海港 vs 北京国安',
        },
      ],
    });
    expect((card.msgData as { sender: { memberId: number } }).sender.memberId).toBe(m.memberId);
    // The viewer cannot share the sharer's bet.
    other.send(10010, { roomId: 1, betId: id });
    expect(chatErrorOf(await other.id(10010))).toBe(ErrorCode.ChatBetNotShareable);
    ws.close();
    other.close();
  });
});

describe('two nodes pulling at once', () => {
  it.skipIf(testDbKind() !== 'postgres')(
    'credit a settled bet once',
    async () => {
      const second = await createTestApp({
        seedDemo: false,
        db: { db: bed.t.db, url: bed.t.dbUrl },
        env: { VENUE_MERCHANT_SECRETS: `NEBULA=${bed.secret}` },
      });
      try {
        const m = await fundedMember(bed.t, '0', bed.admin);
        const ids = Array.from({ length: 40 }, () => newBetId());
        feed('FAKE', ...ids.map((id) => settled(m, id, 2, '195.00', 'won')));
        await Promise.all([
          bed.t.services.betSync.pullAll(),
          second.services.betSync.pullAll(),
          bed.t.services.betSync.pullAll(),
        ]);
        expect((await turnover(m)).completed).toBe('4000.00');
        const r = await bed.t.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM turnover_entries WHERE member_id = $1 AND kind = 'turnover'",
          [m.memberId],
        );
        expect(r.rows[0]!.n).toBe(40);
      } finally {
        await second.close();
      }
    },
    60_000,
  );
});
