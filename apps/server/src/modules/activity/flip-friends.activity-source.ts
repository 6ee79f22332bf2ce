import type { Queryable } from '@nebula/db';

/**
 * How 幸运翻牌 and the two friend activities read their activity (contract §5 Rewards): the
 * operator-defined row of their kind, with its window and its rule (validated per kind when
 * saved, parsed again here with the kind's schema).
 */
export type FlipFriendsKind = 'luckyFlip' | 'friendInvite' | 'friendPeakBet';

export interface KindActivity {
  id: number;
  title: string;
  startsAt: number;
  endsAt: number;
  rule: unknown;
}

export interface ActivitySource {
  /** By id (of the kind), or else the one running now, else the latest that has started. */
  pick(q: Queryable, kind: FlipFriendsKind, now: number, id?: number): Promise<KindActivity | null>;
  /** Every activity of the kind that has started by `now` (the jobs walk them). */
  started(q: Queryable, kind: FlipFriendsKind, now: number): Promise<KindActivity[]>;
}
