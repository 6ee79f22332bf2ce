import { readFile } from 'node:fs/promises';

/**
 * Where the platform finds each merchant's secret (contract §6): the environment
 * (`VENUE_MERCHANT_SECRETS=NEBULA=<secret>;OTHER=<secret>`), never a table or an answer.
 * Embedded, the house venue generates its secret into its data directory on first start; the
 * platform on the same machine reads that file, lazily — the venue may start after it.
 */
export class MerchantSecrets {
  readonly #fromEnv: ReadonlyMap<string, string>;
  #fromFile = new Map<string, string>();
  #fileReadAt = 0;

  constructor(
    fromEnv: ReadonlyMap<string, string>,
    /** The embedded venue's `merchant-secrets.json`; null in production. */
    private readonly file: string | null,
    private readonly now: () => number = Date.now,
  ) {
    this.#fromEnv = fromEnv;
  }

  /** The merchant's secret, or null when this node has none. */
  async get(merchantCode: string): Promise<string | null> {
    const env = this.#fromEnv.get(merchantCode);
    if (env) return env;
    if (!this.file) return null;
    const known = this.#fromFile.get(merchantCode);
    if (known) return known;
    // Not there yet: look again, at most once a second.
    if (this.now() - this.#fileReadAt < 1000) return null;
    this.#fileReadAt = this.now();
    try {
      const parsed = JSON.parse(await readFile(this.file, 'utf8')) as Record<string, unknown>;
      this.#fromFile = new Map(
        Object.entries(parsed).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && e[1].length >= 32,
        ),
      );
    } catch {
      return null;
    }
    return this.#fromFile.get(merchantCode) ?? null;
  }

  /** Whether a secret is known (for the operators' registry view; the value never leaves). */
  async has(merchantCode: string): Promise<boolean> {
    return (await this.get(merchantCode)) !== null;
  }
}

/** Parses `CODE=secret;CODE=secret` (secrets of 32+ characters); throws on a bad entry. */
export function parseMerchantSecrets(raw: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (raw ?? '').split(';').filter(Boolean)) {
    const at = part.indexOf('=');
    const code = part.slice(0, at);
    const secret = part.slice(at + 1);
    if (at < 1 || !/^[A-Z][A-Z0-9_]{1,31}$/.test(code) || secret.length < 32) {
      throw new Error('each entry is CODE=secret, CODE in capitals, secret of 32+ characters');
    }
    out.set(code, secret);
  }
  return out;
}
