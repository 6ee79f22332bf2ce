import { ErrorCode } from '@nebula/protocol';
import type { Bus } from '../../bus/bus';
import type { Db } from '@nebula/db';
import { cidrContains, parseCidr, parseIp, type Cidr } from '../../lib/ip-match';
import type { SettingsService } from '../settings/settings.service';
import {
  deleteBlock,
  insertBlock,
  insertRegionRange,
  readBlocklist,
  readRegionRanges,
} from './access.repository';
import { setBounded } from '../../lib/bounded-map';

interface AccessTables {
  blocked: Cidr[];
  regions: { region: string; cidr: Cidr }[];
}

/**
 * Access restriction by the caller's real address (contract §2): 6031 for a blocklisted
 * IP/CIDR, 6033 for an address inside a range of a region the site does not serve. Ranges are
 * operator data; there is no external GeoIP.
 */
export class AccessService {
  #tables: Promise<AccessTables> | null = null;
  /** The loaded tables, for the request guard's fast path; null until loaded or after a change. */
  #loaded: AccessTables | null = null;
  /** Bumped on every change, so a load that started before it never stores stale tables. */
  #generation = 0;
  /** The verdict per address, valid as long as the tables and the blocked regions are. */
  readonly #verdicts = new Map<string, number | null>();
  /** The blocked-regions list the verdicts were made with (a settings reload replaces it). */
  #verdictRegions: readonly string[] | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly settings: SettingsService,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe('access.changed', () => this.#drop());
  }

  /** The restriction code for this address, or null when it may pass. */
  async check(ip: string): Promise<number | null> {
    const generation = this.#generation;
    const tables = await this.#load();
    const { blockedRegions } = await this.settings.get();
    // Tables that changed while we waited decide this call but are not remembered.
    if (generation !== this.#generation) return this.#decide(ip, tables, blockedRegions);
    return this.#verdict(ip, tables, blockedRegions);
  }

  /**
   * check() without waiting: the verdict when the tables and settings are loaded, undefined
   * when they are not (then use check()).
   */
  checkCached(ip: string): number | null | undefined {
    const tables = this.#loaded;
    const settings = this.settings.cached();
    if (!tables || !settings) return undefined;
    return this.#verdict(ip, tables, settings.blockedRegions);
  }

  #verdict(ip: string, tables: AccessTables, blockedRegions: readonly string[]): number | null {
    if (blockedRegions !== this.#verdictRegions) {
      this.#verdicts.clear();
      this.#verdictRegions = blockedRegions;
    }
    const known = this.#verdicts.get(ip);
    if (known !== undefined) return known;
    const verdict = this.#decide(ip, tables, blockedRegions);
    setBounded(this.#verdicts, ip, verdict, 50_000);
    return verdict;
  }

  #decide(ip: string, tables: AccessTables, blockedRegions: readonly string[]): number | null {
    const parsed = parseIp(ip);
    if (!parsed) return null;
    if (tables.blocked.some((c) => cidrContains(c, parsed))) return ErrorCode.AccessRestrictedIp;
    if (tables.regions.length > 0) {
      if (blockedRegions.length > 0) {
        const hit = tables.regions.find((r) => cidrContains(r.cidr, parsed));
        if (hit && blockedRegions.includes(hit.region)) return ErrorCode.AccessRestrictedRegion;
      }
    }
    return null;
  }

  async blockIp(cidr: string, reason = ''): Promise<number> {
    const id = await insertBlock(this.db, cidr, reason);
    await this.#changed();
    return id;
  }

  async unblockIp(id: number): Promise<boolean> {
    const removed = await deleteBlock(this.db, id);
    await this.#changed();
    return removed;
  }

  async addRegionRange(region: string, cidr: string): Promise<number> {
    const id = await insertRegionRange(this.db, region, cidr);
    await this.#changed();
    return id;
  }

  async #changed(): Promise<void> {
    this.#drop();
    await this.bus.publish('access.changed', {});
  }

  #drop(): void {
    this.#tables = null;
    this.#loaded = null;
    this.#generation += 1;
    this.#verdicts.clear();
  }

  #load(): Promise<AccessTables> {
    if (!this.#tables) {
      const loading = (async () => {
        const [blocked, regions] = await Promise.all([
          readBlocklist(this.db),
          readRegionRanges(this.db),
        ]);
        return {
          blocked: blocked.map(parseCidr).filter((c): c is Cidr => c !== null),
          regions: regions.flatMap((r) => {
            const cidr = parseCidr(r.cidr);
            return cidr ? [{ region: r.region, cidr }] : [];
          }),
        };
      })();
      this.#tables = loading;
      const generation = this.#generation;
      loading.then(
        (tables) => {
          if (this.#generation === generation) this.#loaded = tables;
        },
        () => {
          if (this.#tables === loading) this.#tables = null;
        },
      );
    }
    return this.#tables;
  }
}
