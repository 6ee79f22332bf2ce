/*
 * Over 300 lines on purpose: one suite over one testbed (platform and fake venue), started once;
 * each case is a grouping rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeVenueTestbed, fundedMember, type Testbed } from '../../test/venue-harness';
import { betsById, feed, newBetId, single, turnoverEntries, turnoverOf } from '../../test/bet-feed';

/**
 * Valid turnover of single bets judged by exposure (contract §6): a member's singles on one
 * match and period, across venues and markets, count together as the most they could have
 * lost together over every score, never more than each counts alone summed; split over the
 * bets in proportion to what each counts alone; judged again on every change to the group.
 */
let bed: Testbed;
beforeAll(async () => {
  bed = await fakeVenueTestbed({ codes: ['FAKE', 'FAKE2'] });
});
afterAll(() => bed.close());

const pull = () => bed.t.services.betSync.pullAll();
const member = () => fundedMember(bed.t, '0', bed.admin);
let matchSeq = 0;
const newMatch = () => `X${Date.now()}${(matchSeq += 1)}`;

describe('hedges across markets and venues count only what they could lose', () => {
  it('1x2 home at one venue + handicap −0.5 away at another: the certain loss', async () => {
    const m = await member();
    const e = newMatch();
    const [a, b] = [newBetId(), newBetId()];
    // Home wins: 484.00 × 1.95 = 943.80 back; otherwise 510.00 × 1.85 = 943.50: W = 50.50.
    feed(
      bed,
      'FAKE',
      single(m, {
        betId: a,
        selectionId: `${e}:ft:1x2:home`,
        oddsMilli: 1950,
        stake: '484.00',
        result: 'won',
      }),
    );
    feed(
      bed,
      'FAKE2',
      single(m, {
        betId: b,
        selectionId: `${e}:ft:ah:-50:away`,
        oddsMilli: 1850,
        stake: '510.00',
        result: 'lost',
      }),
    );
    await pull();
    expect((await turnoverOf(m)).completed).toBe('50.50');
    const byId = await betsById(m);
    // 50.50 split 484 : 510 by largest remainder.
    expect(byId.get(a)!.validTurnover).toBe('24.59');
    expect(byId.get(b)!.validTurnover).toBe('25.91');
  });

  it('over 2.5 + under 2/2.5 at one venue: the real worst case (two goals)', async () => {
    const m = await member();
    const e = newMatch();
    const [over, under] = [newBetId(), newBetId()];
    // t ≤ 1: 931.00 back; t = 2: under half wins 710.50 back; t ≥ 3: 975.00 back. W = 279.50.
    feed(
      bed,
      'FAKE',
      single(m, {
        betId: over,
        selectionId: `${e}:ft:ou:250:over`,
        oddsMilli: 1950,
        stake: '500.00',
        result: 'won',
      }),
      single(m, {
        betId: under,
        selectionId: `${e}:ft:ou:225:under`,
        oddsMilli: 1900,
        stake: '490.00',
        result: 'lost',
      }),
    );
    await pull();
    expect((await turnoverOf(m)).completed).toBe('279.50');
    const byId = await betsById(m);
    expect(byId.get(over)!.validTurnover).toBe('141.16');
    expect(byId.get(under)!.validTurnover).toBe('138.34');
  });

  it('two handicap lines: home −0.5 against away +1', async () => {
    const m = await member();
    const e = newMatch();
    // d ≤ 0: 950.00 back; d = 1: 975.00 + 500.00; d ≥ 2: 975.00. W = 50.00.
    feed(
      bed,
      'FAKE',
      single(m, {
        betId: newBetId(),
        selectionId: `${e}:ft:ah:-50:home`,
        oddsMilli: 1950,
        stake: '500.00',
        result: 'won',
      }),
    );
    feed(
      bed,
      'FAKE2',
      single(m, {
        betId: newBetId(),
        selectionId: `${e}:ft:ah:-100:away`,
        oddsMilli: 1900,
        stake: '500.00',
        result: 'lost',
      }),
    );
    await pull();
    expect((await turnoverOf(m)).completed).toBe('50.00');
  });

  it('a single counts its stake; the same side twice both stakes; halves are groups of their own', async () => {
    const m = await member();
    const e = newMatch();
    feed(
      bed,
      'FAKE',
      single(m, {
        betId: newBetId(),
        selectionId: `${e}:ft:1x2:home`,
        oddsMilli: 1950,
        result: 'lost',
      }),
    );
    await pull();
    expect((await turnoverOf(m)).completed).toBe('100.00');
    feed(
      bed,
      'FAKE2',
      single(m, {
        betId: newBetId(),
        selectionId: `${e}:ft:1x2:home`,
        oddsMilli: 2000,
        result: 'lost',
      }),
      // The first half is its own group: under 1.5 there does not hedge the full time's home.
      single(m, {
        betId: newBetId(),
        selectionId: `${e}:1h:ou:150:under`,
        oddsMilli: 1900,
        result: 'won',
      }),
    );
    await pull();
    expect((await turnoverOf(m)).completed).toBe('300.00');
  });
});

