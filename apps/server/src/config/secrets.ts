import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { secretNames, type Config, type SecretName } from './config';

export type Secrets = Record<SecretName, string>;

/**
 * Secrets come from the environment (production: required) or are generated on first start and
 * kept in the data directory, so an embedded install keeps its sessions and device keys across
 * restarts.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  const missing = secretNames.filter((n) => !config.secretsFromEnv[n]);
  if (missing.length === 0) return config.secretsFromEnv as Secrets;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  let changed = false;
  for (const name of missing) {
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString('hex');
      changed = true;
    }
  }
  if (changed) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return { ...stored, ...config.secretsFromEnv } as Secrets;
}
