import { ErrorCode } from '@nebula/protocol/errors/codes';
import { BusinessError, ConnectionError } from './api-errors';
import { generateUuidV4 } from './device';

/**
 * One idempotency key per user action (contract §2, issue "Ledger"): a money call sent again
 * for the same action — a double tap, a retry after a timeout, the page's own retry — carries
 * the key of the first attempt, so the server applies it at most once and replays its answer.
 *
 * An action is "this call with this body". The key is kept until the server has given a final
 * answer: a success or a business error (both are stored and replayed under the key, so the
 * next try needs a new one or it would only see the old answer). A transport failure, a
 * cancelled request or 7004 (the first attempt still running) leave the outcome unknown: the
 * key stays for the retry. Another body is another action, so it gets a new key (the server
 * refuses a key reused with a different body).
 */
export class ActionKey {
  #key: string | null = null;
  #fingerprint: string | null = null;

  constructor(private readonly generate: () => string = generateUuidV4) {}

  /** The key for the action described by `fingerprint`: the pending one, or a new one. */
  keyFor(fingerprint: string): string {
    if (this.#key === null || this.#fingerprint !== fingerprint) {
      this.#key = this.generate();
      this.#fingerprint = fingerprint;
    }
    return this.#key;
  }

  /** Records an attempt's outcome (no error: success); a final one ends the action. */
  settle(error?: unknown): void {
    if (error === undefined || isFinalAnswer(error)) {
      this.#key = null;
      this.#fingerprint = null;
    }
  }

  /** Sends one attempt of the action with its key and settles the outcome. */
  async run<T>(body: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(fingerprintOf(body));
    try {
      const result = await send(key);
      this.settle();
      return result;
    } catch (error) {
      this.settle(error);
      throw error;
    }
  }
}

/** Whether the server has answered for good (its answer is stored under the key). */
function isFinalAnswer(error: unknown): boolean {
  return error instanceof BusinessError && error.code !== ErrorCode.IdempotencyInProgress;
}

/**
 * A short digest of the request (cyrb53), so a pending action does not keep a fund password
 * in memory as text. Collisions only matter between two bodies of one unfinished action.
 */
export function fingerprintOf(body: unknown): string {
  const text = JSON.stringify(body) ?? '';
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h2 >>> 0).toString(16)}${(h1 >>> 0).toString(16)}`;
}

/**
 * A money mutation's automatic retry: once, and only when the outcome is unknown (the request
 * may or may not have arrived). It runs the same action again, so it reuses the key.
 */
export function retryUnknownOutcome(failureCount: number, error: unknown): boolean {
  return error instanceof ConnectionError && failureCount < 1;
}

const registry = new Map<string, ActionKey>();

/**
 * The action key of one kind of money call, shared by every screen that makes it: leaving the
 * page after a timeout and coming back to try the same thing again still reuses the key.
 */
export function actionKeyFor(name: string): ActionKey {
  let key = registry.get(name);
  if (!key) {
    key = new ActionKey();
    registry.set(name, key);
  }
  return key;
}