describe('a group is judged again on every change, moving the difference once', () => {
  it('a late bet from another feed adjusts the group; an open one waits until settled', async () => {
    const m = await member();
    const e = newMatch();
    const [over, under, draw] = [newBetId(), newBetId(), newBetId()];
    feed(
      bed,
      'FAKE',
      single(m, {
        betId: over,
        selectionId: `${e}:ft:ou:250:over`,
        oddsMilli: 1900,
        result: 'won',
      }),
    );
    await pull();
    expect((await turnoverOf(m)).completed).toBe('100.00');
    // The other side arrives late from the other venue: 200.00 staked, 190.00 back either way.
    feed(
      bed,
      'FAKE2',
      single(m, {
        betId: under,
        selectionId: `${e}:ft:ou:250:under`,
        oddsMilli: 1900,
        result: 'lost',
      }),
    );
    await pull();
    expect((await turnoverOf(m)).completed).toBe('10.00');
    // A third bet of the group, still open: nothing moves until it is settled.
    const drawBet = {
      betId: draw,
      selectionId: `${e}:ft:1x2:draw`,
      oddsMilli: 3200,
      stake: '50.00',
    };
    feed(bed, 'FAKE2', single(m, { ...drawBet, result: 'open' }));
    await pull();
    expect((await turnoverOf(m)).completed).toBe('10.00');
    // Settled: a level score pays the draw too; any other loses 60.00 at most. W = 60.00.
    feed(bed, 'FAKE2', single(m, { ...drawBet, result: 'lost' }));
    await pull();
    await pull();
    expect((await turnoverOf(m)).completed).toBe('60.00');
    const byId = await betsById(m);
    expect([over, under, draw].map((id) => byId.get(id)!.validTurnover)).toEqual([
      '24.00',
      '24.00',
      '12.00',
    ]);
    const entries = await turnoverEntries(bed.t, m.memberId);
    expect(entries.map((x) => [x.kind, x.amount])).toEqual([
      ['turnover', '100.00'],
      ['reverse', '90.00'],
      ['turnover', '50.00'],
    ]);
    expect(new Set(entries.map((x) => x.ref)).size).toBe(entries.length);
  });

  it('a resettle or a void recomputes; pulling again changes nothing', async () => {
    const m = await member();
    const e = newMatch();
    const o = { betId: newBetId(), selectionId: `${e}:ft:ou:250:over`, oddsMilli: 1900 };
    const u = { betId: newBetId(), selectionId: `${e}:ft:ou:250:under`, oddsMilli: 1900 };
    feed(bed, 'FAKE', single(m, { ...o, result: 'won' }));
    feed(bed, 'FAKE2', single(m, { ...u, result: 'lost' }));
    await pull();
    expect((await turnoverOf(m)).completed).toBe('10.00');
    // The score is corrected: the results swap, the worst case stays.
    feed(bed, 'FAKE', single(m, { ...o, result: 'lost', version: 3 }));
    feed(bed, 'FAKE2', single(m, { ...u, result: 'won', version: 3 }));
    await pull();
    expect((await turnoverOf(m)).completed).toBe('10.00');
    // The under is voided: the over stands alone and counts its stake.
    feed(bed, 'FAKE2', single(m, { ...u, result: 'void', version: 4 }));
    await pull();
    await pull();
    expect((await turnoverOf(m)).completed).toBe('100.00');
    expect((await betsById(m)).get(u.betId)).toMatchObject({
      status: 'void',
      validTurnover: '0.00',
    });
    // The over is voided too: nothing is left.
    feed(bed, 'FAKE', single(m, { ...o, result: 'void', version: 6 }));
    await pull();
    await pull();
    expect((await turnoverOf(m)).completed).toBe('0.00');
    const entries = await turnoverEntries(bed.t, m.memberId);
    expect(entries.map((x) => [x.kind, x.amount])).toEqual([
      ['turnover', '100.00'],
      ['reverse', '90.00'],
      ['turnover', '90.00'],
      ['reverse', '100.00'],
    ]);
    expect(new Set(entries.map((x) => x.ref)).size).toBe(entries.length);
  });
});

