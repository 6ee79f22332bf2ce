import { ErrorCode, parseMoney } from '@nebula/protocol';
import type { EventView } from '@nebula/protocol/venue/h5';
import { testDbKind } from '@nebula/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, MERCHANT, type VenueTestApp } from '../../test/venue-test-app';

/**
 * The allowance under concurrent stakes of one player, on PostgreSQL (PGlite's one connection
 * would serialise them): however many bets arrive at once, the stakes taken never pass what the
 * platform pushed — in one wallet, where the bets also wait on each other's debit inside the
 * placement's one statement, and across two wallets of two venues, where only the allowance's
 * own row orders them (a limit spans every venue of the merchant).
 */
describe.runIf(testDbKind() === 'postgres')('the allowance under concurrency (PostgreSQL)', () => {
  let v: VenueTestApp;
  let leg: { selectionId: string; oddsMilli: number };
  let n = 0;
  beforeAll(async () => {
    v = await createVenueTestApp();
    await v.leader.tick();
    const token = await v.enter(`allowance-probe-${Date.now().toString(36)}`);
    const events = (
      await v.page<{ events: EventView[] }>('GET', '/v1/events?tab=early&sport=football', token)
    ).data!.events.filter((e) => e.markets.length > 0);
    const s = events[0]!.markets.find((m) => m.kind === '1x2')!.selections[0]!;
    leg = { selectionId: s.selectionId, oddsMilli: s.oddsMilli };
  });
  afterAll(() => v.close());

  /** A player of `codes`, each wallet funded with 1,000.00, allowed `wager` of stakes. */
  const player = async (codes: string[], wager: string) => {
    const { playerId } = await v.fundedPlayer('1000.00', codes[0]);
    for (const venueCode of codes.slice(1)) {
      await v.enter(playerId, venueCode);
      const t = await v.call('transfer', {
        venueCode,
        playerId,
        transferId: `fund-${venueCode}-${playerId}`,
        direction: 'in',
        amount: '1000.00',
      });
      expect(t.code).toBe(0);
    }
    const pushed = await v.call('allowance', {
      venueCode: codes[0],
      playerId,
      loss: null,
      wager,
      computedAt: Date.now() + v.clock.offset - 1000,
    });
    expect(pushed.code).toBe(0);
    return playerId;
  };
  /** Places a 10.00 bet at `venueCode`; answers 0 or the refusal's code. */
  const bet = (playerId: string, venueCode: string) =>
    v.placement
      .place(
        { merchant: MERCHANT, venueCode, playerId },
        { requestKey: `allow-race-${(n += 1)}`, legs: [leg], stake: '10.00', oddsPolicy: 'any' },
      )
      .then(
        () => 0,
        (err: unknown) => (err as { code?: number }).code ?? -1,
      );
  const debited = async (playerId: string, codes: string[]) => {
    let total = 0n;
    for (const venueCode of codes) {
      const w = await v.call<{ balance: string }>('balance', { venueCode, playerId });
      total += parseMoney('1000.00') - parseMoney(w.data!.balance);
    }
    return total;
  };
  const staked = async (playerId: string) =>
    (
      await v.db.query<{ staked: bigint; n: number }>(
        `SELECT a.staked, (SELECT count(*) FROM venue_allowance_stakes s
                            WHERE s.merchant = a.merchant AND s.player_id = a.player_id)::int AS n
           FROM venue_player_allowances a WHERE a.merchant = $1 AND a.player_id = $2`,
        [MERCHANT, playerId],
      )
    ).rows[0]!;

  it('twenty bets at once in one wallet take exactly the 50.00 allowed', async () => {
    const codes = ['HOUSE_TY'];
    const p = await player(codes, '50.00');
    const answers = await Promise.all(Array.from({ length: 20 }, () => bet(p, 'HOUSE_TY')));
    expect(answers.filter((c) => c === 0)).toHaveLength(5);
    expect(answers.filter((c) => c === ErrorCode.PlayAllowanceExceeded)).toHaveLength(15);
    expect(await debited(p, codes)).toBe(50_00n);
    expect(await staked(p)).toEqual({ staked: 50_00n, n: 5 });
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });

  it('bets at once in two venues’ wallets never pass the one allowance between them', async () => {
    const codes = ['HOUSE_TY', 'HOUSE_IM'];
    for (let round = 0; round < 4; round += 1) {
      const p = await player(codes, '50.00');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => bet(p, codes[i % 2]!)),
      );
      expect(answers.filter((c) => c === 0)).toHaveLength(5);
      expect(answers.filter((c) => c === ErrorCode.PlayAllowanceExceeded)).toHaveLength(15);
      expect(await debited(p, codes)).toBe(50_00n);
      expect(await staked(p)).toEqual({ staked: 50_00n, n: 5 });
    }
    expect(await v.ledger.reconcile(v.db)).toEqual({ unbalanced: 0, drift: 0 });
  });
});
