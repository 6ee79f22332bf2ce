import type { LiveScore } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../lib/clock';
import { setBounded } from '../../lib/bounded-map';
import type { BetFeedCursors } from '../bets/bet-cursors';
import type { MerchantClient } from '../venue-registry/merchant-client';
import type { VenueRegistry, VenueRow } from '../venue-registry/venue-registry.service';

/**
 * Live scores for the chat (Score, 10014) from the venues' score feeds (contract §6). One
 * venue per merchant API is read (several registry codes may be one engine), after a cursor
 * kept in the database; scores of matches the platform can name (hot matches, matches members
 * bet on) are pushed to every room through the bus. A first read only catches up.
 */
export class ScoreFeedService {
  /** eventId → "home vs away". */
  readonly #names = new Map<string, string>();

  constructor(
    private readonly d: {
      db: Db;
      clock: Clock;
      bus: Bus;
      registry: VenueRegistry;
      merchant: MerchantClient;
      cursors: BetFeedCursors;
      log: FastifyBaseLogger;
    },
  ) {}

  learn(names: Map<string, string>): void {
    for (const [id, name] of names) if (id && name) setBounded(this.#names, id, name, 20_000);
  }

  /** One venue per engine: the first (by sort) of each merchant API. */
  async #sources(): Promise<VenueRow[]> {
    const seen = new Set<string>();
    return (await this.d.registry.all()).filter((v) => {
      const k = `${v.apiUrl}|${v.merchantCode}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }

  async pull(): Promise<number> {
    let pushed = 0;
    for (const v of await this.#sources()) {
      try {
        pushed += await this.#pullOne(v);
      } catch (err) {
        this.d.log.error({ err, venue: v.code }, 'score pull failed');
      }
    }
    return pushed;
  }

  async #pullOne(v: VenueRow): Promise<number> {
    const from = await this.d.cursors.read(v.code, 'scores');
    const r = await this.d.merchant.call(this.d.registry.target(v), 'scoreChanges', {
      venueCode: v.code,
      cursor: from,
      limit: 500,
    });
    if (r.kind !== 'ok' || r.data.changes.length === 0) return 0;
    if (!(await this.d.cursors.move(v.code, 'scores', from, r.data.cursor))) return 0;
    if (from === '') return 0;
    let pushed = 0;
    for (const c of r.data.changes) {
      const name = this.#names.get(c.eventId);
      const m = /^(\d+)-(\d+)$/.exec(c.score ?? '');
      if (!name || !m) continue;
      const [home = '', away = ''] = name.split(' vs ');
      const score: LiveScore = {
        venueCode: v.code,
        matchId: c.eventId,
        home,
        away,
        homeScore: Number(m[1]),
        awayScore: Number(m[2]),
        clock: c.clock,
        status: c.status,
      };
      await this.d.bus.publish('chat.score', score);
      pushed += 1;
    }
    return pushed;
  }
}
