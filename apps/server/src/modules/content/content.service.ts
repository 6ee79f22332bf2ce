import type { Notice, PopInfoItem, StationAd, SuspensionIcon } from '@nebula/protocol';
import type { Bus } from '../../bus/bus';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { TtlCache } from '../../lib/ttl-cache';
import {
  insertNotice,
  readNotices,
  readPopActivities,
  readStationAds,
  readSuspensionIcons,
  updateNotice,
  type NoticeInput,
} from './content.repository';

/**
 * Home content: notices, banners, the floating icon and the pop, all operator rows. Every
 * visitor's home page reads them, so each node caches them; an operator's change clears every
 * node's cache over the bus, and the short ttl brings in rows whose time window opens.
 */
const CONTENT_TTL_MS = 10_000;

export class ContentService {
  readonly #cache: TtlCache<string, unknown>;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    clock: Clock,
  ) {
    this.#cache = new TtlCache(clock, CONTENT_TTL_MS);
  }

  async start(): Promise<void> {
    await this.bus.subscribe('content.changed', () => this.#cache.clear());
  }

  notices(category: number): Promise<Notice[]> {
    return this.#cached(`notices:${category}`, () => readNotices(this.db, category));
  }

  stationAds(): Promise<StationAd[]> {
    return this.#cached('ads', () => readStationAds(this.db));
  }

  suspensionIcons(displayEquipment: number): Promise<SuspensionIcon[]> {
    return this.#cached(`icons:${displayEquipment}`, () =>
      readSuspensionIcons(this.db, displayEquipment),
    );
  }

  popInfo(): Promise<PopInfoItem[]> {
    return this.#cached('pop', () => readPopActivities(this.db));
  }

  async saveNotice(input: NoticeInput & { id?: number }): Promise<number> {
    const id =
      input.id === undefined
        ? await insertNotice(this.db, input)
        : (await updateNotice(this.db, input.id, input), input.id);
    await this.changed();
    return id;
  }

  /** Tells every node that content rows changed. */
  async changed(): Promise<void> {
    this.#cache.clear();
    await this.bus.publish('content.changed', {});
  }

  #cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.#cache.get(key, load) as Promise<T>;
  }
}
