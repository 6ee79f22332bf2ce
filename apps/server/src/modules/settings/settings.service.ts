import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus';
import type { Db, Queryable } from '@nebula/db';
import { insertMissingSettings, readAllSettings, upsertSettings } from './settings.repository';
import {
  settingSchemas,
  type SettingKey,
  type SiteSettings,
  type SiteSettingsPatch,
} from './settings.schema';

/**
 * Site settings are read on every request (maintenance, restriction), so each node caches them
 * and drops the cache when any node announces a change on the bus.
 */
export class SettingsService {
  #cache: Promise<SiteSettings> | null = null;
  /** The loaded settings, for callers that must not wait (the request guard's fast path). */
  #value: SiteSettings | null = null;
  /** Bumped on every drop, so a load that started before a change never stores stale rows. */
  #generation = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly defaults: SiteSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe('settings.changed', () => this.#drop());
  }

  /** Writes every default whose key has no row yet. */
  async seed(): Promise<void> {
    await this.db.tx((q) =>
      insertMissingSettings(
        q,
        Object.entries(this.defaults).map(([key, value]) => ({ key, value })),
      ),
    );
    this.#drop();
  }

  get(): Promise<SiteSettings> {
    if (!this.#cache) {
      const generation = this.#generation;
      const loading = this.#load();
      this.#cache = loading;
      loading.then(
        (value) => {
          if (this.#generation === generation) this.#value = value;
        },
        () => {
          if (this.#cache === loading) this.#cache = null;
        },
      );
    }
    return this.#cache;
  }

  /** The settings if they are loaded and current, else null (then use get()). */
  cached(): SiteSettings | null {
    return this.#value;
  }

  #drop(): void {
    this.#cache = null;
    this.#value = null;
    this.#generation += 1;
  }

  /** Writes a patch; `alsoInTx` runs in the same transaction (the operator's audit entry). */
  async update(
    patch: SiteSettingsPatch,
    alsoInTx?: (q: Queryable) => Promise<void>,
  ): Promise<SiteSettings> {
    const rows = Object.entries(patch)
      .filter(([, v]) => v !== undefined)
      .map(([key, value]) => ({ key, value: settingSchemas[key as SettingKey].parse(value) }));
    await this.db.tx(async (q) => {
      await upsertSettings(q, rows);
      if (alsoInTx) await alsoInTx(q);
    });
    this.#drop();
    await this.bus.publish('settings.changed', { keys: rows.map((r) => r.key) });
    return this.get();
  }

  async #load(): Promise<SiteSettings> {
    const rows = await readAllSettings(this.db);
    const settings: Record<string, unknown> = { ...this.defaults };
    for (const row of rows) {
      const schema = settingSchemas[row.key as SettingKey] as
        (typeof settingSchemas)[SettingKey] | undefined;
      if (!schema) continue;
      const parsed = schema.safeParse(row.value);
      if (parsed.success) settings[row.key] = parsed.data;
      else this.log.error({ key: row.key }, 'site setting row is invalid; using its default');
    }
    return settings as SiteSettings;
  }
}
