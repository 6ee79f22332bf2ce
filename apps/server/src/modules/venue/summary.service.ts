import {
  PLATFORM_COUNTS_CACHE_KEY,
  PLATFORM_FAMILIES,
  type HotMatch,
  type PlatformCounts,
  type VenueFamily,
  type VenueSummary,
} from '@nebula/protocol';
import type { z } from 'zod';
import type { Summary } from '@nebula/protocol/venue/merchant';
import {
  formatLine,
  outcomeLabel,
  outcomesOf,
  parseSelectionId,
  type SelectionKey,
} from '@nebula/protocol/venue/markets';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { SettingsService } from '../settings/settings.service';
import type { MerchantClient } from '../venue-registry/merchant-client';
import type { VenueRegistry, VenueRow } from '../venue-registry/venue-registry.service';

type VenueSummaryAnswer = z.infer<typeof Summary>;

/** How old a venue's summary may be before a reader asks again. */
const FRESH_MS = 30_000;
const HOT_MAX = 8;

export interface SummaryDeps {
  registry: VenueRegistry;
  merchant: MerchantClient;
  settings: SettingsService;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Keeps the platform counts under the shared json-cache key (contract §6, `platform:counts`). */
  writeShared: (key: string, value: unknown, ttlMs: number) => Promise<void>;
  /** Told the teams of every hot event (the chat's live scores name them). */
  onMatches?: (names: Map<string, string>) => void;
}

/**
 * The platform counts of contract §6 (per family `{ live, today, open }`) and the home page's hot
 * matches, from each venue's merchant summary. A family's live and today counts are the
 * largest any of its open venues reports (venues list the same fixtures); `open` is how many
 * of its venues are open. Answers are kept per venue for 30 s, refreshed by the worker.
 */
export class SummaryService {
  readonly #byVenue = new Map<string, { at: number; data: VenueSummaryAnswer }>();
  #refreshing: Promise<void> | null = null;

  constructor(private readonly d: SummaryDeps) {}

  refresh(): Promise<void> {
    this.#refreshing ??= this.#refresh().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    const venues = (await this.d.registry.all()).filter((v) => v.status === 'open');
    await Promise.all(
      venues.map(async (v) => {
        const r = await this.d.merchant.call(
          this.d.registry.target(v),
          'summary',
          { venueCode: v.code },
          { timeoutMs: 4000 },
        );
        if (r.kind === 'ok') this.#byVenue.set(v.code, { at: this.d.clock.now(), data: r.data });
        else this.d.log.debug({ venue: v.code, r }, 'venue summary unanswered');
      }),
    );
    const names = new Map<string, string>();
    for (const { data } of this.#byVenue.values())
      for (const h of data.hot) names.set(h.eventId, `${h.home} vs ${h.away}`);
    this.d.onMatches?.(names);
    await this.d
      .writeShared(PLATFORM_COUNTS_CACHE_KEY, await this.counts(), 3_600_000)
      .catch((err: unknown) => this.d.log.error({ err }, 'platform counts not cached'));
  }

  async counts(): Promise<PlatformCounts> {
    const venues = await this.d.registry.all();
    const maintained = new Set((await this.d.settings.get()).venueFamiliesMaintenance);
    const out = {} as PlatformCounts;
    for (const family of PLATFORM_FAMILIES) {
      const open = venues.filter(
        (v) => v.family === family && v.status === 'open' && !maintained.has(v.family),
      );
      let live = 0;
      let today = 0;
      for (const v of open) {
        const f = this.#byVenue.get(v.code)?.data.families[family];
        if (f) {
          live = Math.max(live, f.live);
          today = Math.max(today, f.today);
        }
      }
      out[family] = { live, today, open: open.length };
    }
    return out;
  }

  /** Counts and the family's hot matches, asking the venues first when their answers are old. */
  async summary(family: VenueFamily): Promise<VenueSummary> {
    const now = this.d.clock.now();
    const oldest = Math.min(
      ...(await this.d.registry.all())
        .filter((v) => v.status === 'open')
        .map((v) => this.#byVenue.get(v.code)?.at ?? 0),
    );
    if (!Number.isFinite(oldest) || now - oldest > FRESH_MS) await this.refresh();
    const venues = (await this.d.registry.all()).filter(
      (v) => v.family === family && v.status === 'open',
    );
    return {
      counts: await this.counts(),
      hot: this.#hot(venues),
      syncedAt: Math.max(0, ...venues.map((v) => this.#byVenue.get(v.code)?.at ?? 0)),
    };
  }

  /** Live first, each event once, from the family's venues in their order. */
  #hot(venues: VenueRow[]): HotMatch[] {
    const seen = new Set<string>();
    const out: HotMatch[] = [];
    for (const v of venues) {
      for (const h of this.#byVenue.get(v.code)?.data.hot ?? []) {
        if (seen.has(h.eventId)) continue;
        seen.add(h.eventId);
        out.push({
          venueCode: v.code,
          eventId: h.eventId,
          sport: h.sport,
          league: h.league,
          home: h.home,
          away: h.away,
          startsAt: h.startsAt,
          live: h.live,
          score: h.score,
          prices: orderedPrices(h.prices),
        });
      }
    }
    return out.sort((a, b) => Number(b.live) - Number(a.live)).slice(0, HOT_MAX);
  }
}

/** A price's label: the outcome, and a line from that side (主 -0.5, 客 +0.5, 大 2.5). */
function labelOf(key: SelectionKey): string {
  const name = outcomeLabel[key.outcome];
  if (key.line100 === null) return name;
  if (key.kind === 'ou') return `${name} ${formatLine(key.line100)}`;
  const own = key.outcome === 'away' ? -key.line100 : key.line100;
  return `${name} ${own > 0 ? '+' : ''}${formatLine(own)}`;
}

/** A main line's prices in their market's order (主 和 客, 大 小), each with its label. */
export function orderedPrices(prices: Record<string, number>): HotMatch['prices'] {
  const rows = Object.entries(prices).map(([selectionId, oddsMilli]) => {
    const key = parseSelectionId(selectionId);
    const order = key ? (outcomesOf[key.kind] as readonly string[]).indexOf(key.outcome) : 99;
    return {
      selectionId,
      label: key ? labelOf(key) : selectionId,
      oddsMilli,
      order,
    };
  });
  return rows
    .sort((a, b) => a.order - b.order)
    .map(({ selectionId, label, oddsMilli }) => ({ selectionId, label, oddsMilli }));
}
