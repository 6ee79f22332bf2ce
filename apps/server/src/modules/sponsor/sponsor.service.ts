import { ErrorCode, type AdminSponsorFilter, type Sponsor } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Bus } from '../../bus/bus';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import type { ExportSource } from '../../lib/export-source';
import { TtlCache } from '../../lib/ttl-cache';
import type { AuditService } from '../audit/audit.service';
import * as repo from './sponsor.repository';
import type { SponsorInput, SponsorRow } from './sponsor.repository';

const CACHE_TTL_MS = 60_000;

/** The wire's filter (`enabled` a query string) as the repository reads it. */
const sponsorFilter = (f: AdminSponsorFilter): repo.SponsorFilter => ({
  enabled: f.enabled === undefined ? undefined : f.enabled === 'true',
  q: f.q || undefined,
});

const present = (s: SponsorRow): Sponsor => ({
  id: s.id,
  title: s.title,
  imageUrl: s.imageUrl,
  summary: s.summary,
  body: s.body,
  startsOn: s.startsOn,
  endsOn: s.endsOn,
});

/**
 * Sponsorships on the 赞助 tab: operator rows (audited saves), cached per node and dropped on
 * every node over the bus when one changes.
 */
export class SponsorService {
  readonly #cache: TtlCache<string, Sponsor[]>;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly audit: AuditService,
    clock: Clock,
  ) {
    this.#cache = new TtlCache(clock, CACHE_TTL_MS);
  }

  async start(): Promise<void> {
    await this.bus.subscribe('sponsor.changed', () => this.#cache.clear());
  }

  list(): Promise<Sponsor[]> {
    return this.#cache.get('list', async () =>
      (await repo.readSponsors(this.db, true)).map(present),
    );
  }

  /** The operators' list, paged in the site's order with its filters. */
  async adminPage(f: AdminSponsorFilter & { page: number; pageSize: number }) {
    const { page, pageSize } = f;
    const r = await repo.pageSponsors(this.db, sponsorFilter(f), pageSize, (page - 1) * pageSize);
    return { ...r, page, pageSize };
  }

  /** The sponsorships CSV export's rows (reports/registry-exports.service.ts), in id order. */
  exportSource(f: AdminSponsorFilter): ExportSource<repo.SponsorRow, number> {
    const w = sponsorFilter(f);
    return {
      count: () => repo.countSponsors(this.db, w),
      page: (after, limit) => repo.sponsorsAfter(this.db, w, after, limit),
      first: 0,
      keyOf: (s) => s.id,
    };
  }

  async save(actor: string, input: SponsorInput & { id?: number }): Promise<SponsorRow> {
    const { id, ...fields } = input;
    const saved = await this.db.tx(async (q) => {
      const before = id === undefined ? null : await repo.readSponsor(q, id);
      if (id !== undefined && !before) throw new AppError(ErrorCode.SponsorNotFound);
      const savedId =
        id === undefined
          ? await repo.insertSponsor(q, fields)
          : (await repo.updateSponsor(q, id, fields), id);
      const after = (await repo.readSponsor(q, savedId))!;
      await this.audit.record(q, {
        actor,
        action: id === undefined ? 'sponsor.create' : 'sponsor.update',
        target: `sponsor:${savedId}`,
        before,
        after,
      });
      return after;
    });
    this.#cache.clear();
    await this.bus.publish('sponsor.changed', {});
    return saved;
  }

  /** Demo sponsorships for the embedded default, once (when the table is still empty). */
  async seedDemo(rows: SponsorInput[]): Promise<void> {
    await this.db.tx(async (q) => {
      if ((await repo.countSponsors(q)) > 0) return;
      for (const row of rows) await repo.insertSponsor(q, row);
    });
    this.#cache.clear();
  }
}
