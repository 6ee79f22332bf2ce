import {
  ErrorCode,
  type AdminVenue,
  type AdminVenueFilter,
  type VenueFamily,
  type VenueView,
} from '@nebula/protocol';
import {
  familyNeedsDialect,
  frameRouteOf,
  frameRoutes,
  isVenuePageUrl,
} from '@nebula/protocol/venue/registry';
import type { Dialect } from '@nebula/protocol/venue/dialects';
import { DEMO_MERCHANT } from '@nebula/protocol/venue/merchant';
import type { Db } from '@nebula/db';
import type { Bus } from '../../bus/bus';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Actor, AuditService } from '../audit/audit.service';
import type { MerchantTarget } from './merchant-client';
import type { MerchantSecrets } from '../../config/merchant-secrets';
import * as repo from './venue.repository';
import type { VenueRow } from './venue.repository';

export type { VenueRow } from './venue.repository';

export interface VenueInput {
  family: VenueFamily;
  name: string;
  logo: string;
  dialect: Dialect | null;
  origin: string;
  apiUrl: string;
  merchantCode: string;
  status: 'open' | 'maintenance';
  sort?: number;
}

/**
 * The venue registry (contract §6): `{ code, family, name, logo, dialect, origin (public),
 * apiUrl (server side), merchantCode, status, sort }`. Read from a per-node cache that every
 * change drops on every node (`venues.changed`); operators add, edit, reorder and put venues in
 * maintenance, each change audited in its own transaction.
 */
