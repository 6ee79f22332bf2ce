import { fenToYuanString, parseMoney, type BetPage, type Turnover } from '@nebula/protocol';
import type { BetVersion } from '@nebula/protocol/venue/merchant';
import type { LegResult } from '@nebula/protocol/venue/markets';
import { betReturnFen } from '@nebula/protocol/venue/settlement';
import type { Member } from './factories';
import type { TestApp } from './test-app';
import type { Testbed } from './venue-harness';

/** Bet versions as a venue's feed delivers them, fed to the fake venue (contract §6). */

let seq = 0;
export const newBetId = () => `G${Date.now()}${(seq += 1)}`;

/**
 * A single's version: `open` is placed, `void` voided (stake back), anything else settled
 * (resettled from version 3) paying what the settlement rules pay.
 */
export function single(
  m: Member,
  o: {
    betId: string;
    selectionId: string;
    oddsMilli: number;
    result: LegResult | 'open';
    stake?: string;
    version?: number;
  },
): BetVersion {
  const stake = o.stake ?? '100.00';
  const version = o.version ?? (o.result === 'open' ? 1 : 2);
  const settled = o.result !== 'open';
  const payout =
    o.result === 'open'
      ? null
      : fenToYuanString(
          betReturnFen(parseMoney(stake), [{ oddsMilli: o.oddsMilli, result: o.result }]),
        );
  return {
    betId: o.betId,
    version,
    playerId: `n${m.memberId}`,
    kind:
      o.result === 'open'
        ? 'placed'
        : o.result === 'void'
          ? 'voided'
          : version > 2
            ? 'resettled'
            : 'settled',
    stake,
    payout,
    oddsChangePolicy: 'any',
    legs: [
      {
        selectionId: o.selectionId,
        eventName: '广州 vs 深圳',
        marketLabel: '盘口',
        outcomeLabel: '选项',
        oddsMilli: o.oddsMilli,
        result: o.result,
      },
    ],
    placedAt: Date.now(),
    settledAt: settled ? Date.now() : null,
  };
}

export function feed(bed: Testbed, code: string, ...versions: BetVersion[]) {
  (bed.venue.control.bets[code] ??= []).push(...versions);
}

export const turnoverOf = (m: Member) => m.client.data<Turnover>('turnover', { token: m.token });

/** The member's bets by id, as the bet records page shows them. */
export async function betsById(m: Member) {
  const page = await m.client.data<BetPage>('bets', {
    token: m.token,
    query: { pageSize: 100 },
  });
  return new Map(page.list.map((b) => [b.betId, b]));
}

/** Every turnover entry of the member, oldest first (no API lists references). */
export async function turnoverEntries(t: TestApp, memberId: number) {
  const r = await t.db.query<{ kind: string; amount: bigint; reference: string }>(
    'SELECT kind, amount, reference FROM turnover_entries WHERE member_id = $1 ORDER BY id',
    [memberId],
  );
  return r.rows.map((x) => ({ kind: x.kind, amount: fenToYuanString(x.amount), ref: x.reference }));
}
