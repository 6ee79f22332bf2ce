import type { Db } from '@nebula/db';
import { ErrorCode } from '@nebula/protocol';
import type { GameFamily } from '../../infra/config';
import { gameDefinition } from './game-catalogue';
import { recentRounds } from './games.repository';
import { roundView as lotteryRoundView } from './games.service';
import { readTable, latestTableRound, type TableRow } from './table.repository';
import { zoneTotals } from './table-round.repository';
import { roundView as tableRoundView } from './table-views.model';
import { TABLE_FAMILY, tableDefinition } from './tables-catalogue';
import type { ChannelSource, ChannelState } from '../live/channel-source.model';

/** What a channel shows now (docs/contract.md §10.11, §10.12): the live socket diffs these. */
export type { ChannelState };

/**
 * The house games' side of the live channels: who may watch which channel, and each channel's
 * state read from the database (every node reads it: the clock that changes rounds runs on the
 * leader, which may be another node, and bets land on any node).
 */
export class GameChannelsService implements ChannelSource {
  /** A table's row never changes kind: read once per node. */
  readonly #tables = new Map<string, TableRow>();

  constructor(
    private readonly db: Db,
    /** The venue's clock: frames carry its time (the page's countdown runs on it). */
    readonly now: () => number,
  ) {}

  /**
   * Null when a session of `family` may watch `channel`, else the code its HTTP calls would
   * get: 8120 a table it cannot bet on, 8070 a game it cannot bet on.
   */
  refusal(channel: string, family: GameFamily | null): ErrorCode | null {
    const [kind, code = ''] = channel.split(':');
    if (kind === 'table') {
      return family === TABLE_FAMILY && tableDefinition(code) ? null : ErrorCode.VenueTableUnknown;
    }
    const def = gameDefinition(code);
    return def && def.family === family ? null : ErrorCode.VenueGameUnknown;
  }

  /** The state of each channel (one allowed by `refusal`); a table not seeded yet is left out. */
  async read(channels: readonly string[]): Promise<Map<string, ChannelState>> {
    const out = new Map<string, ChannelState>();
    for (const channel of channels) {
      const [kind, code = ''] = channel.split(':');
      if (kind === 'table') {
        const state = await this.#table(code);
        if (state) out.set(channel, state);
      } else {
        // The newest two: the round taking bets and the one before it, still drawing.
        const rounds = await recentRounds(this.db, code, 2, false);
        out.set(channel, { kind: 'lottery', rounds: rounds.map(lotteryRoundView) });
      }
    }
    return out;
  }

  async #table(code: string): Promise<ChannelState | null> {
    let t = this.#tables.get(code);
    if (!t) {
      const row = await readTable(this.db, code);
      if (!row) return null;
      this.#tables.set(code, (t = row));
    }
    const r = await latestTableRound(this.db, code);
    if (!r) return { kind: 'table', round: null };
    return {
      kind: 'table',
      round: tableRoundView(t, r, await zoneTotals(this.db, code, r.roundNo)),
    };
  }
}