export class VenueRegistry {
  #cache: Promise<VenueRow[]> | null = null;
  #origins: string[] = [];

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly secrets: MerchantSecrets,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe('venues.changed', () => {
      this.#cache = null;
      // Loaded again at once: the page CSP reads the origins synchronously.
      void this.all().catch(() => undefined);
    });
  }

  /** The venues' public origins as last loaded (for the page CSP, read per page). */
  cachedOrigins(): string[] {
    return this.#origins;
  }

  all(): Promise<VenueRow[]> {
    if (!this.#cache) {
      const loading = repo.listVenues(this.db).then((rows) => {
        this.#origins = [...new Set(rows.map((v) => v.origin))].sort();
        return rows;
      });
      this.#cache = loading;
      // A failed read is not cached: the next call tries again.
      loading.catch(() => {
        if (this.#cache === loading) this.#cache = null;
      });
    }
    return this.#cache;
  }

  async get(code: string): Promise<VenueRow | null> {
    return (await this.all()).find((v) => v.code === code) ?? null;
  }

  /** The venue, or 8100 (an unknown code is as absent as a removed one). */
  async require(code: string): Promise<VenueRow> {
    const v = await this.get(code);
    if (!v) throw new AppError(ErrorCode.VenueNotFound);
    return v;
  }

  target(v: VenueRow): MerchantTarget {
    return { code: v.code, apiUrl: v.apiUrl, merchantCode: v.merchantCode };
  }

  view(v: VenueRow): VenueView {
    return {
      code: v.code,
      family: v.family,
      name: v.name,
      logo: v.logo,
      dialect: v.dialect,
      status: v.status,
      sort: v.sort,
      frameRoute: frameRouteOf(v.family, v.dialect),
    };
  }

  async publicList(family?: VenueFamily): Promise<VenueView[]> {
    return (await this.all())
      .filter((v) => !family || v.family === family)
      .map((v) => this.view(v));
  }

  /**
   * A frame route's page may be served when its `url` is one of the venue pages (`/h5/…`) on
   * the registry origin of a venue of that route (the one `venue` names, if given); any other
   * address — another origin, or the venue's API on its own origin — is not a page.
   */
  async framePageFound(pathname: string, code: string | null, url: string | null) {
    if (!(frameRoutes as readonly string[]).includes(pathname)) return true;
    if (!url) return false;
    return (await this.all()).some(
      (v) =>
        frameRouteOf(v.family, v.dialect) === pathname &&
        (code === null || v.code === code) &&
        isVenuePageUrl(url, v.origin),
    );
  }

  /** code → public origin, for the device configuration (vvPretty) and the page's CSP. */
  async origins(): Promise<Record<string, string>> {
    return Object.fromEntries((await this.all()).map((v) => [v.code, v.origin]));
  }

  async adminList(f: AdminVenueFilter = {}): Promise<AdminVenue[]> {
    const needle = f.q?.toUpperCase();
    const shown = (await this.all()).filter(
      (v) =>
        (!f.family || v.family === f.family) &&
        (!f.status || v.status === f.status) &&
        (!needle || v.code.includes(needle) || v.name.toUpperCase().includes(needle)),
    );
    return Promise.all(shown.map((v) => this.#adminView(v)));
  }

  /**
   * The operators' registry list, filtered and paged here: the registry is one short list
   * (a few dozen rows) every node already holds, so this reads no database. `order` is every
   * code in the registry's order, which a reorder sends whole (`sort`).
   */
  async adminPage(f: AdminVenueFilter & { page: number; pageSize: number }) {
    const { page, pageSize } = f;
    const all = await this.adminList(f);
    const list = all.slice((page - 1) * pageSize, page * pageSize);
    const order = (await this.all()).map((v) => v.code);
    return { list, page, pageSize, total: all.length, order };
  }

  async #adminView(v: VenueRow): Promise<AdminVenue> {
    return {
      code: v.code,
      family: v.family,
      name: v.name,
      logo: v.logo,
      dialect: v.dialect,
      origin: v.origin,
      apiUrl: v.apiUrl,
      merchantCode: v.merchantCode,
      status: v.status,
      sort: v.sort,
      secretConfigured: await this.secrets.has(v.merchantCode),
      updatedAt: v.updatedAt,
    };
  }

  async create(op: Actor, code: string, input: VenueInput): Promise<AdminVenue> {
    assertDialect(input);
    const now = this.clock.now();
    await this.db.tx(async (q) => {
      const sort = input.sort ?? (await repo.maxSort(q)) + 10;
      const row = { ...input, code, sort };
      if (!(await repo.insertVenue(q, row, now))) throw new AppError(ErrorCode.VenueCodeTaken);
      await this.audit.record(q, {
        actor: op.userName,
        action: 'venue.create',
        target: `venue:${code}`,
        before: null,
        after: row,
      });
    });
    await this.#changed();
    return this.#adminView(await this.require(code));
  }

  async update(op: Actor, code: string, patch: Partial<VenueInput>): Promise<AdminVenue> {
    const now = this.clock.now();
    await this.db.tx(async (q) => {
      const before = await repo.readVenue(q, code, true);
      if (!before) throw new AppError(ErrorCode.VenueNotFound);
      const after: VenueRow = { ...before, ...patch, code };
      assertDialect(after);
      await repo.updateVenue(q, after, now);
      await this.audit.record(q, {
        actor: op.userName,
        action:
          patch.status && patch.status !== before.status ? `venue.${patch.status}` : 'venue.update',
        target: `venue:${code}`,
        before,
        after: patch,
      });
    });
    await this.#changed();
    return this.#adminView(await this.require(code));
  }

  /** The new order: every venue once (8106 otherwise). */
  async sort(op: Actor, codes: string[]): Promise<AdminVenue[]> {
    const now = this.clock.now();
    await this.db.tx(async (q) => {
      const current = await repo.listVenues(q);
      const known = new Set(current.map((v) => v.code));
      if (
        new Set(codes).size !== codes.length ||
        codes.length !== known.size ||
        codes.some((c) => !known.has(c))
      )
        throw new AppError(ErrorCode.VenueSortInvalid);
      await repo.setSort(q, codes, now);
      await this.audit.record(q, {
        actor: op.userName,
        action: 'venue.sort',
        target: 'venues',
        before: current.map((v) => v.code),
        after: codes,
      });
    });
    await this.#changed();
    return this.adminList();
  }

  /** Drops every node's cached registry (after rows were written outside this service). */
  reload(): Promise<void> {
    return this.#changed();
  }

  async #changed(): Promise<void> {
    this.#cache = null;
    await this.all();
    await this.bus.publish('venues.changed', {});
  }
}

/**
 * A sportsbook or esports venue (TY, DJ) speaks a dialect; a house game venue's is null
 * (contract §6). Judged on the row as it would be, so a patch of the family alone counts too.
 */
function assertDialect(v: {
  family: VenueFamily;
  dialect: Dialect | null;
  merchantCode: string;
}): void {
  if (v.dialect === null && familyNeedsDialect(v.family))
    throw new AppError(ErrorCode.VenueDialectRequired);
  // The demo merchant is 试玩's alone (contract §6 Demo play): a venue under it would have its
  // play-money bets pulled and transfers sent.
  if (v.merchantCode === DEMO_MERCHANT) throw new AppError(ErrorCode.DemoMerchantReserved);
}
