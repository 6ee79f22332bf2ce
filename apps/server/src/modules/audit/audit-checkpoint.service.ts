import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { chainHead } from './audit.repository';

export const CHECKPOINT_EVERY_MS = 3600_000;

export interface AuditCheckpoint {
  seq: number;
  hash: string;
  at: number;
  sig: string;
}

export interface CheckpointConfig {
  /** Where checkpoints are appended, one JSON line each (outside the database). */
  file: string;
  /** The signing key; null: generated once and kept beside the file (embedded). */
  key: string | null;
}

const signed = (c: Omit<AuditCheckpoint, 'sig'>) =>
  `nebula-audit-checkpoint:${c.seq}:${c.hash}:${c.at}`;

/**
 * The audit chain's head written outside the database every hour (docs/architecture.md, "The
 * audit chain"), signed with HMAC-SHA256: a rewrite of the log that recomputes every hash after
 * a row still disagrees with a checkpoint the database never held. Written by the node holding
 * the worker lease (the venue worker calls `maybeWrite`).
 */
export class AuditCheckpointService {
  #key: Buffer | null = null;
  #lastAt: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: CheckpointConfig,
  ) {}

  async #signingKey(): Promise<Buffer> {
    if (this.#key) return this.#key;
    if (this.config.key) return (this.#key = Buffer.from(this.config.key, 'utf8'));
    const file = `${this.config.file}.key`;
    let key: string;
    try {
      key = (await readFile(file, 'utf8')).trim();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      key = randomBytes(32).toString('hex');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, key, { mode: 0o600, flag: 'wx' }).catch(async () => {
        key = (await readFile(file, 'utf8')).trim();
      });
    }
    return (this.#key = Buffer.from(key, 'utf8'));
  }

  async #sign(c: Omit<AuditCheckpoint, 'sig'>): Promise<string> {
    return createHmac('sha256', await this.#signingKey())
      .update(signed(c))
      .digest('hex');
  }

  /** Whether a checkpoint's signature is this key's. */
  async signatureOk(c: AuditCheckpoint): Promise<boolean> {
    const want = Buffer.from(await this.#sign(c), 'hex');
    const got = Buffer.from(/^[0-9a-f]{64}$/.test(c.sig) ? c.sig : '', 'hex');
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /** Every checkpoint in the file, oldest first (a line that does not parse is skipped). */
  async list(): Promise<AuditCheckpoint[]> {
    let text: string;
    try {
      text = await readFile(this.config.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const out: AuditCheckpoint[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const c = JSON.parse(line) as Partial<AuditCheckpoint>;
        if (
          Number.isSafeInteger(c.seq) &&
          typeof c.hash === 'string' &&
          Number.isSafeInteger(c.at) &&
          typeof c.sig === 'string'
        )
          out.push(c as AuditCheckpoint);
      } catch {
        // A torn last line (a crash mid-append) is no checkpoint.
      }
    }
    return out;
  }

  /** Appends the head now; null when the log is empty. */
  async write(): Promise<AuditCheckpoint | null> {
    const head = await chainHead(this.db);
    if (!head) return null;
    const c = { seq: Number(head.seq), hash: head.hash, at: this.clock.now() };
    const line: AuditCheckpoint = { ...c, sig: await this.#sign(c) };
    await mkdir(path.dirname(this.config.file), { recursive: true });
    await appendFile(this.config.file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
    this.#lastAt = c.at;
    return line;
  }

  /** Writes a checkpoint when the last one is an hour old (or there is none). */
  async maybeWrite(): Promise<AuditCheckpoint | null> {
    if (this.#lastAt === null) {
      const all = await this.list();
      this.#lastAt = all.length ? Math.max(...all.map((c) => c.at)) : 0;
    }
    if (this.clock.now() - this.#lastAt < CHECKPOINT_EVERY_MS) return null;
    return this.write();
  }
}
