/**
 * External services for tests. Outside CI a missing service skips its suite with a message;
 * under CI=true a missing service is a failure (contract §9), never a skip.
 */
export function serviceUrl(name: 'TEST_DATABASE_URL' | 'TEST_REDIS_URL'): string | null {
  const value = process.env[name];
  if (value) return value;
  if (process.env.CI === 'true') {
    throw new Error(`${name} is required when CI=true (PostgreSQL/Redis suites must run in CI)`);
  }
  return null;
}

export function skipNotice(name: string, what: string): void {
  process.stderr.write(`\n[skipped] ${what}: set ${name} to run it (CI sets it).\n`);
}
