import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** The Chromium the browser suites use: CHROME_PATH, else Debian's chromium. */
export function findChromium() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  for (const c of candidates) if (existsSync(c)) return c;
  try {
    const found = execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
      encoding: 'utf8',
    }).trim();
    if (found) return found;
  } catch {
    // not on PATH
  }
  return null;
}

/** The flags every headless Chromium here runs with (tests, benches): no sandbox, GPU, QUIC or background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
