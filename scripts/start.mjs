#!/usr/bin/env node
/**
 * `npm start` (after the build): the house venue and the platform, embedded, in one command.
 * The venue listens on http://localhost:<VENUE_PORT> (8090) — another site than the platform on
 * 127.0.0.1:<PORT> (8080), so the member site's frame is cross-site as in production — with its
 * data in <DATA_DIR>/venue, where it generates the merchant secret and an operator token the
 * platform then reads (the token for the console's house-venue calls).
 * `START_VENUE=off` starts the platform alone (a venue elsewhere); `npm run start:venue` starts
 * the venue alone. Either process ending stops the other.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const env = process.env;
const dataDir = env.DATA_DIR || './data';
const port = env.PORT || '8080';
const host = env.HOST || '127.0.0.1';
const venuePort = env.VENUE_PORT || '8090';
const venueDir = env.VENUE_DATA_DIR || path.join(dataDir, 'venue');
const platformOrigin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode === null ? c.once('exit', r) : r()))),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

function start(name, script, extraEnv, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      out += d.toString();
      if (ready.test(out)) resolve(child);
    });
    child.once('exit', (code) => {
      if (!stopping) {
        process.stderr.write(`${name} stopped (${code ?? 'signal'}); stopping everything.\n`);
        stopAll(code ?? 1);
      }
      reject(new Error(`${name} exited`));
    });
  });
}

try {
  if (env.START_VENUE !== 'off') {
    await start(
      'the house venue',
      'apps/venue/src/main.ts',
      {
        VENUE_PORT: venuePort,
        VENUE_DATA_DIR: venueDir,
        VENUE_PLATFORM_ORIGINS: env.VENUE_PLATFORM_ORIGINS || `NEBULA=${platformOrigin}`,
      },
      /house venue on http/,
    );
  }
  await start(
    'the platform',
    'apps/server/src/main.ts',
    {
      VENUE_SECRETS_FILE: env.VENUE_SECRETS_FILE || path.join(venueDir, 'merchant-secrets.json'),
      // The console reaches the venue's back office with the operator token it generated.
      HOUSE_VENUE_OPERATOR_TOKEN_FILE:
        env.HOUSE_VENUE_OPERATOR_TOKEN_FILE || path.join(venueDir, 'operator-token'),
      DEMO_VENUE_ORIGIN: env.DEMO_VENUE_ORIGIN || `http://localhost:${venuePort}`,
      DEMO_VENUE_API_URL: env.DEMO_VENUE_API_URL || `http://127.0.0.1:${venuePort}`,
    },
    /running at http/,
  );
} catch {
  stopAll(1);
}