describe('the per-bet rules inside a group', () => {
  it('odds below the minimum count nothing alone but still hedge', async () => {
    const m = await member();
    const e = newMatch();
    const [low, other] = [newBetId(), newBetId()];
    // Over at 1.40 (under the 1.50 minimum) and under at 1.90: W = 200.00 − 140.00 = 60.00.
    feed(
      bed,
      'FAKE',
      single(m, { betId: low, selectionId: `${e}:ft:ou:250:over`, oddsMilli: 1400, result: 'won' }),
      single(m, {
        betId: other,
        selectionId: `${e}:ft:ou:250:under`,
        oddsMilli: 1900,
        result: 'lost',
      }),
    );
    await pull();
    expect((await turnoverOf(m)).completed).toBe('60.00');
    const byId = await betsById(m);
    expect(byId.get(low)!.validTurnover).toBe('0.00');
    expect(byId.get(other)!.validTurnover).toBe('60.00');
  });

  it('a push counts nothing; a half result half; a void nothing', async () => {
    const m = await member();
    const [e1, e2, e3] = [newMatch(), newMatch(), newMatch()];
    feed(
      bed,
      'FAKE',
      single(m, {
        betId: newBetId(),
        selectionId: `${e1}:ft:ah:0:home`,
        oddsMilli: 1950,
        result: 'push',
      }),
      single(m, {
        betId: newBetId(),
        selectionId: `${e2}:ft:ou:225:over`,
        oddsMilli: 1900,
        result: 'half_lost',
      }),
      single(m, {
        betId: newBetId(),
        selectionId: `${e3}:ft:1x2:away`,
        oddsMilli: 2500,
        result: 'void',
      }),
    );
    await pull();
    expect((await turnoverOf(m)).completed).toBe('50.00');
  });

  it('parlays count alone as before: hedged by a single they count nothing', async () => {
    const m = await member();
    const [e1, e2] = [newMatch(), newMatch()];
    const parlay = newBetId();
    const legOf = (selectionId: string) => ({
      selectionId,
      eventName: '广州 vs 深圳',
      marketLabel: '大小',
      outcomeLabel: '大',
      oddsMilli: 1900,
      result: 'won' as const,
    });
    feed(bed, 'FAKE', {
      ...single(m, {
        betId: parlay,
        selectionId: `${e1}:ft:ou:250:over`,
        oddsMilli: 1900,
        result: 'won',
      }),
      payout: '361.00',
      legs: [legOf(`${e1}:ft:ou:250:over`), legOf(`${e2}:ft:ou:250:over`)],
    });
    await pull();
    expect((await turnoverOf(m)).completed).toBe('100.00');
    // A single on the other side of one of its markets: the parlay gives its credit back; the
    // single, alone in its group, counts its stake.
    const s = newBetId();
    feed(
      bed,
      'FAKE2',
      single(m, {
        betId: s,
        selectionId: `${e1}:ft:ou:250:under`,
        oddsMilli: 1900,
        result: 'lost',
      }),
    );
    await pull();
    expect((await turnoverOf(m)).completed).toBe('100.00');
    const byId = await betsById(m);
    expect(byId.get(parlay)).toMatchObject({ kind: 'parlay', validTurnover: '0.00' });
    expect(byId.get(s)!.validTurnover).toBe('100.00');
  });
});
