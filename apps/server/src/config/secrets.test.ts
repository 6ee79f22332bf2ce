import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, secretNames } from './config';
import { loadSecrets } from './secrets';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-secrets-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const file = () => path.join(dataDir, 'secrets.json');
const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, ...env });

describe('loadSecrets', () => {
  it('generates every secret into the data dir on first start, readable only by the owner', async () => {
    const secrets = await loadSecrets(config());
    for (const name of secretNames) expect(secrets[name]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(Object.values(secrets)).size).toBe(secretNames.length);
    const stored = JSON.parse(await readFile(file(), 'utf8')) as Record<string, string>;
    expect(stored).toEqual(secrets);
    expect((await stat(file())).mode & 0o777).toBe(0o600);
  });
  it('keeps them across restarts', async () => {
    const first = await loadSecrets(config());
    const second = await loadSecrets(config());
    expect(second).toEqual(first);
  });
  it('an env SIGN_KEY overrides the stored one without rewriting the file', async () => {
    const stored = await loadSecrets(config());
    const fromEnv = 'e'.repeat(64);
    const secrets = await loadSecrets(config({ SIGN_KEY: fromEnv }));
    expect(secrets.SIGN_KEY).toBe(fromEnv);
    expect(secrets.SESSION_SECRET).toBe(stored.SESSION_SECRET);
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual(stored);
    // Without the env value again, the stored key comes back.
    expect((await loadSecrets(config())).SIGN_KEY).toBe(stored.SIGN_KEY);
  });
  it('with every secret in the env, nothing is read or written', async () => {
    const env = Object.fromEntries(secretNames.map((n, i) => [n, String(i).repeat(40)]));
    const secrets = await loadSecrets(config(env));
    expect(secrets).toEqual(env);
    await expect(stat(file())).rejects.toMatchObject({ code: 'ENOENT' });
  });
  it('adds a secret missing from an older file and keeps the others', async () => {
    const first = await loadSecrets(config());
    const { JWT_SECRET: _dropped, ...older } = first;
    await writeFile(file(), JSON.stringify(older));
    const secrets = await loadSecrets(config());
    expect(secrets.SIGN_KEY).toBe(first.SIGN_KEY);
    expect(secrets.JWT_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.JWT_SECRET).not.toBe(first.JWT_SECRET);
  });
});
