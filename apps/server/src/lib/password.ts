import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP parameters (m = 19 MiB, t = 2, p = 1), PHC strings. Hashing runs on
 * libuv's thread pool, never inside a database transaction.
 */
// 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
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
