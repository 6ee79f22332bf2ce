import type { Db, Queryable } from '@nebula/db';
import type { BookLimits } from '../../infra/config';
import * as repo from './book-settings.repository';

/** What operators tune at run time: the margin and every stake and payout limit. */
export interface BookSettings extends BookLimits {
  /** Basis points: 500 makes implied probabilities sum to 1.05. */
  marginBp: bigint;
}

const KEYS = {
  marginBp: 'margin_bp',
  minStake: 'min_stake',
  maxStake: 'max_stake',
  maxPayout: 'max_payout',
  maxPlayerMarketPayout: 'max_player_market_payout',
  selectionLiability: 'selection_liability',
} as const satisfies Record<keyof BookSettings, string>;

/** How stale a node's copy may get: an operator's change reaches every node within this. */
const REFRESH_MS = 1000;

/**
 * The book's settings as rows every node reads (seeded from the environment on first start).
 * Pricing and placement read a synchronous snapshot; `fresh()` reloads it at most once a
 * second, so an operator's change takes effect everywhere within a second without a query per
 * price.
 */
export class BookSettingsService {
  #snapshot: BookSettings;
  #loadedAt = -Infinity;
  #loading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly defaults: BookSettings,
    private readonly now: () => number,
  ) {
    this.#snapshot = { ...defaults };
  }

  get snapshot(): BookSettings {
    return this.#snapshot;
  }

  get margin(): number {
    return Number(this.#snapshot.marginBp) / 10_000;
  }

  /** Seeds what is missing and loads the stored values. */
  async init(): Promise<void> {
    const values = new Map<string, bigint>();
    for (const [field, key] of Object.entries(KEYS)) {
      values.set(key, this.defaults[field as keyof BookSettings]);
    }
    await this.db.tx((q) => repo.seedSettings(q, values, this.now()));
    await this.#load();
  }

  /** The snapshot, reloaded first when older than a second. */
  async fresh(): Promise<BookSettings> {
    if (this.now() - this.#loadedAt >= REFRESH_MS) {
      this.#loading ??= this.#load().finally(() => {
        this.#loading = null;
      });
      await this.#loading;
    }
    return this.#snapshot;
  }

  /** Writes a change (and, in the same transaction, whatever `also` records of it). */
  async update(
    patch: Partial<BookSettings>,
    also: (q: Queryable) => Promise<void> = async () => {},
  ): Promise<BookSettings> {
    const next = { ...(await this.fresh()), ...patch };
    const values = new Map<string, bigint>();
    for (const field of Object.keys(patch) as (keyof BookSettings)[]) {
      values.set(KEYS[field], next[field]);
    }
    await this.db.tx(async (q) => {
      await repo.writeSettings(q, values, this.now());
      await also(q);
    });
    await this.#load();
    return this.#snapshot;
  }

  async #load(): Promise<void> {
    const stored = await repo.readSettings(this.db);
    const next = { ...this.defaults };
    for (const [field, key] of Object.entries(KEYS)) {
      const v = stored.get(key);
      if (v !== undefined) next[field as keyof BookSettings] = v;
    }
    this.#snapshot = next;
    this.#loadedAt = this.now();
  }
}
