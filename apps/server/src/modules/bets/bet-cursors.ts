import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import * as repo from './bet.repository';

/** Feed cursors (bets, scores) for readers outside a bet transaction: read, and moved by CAS. */
export class BetFeedCursors {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async read(venueCode: string, feed: 'bets' | 'scores'): Promise<string> {
    await repo.ensureCursor(this.db, venueCode, feed, this.clock.now());
    return (await repo.readCursor(this.db, venueCode, feed)) ?? '';
  }

  /** Moves the cursor from `from` to `to`; false when another reader moved it first. */
  move(venueCode: string, feed: 'bets' | 'scores', from: string, to: string): Promise<boolean> {
    return this.db.tx(async (q) => {
      if ((await repo.readCursor(q, venueCode, feed, true)) !== from) return false;
      await repo.saveCursor(q, venueCode, feed, to, this.clock.now());
      return true;
    });
  }
}
