import { hash, verify } from '@node-rs/argon2';
import { ConcurrencyGate, defaultPasswordConcurrency } from './concurrency-gate';

/**
 * argon2id at the OWASP parameters (m = 19 MiB, t = 2, p = 1), PHC strings. Hashing runs on
 * libuv's thread pool, never inside a database transaction, and at most `PASSWORD_CONCURRENCY`
 * hashes of this process at once (setPasswordConcurrency; concurrency-gate.ts says why).
 */
// 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

let gate = new ConcurrencyGate(defaultPasswordConcurrency());

/** Set once at start from the config (0 = no gate: every hash at once, as libuv's pool allows). */
export function setPasswordConcurrency(limit: number): void {
  gate = new ConcurrencyGate(limit);
}

export function passwordGateLoad(): { running: number; waiting: number } {
  return gate.load;
}

export function hashPassword(password: string): Promise<string> {
  return gate.run(() => hash(password, OPTIONS));
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await gate.run(() => verify(phc, password));
  } catch {
    return false;
  }
}

/** A real hash of a random secret: verifying against it costs what a real verify costs. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummy;
}
