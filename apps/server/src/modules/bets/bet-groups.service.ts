import type { Queryable } from '@nebula/db';
import { groupTurnover } from '@nebula/protocol/venue/exposure';
import type { Clock } from '../../lib/clock';
import type { TurnoverService } from '../wallet/turnover.service';
import { exposureOf, validTurnoverFen } from './bet-rules';
import * as groups from './bet-group.repository';
import { setValidTurnover } from './bet.repository';

/**
 * Valid turnover of single bets judged by exposure (contract §6). A member's singles on one
 * match and period — across venues and markets — count together as the most they could have
 * lost together over every score (W), never more than what each counts alone summed (R):
 * min(W, R), split over the bets in proportion to what each counts alone. The group is
 * judged once none of its bets is open, and again on any later change to it, moving only the
 * difference through the turnover service under the group's next revision.
 */
export class BetGroupsService {
  constructor(
    private readonly turnover: TurnoverService,
    private readonly clock: Clock,
  ) {}

  /**
   * Takes the rows of every group `keys` name FOR UPDATE, in one order: every transaction
   * locks its groups before any bet, so two nodes never wait on each other in a circle.
   */
  async lock(q: Queryable, keys: { memberId: number; groupKey: string }[]): Promise<void> {
    const unique = new Map(keys.map((k) => [`${k.memberId}|${k.groupKey}`, k]));
    const ordered = [...unique.values()].sort((a, b) =>
      a.memberId !== b.memberId
        ? a.memberId - b.memberId
        : a.groupKey < b.groupKey
          ? -1
          : a.groupKey > b.groupKey
            ? 1
            : 0,
    );
    for (const k of ordered) await groups.lockGroup(q, k.memberId, k.groupKey, this.clock.now());
  }

  /** Judges the group (locked by `lock` in this transaction) if none of its bets is open. */
  async judge(
    q: Queryable,
    memberId: number,
    groupKey: string,
    minOdds: number,
    family: string | null = null,
  ): Promise<void> {
    const group = await groups.readGroup(q, memberId, groupKey);
    if (!group) throw new Error(`bet group ${memberId}:${groupKey} was not locked`);
    const bets = await groups.groupBets(q, memberId, groupKey);
    if (bets.some((b) => b.status === 'open')) return;
    const live = bets.filter((b) => b.status !== 'void');
    const g = groupTurnover(
      live.map((b) => {
        // A group key is only given to a single whose selection id parses (groupKeyOf).
        const e = exposureOf(b.legs[0]!, b.stake);
        if (!e) throw new Error(`bet ${b.venueCode}:${b.betId} has no market`);
        return {
          ...e,
          ruleFen: validTurnoverFen(b.status, b.stake, b.oddsMilli, minOdds, false),
        };
      }),
    );
    const shares = new Map(live.map((b, i) => [b, g.sharesFen[i]!]));
    for (const b of bets) {
      const share = shares.get(b) ?? 0n;
      if (share !== b.validTurnover) await setValidTurnover(q, b.venueCode, b.betId, share);
    }
    const delta = g.countedFen - group.credited;
    if (delta === 0n) return;
    const revision = group.revision + 1;
    const reference = `bet-group:${memberId}:${groupKey}:${revision}`;
    const name = `${bets[0]?.legs[0]?.match ?? groupKey}（${groupKey.endsWith(':1h') ? '半场' : '全场'}）`;
    if (delta > 0n)
      await this.turnover.addValid(q, memberId, delta, reference, `有效投注 ${name}`, family);
    else
      await this.turnover.reverseValid(
        q,
        memberId,
        -delta,
        reference,
        `有效投注重算 ${name}`,
        family,
      );
    await groups.saveGroup(
      q,
      memberId,
      groupKey,
      { credited: g.countedFen, revision },
      this.clock.now(),
    );
  }
}
