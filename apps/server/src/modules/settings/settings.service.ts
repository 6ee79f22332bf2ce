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
 * Site settings are read on every request (maintenance, restriction) and inside money
 * transactions (turnover multiplier, rates), so each node keeps them in memory: loaded at start,
 * reloaded when any node announces a change on the bus, and never read from the database by a
 * caller once loaded. That matters beyond speed: a transaction must not wait on a query of its
 * own database (on PGlite, one connection, it would wait forever).
 */
export class SettingsService {
  #value: SiteSettings | null = null;
  #loading: Promise<SiteSettings> | null = null;
  /** Bumped on every change, so a load that started before a change never stores stale rows. */
  #generation = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly defaults: SiteSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe('settings.changed', () => {
      this.#reload().catch((err: unknown) =>
        this.log.error({ err }, 'site settings could not be reloaded; keeping the last ones'),
      );
    });
    await this.#reload();
  }

  /** Writes every default whose key has no row yet. */
  async seed(): Promise<void> {
    await this.db.tx((q) =>
      insertMissingSettings(
        q,
        Object.entries(this.defaults).map(([key, value]) => ({ key, value })),
      ),
    );
    await this.#reload();
  }

  /** The settings: from memory once loaded (the first call before start loads them). */
  get(): Promise<SiteSettings> {
    if (this.#value) return Promise.resolve(this.#value);
    return this.#loading ?? this.#reload();
  }

  /** The settings if they are loaded, else null (then use get()). */
  cached(): SiteSettings | null {
    return this.#value;
  }

  #reload(): Promise<SiteSettings> {
    const generation = (this.#generation += 1);
    const loading = this.#load().then((value) => {
      if (this.#generation === generation) this.#value = value;
      return value;
    });
    this.#loading = loading;
    void loading
      .finally(() => {
        if (this.#loading === loading) this.#loading = null;
      })
      .catch(() => undefined);
    return loading;
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
    const fresh = await this.#reload();
    await this.bus.publish('settings.changed', { keys: rows.map((r) => r.key) });
    return fresh;
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
